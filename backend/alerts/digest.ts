/**
 * What one alert reports: the rows of its saved search that are new, or whose 'Date updated'
 * moved, since its last digest, at most ALERT_MAX_ROWS of them; for the Project Tracker, with
 * the tracked fields that changed (progress, status, cost). Each kind of alert reads its
 * table through the table engine's own source (TableSource), as the site's page does. What the
 * member may read is decided at send time, from their dated roles now, as the API decides it
 * for a page (ViewerAccess and the indexes' rules): rows only for a member who may read the
 * full table, and the search's financial filters only for one who may see those figures.
 */
import { sql, type SQL } from 'drizzle-orm'
import { ALERT_MAX_ROWS, ALERT_SEARCH_CANDIDATES, ALERT_TRACKED_FIELDS, isAlertKind, type AlertKind, type AlertTrackedField } from '../../contract/alerts.ts'
import { indexTableFor } from '../../contract/indexes.ts'
import { parseTableParams, type TableConfig, type TableQuery } from '../../contract/tables.ts'
import { TRACKER_TABLE } from '../../contract/tracker.ts'
import { eventDates, EVENTS_TABLE, todayOf } from '../../contract/events.ts'
import { eventsSource } from '../api/tables/events.ts'
import { OPPORTUNITIES_SOURCE } from '../api/tables/opportunities.ts'
import { ViewerAccess } from '../api/access.ts'
import { MERGER_NAME } from '../api/merger-name.ts'
import { iso, intArray, textArray } from '../api/sql.ts'
import { COMPANIES_SOURCE } from '../api/tables/companies.ts'
import { queryCondition, queryTable, type TableSource } from '../api/tables/engine.ts'
import { mayUseCompaniesIndex, mayUseStrategyIndexes, mayViewFinancialData } from '../api/tables/index-access.ts'
import { MERGERS_SOURCE } from '../api/tables/mergers.ts'
import { PROJECTS_TABLE } from '../api/tables/projects.ts'
import { UTILITIES_SOURCE } from '../api/tables/utilities.ts'
import type { Db } from '../db/client.ts'
import { loadUserClaims } from '../identity/claims.ts'
import type { SearchGate } from '../api/search.ts'
import { changedItems, parseSiteSearch } from './site-search.ts'

export type FieldChange = { field: AlertTrackedField; from: string | null; to: string | null }

export type DigestRow = {
	name: string
	/** The row's page on the site. */
	path: string
	country: string | null
	/** The project's progress; null for the kinds that have none (the indexes). */
	progress: string | null
	isNew: boolean
	/** The tracked fields that changed: the tracker's only (the indexes track none). */
	changes: FieldChange[]
	dateUpdated: string
	/** A site search's item: what decides, at send time, whether the member may open it (never in the email). */
	gate?: SearchGate
}

export type Digest = { rows: DigestRow[]; /** Rows beyond the ALERT_MAX_ROWS shown. */ more: number }

export { ALERT_KINDS, isAlertKind } from '../../contract/alert-rules.ts'

/** What a member may read of an alert's kind now: its rows at all, and the financial figures its filters read. */
export type AlertAccess = { mayRead: boolean; canViewFinancialData: boolean }

const NO_ACCESS: AlertAccess = { mayRead: false, canViewFinancialData: false }

/** The site's rules, per kind: the tracker's for projects, each index's for its rows (not its sample) and figures. */
const MAY_READ: Record<AlertKind, (access: ViewerAccess) => boolean> = {
	projects: (access) => access.mayUseTracker(),
	companies: mayUseCompaniesIndex,
	utilities: mayUseStrategyIndexes,
	mergers: mayUseStrategyIndexes,
	// Site search is open to everyone: what a member may not open is left out item by item at send time (rowsMemberMayOpen).
	search: () => true,
	// The events and the opportunity exchange are open to every reader (a free account included), as their pages are.
	events: () => true,
	opportunities: () => true,
}

/** What the member may, now, read of what an alert of this kind reports. */
export async function alertAccess(db: Db, userId: number, kind: string, now: Date): Promise<AlertAccess> {
	if (!isAlertKind(kind)) return NO_ACCESS
	const claims = await loadUserClaims(db, userId, now)
	if (!claims) return NO_ACCESS
	const access = new ViewerAccess(db, { sub: claims.sub, email: claims.email, userId, permissions: claims.permissions, datedRoles: claims.datedRoles }, now)
	return { mayRead: MAY_READ[kind](access), canViewFinancialData: mayViewFinancialData(access) }
}

