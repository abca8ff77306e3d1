/**
 * The table pages' server side (spec 001 §2, §4-§6, spec 002 §2): the reader's saved searches,
 * what every table page shows around its rows, and the indexes' one loader.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { indexTableFor, type DownloadableEntity } from '../../contract/indexes.ts'
import { FIRST_VALID_DATE, lastValidDate, parseUrlParams, urlParams } from '../../contract/query.ts'
import { legacySortOrderRedirect, parseTableParams, repeatedParams, TableNoticeParamsSchema, tableParams, type TableConfig, type TableQuery } from '../../contract/tables.ts'
import type { IndexDefinition, IndexLoaderData } from '~/components/tables/indexes.tsx'
import { tableHref, type TableResult } from '~/components/tables/TableView.tsx'
import type { Capabilities } from './capabilities.ts'
import { ApiError, createApiClient, type ApiClient } from './api.server.ts'
import { SAVED_SEARCHES_SIGNED_OUT, type SavedSearchKind, type SavedSearchList } from '../../contract/saved-searches.ts'
import { publicOrigin } from './env.server.ts'
import { routeError } from './errors.server.ts'
import { pageCacheHeaders } from './http.server.ts'
import { accessGate, gateReaderOf, NO_ACCESS_SLUG } from './no-access.ts'
import { noAccessMessage } from './no-access.server.ts'
import { getReader } from './reader.server.ts'

/**
 * Spec 000 §3, 001 §7: addresses carry `sortOrder=Ascending|Descending`. An address with the
 * old `asc|desc` (a bookmark, a saved search) is answered with one permanent redirect to the
 * same address with the spec's value.
 */
export function redirectLegacySortOrder(url: URL) {
	const canonical = legacySortOrderRedirect(url.searchParams)
	if (canonical) throw redirect(`${url.pathname}?${canonical}`, 301)
}

/**
 * A signed-in person's saved searches of one table, each with its alert where the kind can be
 * one (the panel's alert controls); signed out for anyone without them (visitors, network-address sign-ins).
 */
export async function loadSavedSearches(api: ApiClient, kind: SavedSearchKind): Promise<SavedSearchList> {
	try {
		// Each comes with its alert (null on the kinds that cannot be alerts).
		return (await api.get('savedSearches.list', { query: { kind } })).items ?? []
	} catch (error) {
		if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return SAVED_SEARCHES_SIGNED_OUT
		throw error
	}
}

/**
 * The saved-search panel of a page that is not a table page (site search, events, the
 * opportunity exchange): the reader's list and the panel's messages its address carries.
 */
export function savedSearchPanel<List extends SavedSearchList | null>(url: URL, savedSearches: List) {
	const { alertMessage, savedSearchMessage, savedSearchName } = parseUrlParams(TableNoticeParamsSchema, url.searchParams)
	return { savedSearches, savedSearchMessage: savedSearchMessage ?? alertMessage, savedSearchName }
}

/**
 * What every table page (the tracker and the indexes) shows around its rows: the download
 * link with the page's query, the notices its address carries, the reader's saved searches
 * (only beside a table they may use) and the date inputs' bounds.
 */
export function tablePageState({
	url,
	config,
	query,
	hasAccess,
	savedSearches,
	downloadPath,
	now,
}: {
	url: URL
	config: TableConfig
	query: TableQuery
	hasAccess: boolean
	savedSearches: SavedSearchList
	downloadPath: string
	now: Date
}) {
	const downloadSearch = tableParams(config, { ...query, pageNum: 1 }).toString()
	const { alertMessage, ...notices } = parseUrlParams(TableNoticeParamsSchema, url.searchParams)
	return {
		downloadHref: `${downloadPath}${downloadSearch ? `?${downloadSearch}` : ''}`,
		...notices,
		// The panel's alert controls come back with their refusal in a parameter of their own.
		savedSearchMessage: notices.savedSearchMessage ?? alertMessage,
		savedSearches: hasAccess ? savedSearches : null,
		dates: { first: FIRST_VALID_DATE, latest: lastValidDate(now) },
	}
}

