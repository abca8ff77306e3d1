import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadTableFile } from '~/lib/table-download.server.ts'
import { COMPANIES_PATH, DOWNLOAD_ENTITIES_API_PATH } from '../../contract/indexes.ts'

/** companies.xlsx (spec 001 §7 GET /downloadEntities): every row of the index's query, in its order. */
export function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	url.searchParams.set('entityType', 'companies')
	return downloadTableFile({ request: new Request(url, request), context, apiPath: DOWNLOAD_ENTITIES_API_PATH, tablePath: COMPANIES_PATH, filename: 'companies.xlsx' })
}
