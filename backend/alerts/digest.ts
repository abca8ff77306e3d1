/**
 * What one alert reports: the rows of its saved search that are new, or whose 'Date updated'
 * moved, since its last digest, with the tracked fields that changed (progress, status, cost),
 * at most ALERT_MAX_ROWS of them. What the member may read is decided at send time, from
 * their dated roles now, as the API decides it for a page (ViewerAccess).
 */
import { sql } from 'drizzle-orm'
import { ALERT_MAX_ROWS, ALERT_TRACKED_FIELDS, type AlertTrackedField } from '../../contract/alerts.ts'
import { parseTableParams, type TableQuery } from '../../contract/tables.ts'
import { TRACKER_TABLE } from '../../contract/tracker.ts'
import { ViewerAccess } from '../api/access.ts'
import { iso, intArray, textArray } from '../api/sql.ts'
import { queryCondition, queryTable } from '../api/tables/engine.ts'
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

export { ALERT_KINDS, isAlertKind } from '../../contract/alert-rules.ts'

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

/** A project row of a digest as the statements below read it. */
const DIGEST_COLUMNS = sql`e.id, e.slug, e.name, g.name as country, e.progress, e.status, c.cost_usd, e.date_added, e.date_last_modified`
const DIGEST_FROM = sql`projects e left join project_costs c on c.project_id = e.id left join geographies g on g.id = e.country_id`

/** A field's change is from its value before the first change after `since` to its value now; a new row lists none. */
function digestRow(row: ProjectRow, since: Date): DigestRow {
	const isNew = new Date(row.date_added) > since
	const current: Record<AlertTrackedField, string | null> = { progress: row.progress, status: row.status, cost: row.cost_usd == null ? null : String(row.cost_usd) }
	const before = new Map<AlertTrackedField, string | null>()
	for (const change of row.changes ?? []) if (!before.has(change.field)) before.set(change.field, change.old_value)
	const changes = isNew
		? []
		: ALERT_TRACKED_FIELDS.filter((field) => before.has(field) && before.get(field) !== current[field]).map((field) => ({ field, from: before.get(field) ?? null, to: current[field] }))
	return { name: row.name, path: `/projects/${row.slug}`, country: row.country, progress: row.progress, isNew, changes, dateUpdated: iso(row.date_last_modified)! }
}

/**
 * The tracker digest of one saved search since `since`: the search's rows as the tracker
 * finds them now, of which those added or updated after `since`, newest update first. A
 * field's change is from its value before the first change after `since` to its value now.
 * (One alert at a time; projectDigests computes many at once, with the same result.)
 */
export async function projectDigest(db: Db, url: string, since: Date, now: Date): Promise<Digest> {
	const query = parseTableParams(TRACKER_TABLE, paramsOf(url), now)
	const { ids } = await queryTable(db, PROJECTS_TABLE, query, { everyRow: true })
	if (ids.length === 0) return { rows: [], more: 0 }
	const { rows } = await db.execute<ProjectRow>(sql`
		select ${DIGEST_COLUMNS},
			(select json_agg(json_build_object('field', x.field, 'old_value', x.old_value, 'new_value', x.new_value) order by x.changed_at, x.id)
				from project_changes x where x.project_id = e.id and x.changed_at > ${since.toISOString()}::timestamptz) as changes,
			count(*) over ()::int as total
		from ${DIGEST_FROM}
		where e.id = any(${intArray(ids)})
			and (e.date_added > ${since.toISOString()}::timestamptz or e.date_last_modified > ${since.toISOString()}::timestamptz)
		order by e.date_last_modified desc, e.id desc
		limit ${ALERT_MAX_ROWS}`)
	const total = rows[0]?.total ?? 0
	return { rows: rows.map((row) => digestRow(row, since)), more: Math.max(0, total - rows.length) }
}

/** One alert to compute a digest for: its saved search's address and the time of its last digest. */
export type DigestAlert = { id: number; url: string; since: Date }

