import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { IndexPage } from '~/components/tables/IndexPage.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import type { TableColumn } from '~/components/tables/TableView.tsx'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadIndex } from '~/lib/index-table.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { DEAL_STATUS_LABELS, indexTableFor, MERGER_COLUMNS, MERGER_FILTERS, MERGERS_DOWNLOAD_PATH, MERGERS_PATH, MERGERS_TABLE, type MergerHit } from '../../../contract/indexes.ts'
import { tableParams } from '../../../contract/tables.ts'

/** The mergers and acquisitions index (spec 001 §2, §4-§6): the table engine configured for deals. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({ title: 'Mergers and acquisitions', canonical: absoluteUrl(data.origin, MERGERS_PATH), noindex: tableParams(MERGERS_TABLE, data.query).size > 0 })
}

export function loader({ request, context }: LoaderFunctionArgs) {
	return loadIndex({
		request,
		context,
		path: MERGERS_PATH,
		downloadPath: MERGERS_DOWNLOAD_PATH,
		config: MERGERS_TABLE,
		kind: 'mergers',
		signedInNeeds: 'canUseMergersIndex',
		search: (api, query) => api.get('indexes.mergers', { query }),
	})
}

/** The status column appears only under Deal completed = All (spec 001 §4). */
const columns = ({ canViewFinancialData, allDeals }: { canViewFinancialData: boolean; allDeals: boolean }): TableColumn<MergerHit>[] => [
	{ key: 'year', label: MERGER_COLUMNS.year, sortable: true, cell: (hit) => hit.year },
	{ key: 'target', label: MERGER_COLUMNS.target, sortable: true, cell: (hit) => (hit.hasAccess ? <a href={`/mergers/${hit.slug}`}>{hit.targetName}</a> : hit.targetName) },
	{ key: 'acquiror', label: MERGER_COLUMNS.acquiror, sortable: true, cell: (hit) => hit.acquirorName },
	{ key: 'country', label: MERGER_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.targetCountry ?? '' },
	...(canViewFinancialData
		? [
				{
					key: 'price',
					label: MERGER_COLUMNS.price,
					sortable: true,
					className: 'numeric col-above-520',
					cell: (hit: MergerHit) => (hit.priceDollars === null ? '' : hit.priceDollars.toLocaleString('en-GB')),
				},
		  ]
		: []),
	...(allDeals
		? [{ key: 'status', label: MERGER_COLUMNS.status, sortable: false, cell: (hit: MergerHit) => (hit.dealCompleted ? DEAL_STATUS_LABELS.complete : DEAL_STATUS_LABELS.pending) }]
		: []),
]

export default function Mergers() {
	const { query, result, isAuthenticated, canViewFinancialData, downloadHref, downloadError, dates, savedSearches, savedSearchMessage, savedSearchName } =
		useLoaderData<typeof loader>()
	return (
		<IndexPage
			title="Mergers and acquisitions"
			path={MERGERS_PATH}
			config={indexTableFor(MERGERS_TABLE, canViewFinancialData)}
			query={query}
			result={result}
			columns={columns({ canViewFinancialData, allDeals: query.choices[MERGER_FILTERS.dealCompleted] === 'All' })}
			isAuthenticated={isAuthenticated}
			downloadHref={downloadHref}
			downloadFile="mergers.xlsx"
			downloadError={downloadError}
			saved={{ kind: 'mergers', searches: savedSearches, message: savedSearchMessage, typedName: savedSearchName }}
			dates={dates}
			about={<p>Deals are recorded by our analysts when announced and marked complete when they close; prices are in US$ millions at the time of the deal.</p>}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
