/** The search page's URL as a schema (search-params.ts has its values and rules, without zod). */
import { z } from 'zod'
import { sitePageSizeParam } from './paging.ts'
import { pageNumParam, parseUrlParams } from './query.ts'
import { SEARCH_FILTERS, SORT_OPTIONS, type SortOption, DEFAULT_SORT, SEARCH_MESSAGES, type DateFilter, type SearchParams, validDate, SEARCH_FILTER_PARAMS } from './search-params.ts'

/** A published-date field: what the reader typed is kept; it applies only when valid (validDate). */
const dateFilterParam = (now: Date) =>
	z
		.string()
		.optional()
		.transform((raw): DateFilter => {
			const input = (raw ?? '').trim()
			const value = validDate(input, now)
			return { input, value, invalid: input !== '' && value === '' }
		})

/** A facet filter's values: every one given, trimmed, once each. */
const filterValues = z
	.array(z.string())
	.optional()
	.transform((values) => [...new Set(values ?? [])])

/**
 * The search page's URL (spec 000 §2, §5) as a schema that never fails: every parameter
 * takes its default or is clamped, dates the rule refuses are kept for the form but not
 * applied. `now` decides the latest year a date may have. The site's list pages say `page`;
 * search keeps the spec's own `pageNum`, with the same paging rules.
 */
export const searchParamsSchema = (now: Date) =>
	z
		.object({
			searchTerm: z
				.string()
				.optional()
				.transform((term) => (term ?? '').trim()),
			sortBy: z
				.string()
				.optional()
				.transform((sort): SortOption => SORT_OPTIONS.find((option) => option === sort) ?? DEFAULT_SORT),
			pageNum: pageNumParam,
			pageSize: sitePageSizeParam,
			'filters[Page type]': filterValues,
			'filters[Article type]': filterValues,
			'filters[Countries]': filterValues,
			'filters[Has sponsor]': filterValues,
			publishedFrom: dateFilterParam(now),
			publishedTo: dateFilterParam(now),
		})
		.transform((query): SearchParams => {
			const { publishedFrom, publishedTo } = query
			const year = now.getUTCFullYear()
			return {
				searchTerm: query.searchTerm,
				sortBy: query.sortBy,
				pageNum: query.pageNum,
				pageSize: query.pageSize,
				filters: Object.fromEntries(SEARCH_FILTERS.map((name) => [name, query[`filters[${name}]`]])) as SearchParams['filters'],
				publishedFrom,
				publishedTo,
				dateWarning: publishedFrom.value && publishedTo.value && publishedFrom.value > publishedTo.value ? SEARCH_MESSAGES.dateOrder : null,
				dateHints: [
					...(publishedFrom.invalid ? [SEARCH_MESSAGES.invalidDate('Published from', year)] : []),
					...(publishedTo.invalid ? [SEARCH_MESSAGES.invalidDate('Published to', year)] : []),
				],
			}
		})

export function parseSearchParams(params: URLSearchParams, now = new Date()): SearchParams {
	return parseUrlParams(searchParamsSchema(now), params, SEARCH_FILTER_PARAMS)
}
