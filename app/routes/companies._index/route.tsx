import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { tableHref, TableView, type TableColumn } from '~/components/tables/TableView.tsx'
import { createApiClient } from '~/lib/api.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { formatShortDate } from '~/lib/format.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { getReader } from '~/lib/reader.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { COMPANIES_DOWNLOAD_PATH, COMPANIES_PATH, COMPANIES_TABLE, COMPANY_COLUMNS, FILTER_LABELS, INDEX_MESSAGES, type CompanyHit } from '../../../contract/indexes.ts'
import { urlParams } from '../../../contract/query.ts'
import { FIRST_VALID_DATE, lastValidDate } from '../../../contract/search.ts'
import { parseTableParams, repeatedParams, tableParams, type TableConfig } from '../../../contract/tables.ts'

/** The companies index (spec 001 §2, §4-§6): the table engine configured for companies. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

/** "Range filters are shown only to users who may view company financial data": the table without them. */
const tableFor = (canViewFinancialData: boolean): TableConfig => (canViewFinancialData ? COMPANIES_TABLE : { ...COMPANIES_TABLE, ranges: [] })

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const now = new Date()
	const api = createApiClient({ request, context })
	try {
		// The API applies the ranges only for readers who may view financial data: both calls run at once.
		const parsed = parseTableParams(COMPANIES_TABLE, url.searchParams, now)
		const [reader, response] = await Promise.all([
			getReader({ request, context, api }),
			api.get('indexes.companies', { query: urlParams(tableParams(COMPANIES_TABLE, parsed), repeatedParams(COMPANIES_TABLE)) }),
		])
		const config = tableFor(reader.capabilities.canSeeCompanyFinancials)
		const query = config === COMPANIES_TABLE ? parsed : { ...parsed, ranges: {} }
		const result = response.item!
		if (result.hasAccess && result.pageNum !== query.pageNum) throw redirect(tableHref(COMPANIES_PATH, config, { ...query, pageNum: result.pageNum }))
		const downloadSearch = tableParams(config, { ...query, pageNum: 1 }).toString()
		return data(
			{
				origin: publicOrigin(request),
				query,
				result,
				isAuthenticated: reader.capabilities.isAuthenticated,
				canViewFinancialData: reader.capabilities.canSeeCompanyFinancials,
				downloadHref: `${COMPANIES_DOWNLOAD_PATH}${downloadSearch ? `?${downloadSearch}` : ''}`,
				dates: { first: FIRST_VALID_DATE, latest: lastValidDate(now) },
			},
			{ headers: pageCacheHeaders(request) },
		)
	} catch (error) {
		if (error instanceof Response) throw error
		routeError(error, request)
	}
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({ title: 'Companies', canonical: absoluteUrl(data.origin, COMPANIES_PATH), noindex: tableParams(COMPANIES_TABLE, data.query).size > 0 })
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
	const { query, result, isAuthenticated, canViewFinancialData, downloadHref, dates } = useLoaderData<typeof loader>()
	const config = tableFor(canViewFinancialData)
	const notice = result.hasAccess ? (
		<p className="table-about">
			<a href="#about-this-data">{INDEX_MESSAGES.aboutThisData}</a>
			{canViewFinancialData ? <span className="table-helper"> {INDEX_MESSAGES.revenueHelper}</span> : null}
		</p>
	) : (
		<div className="access-prompt" role="note">
			<p>
				<strong>{INDEX_MESSAGES.accessPrompt}</strong>
			</p>
			<p>
				<Link to="/memberships" className="button">
					See memberships
				</Link>{' '}
				{isAuthenticated ? null : (
					<Link to={`/login?returnUrl=${encodeURIComponent(COMPANIES_PATH)}`} reloadDocument>
						Sign in
					</Link>
				)}
			</p>
		</div>
	)
	const toolbar = result.hasAccess ? (
		<p className="table-download">
			<a href={downloadHref} download="companies.xlsx" className="button button--outline">
				Download companies.xlsx
			</a>
		</p>
	) : null
	return (
		<div className="index-page">
			<h1>Companies</h1>
			<TableView
				path={COMPANIES_PATH}
				config={config}
				query={query}
				result={result}
				columns={columns(canViewFinancialData)}
				rowKey={(hit) => hit.slug}
				debounce={{ date: 1000, range: 500 }}
				dates={dates}
				notice={notice}
				toolbar={toolbar}
				warnings={[]}
				facetLabels={FILTER_LABELS}
				noResults={INDEX_MESSAGES.noResults}
			/>
			<section id="about-this-data" className="table-footnote">
				<h2>{INDEX_MESSAGES.aboutThisData}</h2>
				<p>Companies are updated by our analysts as news of them arrives; the Updated column shows when each was last revised. Water revenue is in US$ millions.</p>
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