type KindRow = {
	id: number
	slug: string
	name: string
	country: string | null
	progress?: string
	status?: string | null
	cost_usd?: number | null
	date_added: string
	date_last_modified: string
	changes?: { field: AlertTrackedField; old_value: string | null; new_value: string | null }[] | null
	total: number
	// A site search's item (site-search.ts).
	page_type?: string
	item_id?: number
	permission_levels?: string[]
	type_slug?: string | null
	publication_date?: string | null
}

/** How a kind's digest reads its rows, and names them. */
type DigestSource = {
	/**
	 * A saved address as a digest matches it: what decides its rows (alerts that agree share one
	 * match) and its arm of the statement, `select q, id` of the rows among `changed` it finds.
	 */
	parse: (url: string, now: Date, canViewFinancialData: boolean) => { key: string; arm: (q: number) => SQL }
	/** Rows read before the first of a statement's CTEs that name them (`table`), given the oldest `since`. */
	prelude?: (after: SQL) => SQL
	/** Rows kept per alert, the rest counted. */
	keep: number
	/** The rows alone, as `e`. */
	table: SQL
	/** A digest row's columns (id, slug, name, country, date_added, date_last_modified and the kind's own) from `from`. */
	columns: SQL
	from: SQL
	added: SQL
	updated: SQL
	/** Where a row's page is. */
	pathPrefix: string
	/** Whether the kind records its tracked fields' changes (project_changes). */
	tracksChanges: boolean
}

/**
 * A table of the table engine: its source (the events' depends on the search's dates and today),
 * and its config for a member (an index's financial filters only for who may see the figures).
 */
type TableKind = { source: TableSource | ((params: URLSearchParams, now: Date) => { source: TableSource; key: string }); config: (canViewFinancialData: boolean) => TableConfig }

type TableAlertKind = Exclude<AlertKind, 'search'>

/** The engine's source of a table kind's saved address, and what of the address decides it beyond the query (the events' dates). */
function sourceOf(kind: TableAlertKind, url: string, now: Date): { source: TableSource; key: string } {
	const { source } = TABLE_KINDS[kind]
	return typeof source === 'function' ? source(paramsOf(url), now) : { source, key: '' }
}

/** The upcoming events (as /events lists them) within the saved search's valid dates. */
function upcomingEvents(params: URLSearchParams, now: Date) {
	const today = todayOf(now)
	const dates = eventDates(params, today)
	return { source: eventsSource(dates, today), key: JSON.stringify([dates.start.value, dates.end.value]) }
}

const indexConfig = (config: TableConfig) => (canViewFinancialData: boolean) => indexTableFor(config, canViewFinancialData)

const TABLE_KINDS: Record<TableAlertKind, TableKind> = {
	projects: { source: PROJECTS_TABLE, config: () => TRACKER_TABLE },
	companies: { source: COMPANIES_SOURCE, config: indexConfig(COMPANIES_SOURCE.config) },
	utilities: { source: UTILITIES_SOURCE, config: indexConfig(UTILITIES_SOURCE.config) },
	mergers: { source: MERGERS_SOURCE, config: indexConfig(MERGERS_SOURCE.config) },
	events: { source: upcomingEvents, config: () => EVENTS_TABLE },
	opportunities: { source: OPPORTUNITIES_SOURCE, config: () => OPPORTUNITIES_SOURCE.config },
}

/** A table kind's query matched as the engine matches it (queryCondition), among the rows that changed. */
const tableParse =
	(kind: TableAlertKind): DigestSource['parse'] =>
	(url, now, canViewFinancialData) => {
		const query = alertQuery(kind, url, now, canViewFinancialData)
		const { source, key } = sourceOf(kind, url, now)
		return { key: `${rowsKey(query)}${key}`, arm: (q) => sql`select ${q}::int as q, e.id from ${source.from} where e.id = any((select ids from changed)::int[]) and (${queryCondition(source, query)})` }
	}

