import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, SMALL_PAGE_SIZE_MAX } from './constants.ts'
import { pageNumParam, parseUrlParams, queryInteger } from './query.ts'
import { type Paging } from './paging-rules.ts'

// What the browser needs without zod lives apart (paging-rules.ts).
export * from './paging-rules.ts'

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
