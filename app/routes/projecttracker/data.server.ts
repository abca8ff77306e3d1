/** The Project Tracker's server side: a member's remembered filters, canonical addresses, the API's page of projects and the table page's extras. */
import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { tableHref } from '~/components/tables/TableView.tsx'
import { createApiClient } from '~/lib/api.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { pageCacheHeaders } from '~/lib/http.server.ts'
import { loadSavedSearches, redirectLegacySortOrder, tablePageState } from '~/lib/index-table.server.ts'
import { getReader } from '~/lib/reader.server.ts'
import { getUserSummary } from '~/lib/user.server.ts'
import { urlParams } from '../../../contract/query.ts'
import { namesResetRanges, parseTableParams, repeatedParams, tableParams } from '../../../contract/tables.ts'
import { TRACKER_DOWNLOAD_PATH, TRACKER_PATH, TRACKER_TABLE } from '../../../contract/tracker.ts'
import { firstLoadRedirect, rememberFilters } from './remembered-filters.server.ts'

export async function loadTracker({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	redirectLegacySortOrder(url)
	const now = new Date()
	const query = parseTableParams(TRACKER_TABLE, url.searchParams, now)
	const api = createApiClient({ request, context })
	try {
		// A member's first plain /projecttracker of this browser session: on to their saved filters (spec 002 §2).
		if (url.search === '') {
			const first = await firstLoadRedirect({ request, context, api, user: await getUserSummary(request, context) })
			if (first) throw redirect(first.location, { headers: { 'Set-Cookie': first.cookie } })
		}
		// Choosing a range type reset the other ranges (spec 002 §4): the address says so.
		if (namesResetRanges(TRACKER_TABLE, query, url.searchParams)) throw redirect(tableHref(TRACKER_PATH, TRACKER_TABLE, query))
		const apiParams = urlParams(tableParams(TRACKER_TABLE, query), repeatedParams(TRACKER_TABLE))
		const [reader, response, savedSearches] = await Promise.all([
			getReader({ request, context, api }),
			api.get('tracker.search', { query: apiParams }),
			loadSavedSearches(api, 'projects'),
		])
		const result = response.item!
		// A page beyond the last is the last (spec 002 §5): say so in the URL.
		if (result.hasAccess && result.pageNum !== query.pageNum)
			throw redirect(
				tableHref(TRACKER_PATH, TRACKER_TABLE, {
					...query,
					pageNum: result.pageNum,
				}),
			)
		if (result.hasAccess) await rememberFilters({ request, context, api, user: reader.user, query })
		return data(
			{
				origin: publicOrigin(),
				query,
				result,
				warnings: response.warnings,
				isAuthenticated: reader.capabilities.isAuthenticated,
				canDownload: reader.capabilities.canDownloadProjects,
				...tablePageState({ url, config: TRACKER_TABLE, query, hasAccess: result.hasAccess, savedSearches, downloadPath: TRACKER_DOWNLOAD_PATH, now }),
			},
			{ headers: pageCacheHeaders(request) },
		)
	} catch (error) {
		if (error instanceof Response) throw error
		routeError(error, request)
	}
}
