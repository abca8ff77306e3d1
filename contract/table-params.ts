/** A table's configuration, its canonical parameters and its messages, without zod (tables.ts has the schemas). */
import { DEFAULT_PAGE, PAGE_SIZE_OPTIONS } from './constants.ts'
import { DATE_ORDER_WARNING } from './query-values.ts'
import { DATE_LENGTH } from './search-params.ts'

/** Spec 002 §9 "Pagination options for lists: 10, 20, 50, 100"; the tracker's first is its default. */
export const TABLE_PAGE_SIZES = PAGE_SIZE_OPTIONS

/** Spec 000 §3, 001 §7 "sortOrder Ascending or Descending": the values the addresses carry. */
export const SORT_ORDERS = ['Ascending', 'Descending'] as const

export type SortOrder = (typeof SORT_ORDERS)[number]

export const ASCENDING: SortOrder = 'Ascending'
export const DESCENDING: SortOrder = 'Descending'

/**
 * The sort orders addresses carried before the spec's values were adopted (and any other
 * spelling of the spec's): read as the order they meant, so links and bookmarks keep working,
 * and answered with one redirect to the spec's value (`legacySortOrderRedirect`).
 */
const SORT_ORDER_SPELLINGS: Record<string, SortOrder> = { asc: ASCENDING, ascending: ASCENDING, desc: DESCENDING, descending: DESCENDING }

/** The sort order a value of `sortOrder` means, in any spelling; null for none. */
export function sortOrderOf(value: string): SortOrder | null {
	return SORT_ORDER_SPELLINGS[value.trim().toLowerCase()] ?? null
}

/**
 * The address's search with `sortOrder` written as the spec writes it, or null when it already
 * is (or names no order). Only that parameter changes, so one redirect reaches the page asked for.
 */
export function legacySortOrderRedirect(params: URLSearchParams): URLSearchParams | null {
	const values = params.getAll('sortOrder')
	if (values.length === 0) return null
	const order = sortOrderOf(values[0]!)
	if (order === null || (values.length === 1 && values[0] === order)) return null
	const next = new URLSearchParams()
	let written = false
	for (const [name, value] of params) {
		if (name !== 'sortOrder') next.append(name, value)
		else if (!written) {
			next.append(name, order)
			written = true
		}
	}
	return next
}

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
	/** Offered from the first form, before any range is typed (mergers' 'Include deals without a price'). */
	includeEmptyFromStart?: true
	/**
	 * Spec 001 §6 "Include estimates": the range's figures may be GWI's estimates. The checkbox of
	 * this name is offered with the range from the first form; while the range is in use, an
	 * estimated figure matches only when it is ticked (a range reads reported figures by default).
	 */
	estimatesName?: string
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
	/**
	 * Sort columns of company financial data (spec 001 §6 canViewCompanyFinancialData): a reader
	 * who may not see the column may not sort by it either (`indexTableFor` drops them).
	 */
	financialSortColumns?: readonly string[]
	defaultSort: { sortBy: string; sortOrder: SortOrder }
	pageSizes: readonly number[]
	/** Spec 000 §5, 002 §5: "A page size from 1 to 9 is kept" besides the listed sizes. */
	keepsSmallPageSizes?: boolean
}

/** The largest page size kept though not offered (keepsSmallPageSizes). */
export const MAX_SMALL_PAGE_SIZE = 9

export const filterParam = (name: string) => `filters[${name}]`

export type DateInput = { input: string; value: string; invalid: boolean }

export type RangeInput = {
	min: string
	max: string
	minValue: number | null
	maxValue: number | null
	includeEmpty: boolean
	/** The range's 'Include estimates' is ticked (estimatesName). */
	includeEstimates: boolean
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

/** The names that may repeat in a table's URL (the facets). */
export const repeatedParams = (config: TableConfig) => config.facets.map((facet) => filterParam(facet.name))

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
		if (input.includeEstimates && range.estimatesName) params.set(filterParam(range.estimatesName), 'true')
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
	return config.ranges.some((range) => range.title !== query.rangeType && [range.minName, range.maxName, range.includeEmptyName, range.estimatesName].some((name) => name && params.has(filterParam(name))))
}

/** A header link's sort: the first click on a column sorts ascending, the next click flips it (spec 002 §2). */
export function nextSort(query: Pick<TableQuery, 'sortBy' | 'sortOrder'>, column: string): { sortBy: string; sortOrder: SortOrder } {
	return {
		sortBy: column,
		sortOrder: query.sortBy === column && query.sortOrder === ASCENDING ? DESCENDING : ASCENDING,
	}
}

/** Date input bounds the forms offer. */
export const DATE_INPUT_LENGTH = DATE_LENGTH
