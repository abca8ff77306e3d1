/**
 * What one alert reports: the rows of its saved search that are new, or whose 'Date updated'
 * moved, since its last digest, with the tracked fields that changed (progress, status, cost),
 * at most ALERT_MAX_ROWS of them. What the member may read is decided at send time, from
 * their dated roles now, as the API decides it for a page (ViewerAccess).
 */
import { sql } from 'drizzle-orm'
import { ALERT_MAX_ROWS, ALERT_TRACKED_FIELDS, type AlertTrackedField } from '../../contract/alerts.ts'
import type { SavedSearchKind } from '../../contract/saved-searches.ts'
import { parseTableParams } from '../../contract/tables.ts'
import { TRACKER_TABLE } from '../../contract/tracker.ts'
import { ViewerAccess } from '../api/access.ts'
import { iso, intArray } from '../api/sql.ts'
import { queryTable } from '../api/tables/engine.ts'
import { PROJECTS_TABLE } from '../api/tables/projects.ts'
import type { Db } from '../db/client.ts'
import { loadUserClaims } from '../identity/claims.ts'

export type FieldChange = { field: AlertTrackedField; from: string | null; to: string | null }

export type DigestRow = {
	name: string
	/** The row's page on the site. */
	path: string
	country: string | null
	progress: string
	isNew: boolean
	changes: FieldChange[]
	dateUpdated: string
}

export type Digest = { rows: DigestRow[]; /** Rows beyond the ALERT_MAX_ROWS shown. */ more: number }

/** The kinds whose saved searches can be alerts today. */
export const ALERT_KINDS = ['projects'] as const satisfies readonly SavedSearchKind[]
export const isAlertKind = (kind: string): kind is (typeof ALERT_KINDS)[number] => (ALERT_KINDS as readonly string[]).includes(kind)

/** Whether the member may, now, read what an alert of this kind reports (the tracker's rule for projects). */
export async function mayReadAlert(db: Db, userId: number, kind: string, now: Date): Promise<boolean> {
	const claims = await loadUserClaims(db, userId, now)
	if (!claims) return false
	const access = new ViewerAccess(db, { sub: claims.sub, email: claims.email, userId, permissions: claims.permissions, datedRoles: claims.datedRoles }, now)
	if (kind === 'projects') return access.mayUseTracker()
	return false
}

type ProjectRow = {
	id: number
	slug: string
	name: string
	country: string | null
	progress: string
	status: string | null
	cost_usd: number | null
	date_added: string
	date_last_modified: string
	changes: { field: AlertTrackedField; old_value: string | null; new_value: string | null }[] | null
	total: number
}

/** The search's query string (a saved search's url is a path on this site with its query). */
const paramsOf = (url: string) => new URL(url, 'http://site').searchParams

/**
 * The tracker digest of one saved search since `since`: the search's rows as the tracker
 * finds them now, of which those added or updated after `since`, newest update first. A
 * field's change is from its value before the first change after `since` to its value now.
 */
export async function projectDigest(db: Db, url: string, since: Date, now: Date): Promise<Digest> {
	const query = parseTableParams(TRACKER_TABLE, paramsOf(url), now)
	const { ids } = await queryTable(db, PROJECTS_TABLE, query, { everyRow: true })
	if (ids.length === 0) return { rows: [], more: 0 }
	const { rows } = await db.execute<ProjectRow>(sql`
		select e.id, e.slug, e.name, g.name as country, e.progress, e.status, c.cost_usd, e.date_added, e.date_last_modified,
			(select json_agg(json_build_object('field', x.field, 'old_value', x.old_value, 'new_value', x.new_value) order by x.changed_at, x.id)
				from project_changes x where x.project_id = e.id and x.changed_at > ${since.toISOString()}::timestamptz) as changes,
			count(*) over ()::int as total
		from projects e left join project_costs c on c.project_id = e.id left join geographies g on g.id = e.country_id
		where e.id = any(${intArray(ids)})
			and (e.date_added > ${since.toISOString()}::timestamptz or e.date_last_modified > ${since.toISOString()}::timestamptz)
		order by e.date_last_modified desc, e.id desc
		limit ${ALERT_MAX_ROWS}`)
	const total = rows[0]?.total ?? 0
	return {
		rows: rows.map((row) => {
			const isNew = new Date(row.date_added) > since
			const current: Record<AlertTrackedField, string | null> = { progress: row.progress, status: row.status, cost: row.cost_usd == null ? null : String(row.cost_usd) }
			const before = new Map<AlertTrackedField, string | null>()
			for (const change of row.changes ?? []) if (!before.has(change.field)) before.set(change.field, change.old_value)
			const changes = isNew
				? []
				: ALERT_TRACKED_FIELDS.filter((field) => before.has(field) && before.get(field) !== current[field]).map((field) => ({ field, from: before.get(field) ?? null, to: current[field] }))
			return { name: row.name, path: `/projects/${row.slug}`, country: row.country, progress: row.progress, isNew, changes, dateUpdated: iso(row.date_last_modified)! }
		}),
		more: Math.max(0, total - rows.length),
	}
}
