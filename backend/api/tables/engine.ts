/**
 * The table engine's SQL: one statement per request computes, over a table's
 * filtered rows, the total, one page of ids in the requested order, the facet counts
 * ("aggregations", each facet counted with every OTHER filter applied, so ticking a value
 * keeps its siblings' counts) and the min/max aggregations (each range's bounds with every
 * other filter applied). A second statement reads the page's rows. Each table (tracker,
 * indexes) is a `TableSource`: its FROM, its columns per facet, range and sort. A query's
 * counts do not depend on its order or page, so they are reused for a minute
 * (TABLE_COUNTS_TTL_MS) by every order and page of the same filters; such a request then
 * reads only its page's ids. Each facet's counts depend on every filter but its own, so they
 * are kept under those too: ticking another value of a facet reuses its counts, and the rows
 * the filters keep are then read directly (decision 0057).
 *
 * Each query's whole answer (its counts and its page of ids) is kept too, for the same minute
 * (decision 0046): the counts are most of a request's work, they change only when the rows
 * do, and members ask the same few hundred queries over and over. The answer depends only on
 * the database, the source and the query as the engine reads it (after `sample`), so the key
 * names exactly those and every reader asking them gets the same answer.
 */
import { sql, type SQL } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import { keepsStaleCopies } from '../../../contract/stale-copies.ts'
import { keptAnswers } from '../kept-answers.ts'
import { clampPage } from '../../../contract/paging.ts'
import { ASCENDING, type MinMaxAggregation, type TableConfig, type TableQuery } from '../../../contract/tables.ts'
import type { Db } from '../../db/client.ts'
import { idOf } from '../object-ids.ts'
import { totalPagesOf } from '../query.ts'
import { readPublicRows } from '../hot-data.ts'
import { and, dayAfter, dayStart, intArray, textArray } from '../sql.ts'

export type TableSource = {
	config: TableConfig
	/** FROM and joins; the table's row is `e`. */
	from: SQL
	/**
	 * Always applied (e.g. not archived unless asked). A module-level source's condition must
	 * not depend on the query beyond its filters: its unfiltered counts are reused across
	 * requests (a source whose rows depend on more, like the events' dates, is made per request).
	 */
	where?: (query: TableQuery) => SQL | undefined
	/** The weighted tsvector searched by searchTerm. */
	search: SQL
	/**
	 * Per facet name: a text[] expression of the row's values (wrap scalars with
	 * `array_remove(array[x], null)`), or a CodedFacet.
	 */
	facets: Record<string, SQL | CodedFacet>
	/** Per range title: a numeric expression. */
	ranges: Record<string, SQL>
	/** Per range title whose figures may be GWI's estimates (`estimatesName`): whether the row's figure is one. */
	estimates?: Record<string, SQL>
	/** The timestamp 'Updated from/to' compare. */
	updated?: SQL
	/** Per flag name: the condition while the flag is NOT ticked (e.g. not archived). */
	flagsOff?: Record<string, SQL>
	/** Per choice filter: the condition for the option chosen (undefined: no condition). */
	choices?: Record<string, (option: string) => SQL | undefined>
	/** Per sort column: the expression ordered by. */
	sorts: Record<string, SQL>
	/**
	 * A source made for one request (its rows depend on more than the query, like the events'
	 * dates): its answers are not kept, as no later request asks the same object again.
	 */
	madePerRequest?: true
}

/**
 * A facet whose rows hold ids (an int[] expression), each named in a relation of (id, name).
 * PostgreSQL unnests and counts integers in about half the time it takes for names (the
 * companies index at scale 10: 35 ms instead of 62 for four facets of 8,000 companies), and a
 * facet of the row's own foreign key needs no join. Filters and counts stay in names.
 */
export type CodedFacet = { ids: SQL; names: SQL }

const isCoded = (facet: SQL | CodedFacet): facet is CodedFacet => 'ids' in facet && 'names' in facet
/** The row's values of a facet as its rows hold them: names, or ids for a coded facet. */
const facetValuesOf = (facet: SQL | CodedFacet) => (isCoded(facet) ? facet.ids : facet)

/** The most rows one download holds: more than any table of the seed (or ten times it). */
export const MAX_DOWNLOAD_ROWS = 100_000

