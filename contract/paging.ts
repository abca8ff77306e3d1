import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, SMALL_PAGE_SIZE_MAX } from './constants.ts'
import { queryInteger } from './query.ts'

export type Paging = { page: number; pageSize: number }

/** The API's integer rule (contract/query.ts): the site reads its URL numbers the same way. */
const integer = (value: string | null) => {
	const parsed = queryInteger.safeParse(value)
	return parsed.success ? parsed.data : null
}

/**
 * Spec 000 §5: "Query numbers must be integers, else the default is used. ... a non-numeric
 * or below-1 page falls back to the default. Page size 1 to 9 is kept, otherwise 10" —
 * besides the page-size options offered (10, 20, 50, 100).
 */
export function parsePaging(params: URLSearchParams): Paging {
	const page = integer(params.get('page'))
	const pageSize = integer(params.get('pageSize'))
	return {
		page: page !== null && page >= 1 ? page : DEFAULT_PAGE,
		pageSize:
			pageSize !== null && ((pageSize >= 1 && pageSize <= SMALL_PAGE_SIZE_MAX) || (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize))
				? pageSize
				: DEFAULT_PAGE_SIZE,
	}
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
