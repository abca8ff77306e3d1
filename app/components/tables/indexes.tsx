/**
 * The companies, utilities and mergers indexes (spec 001 §2, §4-§6) as configurations of one
 * index page: each route module defines its `IndexDefinition` (its table, columns, labels,
 * texts and saved-search kind) and gives Remix the factory's pieces: `indexMeta`, `IndexRoute`
 * and a loader from its data.server.ts (its API call and who must hold what, for
 * `loadIndexRoute` in app/lib/index-table.server.ts).
 * Each definition lives in its own route module, so an index page's scripts carry only its
 * own columns and texts (client JavaScript ≤ 100 kB gzip).
 */
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { AccessGate } from '~/lib/no-access.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { INDEX_MESSAGES, indexTableFor } from '../../../contract/index-common.ts'
import type { SavedSearchKind, SavedSearchList } from '../../../contract/saved-searches.ts'
import { tableParams, type TableConfig, type TableQuery } from '../../../contract/tables.ts'
import { IndexPage } from './IndexPage.tsx'
import tableStyles from './tables.css?url'
import type { TableColumn, TableResult } from './TableView.tsx'
import { formatOneDecimal } from '../../../contract/format.ts'

type ColumnState = { canViewFinancialData: boolean; query: TableQuery }

export type IndexDefinition<H> = {
	title: string
	path: string
	downloadPath: string
	downloadFile: string
	table: TableConfig
	/** The saved searches of this index (spec 001 §2). */
	kind: SavedSearchKind
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
	savedSearches: SavedSearchList | null
	savedSearchMessage: string | null
	savedSearchName: string | null
	/** Over the sample rows: spec 001 §1's no-access panel (its message and the membership gate); null with access. */
	noAccess: { message: string; gate: AccessGate } | null
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
			noAccess={page.noAccess}
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

/** Money in US$ millions as the indexes show it (companies' revenue, deals' price). */
export const millions = (value: number | null) => (value === null ? '' : formatOneDecimal(value))

/** A figure in US$ millions, marked when it is GWI's estimate (spec 001 §6 "Include estimates"). */
export function MillionsCell({ value, isEstimate }: { value: number | null; isEstimate: boolean }) {
	return (
		<>
			{millions(value)}
			{value !== null && isEstimate ? (
				<abbr className="index-estimate" title={INDEX_MESSAGES.estimateTitle}>
					{' '}
					{INDEX_MESSAGES.estimateMark}
				</abbr>
			) : null}
		</>
	)
}
