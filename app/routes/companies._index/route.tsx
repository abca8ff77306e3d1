/** The companies index (spec 001 §2, §4-§6): the index page configured for companies (app/components/tables/indexes.tsx). */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { COMPANIES_INDEX, indexLinks, indexMeta, IndexRoute } from '~/components/tables/indexes.tsx'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadIndexRoute } from '~/lib/index-table.server.ts'

export const links = indexLinks
export const headers = reuseLoaderHeaders
export const meta = indexMeta(COMPANIES_INDEX)
export const loader = (args: LoaderFunctionArgs) => loadIndexRoute(args, COMPANIES_INDEX)

export default function Companies() {
	return <IndexRoute index={COMPANIES_INDEX} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