export type TablePage = {
	ids: number[]
	totalHits: number
	totalPages: number
	pageNum: number
	pageSize: number
	aggregations: { name: string; items: Record<string, number> }[]
	minMaxAggregations: MinMaxAggregation[]
}

/** A 'from' date later than the 'to' date matches nothing (spec 002 §5). */
function dateCondition(source: TableSource, query: TableQuery): SQL | undefined {
	if (!source.updated) return undefined
	const { from, to } = query.dates
	return and([from.value && sql`${source.updated} >= ${dayStart(from.value)}::timestamptz`, to.value && sql`${source.updated} < ${dayAfter(to.value)}::timestamptz`])
}

/** Per flag the source knows: its condition while the flag is not ticked. */
const flagConditionsOf = (source: TableSource, q: TableQuery) => Object.entries(source.flagsOff ?? {}).map(([flag, condition]) => (q.flags[flag] ? undefined : condition))

/** The matched set before facet and range filters: the source's own condition, flags, choices, search, dates. */
function baseCondition(source: TableSource, q: TableQuery): SQL {
	const choiceConditions = (source.config.choices ?? []).map((choice) => source.choices?.[choice.name]?.(q.choices[choice.name] ?? choice.defaultOption))
	// Spec 000 §5: "an empty search term is sent as *": '*' matches everything, as '' does.
	const searchCondition = q.searchTerm && q.searchTerm !== '*' ? sql`${source.search} @@ websearch_to_tsquery('english', ${q.searchTerm})` : undefined
	return and([source.where?.(q), ...flagConditionsOf(source, q), ...choiceConditions, searchCondition, dateCondition(source, q)])
}

/** Per coded facet's names relation: each name's id. */
export type FacetCodes = Map<SQL, Map<string, number>>

/**
 * The ids of the names a query's coded facets filter on, read once per names relation and
 * kept with the API's hot data. A filter then compares with constant ids, which the planner
 * weighs by the column's statistics: given a subquery's ids it guessed 325 companies for an
 * expertise that has 10,418 and sorted them all (25-35 ms) instead of walking the name index
 * to the page (1-6 ms).
 */
async function facetCodesOf(db: Db, source: TableSource, q: TableQuery): Promise<FacetCodes> {
	const codes: FacetCodes = new Map()
	for (const facet of source.config.facets) {
		const definition = source.facets[facet.name]!
		if (!isCoded(definition) || !q.facets[facet.name]?.length || codes.has(definition.names)) continue
		const rows = await readPublicRows<{ id: number; name: string }>(db, 'facet names', () => sql`select id, name from ${definition.names}`)
		codes.set(definition.names, new Map(rows.map((row) => [row.name, row.id])))
	}
	return codes
}

/**
 * A facet filter: the row's values (`column`, as facetValuesOf gives them) share one with those
 * ticked. A coded facet's names become ids through `codes`, or else through a subquery.
 */
function facetMatch(facet: SQL | CodedFacet, column: SQL, values: string[] | undefined, codes?: FacetCodes): SQL | undefined {
	if (!values?.length) return undefined
	if (!isCoded(facet)) return sql`${column} && ${textArray(values)}`
	const ids = codes?.get(facet.names)
	if (ids) return sql`${column} && ${intArray(values.flatMap((value) => ids.get(value) ?? []))}`
	return sql`${column} && (select coalesce(array_agg(n.id), '{}') from ${facet.names} n where n.name = any(${textArray(values)}))`
}

/** Each value of a facet over `rows` (its column `column`) with how many rows hold it, as a JSON object by name. */
function facetCountsOver(facet: SQL | CodedFacet, rows: SQL, column: SQL): SQL {
	const counted = sql`select v, count(*)::int as n from (select * from ${rows}) x, unnest(x.${column}) as v group by v`
	if (!isCoded(facet)) return sql`(select coalesce(json_object_agg(v, n), '{}') from (${counted}) t)`
	return sql`(select coalesce(json_object_agg(name, n), '{}') from (select d.name, sum(t.n)::int as n from (${counted}) t join ${facet.names} d on d.id = t.v group by d.name) named)`
}

