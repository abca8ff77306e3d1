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
import { DEFAULT_PAGE, PAGE_SIZE_OPTIONS } from './constants.ts'
import { DATE_ORDER_WARNING, pageNumParam, queryInteger, searchTermParam, urlParams } from './query.ts'
import { DATE_LENGTH, validDate } from './search-params.ts'

/** Spec 002 §9 "Pagination options for lists: 10, 20, 50, 100"; the tracker's first is its default. */
export const TABLE_PAGE_SIZES = PAGE_SIZE_OPTIONS
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
/** "Filters as '~'-joined values or repeated parameters." */
export const FILTER_SEPARATOR = '~'

export type FacetFilter = { name: string; options?: readonly string[] }
export type RangeFilter = {
	/** The min/max aggregation's title, e.g. 'Cost (US$m)'. */
	title: string
	minName: string
	maxName: string
	/** "min 0, step 1 or 0.1 when decimals are allowed". */
	step: 1 | 0.1
	/** The indeterminate checkbox shown only while the range is in use: include rows without a value. */
	includeEmptyName?: string
}
/** One of a few options, one at a time, with a default (mergers' Deal completed). */
export type ChoiceFilter = { name: string; options: readonly string[]; defaultOption: string }
export type TableConfig = {
	facets: readonly FacetFilter[]
	choices?: readonly ChoiceFilter[]
	ranges: readonly RangeFilter[]
	/**
	 * Spec 002 §4 "Choosing a range-type option resets the other range filters": a select of
	 * the table's ranges by title. Once one is chosen, only its min/max apply and the other
	 * ranges' values are dropped (the server applies it: they leave the canonical address).
	 */
	rangeType?: { name: string }
	/** 'Updated from' / 'Updated to' (spec 002 §5) when the table has them. */
	dates?: { fromName: string; toName: string }
	/** Ticked-or-not options ('Include archived projects'). */
	flags: readonly string[]
	sortColumns: readonly string[]
	defaultSort: { sortBy: string; sortOrder: SortOrder }
	pageSizes: readonly number[]
}

export const filterParam = (name: string) => `filters[${name}]`

export type DateInput = { input: string; value: string; invalid: boolean }
export type RangeInput = {
	min: string
	max: string
	minValue: number | null
	maxValue: number | null
	includeEmpty: boolean
}

export type TableQuery = {
	searchTerm: string
	pageNum: number
	pageSize: number
	sortBy: string
	sortOrder: SortOrder
	facets: Record<string, string[]>
	ranges: Record<string, RangeInput>
	/** The range type chosen (a range's title), or null: every range applies. */
	rangeType: string | null
	dates: { from: DateInput; to: DateInput; warning: string | null }
	flags: Record<string, boolean>
	choices: Record<string, string>
}

export const TABLE_MESSAGES = {
	dateOrder: DATE_ORDER_WARNING,
	/** Our wording: a date the spec's rule refuses is kept in the form and not applied. */
	invalidDate: (label: string) => `${label} is not applied: use a date after 2000-01-01 and no later than this year.`,
	/** Our wording: spec 002 §5 "the max is at least the min". */
	rangeOrder: (maxName: string, minName: string) => `${maxName} is not applied: it must be at least the ${minName.toLowerCase()}.`,
	noResults: 'No results found',
	loading: '0 of 0 results',
} as const

/** A non-negative number as typed ('' and anything else is "no value"). Steps of 1 round down to whole numbers. */
function rangeNumber(raw: string, step: 1 | 0.1): number | null {
	if (!/^\s*\d+(\.\d+)?\s*$/.test(raw)) return null
	const value = Number(raw)
	return step === 1 ? Math.floor(value) : Math.round(value * 10) / 10
}

const EMPTY_RANGE: RangeInput = { min: '', max: '', minValue: null, maxValue: null, includeEmpty: false }

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
		const sortOrder = first(params.sortOrder).toLowerCase()
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
				const includeEmpty = inUse && range.includeEmptyName !== undefined && /^true$/i.test(first(params[filterParam(range.includeEmptyName)]))
				return [range.title, { min, max, minValue, maxValue, includeEmpty }]
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
			pageSize: size.success && config.pageSizes.includes(size.data) ? size.data : config.pageSizes[0],
			sortBy: known ? sortBy : config.defaultSort.sortBy,
			sortOrder: known && (SORT_ORDERS as readonly string[]).includes(sortOrder) ? (sortOrder as SortOrder) : known ? 'asc' : config.defaultSort.sortOrder,
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

