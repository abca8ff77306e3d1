import { z } from 'zod'
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, SMALL_PAGE_SIZE_MAX } from './constants.ts'
import { pageNumParam, parseUrlParams, queryInteger } from './query.ts'

export type Paging = { page: number; pageSize: number }

/** A page size in a reader's URL: one the spec allows, else the default. */
export const sitePageSizeParam = queryInteger
	.optional()
	.catch(undefined)
	.transform((pageSize) =>
		pageSize !== undefined && ((pageSize >= 1 && pageSize <= SMALL_PAGE_SIZE_MAX) || (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize))
			? pageSize
			: DEFAULT_PAGE_SIZE,
	)

/**
 * Spec 000 §5: "Query numbers must be integers, else the default is used. ... a non-numeric
 * or below-1 page falls back to the default. Page size 1 to 9 is kept, otherwise 10" —
 * besides the page-size options offered (10, 20, 50, 100). The numbers are read by the API's
 * integer rule and the page by its page rule (contract/query.ts); the page SIZE differs on
 * purpose: a reader's URL holds only the sizes the spec allows, while the API serves any
 * size up to MAX_PAGE_SIZE to callers such as cards and feeds.
 */
export const SitePagingSchema = z.object({ page: pageNumParam, pageSize: sitePageSizeParam })

export function parsePaging(params: URLSearchParams): Paging {
	return parseUrlParams(SitePagingSchema, params)
}

/** "A page beyond the last is clamped to the last." */
export const clampPage = (page: number, totalPages: number) => Math.max(1, Math.min(page, Math.max(totalPages, 1)))

/**
 * The canonical URL for these paging values: defaults are left out, so /articles?page=1
 * and /articles?page=abc both canonicalise to /articles.
 */
export function pagingUrl(url: URL, { page, pageSize }: Paging) {
	const next = new URL(url)
	next.searchParams.delete('page')
	next.searchParams.delete('pageSize')
	if (pageSize !== DEFAULT_PAGE_SIZE) next.searchParams.set('pageSize', String(pageSize))
	if (page !== DEFAULT_PAGE) next.searchParams.set('page', String(page))
	next.searchParams.sort()
	return `${next.pathname}${next.search}`
}
