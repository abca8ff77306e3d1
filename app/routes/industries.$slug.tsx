import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/** An industry (sector) page: its cards or slices and its articles (spec 000 §2). */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityPageMeta(data, error)

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'industries')
}

export default function Industry() {
	return <EntityPageView page={useLoaderData<typeof loader>()} eyebrow="Industry" />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
