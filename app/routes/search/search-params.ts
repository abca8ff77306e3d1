import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '~/lib/constants.ts'
import { parsePaging } from '~/lib/paging.ts'

/** Spec 000 §2: the filters the search page offers, by their API names. */
export const SEARCH_FILTERS = ['Page type', 'Article type', 'Countries', 'Has sponsor'] as const
export type SearchFilter = (typeof SEARCH_FILTERS)[number]

export const SORT_OPTIONS = ['Relevance', 'Date'] as const
/** Default query: filter Page type = /articles, sortBy = Relevance. */
export const DEFAULT_PAGE_TYPE = '/articles'

/** Page-type labels by route (spec 000 §2). */
export const PAGE_TYPE_LABELS: Record<string, string> = {
	'/articles': 'Articles',
	'/authors': 'Authors',
	'/companies': 'Companies',
	'/contexts': 'Contexts',
	'/data': 'Data',
	'/desaldata': 'Desal data',
	'/events': 'Events',
	'/geographies': 'Market',
	'/industries': 'Industries',
	'/mergers': 'M&A',
	'/pages': 'Pages',
	'/projects': 'Projects',
	'/technologies': 'Technologies',
	'/topics': 'Topics',
	'/utilities': 'Utilities',
}

export const DATE_ORDER_WARNING = "Warning: the 'from' date is later than the 'to' date and so no results will be displayed."
/** "a date is valid only if after 2000-01-01 and not later than the current year" */
export const EARLIEST_DATE = '2000-01-01'

export type SearchParams = {
	searchTerm: string
	sortBy: (typeof SORT_OPTIONS)[number]
	pageNum: number
	pageSize: number
	filters: Record<SearchFilter, string[]>
	publishedFrom: string
	publishedTo: string
	dateWarning: string | null
}

/** A published date applies only when it is a valid 10-character date in range. */
export function validDate(value: string | null, now = new Date()) {
	if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return ''
	const date = new Date(`${value}T00:00:00Z`)
	if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return ''
	if (value <= EARLIEST_DATE || date.getUTCFullYear() > now.getUTCFullYear()) return ''
	return value
}

export function parseSearchParams(params: URLSearchParams, now = new Date()): SearchParams {
	// The site's list pages say `page`; search keeps the spec's own `pageNum`.
	const { page: pageNum, pageSize } = parsePaging(new URLSearchParams({ page: params.get('pageNum') ?? '', pageSize: params.get('pageSize') ?? '' }))
	const filters = Object.fromEntries(SEARCH_FILTERS.map((name) => [name, params.getAll(`filters[${name}]`).filter(Boolean)])) as SearchParams['filters']
	const publishedFrom = validDate(params.get('publishedFrom'), now)
	const publishedTo = validDate(params.get('publishedTo'), now)
	const sortBy = SORT_OPTIONS.find((option) => option === params.get('sortBy')) ?? 'Relevance'
	return {
		searchTerm: (params.get('searchTerm') ?? '').trim(),
		sortBy,
		pageNum: pageNum || DEFAULT_PAGE,
		pageSize: pageSize || DEFAULT_PAGE_SIZE,
		filters,
		publishedFrom,
		publishedTo,
		dateWarning: publishedFrom && publishedTo && publishedFrom > publishedTo ? DATE_ORDER_WARNING : null,
	}
}

/** The query the content API takes: an empty term is sent as '*'. */
export function toApiQuery(search: SearchParams) {
	return {
		searchTerm: search.searchTerm || '*',
		sortBy: search.sortBy,
		pageNum: search.pageNum,
		pageSize: search.pageSize,
		includeAggregations: true,
		publishedFrom: search.publishedFrom || undefined,
		publishedTo: search.publishedTo || undefined,
		...Object.fromEntries(SEARCH_FILTERS.map((name) => [`filters[${name}]`, search.filters[name]])),
	}
}
