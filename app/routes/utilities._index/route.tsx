/** The utilities index (spec 001 §2, §4-§6): the index page (app/components/tables/indexes.tsx) configured here for utilities. */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { indexLinks, indexMeta, IndexRoute, type IndexDefinition } from '~/components/tables/indexes.tsx'
import { formatCount, formatShortDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { UTILITIES_DOWNLOAD_PATH, UTILITIES_PATH, UTILITIES_TABLE, UTILITY_COLUMNS, UTILITY_FILTER_LABELS, type UtilityHit } from '../../../contract/utilities-index.ts'
import { loadUtilitiesIndex } from './data.server.ts'

const UTILITIES_INDEX: IndexDefinition<UtilityHit> = {
	title: 'Utilities',
	path: UTILITIES_PATH,
	downloadPath: UTILITIES_DOWNLOAD_PATH,
	downloadFile: 'utilities.xlsx',
	table: UTILITIES_TABLE,
	kind: 'utilities',
	columns: () => [
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
	],
	facetLabels: UTILITY_FILTER_LABELS,
	about: (
		<p>
			Utilities are revised by our analysts as their data is published; populations are people served, non-revenue water the share of water put into the network that is not billed.
		</p>
	),
}

export const links = indexLinks
export const headers = reuseLoaderHeaders
export const meta = indexMeta(UTILITIES_INDEX)
export const loader = (args: LoaderFunctionArgs) => loadUtilitiesIndex(args, UTILITIES_INDEX)

export default function Utilities() {
	return <IndexRoute index={UTILITIES_INDEX} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