/** The range filter of the i-th range: `column` is its figure, `estimate` whether that figure is an estimate. */
function rangeMatch(source: TableSource, q: TableQuery, i: number, column: SQL, estimate: SQL): SQL | undefined {
	const title = source.config.ranges[i]!.title
	const range = q.ranges[title]
	if (!range || (range.minValue === null && range.maxValue === null)) return undefined
	// Spec 001 §6: a range reads reported figures; estimates only with 'Include estimates' ticked.
	const reportedOnly = source.estimates?.[title] !== undefined && !range.includeEstimates
	const bounds = and([range.minValue !== null && sql`${column} >= ${range.minValue}`, range.maxValue !== null && sql`${column} <= ${range.maxValue}`, reportedOnly && sql`not ${estimate}`])
	return range.includeEmpty ? sql`(${column} is null or (${bounds}))` : sql`${column} is not null and ${bounds}`
}

/**
 * Whether a row (`e`, joined as the source's FROM joins it) is one the query finds: the same
 * conditions queryTable applies, as one condition, so many queries can be matched against the
 * same rows in one statement (the alerts' digests).
 */
export function queryCondition(source: TableSource, q: TableQuery, codes?: FacetCodes): SQL {
	const { config } = source
	return and([
		baseCondition(source, q),
		...config.facets.map((facet) => facetMatch(source.facets[facet.name]!, sql`(${facetValuesOf(source.facets[facet.name]!)})`, q.facets[facet.name], codes)),
		...config.ranges.map((range, i) => rangeMatch(source, q, i, sql`(${source.ranges[range.title]})::float8`, sql`coalesce(${source.estimates?.[range.title] ?? sql`false`}, false)`)),
	])
}

/**
 * Runs the table's query. `sample` (a viewer without access) ignores every filter and the
 * search and reads the first page in the default order: the spec's sample state. The answer
 * is kept (TABLE_COUNTS_TTL_MS) under everything it depends on; concurrent readers of one
 * key share one load. A download (`everyRow`, up to MAX_DOWNLOAD_ROWS ids) is not kept:
 * it would hold the bound's worth of ids for a rare request whose cost is mostly its file.
 */
export async function queryTable(db: Db, source: TableSource, query: TableQuery, { sample = false, everyRow = false } = {}): Promise<TablePage> {
	const q = effectiveQuery(source.config, query, { sample, everyRow })
	if (everyRow || source.madePerRequest) return loadTable(db, source, q, everyRow)
	// The query as the engine reads it, whole (raw inputs included: a few more keys, never a wrong answer).
	const key = `${idOf(source)} ${idOf(db)} ${sample ? 'sample' : 'query'} ${JSON.stringify(q)}`
	// What its counts depend on: the same, but for the order and the page.
	const { sortBy: _sortBy, sortOrder: _sortOrder, pageNum: _pageNum, pageSize: _pageSize, ...filters } = q
	const countsKey = `${idOf(source)} ${idOf(db)} ${JSON.stringify(filters)}`
	return tableAnswers.get(key, (kept) => loadTable(db, source, q, false, { countsKey, kept }))
}

/** The query the engine runs: the sample state's, and a download's one page of every row. */
function effectiveQuery(config: TableConfig, query: TableQuery, { sample, everyRow }: { sample: boolean; everyRow: boolean }): TableQuery {
	const sampled: TableQuery = sample
		? {
				...query,
				searchTerm: '',
				facets: {},
				ranges: {},
				dates: { ...query.dates, from: EMPTY_DATE, to: EMPTY_DATE },
				flags: {},
				choices: {},
				pageNum: 1,
				...config.defaultSort,
			}
		: query
	// A download is every matching row in the table's order, on one "page".
	return everyRow ? { ...sampled, pageNum: 1, pageSize: MAX_DOWNLOAD_ROWS } : sampled
}

/**
 * Counts the table's answer to `q` in the database. With `counted.countsKey` (what the counts
 * depend on) the counts are kept under it, or reused from it: then only the page's ids are
 * read, and `counted.kept.ttl` is set to what is left of the counts' minute, so a kept answer
 * is never older than TABLE_COUNTS_TTL_MS.
 */