/** The names that may repeat in a table's URL (the facets). */
export const repeatedParams = (config: TableConfig) => config.facets.map((facet) => filterParam(facet.name))

export function parseTableParams(config: TableConfig, params: URLSearchParams, now = new Date()): TableQuery {
	return tableQuerySchema(config, now).parse(urlParams(params, repeatedParams(config)))
}

/**
 * The canonical parameters of a query: defaults left out, facets repeated, ranges and dates
 * as typed (so the form shows them back). `pageNum` 1 is left out, so a link without it
 * starts again at page 1 (spec 002 §4 "Any filter change resets pageNum to 1").
 */
export function tableParams(config: TableConfig, query: TableQuery): URLSearchParams {
	const params = new URLSearchParams()
	if (query.searchTerm) params.set('searchTerm', query.searchTerm)
	for (const facet of config.facets) for (const value of query.facets[facet.name] ?? []) params.append(filterParam(facet.name), value)
	if (config.rangeType && query.rangeType) params.set(filterParam(config.rangeType.name), query.rangeType)
	for (const range of config.ranges) {
		const input = query.ranges[range.title]
		if (!input) continue
		if (input.min) params.set(filterParam(range.minName), input.min)
		if (input.max) params.set(filterParam(range.maxName), input.max)
		if (input.includeEmpty && range.includeEmptyName) params.set(filterParam(range.includeEmptyName), 'true')
	}
	if (config.dates) {
		if (query.dates.from.input) params.set(filterParam(config.dates.fromName), query.dates.from.input)
		if (query.dates.to.input) params.set(filterParam(config.dates.toName), query.dates.to.input)
	}
	for (const flag of config.flags) if (query.flags[flag]) params.set(filterParam(flag), 'true')
	for (const choice of config.choices ?? [])
		if (query.choices[choice.name] && query.choices[choice.name] !== choice.defaultOption) params.set(filterParam(choice.name), query.choices[choice.name])
	if (query.sortBy !== config.defaultSort.sortBy || query.sortOrder !== config.defaultSort.sortOrder) {
		params.set('sortBy', query.sortBy)
		params.set('sortOrder', query.sortOrder)
	}
	if (query.pageSize !== config.pageSizes[0]) params.set('pageSize', String(query.pageSize))
	if (query.pageNum !== DEFAULT_PAGE) params.set('pageNum', String(query.pageNum))
	return params
}

/** Whether an address still names ranges its range type has reset (spec 002 §4): then it is not the canonical one. */
export function namesResetRanges(config: TableConfig, query: TableQuery, params: URLSearchParams): boolean {
	if (!query.rangeType) return false
	return config.ranges.some((range) => range.title !== query.rangeType && [range.minName, range.maxName, range.includeEmptyName].some((name) => name && params.has(filterParam(name))))
}

/** A header link's sort: the first click on a column sorts ascending, the next click flips it (spec 002 §2). */
export function nextSort(query: Pick<TableQuery, 'sortBy' | 'sortOrder'>, column: string): { sortBy: string; sortOrder: SortOrder } {
	return {
		sortBy: column,
		sortOrder: query.sortBy === column && query.sortOrder === 'asc' ? 'desc' : 'asc',
	}
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

/** Date input bounds the forms offer. */
export const DATE_INPUT_LENGTH = DATE_LENGTH

/** A notice carried in a table page's address after a form post or a refused download; null when absent. */
const noticeParam = z.string().optional().catch(undefined).transform((value) => value ?? null)

/** What a table page's address says besides the query: a refused download and the saved-search panel's outcome. */
export const TableNoticeParamsSchema = z.object({
	downloadError: noticeParam,
	savedSearchMessage: noticeParam,
	savedSearchName: noticeParam,
})
