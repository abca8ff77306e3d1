/**
 * The companies, utilities and mergers indexes (spec 001 §2, §4-§6) as configurations of one
 * index page: each is an `IndexDefinition` (its table, columns, labels, texts, saved-search
 * kind, API call and who must hold what), and its route module is the few lines that give
 * Remix the factory's pieces: `indexMeta`, `loadIndexRoute` (app/lib/index-table.server.ts)
 * and `IndexRoute`.
 */
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { ApiClient } from '~/lib/api.server.ts'
import type { Capabilities } from '~/lib/capabilities.ts'
import { formatCount, formatShortDate } from '~/lib/format.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import {
	COMPANIES_DOWNLOAD_PATH,
	COMPANIES_PATH,
	COMPANIES_TABLE,
	COMPANY_COLUMNS,
	DEAL_STATUS_LABELS,
	FILTER_LABELS,
	INDEX_MESSAGES,
	indexTableFor,
	MERGER_COLUMNS,
	MERGER_FILTERS,
	MERGERS_DOWNLOAD_PATH,
	MERGERS_PATH,
	MERGERS_TABLE,
	UTILITIES_DOWNLOAD_PATH,
	UTILITIES_PATH,
	UTILITIES_TABLE,
	UTILITY_COLUMNS,
	UTILITY_FILTER_LABELS,
	type CompanyHit,
	type MergerHit,
	type UtilityHit,
} from '../../../contract/indexes.ts'
import type { SavedSearch, SavedSearchKind } from '../../../contract/saved-searches.ts'
import { tableParams, type TableConfig, type TableQuery } from '../../../contract/tables.ts'
import { IndexPage } from './IndexPage.tsx'
import tableStyles from './tables.css?url'
import type { TableColumn, TableResult } from './TableView.tsx'

type ApiQuery = Record<string, string | string[]>
type ColumnState = { canViewFinancialData: boolean; query: TableQuery }

export type IndexDefinition<H> = {
	title: string
	path: string
	downloadPath: string
	downloadFile: string
	table: TableConfig
	/** The saved searches of this index (spec 001 §2). */
	kind: SavedSearchKind
	/** Spec 001 §2 "else redirect to /": what a signed-in reader must hold (docs/decisions/0018-index-access.md). */
	signedInNeeds?: keyof Pick<Capabilities, 'canUseCompaniesIndex' | 'canUseMergersIndex'>
	search: (api: ApiClient, query: ApiQuery) => Promise<{ item?: TableResult<H> & { pageNum: number } }>
	columns: (state: ColumnState) => TableColumn<H>[]
	facetLabels?: Record<string, string>
	helper?: (state: ColumnState) => ReactNode
	about: ReactNode
}

/** What `loadIndexRoute` answers: the page's query and result, the reader's access and the table page's extras. */
export type IndexLoaderData<H> = {
	origin: string
	query: TableQuery
	result: TableResult<H>
	isAuthenticated: boolean
	canViewFinancialData: boolean
	downloadHref: string
	downloadError: string | null
	dates: { first: string; latest: string }
	savedSearches: SavedSearch[] | null
	savedSearchMessage: string | null
	savedSearchName: string | null
}

export const indexLinks: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

export const indexMeta =
	<H,>(index: IndexDefinition<H>): MetaFunction =>
	({ data, error }) => {
		const page = data as IndexLoaderData<H> | undefined
		if (!page) return errorMeta(error)
		return seoMeta({ title: index.title, canonical: absoluteUrl(page.origin, index.path), noindex: tableParams(index.table, page.query).size > 0 })
	}

/** An index's page, from its definition and its loader's data. */
export function IndexRoute<H>({ index }: { index: IndexDefinition<H> }) {
	const page = useLoaderData() as unknown as IndexLoaderData<H>
	const state = { canViewFinancialData: page.canViewFinancialData, query: page.query }
	return (
		<IndexPage
			title={index.title}
			path={index.path}
			config={indexTableFor(index.table, page.canViewFinancialData)}
			query={page.query}
			result={page.result}
			columns={index.columns(state)}
			isAuthenticated={page.isAuthenticated}
			downloadHref={page.downloadHref}
			downloadFile={index.downloadFile}
			downloadError={page.downloadError}
			saved={{ kind: index.kind, searches: page.savedSearches, message: page.savedSearchMessage, typedName: page.savedSearchName }}
			dates={page.dates}
			facetLabels={index.facetLabels}
			helper={index.helper?.(state) ?? null}
			about={index.about}
		/>
	)
}

