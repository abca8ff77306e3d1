/**
 * /opportunityexchange (spec 000 §2): the opportunity exchange, the table engine configured
 * for opportunities (categories Build, Operate, Finance, Industrial, DFI; regions and
 * countries; value range; open ones unless closed ones are asked for). Open to every reader;
 * members post through /opportunities/add.
 */
import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { SavedSearches } from '~/components/tables/SavedSearches.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { tableHref, TableView, type TableColumn } from '~/components/tables/TableView.tsx'
import { createApiClient } from '~/lib/api.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { formatShortDate } from '~/lib/format.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadSavedSearches, redirectLegacySortOrder, savedSearchPanel } from '~/lib/index-table.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { FIRST_VALID_DATE, lastValidDate, urlParams } from '../../contract/query.ts'
import { parseTableParams, repeatedParams, tableParams } from '../../contract/tables.ts'
import {
	OPPORTUNITIES_TABLE,
	OPPORTUNITY_ADD_PATH,
	OPPORTUNITY_COLUMNS,
	OPPORTUNITY_EXCHANGE_PATH,
	OPPORTUNITY_MESSAGES,
	opportunityPath,
} from '../../contract/opportunities-exchange.ts'
import type { OpportunityHit } from '../../contract/opportunities.ts'
import { formatNumber } from '../../contract/format.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]
export const headers = reuseLoaderHeaders

/** Spec 002 §9's tracker debounces, for the same kind of filters. */
const DEBOUNCE = { date: 1000, range: 500 }

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	redirectLegacySortOrder(url)
	const now = new Date()
	const query = parseTableParams(OPPORTUNITIES_TABLE, url.searchParams, now)
	const api = createApiClient({ request, context })
	try {
		// A member saves the filters and turns them into an alert from the page's saved-search panel.
		const [response, savedSearches] = await Promise.all([
			api.get('opportunities.search', { query: urlParams(tableParams(OPPORTUNITIES_TABLE, query), repeatedParams(OPPORTUNITIES_TABLE)) }),
			loadSavedSearches(api, 'opportunities'),
		])
		const result = response.item!
		// A page beyond the last is the last: say so in the address.
		if (result.pageNum !== query.pageNum) throw redirect(tableHref(OPPORTUNITY_EXCHANGE_PATH, OPPORTUNITIES_TABLE, { ...query, pageNum: result.pageNum }))
		return data(
			{ origin: publicOrigin(), query, result, dates: { first: FIRST_VALID_DATE, latest: lastValidDate(now) }, ...savedSearchPanel(url, savedSearches) },
			{ headers: pageCacheHeaders(request) },
		)
	} catch (error) {
		if (error instanceof Response) throw error
		routeError(error, request)
	}
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({
		title: 'Opportunity exchange',
		description: 'Contracts, operating concessions, financing and partnerships sought in water projects worldwide.',
		canonical: absoluteUrl(data.origin, OPPORTUNITY_EXCHANGE_PATH),
		noindex: tableParams(OPPORTUNITIES_TABLE, data.query).size > 0,
	})
}

const COLUMNS: TableColumn<OpportunityHit>[] = [
	{ key: 'name', label: OPPORTUNITY_COLUMNS.name, sortable: true, cell: (hit) => <Link to={opportunityPath(hit.slug)}>{hit.name}</Link> },
	{ key: 'category', label: OPPORTUNITY_COLUMNS.category, sortable: true, cell: (hit) => hit.category },
	{ key: 'country', label: OPPORTUNITY_COLUMNS.country, sortable: true, cell: (hit) => hit.country ?? '' },
	{ key: 'value', label: OPPORTUNITY_COLUMNS.value, sortable: true, className: 'numeric', cell: (hit) => (hit.valueUsdM === null ? '' : formatNumber(hit.valueUsdM)) },
	{ key: 'closing', label: OPPORTUNITY_COLUMNS.closing, sortable: true, cell: (hit) => (hit.closingDate ? formatShortDate(hit.closingDate) : 'Open') },
	{ key: 'published', label: OPPORTUNITY_COLUMNS.published, sortable: true, cell: (hit) => formatShortDate(hit.publishedDate) },
]

export default function OpportunityExchange() {
	const { query, result, dates, savedSearches, savedSearchMessage, savedSearchName } = useLoaderData<typeof loader>()
	return (
		<div className="tracker-page">
			<h1>Opportunity exchange</h1>
			<TableView
				path={OPPORTUNITY_EXCHANGE_PATH}
				config={OPPORTUNITIES_TABLE}
				query={query}
				result={result}
				columns={COLUMNS}
				rowKey={(hit) => hit.slug}
				cards
				debounce={DEBOUNCE}
				dates={dates}
				toolbar={
					<p className="table-download">
						<Link to={OPPORTUNITY_ADD_PATH} className="button">
							Post an opportunity
						</Link>
					</p>
				}
				panel={<SavedSearches kind="opportunities" searches={savedSearches} message={savedSearchMessage} typedName={savedSearchName} />}
				noResults={OPPORTUNITY_MESSAGES.noResults}
				warnings={[]}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
