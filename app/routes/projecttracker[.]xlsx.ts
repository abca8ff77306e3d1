import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadTableFile } from '~/lib/table-download.server.ts'
import { DOWNLOAD_PROJECTS_API_PATH, TRACKER_DOWNLOAD_FILENAME, TRACKER_PATH } from '../../contract/tracker.ts'

/** projects.xlsx (spec 002 §7 GET /downloadProjects with the tracker's query): every row of the query, in the table's order. */
export function loader({ request, context }: LoaderFunctionArgs) {
	return downloadTableFile({
		request,
		context,
		apiPath: DOWNLOAD_PROJECTS_API_PATH,
		tablePath: TRACKER_PATH,
		filename: TRACKER_DOWNLOAD_FILENAME,
	})
}
