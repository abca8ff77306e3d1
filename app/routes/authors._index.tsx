import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityListView } from '~/components/entities/EntityListView.tsx'
import { entityListMeta } from '~/components/entities/list-meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { loadEntityList, pageResponse } from '~/lib/entity-pages.server.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/** The author index (spec 000 §2 route table). */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => entityListMeta(data, error)

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return pageResponse(args.request, await loadEntityList(args, 'authors'))
}

export default function Authors() {
	return <EntityListView list={useLoaderData<typeof loader>()} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
