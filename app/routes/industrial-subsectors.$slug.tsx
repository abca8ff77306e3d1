import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/** An industrial subsector page: strategist-only; its slices, or "No data found" (spec 000 §2, 001 §2). */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityPageMeta(data, error)

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'industrial-subsectors')
}

export default function IndustrialSubsector() {
	return <EntityPageView page={useLoaderData<typeof loader>()} eyebrow="Industrial subsector" />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
