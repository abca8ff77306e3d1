/** The companies index (spec 001 §2, §4-§6): the index page (app/components/tables/indexes.tsx) configured here for companies. */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { indexLinks, indexMeta, IndexRoute, MillionsCell, type IndexDefinition } from '~/components/tables/indexes.tsx'
import { formatShortDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { COMPANIES_DOWNLOAD_PATH, COMPANIES_PATH, COMPANIES_TABLE, COMPANY_COLUMNS, FILTER_LABELS, type CompanyHit } from '../../../contract/companies-index.ts'
import { INDEX_MESSAGES } from '../../../contract/index-common.ts'
import { loadCompaniesIndex } from './data.server.ts'

const COMPANIES_INDEX: IndexDefinition<CompanyHit> = {
	title: 'Companies',
	path: COMPANIES_PATH,
	downloadPath: COMPANIES_DOWNLOAD_PATH,
	downloadFile: 'companies.xlsx',
	table: COMPANIES_TABLE,
	kind: 'companies',
	columns: ({ canViewFinancialData }) => [
		{ key: 'name', label: COMPANY_COLUMNS.name, sortable: true, cell: (hit) => (hit.hasAccess ? <Link to={`/companies/${hit.slug}`}>{hit.name}</Link> : hit.name) },
		{ key: 'country', label: COMPANY_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.headquartersCountry ?? '' },
		...(canViewFinancialData
			? [{ key: 'revenue', label: COMPANY_COLUMNS.revenue, sortable: true, className: 'numeric col-above-520', cell: (hit: CompanyHit) => <MillionsCell value={hit.waterRevenueDollars} isEstimate={hit.waterRevenueIsEstimate} /> }]
			: []),
		{ key: 'updated', label: COMPANY_COLUMNS.updated, sortable: true, className: 'col-above-1024', cell: (hit) => formatShortDate(hit.lastModifiedDate) },
	],
	facetLabels: FILTER_LABELS,
	helper: ({ canViewFinancialData }) => (canViewFinancialData ? INDEX_MESSAGES.revenueHelper : null),
	about: <p>Companies are revised by our analysts as news of them arrives; Updated shows when each was last revised. Water revenue is in US$ millions; est. marks GWI&rsquo;s estimates, which a revenue range includes when Include estimates is ticked.</p>,
}

export const links = indexLinks
export const headers = reuseLoaderHeaders
export const meta = indexMeta(COMPANIES_INDEX)
export const loader = (args: LoaderFunctionArgs) => loadCompaniesIndex(args, COMPANIES_INDEX)

export default function Companies() {
	return <IndexRoute index={COMPANIES_INDEX} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
