/** The mergers and acquisitions index (spec 001 §2, §4-§6): the index page (app/components/tables/indexes.tsx) configured here for deals. */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { indexLinks, indexMeta, IndexRoute, MillionsCell, type IndexDefinition } from '~/components/tables/indexes.tsx'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { DEAL_STATUS_LABELS, MERGER_COLUMNS, MERGER_FILTERS, MERGERS_DOWNLOAD_PATH, MERGERS_PATH, MERGERS_TABLE, type MergerHit } from '../../../contract/mergers-index.ts'
import { loadMergersIndex } from './data.server.ts'

const MERGERS_INDEX: IndexDefinition<MergerHit> = {
	title: 'Mergers and acquisitions',
	path: MERGERS_PATH,
	downloadPath: MERGERS_DOWNLOAD_PATH,
	downloadFile: 'mergers.xlsx',
	table: MERGERS_TABLE,
	kind: 'mergers',
	columns: ({ canViewFinancialData, query }) => [
		{ key: 'year', label: MERGER_COLUMNS.year, sortable: true, cell: (hit) => hit.year },
		{ key: 'target', label: MERGER_COLUMNS.target, sortable: true, cell: (hit) => (hit.hasAccess ? <a href={`/mergers/${hit.slug}`}>{hit.targetName}</a> : hit.targetName) },
		{ key: 'acquiror', label: MERGER_COLUMNS.acquiror, sortable: true, cell: (hit) => hit.acquirorName },
		{ key: 'country', label: MERGER_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.targetCountry ?? '' },
		...(canViewFinancialData ? [{ key: 'price', label: MERGER_COLUMNS.price, sortable: true, className: 'numeric col-above-520', cell: (hit: MergerHit) => <MillionsCell value={hit.priceDollars} isEstimate={hit.priceIsEstimate} /> }] : []),
		// The status column appears only under Deal completed = All (spec 001 §4).
		...(query.choices[MERGER_FILTERS.dealCompleted] === 'All'
			? [{ key: 'status', label: MERGER_COLUMNS.status, sortable: false, cell: (hit: MergerHit) => (hit.dealCompleted ? DEAL_STATUS_LABELS.complete : DEAL_STATUS_LABELS.pending) }]
			: []),
	],
	about: <p>Deals are recorded by our analysts when announced and marked complete when they close; prices are in US$ millions at the time of the deal; est. marks GWI&rsquo;s estimates, which a price range includes when Include estimates is ticked.</p>,
}

export const links = indexLinks
export const headers = reuseLoaderHeaders
export const meta = indexMeta(MERGERS_INDEX)
export const loader = (args: LoaderFunctionArgs) => loadMergersIndex(args, MERGERS_INDEX)

export default function Mergers() {
	return <IndexRoute index={MERGERS_INDEX} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
