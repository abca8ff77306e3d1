import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { IndexPage } from '~/components/tables/IndexPage.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import type { TableColumn } from '~/components/tables/TableView.tsx'
import { formatShortDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { loadIndex } from '~/lib/index-table.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import {
	COMPANIES_DOWNLOAD_PATH,
	COMPANIES_PATH,
	COMPANIES_TABLE,
	COMPANY_COLUMNS,
	FILTER_LABELS,
	INDEX_MESSAGES,
	type CompanyHit,
	indexTableFor,
} from '../../../contract/indexes.ts'
import { tableParams } from '../../../contract/tables.ts'

/** The companies index (spec 001 §2, §4-§6): the table engine configured for companies. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({ title: 'Companies', canonical: absoluteUrl(data.origin, COMPANIES_PATH), noindex: tableParams(COMPANIES_TABLE, data.query).size > 0 })
}

export function loader({ request, context }: LoaderFunctionArgs) {
	return loadIndex({
		request,
		context,
		path: COMPANIES_PATH,
		downloadPath: COMPANIES_DOWNLOAD_PATH,
		config: COMPANIES_TABLE,
		kind: 'companies',
		signedInNeeds: 'canUseCompaniesIndex',
		search: (api, query) => api.get('indexes.companies', { query }),
	})
}

const columns = (canViewFinancialData: boolean): TableColumn<CompanyHit>[] => [
	{ key: 'name', label: COMPANY_COLUMNS.name, sortable: true, cell: (hit) => (hit.hasAccess ? <Link to={`/companies/${hit.slug}`}>{hit.name}</Link> : hit.name) },
	{ key: 'country', label: COMPANY_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.headquartersCountry ?? '' },
	...(canViewFinancialData
		? [
				{
					key: 'revenue',
					label: COMPANY_COLUMNS.revenue,
					sortable: true,
					className: 'numeric col-above-520',
					cell: (hit: CompanyHit) => (hit.waterRevenueDollars === null ? '' : hit.waterRevenueDollars.toLocaleString('en-GB')),
				},
		  ]
		: []),
	{ key: 'updated', label: COMPANY_COLUMNS.updated, sortable: true, className: 'col-above-1024', cell: (hit) => formatShortDate(hit.lastModifiedDate) },
]

export default function Companies() {
	const { query, result, isAuthenticated, canViewFinancialData, downloadHref, downloadError, dates, savedSearches, savedSearchMessage, savedSearchName } =
		useLoaderData<typeof loader>()
	return (
		<IndexPage
			title="Companies"
			path={COMPANIES_PATH}
			config={indexTableFor(COMPANIES_TABLE, canViewFinancialData)}
			query={query}
			result={result}
			columns={columns(canViewFinancialData)}
			isAuthenticated={isAuthenticated}
			downloadHref={downloadHref}
			downloadFile="companies.xlsx"
			downloadError={downloadError}
			saved={{ kind: 'companies', searches: savedSearches, message: savedSearchMessage, typedName: savedSearchName }}
			dates={dates}
			facetLabels={FILTER_LABELS}
			helper={canViewFinancialData ? INDEX_MESSAGES.revenueHelper : null}
			about={<p>Companies are revised by our analysts as news of them arrives; Updated shows when each was last revised. Water revenue is in US$ millions.</p>}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
