/**
 * Searchable tables: ONE engine for the Project Tracker (spec 002 §2-§9) and the
 * indexes (spec 001 §2-§9). A table is a configuration (`TableConfig`): its facet filters,
 * min/max ranges, 'Updated from/to' dates, flags and sortable columns. From it come the
 * query schema both sides parse the same URL parameters with (`tableQuerySchema`), the
 * canonical parameters (`tableParams`) the site links with and the API is called with, and
 * the answer's schema (`tableResultSchema`).
 *
 * URL shape (spec 002 §2): pageNum, pageSize, searchTerm, sortBy, sortOrder and
 * `filters[Name]` entries, a facet's values repeated or joined with '~'.
 */
import { z } from 'zod'

import { pageNumParam, queryInteger, searchTermParam, urlParams } from './query.ts'
import { noticeText } from './notices.ts'
import { validDate } from './search-params.ts'
import { ASCENDING, sortOrderOf, FILTER_SEPARATOR, type TableConfig, filterParam, type DateInput, type RangeInput, type TableQuery, TABLE_MESSAGES, repeatedParams, MAX_SMALL_PAGE_SIZE } from './table-params.ts'

// What the browser needs without zod lives apart (table-params.ts).
export * from './table-params.ts'

/**
 * A non-negative number as typed ('' and anything else is "no value"). Steps of 1 round down
 * to whole numbers; decimal ranges keep every decimal typed, since spec 001 §5 has readers
 * type revenue in millions to the thousand ("420,000 as 0.42").
 */
function rangeNumber(raw: string, step: 1 | 0.1): number | null {
	if (!/^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(raw)) return null
	const value = Number(raw)
	return step === 1 ? Math.floor(value) : value
}

const EMPTY_RANGE: RangeInput = { min: '', max: '', minValue: null, maxValue: null, includeEmpty: false, includeEstimates: false }

const first = (value: unknown) => (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '').trim()

/** Every value of a facet: repeated parameters and '~'-joined ones, trimmed, once each; unknown options dropped. */
function facetValues(value: unknown, options: readonly string[] | undefined): string[] {
	const raw = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((item) => String(item).split(FILTER_SEPARATOR))
	const values = [...new Set(raw.map((item) => item.trim()).filter(Boolean))]
	return options ? values.filter((item) => options.includes(item)) : values
}

/**
 * The table's query from URL parameters (an object from `urlParams`, repeated names as
 * arrays). It never fails: unknown sorts and page sizes fall back to the defaults, ranges
 * and dates the spec refuses are kept as typed but not applied. `now` fixes "this year".
 */