/** How many distinct queries one statement matches at once (each adds its filters' parameters to it). */
export const DIGEST_QUERIES_PER_STATEMENT = 200

/** What decides a query's rows (not its page, page size or order): alerts that agree share one match. */
const rowsKey = (query: TableQuery) => JSON.stringify({ ...query, pageNum: 1, pageSize: 0, sortBy: '', sortOrder: '' })

/**
 * The tracker digests of many alerts at once, by set rather than alert by alert: alerts whose
 * searches find the same rows share one query; the rows added or updated since the oldest
 * alert's last digest are found once, matched against every query's conditions (the tracker
 * engine's own, queryCondition) and then against each alert's own `since`, in one statement per
 * DIGEST_QUERIES_PER_STATEMENT distinct queries. The result is projectDigest's for each alert.
 */
export async function projectDigests(db: Db, alerts: readonly DigestAlert[], now: Date): Promise<Map<number, Digest>> {
	const digests = new Map<number, Digest>()
	const queries = new Map<string, { query: TableQuery; alerts: DigestAlert[] }>()
	// Many alerts share an address: each is parsed once.
	const keys = new Map<string, { key: string; query: TableQuery }>()
	for (const alert of alerts) {
		digests.set(alert.id, { rows: [], more: 0 })
		let parsed = keys.get(alert.url)
		if (!parsed) {
			const query = parseTableParams(TRACKER_TABLE, paramsOf(alert.url), now)
			parsed = { key: rowsKey(query), query }
			keys.set(alert.url, parsed)
		}
		const { key, query } = parsed
		const group = queries.get(key) ?? queries.set(key, { query, alerts: [] }).get(key)!
		group.alerts.push(alert)
	}
	const groups = [...queries.values()]
	for (let start = 0; start < groups.length; start += DIGEST_QUERIES_PER_STATEMENT) {
		const chunk = groups.slice(start, start + DIGEST_QUERIES_PER_STATEMENT)
		const members = chunk.flatMap((group, q) => group.alerts.map((alert) => ({ id: alert.id, q, since: alert.since })))
		const arms = chunk.map((group, q) => sql`select ${q}::int as q, e.id from ${PROJECTS_TABLE.from} where e.id = any((select ids from changed)::int[]) and (${queryCondition(PROJECTS_TABLE, group.query)})`)
		const { rows } = await db.execute<ProjectRow & { alert_id: number }>(sql`
			with a as (select * from unnest(${intArray(members.map((m) => m.id))}, ${intArray(members.map((m) => m.q))}, ${textArray(members.map((m) => m.since.toISOString()))}::timestamptz[]) as a(alert_id, q, since)),
			changed as materialized (select coalesce(array_agg(e.id), '{}') as ids from projects e where e.date_added > (select min(since) from a) or e.date_last_modified > (select min(since) from a)),
			found as materialized (${sql.join(arms, sql` union all `)}),
			hits as (
				select a.alert_id, a.since, e.id, row_number() over (partition by a.alert_id order by e.date_last_modified desc, e.id desc) as n, count(*) over (partition by a.alert_id)::int as total
				from a join found f on f.q = a.q join projects e on e.id = f.id
				where e.date_added > a.since or e.date_last_modified > a.since)
			select h.alert_id, h.total, ${DIGEST_COLUMNS},
				(select json_agg(json_build_object('field', x.field, 'old_value', x.old_value, 'new_value', x.new_value) order by x.changed_at, x.id)
					from project_changes x where x.project_id = e.id and x.changed_at > h.since) as changes
			from hits h join ${DIGEST_FROM} on e.id = h.id
			where h.n <= ${ALERT_MAX_ROWS}
			order by h.alert_id, h.n`)
		const sinceOf = new Map(members.map((m) => [m.id, m.since]))
		for (const row of rows) {
			const digest = digests.get(row.alert_id)!
			digest.rows.push(digestRow(row, sinceOf.get(row.alert_id)!))
			digest.more = Math.max(0, row.total - digest.rows.length)
		}
	}
	return digests
}
