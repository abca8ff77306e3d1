/**
 * Site search state (spec 000 §2, §3, §5): everything lives in URL parameters, parsed here
 * with the spec's defaults, validation and clamps (the schema: search-params-schema.ts). Pure, so every rule is unit-tested
 * (tests/app/search.test.ts).
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants.ts'
import { DATE_ORDER_WARNING, EARLIEST_DATE, FIRST_VALID_DATE, isCalendarDate, lastValidDate } from './query-values.ts'
import type { SearchHit } from './search.ts'

// The date range is the contract's one rule (query-values.ts); the search page's form reads it from here too.
export { EARLIEST_DATE, FIRST_VALID_DATE, lastValidDate }

/** Spec 000 §2: the filters the search page offers, by their API names. */
export const SEARCH_FILTERS = ['Page type', 'Article type', 'Countries', 'Has sponsor'] as const
export type SearchFilter = (typeof SEARCH_FILTERS)[number]

/**
 * A long facet (Countries: some 200 values) lists the values with the most matches, and the
 * rest when the reader asks (`allValues=<facet>` in the address, a link, so without scripts
 * too). Its 600 elements were half the search page: parsed, laid out and hydrated on every
 * visit (Lighthouse's blocking time on a low-end phone). The spec's facets with a
 * full list (24 article types) stay whole.
 */
export const LONG_FACET_VALUES = 30
export const LONG_FACET_VALUES_SHOWN = 12
export const ALL_VALUES_PARAM = 'allValues'

/** The facet's values to list: all, or for a long facet not asked for in full the first ones (the API sends the most matches first) and every ticked one. */
export function facetValuesShown(values: string[], ticked: readonly string[], showAll: boolean) {
	if (showAll || values.length <= LONG_FACET_VALUES) return values
	const first = values.slice(0, LONG_FACET_VALUES_SHOWN)
	return [...first, ...ticked.filter((value) => !first.includes(value))]
}

export const SORT_OPTIONS = ['Relevance', 'Date'] as const
export type SortOption = (typeof SORT_OPTIONS)[number]
/** Default query: filter Page type = /articles, sortBy = Relevance. */
export const DEFAULT_PAGE_TYPE = '/articles'
export const DEFAULT_SORT: SortOption = 'Relevance'

/** The default query's parameters: what bare /search shows. */
export const defaultSearchQuery = () => new URLSearchParams({ sortBy: DEFAULT_SORT, 'filters[Page type]': DEFAULT_PAGE_TYPE })

/** Spec 000 §5: "an empty search term is sent as *". */
export const MATCH_EVERYTHING = '*'

/**
 * Page-type labels by route (spec 000 §2). The spec names the route where it gives no
 * label; '/documents' is not in its list (our search covers documents too): ours.
 */
export const PAGE_TYPE_LABELS: Record<string, string> = {
	'/articles': 'Articles',
	'/authors': 'Authors',
	'/companies': 'Companies',
	'/contexts': 'Contexts',
	'/data': 'Data',
	'/desaldata': 'Desal data',
	'/documents': 'Documents',
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
/** "articles (or Live update)": an article hit of this type carries this label instead. */
export const LIVE_UPDATE_LABEL = 'Live update'

export const pageTypeLabel = (pageType: string) => PAGE_TYPE_LABELS[pageType] ?? pageType
export const hitLabel = (hit: Pick<SearchHit, 'pageTypeUrl' | 'articleType'>) =>
	hit.pageTypeUrl === '/articles' && hit.articleType === LIVE_UPDATE_LABEL ? LIVE_UPDATE_LABEL : pageTypeLabel(hit.pageTypeUrl)

export const SEARCH_MESSAGES = {
	dateOrder: DATE_ORDER_WARNING,
	/** Spec 002 §8: "Search load failure: the server message, else ..." */
	loadFailed: 'An error has occurred loading the search data',
	/** Our wording: a date the spec's rule does not accept is kept in the form but not applied. */
	invalidDate: (label: string, latestYear: number) => `${label} is not applied: use a date after 1 January 2000 and no later than ${latestYear}.`,
} as const

/** Spec 000 §9: "Debounces: 2000 ms for published date filters." */
export const DATE_FILTER_DEBOUNCE_MS = 2000
/** "a valid 10-character date" */
export const DATE_LENGTH = 10

export type DateFilter = {
	/** What the reader typed, kept in the form. */
	input: string
	/** The date applied to the search: '' when empty or not valid. */
	value: string
	invalid: boolean
}

export type SearchParams = {
	searchTerm: string
	sortBy: SortOption
	pageNum: number
	pageSize: number
	filters: Record<SearchFilter, string[]>
	publishedFrom: DateFilter
	publishedTo: DateFilter
	dateWarning: string | null
	dateHints: string[]
}

/** A published date applies only when it is a valid 10-character date in range. */
export function validDate(value: string | null, now = new Date()) {
	if (!value || value.length !== DATE_LENGTH || !isCalendarDate(value)) return ''
	if (value <= EARLIEST_DATE || Number(value.slice(0, 4)) > now.getUTCFullYear()) return ''
	return value
}

/** The URL parameters of the search page that repeat. */
export const SEARCH_FILTER_PARAMS = SEARCH_FILTERS.map((name) => `filters[${name}]` as const)

/**
 * The canonical URL of this search when the parameters the spec clamps (pageNum,
 * pageSize, sortBy) are not already canonical; null when they are. Defaults are left out
 * (pageNum 1, pageSize 10); sortBy is always present, as the header search sends it.
 * Everything else, dates included, stays as the reader typed it.
 */
export function canonicalSearchUrl(url: URL, search: SearchParams): string | null {
	const next = new URL(url)
	if (search.pageNum === DEFAULT_PAGE) next.searchParams.delete('pageNum')
	else next.searchParams.set('pageNum', String(search.pageNum))
	if (search.pageSize === DEFAULT_PAGE_SIZE) next.searchParams.delete('pageSize')
	else next.searchParams.set('pageSize', String(search.pageSize))
	next.searchParams.set('sortBy', search.sortBy)
	const keep = (name: string) => url.searchParams.getAll(name).join('\u0000') === next.searchParams.getAll(name).join('\u0000')
	return ['pageNum', 'pageSize', 'sortBy'].every(keep) ? null : `${next.pathname}${next.search}`
}

/** The query the content API takes: an empty term is sent as '*'. */
export function toApiQuery(search: SearchParams) {
	return {
		searchTerm: search.searchTerm || MATCH_EVERYTHING,
		sortBy: search.sortBy,
		pageNum: search.pageNum,
		pageSize: search.pageSize,
		includeAggregations: true,
		publishedFrom: search.publishedFrom.value || undefined,
		publishedTo: search.publishedTo.value || undefined,
		...Object.fromEntries(SEARCH_FILTERS.map((name) => [`filters[${name}]`, search.filters[name]])),
	}
}