export function tableQuerySchema(config: TableConfig, now = new Date()) {
	return z.record(z.string(), z.unknown()).transform((params): TableQuery => {
		const size = queryInteger.safeParse(first(params.pageSize))
		const sortBy = first(params.sortBy)
		const sortOrder = sortOrderOf(first(params.sortOrder))
		const known = config.sortColumns.includes(sortBy)
		const facets = Object.fromEntries(config.facets.map((facet) => [facet.name, facetValues(params[filterParam(facet.name)], facet.options)]))
		const ranges = Object.fromEntries(
			config.ranges.map((range) => {
				const min = first(params[filterParam(range.minName)])
				const max = first(params[filterParam(range.maxName)])
				const minValue = rangeNumber(min, range.step)
				const parsedMax = rangeNumber(max, range.step)
				const maxValue = parsedMax !== null && (minValue === null || parsedMax >= minValue) ? parsedMax : null
				const inUse = minValue !== null || maxValue !== null
				const includeEmpty = (inUse || range.includeEmptyFromStart === true) && range.includeEmptyName !== undefined && /^true$/i.test(first(params[filterParam(range.includeEmptyName)]))
				// Kept whether or not the range is in use: it is offered from the first form.
				const includeEstimates = range.estimatesName !== undefined && /^true$/i.test(first(params[filterParam(range.estimatesName)]))
				return [range.title, { min, max, minValue, maxValue, includeEmpty, includeEstimates }]
			}),
		)
		// Choosing a range type resets the other ranges: they are read as empty.
		const rangeTypeInput = config.rangeType ? first(params[filterParam(config.rangeType.name)]) : ''
		const rangeType = config.ranges.some((range) => range.title === rangeTypeInput) ? rangeTypeInput : null
		if (rangeType) for (const range of config.ranges) if (range.title !== rangeType) ranges[range.title] = EMPTY_RANGE
		const date = (name: string | undefined): DateInput => {
			const input = name ? first(params[filterParam(name)]) : ''
			const value = validDate(input, now)
			return { input, value, invalid: input !== '' && value === '' }
		}
		const from = date(config.dates?.fromName)
		const to = date(config.dates?.toName)
		return {
			searchTerm: searchTermParam.catch('').parse(first(params.searchTerm)),
			pageNum: pageNumParam.parse(first(params.pageNum) || undefined),
			pageSize: size.success && (config.pageSizes.includes(size.data) || (config.keepsSmallPageSizes && size.data >= 1 && size.data <= MAX_SMALL_PAGE_SIZE)) ? size.data : config.pageSizes[0],
			sortBy: known ? sortBy : config.defaultSort.sortBy,
			sortOrder: known ? (sortOrder ?? ASCENDING) : config.defaultSort.sortOrder,
			facets,
			ranges,
			rangeType,
			dates: {
				from,
				to,
				warning: from.value && to.value && from.value > to.value ? TABLE_MESSAGES.dateOrder : null,
			},
			flags: Object.fromEntries(config.flags.map((flag) => [flag, /^true$/i.test(first(params[filterParam(flag)]))])),
			choices: Object.fromEntries(
				(config.choices ?? []).map((choice) => {
					const value = first(params[filterParam(choice.name)])
					return [choice.name, choice.options.includes(value) ? value : choice.defaultOption]
				}),
			),
		}
	})
}

export function parseTableParams(config: TableConfig, params: URLSearchParams, now = new Date()): TableQuery {
	return tableQuerySchema(config, now).parse(urlParams(params, repeatedParams(config)))
}

// ---------------------------------------------------------------- the answer

/** Facet counts: one per facet filter, each counted with every OTHER filter applied. */
export const TableAggregationSchema = z.object({
	name: z.string(),
	items: z.record(z.string(), z.number()),
})
/** Spec 002 §3 "Min/max aggregation: title, minName, maxName, minValue, maxValue". */
export const MinMaxAggregationSchema = z.object({
	title: z.string(),
	minName: z.string(),
	maxName: z.string(),
	minValue: z.number().nullable(),
	maxValue: z.number().nullable(),
})
export type MinMaxAggregation = z.infer<typeof MinMaxAggregationSchema>

export const tableResultSchema = <T extends z.ZodType>(hit: T) =>
	z.object({
		searchHits: z.array(hit),
		totalHits: z.number().int(),
		totalPages: z.number().int(),
		pageNum: z.number().int(),
		pageSize: z.number().int(),
		aggregations: z.array(TableAggregationSchema),
		minMaxAggregations: z.array(MinMaxAggregationSchema),
		/** False when the viewer may not use the table: the rows are a sample and the filters are off. */
		hasAccess: z.boolean(),
	})

/** A notice carried in a table page's address after a form post or a refused download; null when absent. */
const noticeParam = z.string().optional().catch(undefined).transform((value) => value ?? null)

/** A notice's code in the address, as the site's own words (contract/notices.ts); null for no code or one the site does not know. */
const noticeCodeParam = noticeParam.transform((code) => noticeText(code))

/** What a table page's address says besides the query: a refused download, the saved-search panel's and its alert controls' outcome (codes), and the name the reader typed. */
export const TableNoticeParamsSchema = z.object({
	downloadError: noticeCodeParam,
	savedSearchMessage: noticeCodeParam,
	alertMessage: noticeCodeParam,
	savedSearchName: noticeParam,
})
