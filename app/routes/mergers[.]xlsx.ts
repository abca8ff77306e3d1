import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadEntityFile } from '~/lib/table-download.server.ts'

/** mergers.xlsx (spec 001 §7 GET /downloadEntities; Deal completed defaults to Completed): every row of the index's query. */
export function loader({ request, context }: LoaderFunctionArgs) {
	return downloadEntityFile({ request, context }, 'mergers')
}
