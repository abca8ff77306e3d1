/** The search page's server side: the default query at /search, canonical addresses, and the API's answer or the spec's message when it fails. */
import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { pageCacheHeaders } from '~/lib/http.server.ts'
import { log } from '~/lib/log.ts'
import { clampPage } from '../../../contract/paging.ts'
import { ALL_VALUES_PARAM, canonicalSearchUrl, defaultSearchQuery, lastValidDate, SEARCH_FILTERS, SEARCH_MESSAGES, toApiQuery } from '../../../contract/search-params.ts'
import { parseSearchParams } from '../../../contract/search-params-schema.ts'
import type { SearchResult } from '../../../contract/search.ts'
import { ALERT_MESSAGE_PARAM } from '../../../contract/alert-rules.ts'
import { EDIT_PARAM, SHOW_ALL_PARAM } from '~/components/tables/SavedSearches.tsx'
import { loadSavedSearches, savedSearchPanel } from '~/lib/index-table.server.ts'
import type { SavedSearchList } from '../../../contract/saved-searches.ts'
import { SAVED_SEARCH_PARAMS } from '../saved-searches.tsx'

const EMPTY_RESULT: SearchResult = { searchHits: [], totalHits: 0, totalPages: 0, aggregations: [] }

export async function loadSearch({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	// Spec 000 §2 default query: articles, by relevance. Bare /search is that query, served at
	// its own address: the search page crawlers may index (robots.txt keeps them off /search?…,
	// the endless result pages, which are also noindex).
	// The saved-search panel's own parameters (open, its messages) are not the query.
	const queryParams = new URLSearchParams([...url.searchParams].filter(([name]) => !PANEL_PARAMS.includes(name)))
	const isSearchPage = queryParams.size === 0
	// An address with nothing but paging in it (a hand-edited /search?pageNum=abc) is a page of
	// the default query: it keeps the default Page type filter instead of searching everything.
	if (!isSearchPage && [...queryParams.keys()].every((name) => PAGING_PARAMS.includes(name))) throw redirect(defaultQueryPage(url, new Date()))
	const query = isSearchPage ? defaultSearchQuery() : queryParams
	const now = new Date()
	const search = parseSearchParams(query, now)
	const canonical = isSearchPage ? null : canonicalSearchUrl(url, search)
	if (canonical) throw redirect(canonical)
	const origin = publicOrigin()
	const saved = savedSearchPanel<SavedSearchList | null>(url, null)
	const page = { origin, search, latestDate: lastValidDate(now), indexable: url.search === '', allValues: SEARCH_FILTERS.filter((filter) => url.searchParams.getAll(ALL_VALUES_PARAM).includes(filter)) }
	const api = createApiClient({ request, context })
	try {
		// A member saves the query and turns it into an alert from the page's saved-search panel.
		const [response, savedSearches] = await Promise.all([api.get('search', { query: toApiQuery(search) }), loadSavedSearches(api, 'search')])
		const result = response.item ?? EMPTY_RESULT
		const pageNum = clampPage(search.pageNum, result.totalPages)
		if (pageNum !== search.pageNum) throw redirect(canonicalSearchUrl(url, { ...search, pageNum }) ?? url.pathname + url.search)
		return data({ ...page, ...saved, savedSearches, result, warnings: response.warnings ?? [], error: null }, { headers: pageCacheHeaders(request) })
	} catch (error) {
		if (error instanceof Response) throw error
		// Spec 002 §8: the server's message for a bad query, else the default; the form stays.
		if (error instanceof ApiError && error.status === 400) {
			return data({ ...page, ...saved, result: EMPTY_RESULT, warnings: [], error: error.errors[0] ?? error.message }, { status: 400, headers: pageCacheHeaders(request) })
		}
		if (error instanceof ApiError && (error.status === 401 || error.status === 403)) routeError(error, request)
		if (request.signal.aborted) throw error
		log.error({ err: error }, '[search] content API failed')
		return data({ ...page, ...saved, result: EMPTY_RESULT, warnings: [], error: SEARCH_MESSAGES.loadFailed }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
	}
}

/** The saved-search panel's parameters (app/components/tables/SavedSearches.tsx, app/routes/saved-searches.tsx, app/routes/alerts.tsx). */
const PANEL_PARAMS: readonly string[] = [SHOW_ALL_PARAM, EDIT_PARAM, SAVED_SEARCH_PARAMS.message, SAVED_SEARCH_PARAMS.name, ALERT_MESSAGE_PARAM]

/** Paging, the only parameters that may come without a query. */
const PAGING_PARAMS = ['pageNum', 'pageSize']

/** The default query at the page an address of paging alone asks for (bare /search for its first page). */
function defaultQueryPage(url: URL, now: Date) {
	const query = defaultSearchQuery()
	for (const name of PAGING_PARAMS) for (const value of url.searchParams.getAll(name)) query.append(name, value)
	const next = new URL(`${url.pathname}?${query}`, url)
	const canonical = canonicalSearchUrl(next, parseSearchParams(query, now)) ?? `${next.pathname}${next.search}`
	return canonical === `${url.pathname}?${defaultSearchQuery()}` ? url.pathname : canonical
}