const millions = (value: number | null) => (value === null ? '' : value.toLocaleString('en-GB'))

export const COMPANIES_INDEX: IndexDefinition<CompanyHit> = {
	title: 'Companies',
	path: COMPANIES_PATH,
	downloadPath: COMPANIES_DOWNLOAD_PATH,
	downloadFile: 'companies.xlsx',
	table: COMPANIES_TABLE,
	kind: 'companies',
	signedInNeeds: 'canUseCompaniesIndex',
	search: (api, query) => api.get('indexes.companies', { query }),
	columns: ({ canViewFinancialData }) => [
		{ key: 'name', label: COMPANY_COLUMNS.name, sortable: true, cell: (hit) => (hit.hasAccess ? <Link to={`/companies/${hit.slug}`}>{hit.name}</Link> : hit.name) },
		{ key: 'country', label: COMPANY_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.headquartersCountry ?? '' },
		...(canViewFinancialData
			? [{ key: 'revenue', label: COMPANY_COLUMNS.revenue, sortable: true, className: 'numeric col-above-520', cell: (hit: CompanyHit) => millions(hit.waterRevenueDollars) }]
			: []),
		{ key: 'updated', label: COMPANY_COLUMNS.updated, sortable: true, className: 'col-above-1024', cell: (hit) => formatShortDate(hit.lastModifiedDate) },
	],
	facetLabels: FILTER_LABELS,
	helper: ({ canViewFinancialData }) => (canViewFinancialData ? INDEX_MESSAGES.revenueHelper : null),
	about: <p>Companies are revised by our analysts as news of them arrives; Updated shows when each was last revised. Water revenue is in US$ millions.</p>,
}

export const UTILITIES_INDEX: IndexDefinition<UtilityHit> = {
	title: 'Utilities',
	path: UTILITIES_PATH,
	downloadPath: UTILITIES_DOWNLOAD_PATH,
	downloadFile: 'utilities.xlsx',
	table: UTILITIES_TABLE,
	kind: 'utilities',
	search: (api, query) => api.get('indexes.utilities', { query }),
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

export const MERGERS_INDEX: IndexDefinition<MergerHit> = {
	title: 'Mergers and acquisitions',
	path: MERGERS_PATH,
	downloadPath: MERGERS_DOWNLOAD_PATH,
	downloadFile: 'mergers.xlsx',
	table: MERGERS_TABLE,
	kind: 'mergers',
	signedInNeeds: 'canUseMergersIndex',
	search: (api, query) => api.get('indexes.mergers', { query }),
	columns: ({ canViewFinancialData, query }) => [
		{ key: 'year', label: MERGER_COLUMNS.year, sortable: true, cell: (hit) => hit.year },
		{ key: 'target', label: MERGER_COLUMNS.target, sortable: true, cell: (hit) => (hit.hasAccess ? <a href={`/mergers/${hit.slug}`}>{hit.targetName}</a> : hit.targetName) },
		{ key: 'acquiror', label: MERGER_COLUMNS.acquiror, sortable: true, cell: (hit) => hit.acquirorName },
		{ key: 'country', label: MERGER_COLUMNS.country, sortable: true, className: 'col-above-768', cell: (hit) => hit.targetCountry ?? '' },
		...(canViewFinancialData ? [{ key: 'price', label: MERGER_COLUMNS.price, sortable: true, className: 'numeric col-above-520', cell: (hit: MergerHit) => millions(hit.priceDollars) }] : []),
		// The status column appears only under Deal completed = All (spec 001 §4).
		...(query.choices[MERGER_FILTERS.dealCompleted] === 'All'
			? [{ key: 'status', label: MERGER_COLUMNS.status, sortable: false, cell: (hit: MergerHit) => (hit.dealCompleted ? DEAL_STATUS_LABELS.complete : DEAL_STATUS_LABELS.pending) }]
			: []),
	],
	about: <p>Deals are recorded by our analysts when announced and marked complete when they close; prices are in US$ millions at the time of the deal.</p>,
}