const DIGEST_SOURCES: Record<AlertKind, DigestSource> = {
	projects: {
		parse: tableParse('projects'),
		keep: ALERT_MAX_ROWS,
		table: sql`projects`,
		columns: sql`e.id, e.slug, e.name, g.name as country, e.progress, e.status, c.cost_usd, e.date_added, e.date_last_modified`,
		from: sql`projects e left join project_costs c on c.project_id = e.id left join geographies g on g.id = e.country_id`,
		added: sql`e.date_added`,
		updated: sql`e.date_last_modified`,
		pathPrefix: '/projects/',
		tracksChanges: true,
	},
	companies: {
		parse: tableParse('companies'),
		keep: ALERT_MAX_ROWS,
		table: sql`companies`,
		columns: sql`e.id, e.slug, e.name, g.name as country, e.date_added, e.last_modified_date as date_last_modified`,
		from: sql`companies e left join geographies g on g.id = e.headquarters_country_id`,
		added: sql`e.date_added`,
		updated: sql`e.last_modified_date`,
		pathPrefix: '/companies/',
		tracksChanges: false,
	},
	utilities: {
		parse: tableParse('utilities'),
		keep: ALERT_MAX_ROWS,
		table: sql`utilities`,
		columns: sql`e.id, e.slug, e.name, g.name as country, e.date_added, e.last_modified_date as date_last_modified`,
		from: sql`utilities e left join geographies g on g.id = e.headquarters_country_id`,
		added: sql`e.date_added`,
		updated: sql`e.last_modified_date`,
		pathPrefix: '/utilities/',
		tracksChanges: false,
	},
	mergers: {
		parse: tableParse('mergers'),
		keep: ALERT_MAX_ROWS,
		table: sql`mergers`,
		// No price: the email names the deal and its target's country only.
		columns: sql`e.id, e.slug, ${MERGER_NAME} as name, g.name as country, e.date_added, e.date_last_modified`,
		from: sql`mergers e left join geographies g on g.id = e.target_country_id`,
		added: sql`e.date_added`,
		updated: sql`e.date_last_modified`,
		pathPrefix: '/mergers/',
		tracksChanges: false,
	},
	events: {
		parse: tableParse('events'),
		keep: ALERT_MAX_ROWS,
		table: sql`events`,
		columns: sql`e.id, e.slug, e.name, g.name as country, e.date_added, e.date_last_modified`,
		from: sql`events e left join geographies g on g.id = e.country_id`,
		added: sql`e.date_added`,
		updated: sql`e.date_last_modified`,
		pathPrefix: '/events/',
		tracksChanges: false,
	},
	// New opportunities only: an opportunity is reported once, when it is published.
	opportunities: {
		parse: tableParse('opportunities'),
		keep: ALERT_MAX_ROWS,
		table: sql`opportunities`,
		columns: sql`e.id, e.slug, e.name, g.name as country, e.published_at as date_added, e.published_at as date_last_modified`,
		from: sql`opportunities e left join geographies g on g.id = e.country_id`,
		added: sql`e.published_at`,
		updated: sql`e.published_at`,
		pathPrefix: '/opportunities/',
		tracksChanges: false,
	},
	// Every item of /search with a date that says it moved (site-search.ts), keyed 'page type:id'; a row's slug is its path.
	search: {
		parse: (url, now) => parseSiteSearch(url, now),
		prelude: (after) => sql`items as materialized (${changedItems(after)})`,
		keep: ALERT_SEARCH_CANDIDATES,
		table: sql`items`,
		columns: sql`e.id, e.slug, e.name, e.country, e.date_added, e.date_last_modified, e.page_type, e.item_id, e.permission_levels, e.type_slug, e.publication_date`,
		from: sql`items e`,
		added: sql`e.date_added`,
		updated: sql`e.date_last_modified`,
		pathPrefix: '',
		tracksChanges: false,
	},
}

/** The search's query string (a saved search's url is a path on this site with its query). */
const paramsOf = (url: string) => new URL(url, 'http://site').searchParams

/** The query an alert's search runs for a member who may (or may not) see financial figures. */
const alertQuery = (kind: TableAlertKind, url: string, now: Date, canViewFinancialData: boolean) =>
	parseTableParams(TABLE_KINDS[kind].config(canViewFinancialData), paramsOf(url), now)

