/** The mergers and acquisitions index (spec 001 §2, §4-§6): the index page configured for deals (app/components/tables/indexes.tsx). */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { MERGERS_INDEX, indexLinks, indexMeta, IndexRoute } from '~/components/tables/indexes.tsx'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadIndexRoute } from '~/lib/index-table.server.ts'

export const links = indexLinks
export const headers = reuseLoaderHeaders
export const meta = indexMeta(MERGERS_INDEX)
export const loader = (args: LoaderFunctionArgs) => loadIndexRoute(args, MERGERS_INDEX)

export default function Mergers() {
	return <IndexRoute index={MERGERS_INDEX} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