async function loadTable(db: Db, source: TableSource, q: TableQuery, everyRow: boolean, counted?: { countsKey: string; kept?: { ttl?: number } }): Promise<TablePage> {
	const { config } = source
	const facetNames = config.facets.map((facet) => facet.name)
	const rangeTitles = config.ranges.map((range) => range.title)

	// The matched set before facet and range filters: base condition, flags, search, dates.
	const codes = await facetCodesOf(db, source, q)
	const facetCondition = (i: number) => facetMatch(source.facets[facetNames[i]]!, sql.raw(`m.f${i}`), q.facets[facetNames[i]], codes)
	const rangeCondition = (i: number) => rangeMatch(source, q, i, sql.raw(`m.r${i}`), sql.raw(`m.q${i}`))
	const allFilters = (except?: { facet?: number; range?: number }) =>
		and([...facetNames.map((_, i) => (i === except?.facet ? undefined : facetCondition(i))), ...rangeTitles.map((_, i) => (i === except?.range ? undefined : rangeCondition(i)))])
	const facetInUse = facetNames.map((_, i) => facetCondition(i) !== undefined)
	const rangeInUse = rangeTitles.some((_, i) => rangeCondition(i))
	const anyFilter = facetInUse.some(Boolean) || rangeInUse
	// A facet's counts depend on every filter but its own: kept under those, they serve every
	// query that differs only in that facet (each value of a facet ticked alone, in turn).
	const facetKeys = facetNames.map((name, i) => (counted && !everyRow ? facetCountsKey(source, db, q, name, i) : undefined))
	const keptFacets = facetKeys.map((key) => (key === undefined ? undefined : facetCounts.get(key)))
	// With every facet in use counted before (and no range in use), the rows of the base
	// query are not needed: the rows every filter keeps are read directly, through the
	// filters' own conditions (and their indexes).
	const direct = anyFilter && !rangeInUse && facetInUse.every((used, i) => !used || keptFacets[i] !== undefined)
	/**
	 * How the counts stay proportional to what they count. `m` is every row of the base query
	 * (flags, search, dates). With a filter in use, `m` holds only the columns filters need (the
	 * facets in use, the ranges, the sort key), `h` the rows every filter keeps, and `hf` the
	 * other facets' values of just those rows (read back by id): the total, the page and the
	 * counts of every facet or range not itself filtered on read `h`/`hf` once, and only a facet
	 * or range in use is counted over `m` with the other filters applied. Without filters, `m`
	 * holds every facet and is read directly.
	 */
	const facetColumn = (i: number) => sql`${facetValuesOf(source.facets[facetNames[i]]!)} as ${sql.raw(`f${i}`)}`
	const columns = [
		sql`e.id`,
		...facetNames.flatMap((_, i) => (!anyFilter || direct || facetInUse[i] ? [facetColumn(i)] : [])),
		...rangeTitles.map((title, i) => sql`(${source.ranges[title]})::float8 as ${sql.raw(`r${i}`)}`),
		...rangeTitles.flatMap((title, i) => (source.estimates?.[title] ? [sql`coalesce(${source.estimates[title]}, false) as ${sql.raw(`q${i}`)}`] : [])),
		sql`${source.sorts[q.sortBy]} as s`,
	]
	const hits = anyFilter ? sql`h` : sql`m`
	const rowsFor = (except: { facet?: number; range?: number }) => {
		if (direct) return hits
		if (except.facet !== undefined && !facetInUse[except.facet]) return anyFilter ? sql`hf` : sql`m`
		const own = except.facet !== undefined ? facetCondition(except.facet) : except.range !== undefined ? rangeCondition(except.range) : undefined
		return own ? sql`m where ${allFilters(except)}` : hits
	}
	const otherFacets = facetNames.flatMap((_, i) => (facetInUse[i] || keptFacets[i] ? [] : [facetColumn(i)]))

	const direction = sql.raw(q.sortOrder === ASCENDING ? 'asc nulls last' : 'desc nulls last')
	const idOrder = sql.raw(q.sortOrder === ASCENDING ? 'asc' : 'desc')
	const pageIds = (pageNum: number) =>
		sql`(select coalesce(json_agg(p.id order by p.n), '[]') from (select x.id, row_number() over (order by x.s ${direction}, x.id ${idOrder}) as n from ${hits} x order by x.s ${direction}, x.id ${idOrder} limit ${
			q.pageSize
		} offset ${(pageNum - 1) * q.pageSize}) p)`
	const base = baseCondition(source, q)
	const matched = direct
		? sql`with h as materialized (select ${sql.join(columns, sql`, `)} from ${source.from} where ${queryCondition(source, q, codes)})`
		: sql`with m as materialized (select ${sql.join(columns, sql`, `)} from ${source.from} where ${base})${
				anyFilter
					? sql`, h as materialized (select * from m where ${allFilters()})${
							everyRow || otherFacets.length === 0 ? sql`` : sql`, hf as materialized (select ${sql.join([sql`e.id`, ...otherFacets], sql`, `)} from ${source.from} where e.id in (select id from h))`
						}`
					: sql``
			}`

	const facetSelects = everyRow
		? []
		: facetNames.flatMap((_, i) =>
				keptFacets[i]
					? []
					: [sql`${facetCountsOver(source.facets[facetNames[i]]!, rowsFor({ facet: i }), sql.raw(`f${i}`))} as ${sql.raw(`a${i}`)}`],
			)
	const minMaxSelects = everyRow
		? []
		: rangeTitles.map((_, i) => sql`(select json_build_array(min(x.${sql.raw(`r${i}`)}), max(x.${sql.raw(`r${i}`)})) from (select * from ${rowsFor({ range: i })}) x) as ${sql.raw(`x${i}`)}`)
	const statement = sql`${matched} select (select count(*)::int from ${hits}) as total, ${pageIds(q.pageNum)} as ids${sql.join(
		[...facetSelects, ...minMaxSelects].map((select) => sql`, ${select}`),
		sql``,
	)}`
	const countsOf = (row: Record<string, unknown>): TableCounts => ({
		totalHits: Number(row.total),
		aggregations: facetNames.map((name, i) => ({ name, items: keptFacets[i] ?? (row[`a${i}`] as Record<string, number>) ?? {} })),
		minMaxAggregations: config.ranges.map((range, i) => {
			const [minValue, maxValue] = (row[`x${i}`] as [number | null, number | null]) ?? [null, null]
			return { title: range.title, minName: range.minName, maxName: range.maxName, minValue, maxValue }
		}),
	})
	// Only the page's ids, in order, every filter applied to the rows themselves: what a
	// request adds to the counts it reuses.
	const leanPageIds = (pageNum: number) => sql`select coalesce(json_agg(p.id order by p.n), '[]') as ids from (select e.id, row_number() over (order by ${source.sorts[q.sortBy]} ${direction}, e.id ${idOrder}) as n
		from ${source.from} where ${queryCondition(source, q, codes)} order by ${source.sorts[q.sortBy]} ${direction}, e.id ${idOrder} limit ${q.pageSize} offset ${(pageNum - 1) * q.pageSize}) p`

	let counts: TableCounts
	let ids: number[]
	const countsKey = everyRow ? undefined : counted?.countsKey
	const cached = countsKey === undefined ? undefined : tableCounts.get(countsKey)
	if (cached) {
		// An answer made from kept counts is kept no longer than they are.
		if (counted?.kept) counted.kept.ttl = Math.max(1, tableCounts.getRemainingTTL(countsKey!))
		;[counts, ids] = await Promise.all([cached, db.execute<{ ids: number[] }>(leanPageIds(q.pageNum)).then(({ rows }) => rows[0]!.ids)])
	} else {
		const result = db.execute<Record<string, unknown>>(statement).then(({ rows }) => rows[0]!)
		// Counts made with kept facet counts are kept no longer than those.
		const keptFor = facetKeys.flatMap((key, i) => (key !== undefined && keptFacets[i] ? [Math.max(1, facetCounts.getRemainingTTL(key))] : []))
		const ttl = keptFor.length > 0 ? Math.min(...keptFor) : undefined
		if (countsKey !== undefined) {
			// Kept while it is counted: requests meanwhile share this count.
			const kept = result.then(countsOf)
			tableCounts.set(countsKey, kept, { ttl })
			kept.catch(() => tableCounts.get(countsKey) === kept && tableCounts.delete(countsKey))
			if (ttl !== undefined && counted?.kept) counted.kept.ttl = ttl
		}
		const row = await result
		counts = countsOf(row)
		ids = row.ids as number[]
		facetKeys.forEach((key, i) => key !== undefined && !keptFacets[i] && facetCounts.set(key, counts.aggregations[i]!.items))
	}
	const totalPages = totalPagesOf(counts.totalHits, q.pageSize)
	const pageNum = clampPage(q.pageNum, totalPages)
	if (pageNum !== q.pageNum && counts.totalHits > 0) {
		// A page beyond the last is the last page (spec 002 §5): one more read of its ids.
		const { rows: last } = await db.execute<{ ids: number[] }>(leanPageIds(pageNum))
		ids = last[0]!.ids
	}
	return {
		ids,
		totalHits: counts.totalHits,
		totalPages,
		pageNum,
		pageSize: q.pageSize,
		aggregations: everyRow ? [] : counts.aggregations,
		minMaxAggregations: everyRow ? [] : counts.minMaxAggregations,
	}
}