/** What an index's loader adds to its definition: the API call, and who may use the index. */
export type IndexSource<H> = {
	search: (api: ApiClient, query: Record<string, string | string[]>) => Promise<{ item?: TableResult<H> & { pageNum: number } }>
	/** Spec 001 §2 "else redirect to /": what a signed-in reader must hold (docs/decisions/0018-index-access.md). */
	signedInNeeds?: IndexNeeds
}

type IndexNeeds = keyof Pick<Capabilities, 'canUseCompaniesIndex' | 'canUseMergersIndex'>

/** What a signed-in reader needs to open an index page (visitors see its sample); the others are sent home (docs/decisions/0018-index-access.md). */
export const INDEX_PAGE_NEEDS: Partial<Record<DownloadableEntity, IndexNeeds>> = { companies: 'canUseCompaniesIndex', mergers: 'canUseMergersIndex' }

/** Whether this reader is shown the index page of `entity` (its sample, without access), rather than sent home. */
export function opensIndexPage(capabilities: Capabilities, entity: DownloadableEntity): boolean {
	const needs = INDEX_PAGE_NEEDS[entity]
	return !needs || !capabilities.isAuthenticated || capabilities[needs]
}

/**
 * An index page's loader (`IndexDefinition`, app/components/tables/indexes.tsx; its route's
 * data.server.ts gives the `IndexSource`): the reader and the API's answer at once, the
 * spec 001 §2 redirect home for signed-in readers without the index, the range filters
 * hidden from readers who may not view company financial data, a page beyond the last
 * canonicalised.
 */
export async function loadIndexRoute<H>({ request, context }: { request: Request; context: AppLoadContext }, index: IndexDefinition<H>, { search, signedInNeeds }: IndexSource<H>) {
	const { path, downloadPath, table: config, kind } = index
	const url = new URL(request.url)
	redirectLegacySortOrder(url)
	const now = new Date()
	const api = createApiClient({ request, context })
	try {
		// The API applies the ranges only for readers who may view financial data: both calls run at once.
		const parsed = parseTableParams(config, url.searchParams, now)
		const [reader, response, savedSearches] = await Promise.all([
			getReader({ request, context, api }),
			search(api, urlParams(tableParams(config, parsed), repeatedParams(config))),
			loadSavedSearches(api, kind),
		])
		if (signedInNeeds && reader.capabilities.isAuthenticated && !reader.capabilities[signedInNeeds]) throw redirect('/')
		const canViewFinancialData = reader.capabilities.canSeeCompanyFinancials
		const shown = indexTableFor(config, canViewFinancialData)
		// Without financial data the ranges and the financial sorts are not the reader's: read as the API read them.
		const query: TableQuery = canViewFinancialData ? parsed : parseTableParams(shown, url.searchParams, now)
		const result = response.item!
		if (result.hasAccess && result.pageNum !== query.pageNum) throw redirect(tableHref(path, shown, { ...query, pageNum: result.pageNum }))
		// Over the sample rows, spec 001 §1's panel: the Strategist message (by slug, as the CMS words it) and the reader's gate.
		const noAccess = result.hasAccess
			? null
			: { message: await noAccessMessage(api, NO_ACCESS_SLUG.strategist), gate: accessGate(gateReaderOf(reader.user), { title: index.title, url: url.pathname + url.search }, now) }
		return data(
			{
				origin: publicOrigin(),
				query,
				result,
				isAuthenticated: reader.capabilities.isAuthenticated,
				canViewFinancialData,
				noAccess,
				...tablePageState({ url, config: shown, query, hasAccess: result.hasAccess, savedSearches, downloadPath, now }),
			} satisfies IndexLoaderData<H>,
			{ headers: pageCacheHeaders(request) },
		)
	} catch (error) {
		if (error instanceof Response) throw error
		routeError(error, request)
	}
}
