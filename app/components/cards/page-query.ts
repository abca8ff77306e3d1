import { isCardParam } from '../../../contract/card-rules.ts'

/**
 * The query of a page, for the call that loads its cards: the API resolves cards with the
 * page's date filters, card pages and partner filter (GET /pages/slug/{slug}?...,
 * GET /{entity}/slug/{slug}?...). The page's own parameters (its article pager, slice
 * state) are not the cards' and stay out.
 */
export function cardQuery(params: URLSearchParams): Record<string, string[]> {
	const query: Record<string, string[]> = {}
	for (const [name, value] of params) if (isCardParam(name)) (query[name] ??= []).push(value)
	return query
}