type TableCounts = Pick<TablePage, 'totalHits' | 'aggregations' | 'minMaxAggregations'>

/**
 * How long a table's counts are reused: a query's kept answer, and the counts of its filters
 * (any other order or page of them then reads only its ids). The data they count changes by
 * the day, not by the minute, and every change made through the site forgets them at once
 * (forgetTableAnswers, the content-change notice); the minute bounds what a change made
 * around the site (a script without a notice) leaves stale.
 */
export const TABLE_COUNTS_TTL_MS = 60_000
/**
 * Our choice: how many queries' counts are kept (each the facets' counts and the ranges'
 * bounds, a few KB: some MB in all), least recently used out first. Kept as promises, so
 * concurrent readers of one query's filters share one count.
 */
const TABLE_COUNTS_MAX = 2_000
const tableCounts = new LRUCache<string, Promise<TableCounts>>({ max: TABLE_COUNTS_MAX, ttl: TABLE_COUNTS_TTL_MS })

/**
 * Our choice: the bound of the kept answers, in characters of their keys and their answers as
 * JSON (in memory some times that: some tens of MB). An answer is a page of ids and the facet
 * counts, a few KB, so some thousands are kept: the bench's ~150 distinct queries per table
 * fit many times over. The least recently used leave first.
 */
export const TABLE_ANSWERS_MAX_CHARS = 16_000_000

