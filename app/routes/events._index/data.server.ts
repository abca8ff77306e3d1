/** The events page's server side: featured events and one page of all events, filtered by type and by dates that pass the rules. */
import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient } from '~/lib/api.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { pageCacheHeaders } from '~/lib/http.server.ts'
import { loadSavedSearches, redirectLegacySortOrder, savedSearchPanel } from '~/lib/index-table.server.ts'
import { EVENT_FILTERS, eventDates, EVENTS_TABLE, todayOf } from '../../../contract/events.ts'
import { urlParams } from '../../../contract/query.ts'
import { filterParam, parseTableParams, repeatedParams, tableParams } from '../../../contract/tables.ts'

export async function loadEvents({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	redirectLegacySortOrder(url)
	const today = todayOf(new Date())
	const query = parseTableParams(EVENTS_TABLE, url.searchParams)
	const dates = eventDates(url.searchParams, today)
	const api = createApiClient({ request, context })
	try {
		const params = tableParams(EVENTS_TABLE, query)
		// Only dates that pass the rules are sent: "an invalid typed date removes the filter".
		if (dates.start.value) params.set(filterParam(EVENT_FILTERS.startDate), dates.start.value)
		if (dates.end.value) params.set(filterParam(EVENT_FILTERS.endDate), dates.end.value)
		// A member saves the filters and turns them into an alert from the page's saved-search panel.
		const [response, savedSearches] = await Promise.all([api.get('events.search', { query: urlParams(params, repeatedParams(EVENTS_TABLE)) }), loadSavedSearches(api, 'events')])
		return data({ origin: publicOrigin(), query, dates, today, result: response.item!, ...savedSearchPanel(url, savedSearches) }, { headers: pageCacheHeaders(request) })
	} catch (error) {
		routeError(error, request)
	}
}
