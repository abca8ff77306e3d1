import type { Query } from '~/lib/api.server.ts'

/**
 * The query of a page, for the call that loads its cards: the API resolves cards with the
 * page's date filters, card pages and partner filter (GET /pages/slug/{slug}?...).
 */
export function cardQuery(params: URLSearchParams): Query {
	const query: Record<string, string[]> = {}
	for (const [name, value] of params) (query[name] ??= []).push(value)
	return query
}
