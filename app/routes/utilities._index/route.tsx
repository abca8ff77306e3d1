import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { IndexPage } from '~/components/tables/IndexPage.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import type { TableColumn } from '~/components/tables/TableView.tsx'
import { formatCount, formatShortDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadIndex } from '~/lib/index-table.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { UTILITIES_DOWNLOAD_PATH, UTILITIES_PATH, UTILITIES_TABLE, UTILITY_COLUMNS, UTILITY_FILTER_LABELS, type UtilityHit, indexTableFor } from '../../../contract/indexes.ts'
import { tableParams } from '../../../contract/tables.ts'

/** The utilities index (spec 001 §2, §4-§6): the table engine configured for utilities. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({ title: 'Utilities', canonical: absoluteUrl(data.origin, UTILITIES_PATH), noindex: tableParams(UTILITIES_TABLE, data.query).size > 0 })
}

export function loader({ request, context }: LoaderFunctionArgs) {
	return loadIndex({
		request,
		context,
		path: UTILITIES_PATH,
		downloadPath: UTILITIES_DOWNLOAD_PATH,
		config: UTILITIES_TABLE,
		kind: 'utilities',
		search: (api, query) => api.get('indexes.utilities', { query }),
	})
}

const COLUMNS: TableColumn<UtilityHit>[] = [
	{ key: 'name', label: UTILITY_COLUMNS.name, sortable: true, cell: (hit) => (hit.hasAccess ? <Link to={`/utilities/${hit.slug}`}>{hit.name}</Link> : hit.name) },
	{ key: 'country', label: UTILITY_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.country ?? '' },
	{ key: 'state', label: UTILITY_COLUMNS.state, sortable: true, className: 'col-above-1280', cell: (hit) => hit.state ?? '' },
	{ key: 'services', label: UTILITY_COLUMNS.services, sortable: true, className: 'col-above-1280', cell: (hit) => hit.services.join(', ') },
	{
		key: 'waterPopulation',
		label: UTILITY_COLUMNS.waterPopulation,
		sortable: true,
		className: 'numeric col-above-520',
		cell: (hit) => (hit.waterPopulation === null ? '' : formatCount(hit.waterPopulation)),
	},
	{ key: 'updated', label: UTILITY_COLUMNS.updated, sortable: true, className: 'col-above-1024', cell: (hit) => formatShortDate(hit.lastModifiedDate) },
]

export default function Utilities() {
	const { query, result, isAuthenticated, canViewFinancialData, downloadHref, downloadError, dates, savedSearches, savedSearchMessage, savedSearchName } =
		useLoaderData<typeof loader>()
	return (
		<IndexPage
			title="Utilities"
			path={UTILITIES_PATH}
			config={indexTableFor(UTILITIES_TABLE, canViewFinancialData)}
			query={query}
			result={result}
			columns={COLUMNS}
			isAuthenticated={isAuthenticated}
			downloadHref={downloadHref}
			downloadFile="utilities.xlsx"
			downloadError={downloadError}
			saved={{ kind: 'utilities', searches: savedSearches, message: savedSearchMessage, typedName: savedSearchName }}
			dates={dates}
			facetLabels={UTILITY_FILTER_LABELS}
			about={
				<p>
					Utilities are revised by our analysts as their data is published; populations are people served, non-revenue water the share of water put into the network that is not
					billed.
				</p>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
