/**
 * GET /search (spec 000 §2, §3, §5): the query the API parses and the answer it gives. The
 * search page's own URL, labels and date rules are in search-params.ts.
 */
import { z } from 'zod'
import { booleanParam, dateParam, pageNumParam, pageSizeParam, searchTermParam } from './query.ts'
import { DEFAULT_SORT, SORT_OPTIONS, type SearchFilter } from './search-params.ts'

export const SearchHitSchema = z.object({
	name: z.string(),
	description: z.string().nullable(),
	fullUrl: z.string(),
	pageTypeUrl: z.string(),
	blogType: z.string().nullable(),
	blogUrl: z.string().nullable(),
	publicationDate: z.string().nullable(),
	hasAccess: z.boolean(),
	projectIsArchived: z.boolean(),
	/** An article hit's type name (a Live update is labelled so); null for other page types. */
	articleType: z.string().nullish(),
})
export type SearchHit = z.infer<typeof SearchHitSchema>

export const AggregationSchema = z.object({ name: z.string(), items: z.record(z.string(), z.number()) })
export type Aggregation = z.infer<typeof AggregationSchema>

export const SearchResultSchema = z.object({
	searchHits: z.array(SearchHitSchema),
	totalHits: z.number(),
	totalPages: z.number(),
	aggregations: z.array(AggregationSchema),
})
export type SearchResult = z.infer<typeof SearchResultSchema>

/**
 * GET /search's query as the API parses it. The facet filters repeat (`filters[Page type]=a&
 * filters[Page type]=b`), so the API reads them apart; they are named here for callers.
 */
export const SearchQuerySchema = z.object({
	searchTerm: searchTermParam,
	sortBy: z
		.string()
		.optional()
		.transform((value) => value || DEFAULT_SORT)
		.pipe(z.enum(SORT_OPTIONS, { error: `sortBy must be one of: ${SORT_OPTIONS.join(', ')}` })),
	pageNum: pageNumParam,
	pageSize: pageSizeParam,
	includeAggregations: booleanParam('includeAggregations').transform((value) => value ?? true),
	publishedFrom: dateParam('publishedFrom'),
	publishedTo: dateParam('publishedTo'),
})
const repeatedFilter = z.array(z.string()).optional()
/** The query a caller sends: SearchQuerySchema's and the repeatable facet filters. */
export const SearchApiQuerySchema = SearchQuerySchema.extend({
	'filters[Page type]': repeatedFilter,
	'filters[Article type]': repeatedFilter,
	'filters[Countries]': repeatedFilter,
	'filters[Has sponsor]': repeatedFilter,
} satisfies Record<`filters[${SearchFilter}]`, z.ZodType>)
