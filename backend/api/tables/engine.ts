/**
 * The table engine's SQL (issue 12): one statement per request computes, over a table's
 * filtered rows, the total, one page of ids in the requested order, the facet counts
 * ("aggregations", each facet counted with every OTHER filter applied, so ticking a value
 * keeps its siblings' counts) and the min/max aggregations (each range's bounds with every
 * other filter applied). A second statement reads the page's rows. Each table (tracker,
 * indexes) is a `TableSource`: its FROM, its columns per facet, range and sort.
 */
import { sql, type SQL } from 'drizzle-orm'
import { clampPage } from '../../../contract/paging.ts'
import type { MinMaxAggregation, TableConfig, TableQuery } from '../../../contract/tables.ts'
import type { Db } from '../../db/client.ts'
import { totalPagesOf } from '../query.ts'
import { and, dayAfter, dayStart, textArray } from '../sql.ts'

export type TableSource = {
	config: TableConfig
	/** FROM and joins; the table's row is `e`. */
	from: SQL
	/** Always applied (e.g. not archived unless asked). */
	where?: (query: TableQuery) => SQL | undefined
	/** The weighted tsvector searched by searchTerm. */
	search: SQL
	/** Per facet name: a text[] expression of the row's values (wrap scalars with `array_remove(array[x], null)`). */
	facets: Record<string, SQL>
	/** Per range title: a numeric expression. */
	ranges: Record<string, SQL>
	/** The timestamp 'Updated from/to' compare. */
	updated?: SQL
	/** Per flag name: the condition while the flag is NOT ticked (e.g. not archived). */
	flagsOff?: Record<string, SQL>
	/** Per choice filter: the condition for the option chosen (undefined: no condition). */
	choices?: Record<string, (option: string) => SQL | undefined>
	/** Per sort column: the expression ordered by. */
	sorts: Record<string, SQL>
}

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

/**
 * Runs the table's query. `sample` (a viewer without access) ignores every filter and the
 * search and reads the first page in the default order: the spec's sample state.
 */
export async function queryTable(db: Db, source: TableSource, query: TableQuery, { sample = false, everyRow = false } = {}): Promise<TablePage> {
	const { config } = source
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
	const q: TableQuery = everyRow ? { ...sampled, pageNum: 1, pageSize: MAX_DOWNLOAD_ROWS } : sampled
	const facetNames = config.facets.map((facet) => facet.name)
	const rangeTitles = config.ranges.map((range) => range.title)

	// The matched set before facet and range filters: base condition, flags, search, dates.
	const flagConditions = Object.entries(source.flagsOff ?? {}).map(([flag, condition]) => (q.flags[flag] ? undefined : condition))
	const choiceConditions = (config.choices ?? []).map((choice) => source.choices?.[choice.name]?.(q.choices[choice.name] ?? choice.defaultOption))
	const searchCondition = q.searchTerm ? sql`${source.search} @@ websearch_to_tsquery('english', ${q.searchTerm})` : undefined
	const columns = [
		sql`e.id`,
		...facetNames.map((name, i) => sql`${source.facets[name]} as ${sql.raw(`f${i}`)}`),
		...rangeTitles.map((title, i) => sql`(${source.ranges[title]})::float8 as ${sql.raw(`r${i}`)}`),
		sql`${source.sorts[q.sortBy]} as s`,
	]

	const facetCondition = (i: number) => {
		const values = q.facets[facetNames[i]] ?? []
		return values.length ? sql`m.${sql.raw(`f${i}`)} && ${textArray(values)}` : undefined
	}
	const rangeCondition = (i: number) => {
		const range = q.ranges[rangeTitles[i]]
		if (!range || (range.minValue === null && range.maxValue === null)) return undefined
		const column = sql.raw(`m.r${i}`)
		const bounds = and([range.minValue !== null && sql`${column} >= ${range.minValue}`, range.maxValue !== null && sql`${column} <= ${range.maxValue}`])
		return range.includeEmpty ? sql`(${column} is null or (${bounds}))` : sql`${column} is not null and ${bounds}`
	}
	const allFilters = (except?: { facet?: number; range?: number }) =>
		and([...facetNames.map((_, i) => (i === except?.facet ? undefined : facetCondition(i))), ...rangeTitles.map((_, i) => (i === except?.range ? undefined : rangeCondition(i)))])

	const direction = sql.raw(q.sortOrder === 'asc' ? 'asc nulls last' : 'desc nulls last')
	const idOrder = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc')
	const pageIds = (pageNum: number) =>
		sql`(select coalesce(json_agg(p.id order by p.n), '[]') from (select m.id, row_number() over (order by m.s ${direction}, m.id ${idOrder}) as n from m where ${allFilters()} order by m.s ${direction}, m.id ${idOrder} limit ${
			q.pageSize
		} offset ${(pageNum - 1) * q.pageSize}) p)`
	const matched = sql`with m as materialized (select ${sql.join(columns, sql`, `)} from ${source.from} where ${and([
		source.where?.(q),
		...flagConditions,
		...choiceConditions,
		searchCondition,
		dateCondition(source, q),
	])})`

	const facetSelects = everyRow
		? []
		: facetNames.map(
				(_, i) =>
					sql`(select coalesce(json_object_agg(v, n), '{}') from (select v, count(*)::int as n from m, unnest(m.${sql.raw(`f${i}`)}) as v where ${allFilters({
						facet: i,
					})} group by v) t) as ${sql.raw(`a${i}`)}`,
		  )
	const minMaxSelects = everyRow
		? []
		: rangeTitles.map(
				(_, i) =>
					sql`(select json_build_array(min(m.${sql.raw(`r${i}`)}), max(m.${sql.raw(`r${i}`)})) from m where ${allFilters({
						range: i,
					})}) as ${sql.raw(`x${i}`)}`,
		  )
	const statement = sql`${matched} select (select count(*)::int from m where ${allFilters()}) as total, ${pageIds(q.pageNum)} as ids${sql.join(
		[...facetSelects, ...minMaxSelects].map((select) => sql`, ${select}`),
		sql``,
	)}`
	const { rows } = await db.execute<Record<string, unknown>>(statement)
	const row = rows[0]!
	const totalHits = Number(row.total)
	const totalPages = totalPagesOf(totalHits, q.pageSize)
	const pageNum = clampPage(q.pageNum, totalPages)
	let ids = row.ids as number[]
	if (pageNum !== q.pageNum && totalHits > 0) {
		// A page beyond the last is the last page (spec 002 §5): one more read of its ids.
		const { rows: last } = await db.execute<{ ids: number[] }>(sql`${matched} select ${pageIds(pageNum)} as ids`)
		ids = last[0]!.ids
	}
	return {
		ids,
		totalHits,
		totalPages,
		pageNum,
		pageSize: q.pageSize,
		aggregations: everyRow
			? []
			: facetNames.map((name, i) => ({
					name,
					items: (row[`a${i}`] as Record<string, number>) ?? {},
			  })),
		minMaxAggregations: everyRow
			? []
			: config.ranges.map((range, i) => {
					const [minValue, maxValue] = (row[`x${i}`] as [number | null, number | null]) ?? [null, null]
					return {
						title: range.title,
						minName: range.minName,
						maxName: range.maxName,
						minValue,
						maxValue,
					}
			  }),
	}
}

const EMPTY_DATE = { input: '', value: '', invalid: false }

/** Rows by id in the page's order. */
export function inPageOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
	const byId = new Map(rows.map((row) => [row.id, row]))
	return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined)
}