/** The tracked fields' changes of the row `e` after `since` (an SQL timestamptz). */
const changesAfter = (since: SQL) =>
	sql`(select json_agg(json_build_object('field', x.field, 'old_value', x.old_value, 'new_value', x.new_value) order by x.changed_at, x.id)
		from project_changes x where x.project_id = e.id and x.changed_at > ${since}) as changes`

/** A field's change is from its value before the first change after `since` to its value now; a new row lists none. */
function digestRow(kind: AlertKind, row: KindRow, since: Date): DigestRow {
	const isNew = new Date(row.date_added) > since
	const { pathPrefix, tracksChanges } = DIGEST_SOURCES[kind]
	const dateUpdated = iso(row.date_last_modified)!
	if (row.page_type !== undefined) {
		const gate = { pageType: row.page_type, id: row.item_id!, permissionLevels: row.permission_levels ?? [], typeSlug: row.type_slug ?? null, publicationDate: iso(row.publication_date ?? null) }
		return { name: row.name, path: `${pathPrefix}${row.slug}`, country: row.country, progress: null, isNew, changes: [], dateUpdated, gate }
	}
	if (!tracksChanges) return { name: row.name, path: `${pathPrefix}${row.slug}`, country: row.country, progress: null, isNew, changes: [], dateUpdated }
	const current: Record<AlertTrackedField, string | null> = { progress: row.progress ?? null, status: row.status ?? null, cost: row.cost_usd == null ? null : String(row.cost_usd) }
	const before = new Map<AlertTrackedField, string | null>()
	for (const change of row.changes ?? []) if (!before.has(change.field)) before.set(change.field, change.old_value)
	const changes = isNew
		? []
		: ALERT_TRACKED_FIELDS.filter((field) => before.has(field) && before.get(field) !== current[field]).map((field) => ({ field, from: before.get(field) ?? null, to: current[field] }))
	return { name: row.name, path: `${pathPrefix}${row.slug}`, country: row.country, progress: row.progress ?? null, isNew, changes, dateUpdated }
}

/**
 * The digest of one saved search of `kind` since `since`: the search's rows as its table finds
 * them now, of which those added or updated after `since`, newest update first (for projects, a
 * field's change is from its value before the first change after `since` to its value now).
 * One alert at a time; kindDigests computes many at once, with the same result.
 */
export async function kindDigest(db: Db, kind: AlertKind, url: string, since: Date, now: Date, { canViewFinancialData = true } = {}): Promise<Digest> {
	// A site search spans many tables, with no engine query of its own: the by-set statement for one alert.
	if (kind === 'search') return (await kindDigests(db, kind, [{ id: 1, url, since }], now)).get(1)!
	const { columns, from, added, updated, tracksChanges } = DIGEST_SOURCES[kind]
	const { source } = sourceOf(kind, url, now)
	const { ids } = await queryTable(db, source, alertQuery(kind, url, now, canViewFinancialData), { everyRow: true })
	if (ids.length === 0) return { rows: [], more: 0 }
	const after = sql`${since.toISOString()}::timestamptz`
	const { rows } = await db.execute<KindRow>(sql`
		select ${columns}, ${tracksChanges ? sql`${changesAfter(after)},` : sql``} count(*) over ()::int as total
		from ${from}
		where e.id = any(${intArray(ids)}) and (${added} > ${after} or ${updated} > ${after})
		order by ${updated} desc, e.id desc
		limit ${ALERT_MAX_ROWS}`)
	const total = rows[0]?.total ?? 0
	return { rows: rows.map((row) => digestRow(kind, row, since)), more: Math.max(0, total - rows.length) }
}

/** One alert to compute a digest for: its saved search's address and the time of its last digest. */
export type DigestAlert = { id: number; url: string; since: Date; /** Whether the member may see financial figures (an index's ranges); true unless given. */ canViewFinancialData?: boolean }

/** How many distinct queries one statement matches at once (each adds its filters' parameters to it). */
export const DIGEST_QUERIES_PER_STATEMENT = 200

/** What decides a query's rows (not its page, page size or order): alerts that agree share one match. */
const rowsKey = (query: TableQuery): string => JSON.stringify({ ...query, pageNum: 1, pageSize: 0, sortBy: '', sortOrder: '' })

