import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadEntityFile } from '~/lib/table-download.server.ts'

/** companies.xlsx (spec 001 §7 GET /downloadEntities): every row of the index's query, in its order. */
export function loader({ request, context }: LoaderFunctionArgs) {
	return downloadEntityFile({ request, context }, 'companies')
}
