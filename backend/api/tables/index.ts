/**
 * The searchable tables' endpoints (issue 12): GET /searchProjects answers the Project
 * Tracker's query (spec 002 §7) with hits, facet counts and min/max aggregations;
 * GET /downloadProjects answers the same query with projects.xlsx. Both parse the URL with
 * the contract's table schema, the one the site parses its own URL with.
 */
import { Hono, type Context } from 'hono'
import { parseTableParams } from '../../../contract/tables.ts'
import { TRACKER_DOWNLOAD_FILENAME, TRACKER_MESSAGES, TRACKER_TABLE, type ProjectSearchResult } from '../../../contract/tracker.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError } from '../errors.ts'
import { queryTable } from './engine.ts'
import { PROJECT_DOWNLOAD_COLUMNS, PROJECTS_TABLE, projectHits } from './projects.ts'
import { XLSX_CONTENT_TYPE, xlsxOf } from './xlsx.ts'

const searchParams = (c: Context) => new URL(c.req.url).searchParams

/** Spec 002 §6: the tracker is for members who may read projects. */
const mayUseTracker = (c: Context<ApiEnv>) => c.get('access').has(PERMISSIONS.readProject)
/** "download:project*": any permission with that prefix. */
const mayDownloadProjects = (c: Context<ApiEnv>) => (c.get('access').viewer?.permissions ?? []).some((permission) => permission.startsWith(PERMISSIONS.downloadProject))

export const tables: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()

	app.get('/searchProjects', async (c) => {
		const hasAccess = mayUseTracker(c)
		const query = parseTableParams(TRACKER_TABLE, searchParams(c))
		// Without access every hit is without access: the first page of the default order, unfiltered.
		const { ids, ...page } = await queryTable(db, PROJECTS_TABLE, query, {
			sample: !hasAccess,
		})
		const result: ProjectSearchResult = {
			...page,
			searchHits: await projectHits(db, ids, hasAccess),
			hasAccess,
		}
		return itemResponse(c, result, hasAccess && query.dates.warning ? [query.dates.warning] : [])
	})

	app.get('/downloadProjects', async (c) => {
		if (!mayDownloadProjects(c)) throw new ApiError(403, TRACKER_MESSAGES.notAuthorized('projects'))
		const query = parseTableParams(TRACKER_TABLE, searchParams(c))
		const page = await queryTable(db, PROJECTS_TABLE, query, {
			everyRow: true,
		})
		const file = await xlsxOf('Projects', PROJECT_DOWNLOAD_COLUMNS, await projectHits(db, page.ids, true))
		return c.body(new Uint8Array(file), 200, {
			'Content-Type': XLSX_CONTENT_TYPE,
			'Content-Disposition': `attachment; filename="${TRACKER_DOWNLOAD_FILENAME}"`,
			'Cache-Control': 'private, no-store',
		})
	})

	return app
}
