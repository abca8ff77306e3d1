/** Paging rules the site and the API share, without zod (paging.ts has the schemas). */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './constants.ts'

export type Paging = { page: number; pageSize: number }

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