/**
 * The digests of many alerts of one kind at once, by set rather than alert by alert: alerts
 * whose searches find the same rows share one query; the rows added or updated since the
 * oldest alert's last digest are found once, matched against every query's conditions (the
 * table engine's own, queryCondition) and then against each alert's own `since`, in one
 * statement per DIGEST_QUERIES_PER_STATEMENT distinct queries. The result is kindDigest's for
 * each alert (with its `canViewFinancialData`, true unless given). Each alert keeps its kind's
 * `keep` first rows and counts the rest; `everyRow` keeps them all.
 */
export async function kindDigests(db: Db, kind: AlertKind, alerts: readonly DigestAlert[], now: Date, { everyRow = false } = {}): Promise<Map<number, Digest>> {
	const { parse, prelude, keep, table, columns, from, added, updated, tracksChanges } = DIGEST_SOURCES[kind]
	const digests = new Map<number, Digest>()
	const queries = new Map<string, { arm: (q: number) => SQL; alerts: DigestAlert[] }>()
	// Many alerts share an address: each is parsed once (per view of the financial filters).
	const keys = new Map<string, { key: string; arm: (q: number) => SQL }>()
	for (const alert of alerts) {
		digests.set(alert.id, { rows: [], more: 0 })
		const financial = alert.canViewFinancialData ?? true
		const address = `${financial}:${alert.url}`
		let parsed = keys.get(address)
		if (!parsed) {
			parsed = parse(alert.url, now, financial)
			keys.set(address, parsed)
		}
		const { key, arm } = parsed
		const group = queries.get(key) ?? queries.set(key, { arm, alerts: [] }).get(key)!
		group.alerts.push(alert)
	}
	const groups = [...queries.values()]
	for (let start = 0; start < groups.length; start += DIGEST_QUERIES_PER_STATEMENT) {
		const chunk = groups.slice(start, start + DIGEST_QUERIES_PER_STATEMENT)
		const members = chunk.flatMap((group, q) => group.alerts.map((alert) => ({ id: alert.id, q, since: alert.since })))
		const arms = chunk.map((group, q) => group.arm(q))
		const { rows } = await db.execute<KindRow & { alert_id: number }>(sql`
			with a as (select * from unnest(${intArray(members.map((m) => m.id))}, ${intArray(members.map((m) => m.q))}, ${textArray(members.map((m) => m.since.toISOString()))}::timestamptz[]) as a(alert_id, q, since)),
			${prelude ? sql`${prelude(sql`(select min(since) from a)`)},` : sql``}
			changed as materialized (select coalesce(array_agg(e.id), '{}') as ids from ${table} e where ${added} > (select min(since) from a) or ${updated} > (select min(since) from a)),
			found as materialized (${sql.join(arms, sql` union all `)}),
			hits as (
				select a.alert_id, a.since, e.id, row_number() over (partition by a.alert_id order by ${updated} desc, e.id desc) as n, count(*) over (partition by a.alert_id)::int as total
				from a join found f on f.q = a.q join ${table} e on e.id = f.id
				where ${added} > a.since or ${updated} > a.since)
			select h.alert_id, h.total, ${columns}${tracksChanges ? sql`, ${changesAfter(sql`h.since`)}` : sql``}
			from hits h join ${from} on e.id = h.id
			where ${everyRow ? sql`true` : sql`h.n <= ${keep}`}
			order by h.alert_id, h.n`)
		const sinceOf = new Map(members.map((m) => [m.id, m.since]))
		for (const row of rows) {
			const digest = digests.get(row.alert_id)!
			digest.rows.push(digestRow(kind, row, sinceOf.get(row.alert_id)!))
			digest.more = Math.max(0, row.total - digest.rows.length)
		}
	}
	return digests
}

/**
 * Whether an alert's search finds the same rows whether or not the member may see financial
 * figures (it filters on none): its digest then holds for either.
 */
export const sameForAnyFinancialAccess = (kind: AlertKind, url: string, now: Date) =>
	kind === 'search' || rowsKey(alertQuery(kind, url, now, true)) === rowsKey(alertQuery(kind, url, now, false))