const tableAnswers = keptAnswers<TablePage>({
	maxSize: TABLE_ANSWERS_MAX_CHARS,
	sizeCalculation: (answer, key) => key.length + JSON.stringify(answer).length,
	ttl: TABLE_COUNTS_TTL_MS,
})

/**
 * Our choice: how many facets' counts are kept, each under the filters they depend on (every
 * filter but the facet's own), for TABLE_COUNTS_TTL_MS like the rest. A facet's counts are
 * tens of values: some MB in all.
 */
const FACET_COUNTS_MAX = 10_000
const facetCounts = new LRUCache<string, Record<string, number>>({ max: FACET_COUNTS_MAX, ttl: TABLE_COUNTS_TTL_MS })

/** What the i-th facet's counts depend on: the query's filters, without the facet's own. */
function facetCountsKey(source: TableSource, db: Db, q: TableQuery, name: string, i: number): string {
	const { sortBy: _sortBy, sortOrder: _sortOrder, pageNum: _pageNum, pageSize: _pageSize, ...filters } = q
	const { [name]: _own, ...otherFacets } = filters.facets
	return `${idOf(source)} ${idOf(db)} facet ${i} ${JSON.stringify({ ...filters, facets: otherFacets })}`
}

/** After a request changes a table's rows (an opportunity posted): count them again. */
export function forgetTableAnswers(source: TableSource) {
	const prefix = `${idOf(source)} `
	for (const cache of [tableCounts, facetCounts]) for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
	tableAnswers.forgetStartingWith(prefix)
}
/** A change of shared content on any host (backend/db/content-changes.ts, server.ts): every table counts again. */
export function forgetAllTableAnswers() {
	tableCounts.clear()
	facetCounts.clear()
	tableAnswers.clear()
}
keepsStaleCopies(forgetAllTableAnswers)

const EMPTY_DATE = { input: '', value: '', invalid: false }

/** Rows by id in the page's order. */
export function inPageOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
	const byId = new Map(rows.map((row) => [row.id, row]))
	return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined)
}
