import { Form, Link, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react'
import { Pagination } from '~/components/Pagination.tsx'
import { ASCENDING, nextSort, SORT_ORDERS, TABLE_MESSAGES, tableParams, type MinMaxAggregation, type TableConfig, type TableQuery } from '../../../contract/tables.ts'
import { resultsCount } from '../../../contract/format.ts'
import { FilterSidebar, type FacetCounts } from './FilterSidebar.tsx'

export type TableColumn<T> = {
	key: string
	label: string
	sortable: boolean
	cell: (hit: T) => ReactNode
	className?: string
}

export type TableResult<T> = {
	searchHits: T[]
	totalHits: number
	totalPages: number
	pageNum: number
	pageSize: number
	aggregations: FacetCounts
	minMaxAggregations: MinMaxAggregation[]
	hasAccess: boolean
}

/** A URL of the table for this query (canonical parameters). */
export const tableHref = (path: string, config: TableConfig, query: TableQuery) => {
	const search = tableParams(config, query).toString()
	return search ? `${path}?${search}` : path
}

/**
 * With scripts, ticks apply at once, ranges 500 ms and dates 1000 ms after the last change
 * (dates once empty or whole); without them "Apply filters" and "Search" submit the same
 * GET form. The form holds no pageNum: every change starts again at page 1.
 */
function useAutoSubmit(debounce: { date: number; range: number }) {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	return (event: ChangeEvent<HTMLFormElement>) => {
		const form = event.currentTarget
		const input = event.target as unknown as HTMLInputElement
		if (input.type === 'search') return
		const kind = input.dataset.debounce
		clearTimeout(timer.current)
		if (kind === 'date' || kind === 'range') {
			timer.current = setTimeout(() => {
				if (kind === 'date' && input.value !== '' && input.value.length !== 10) return
				submit(form, { replace: true })
			}, debounce[kind])
			return
		}
		submit(form)
	}
}

/**
 * The table engine's page body: filter sidebar, search form, result count,
 * sortable table (header links; selects below 1024 px), 'No results found', pagination.
 * Without access (`result.hasAccess` false) the filters are disabled and the search form
 * and pagination are hidden; `notice` says why.
 */
export function TableView<T>({
	path,
	config,
	query,
	result,
	columns,
	rowKey,
	debounce,
	dates,
	notice,
	toolbar,
	warnings,
	facetLabels,
	cards = false,
	noResults = TABLE_MESSAGES.noResults,
	panel,
	filterControls,
}: {
	path: string
	config: TableConfig
	query: TableQuery
	result: TableResult<T>
	columns: TableColumn<T>[]
	rowKey: (hit: T) => string
	debounce: { date: number; range: number }
	dates: { first: string; latest: string }
	notice?: ReactNode
	toolbar?: ReactNode
	warnings: string[]
	/** Labels shown for facet names ("Industries (shown as Sector)"). */
	facetLabels?: Record<string, string>
	/** Below 1024 px the rows become cards (the tracker); otherwise columns hide by width (the indexes). */
	cards?: boolean
	/** 'No results found' (tracker), 'No results found.' (indexes). */
	noResults?: string
	/** Forms of their own (saved searches), shown below the filter form: forms cannot nest. */
	panel?: ReactNode
	/** The filter panel's reset wording and close control (the indexes, spec 001 §2). */
	filterControls?: { resetLabel: string; closeLabel: string }
}) {
	const navigation = useNavigation()
	const onChange = useAutoSubmit(debounce)
	const sortable = columns.filter((column) => column.sortable)
	const kept = (name: 'sortBy' | 'sortOrder' | 'pageSize') => {
		const value = tableParams(config, query).get(name)
		return value ? <input type="hidden" name={name} value={value} /> : null
	}
	return (
		<div className={`table-page${result.hasAccess ? '' : ' table-page--no-access'}`}>
			<Form method="get" action={path} className="table-layout" onChange={onChange} aria-busy={navigation.state === 'loading'}>
				{kept('sortBy')}
				{kept('sortOrder')}
				{kept('pageSize')}
				<FilterSidebar
					config={config}
					query={query}
					aggregations={result.aggregations}
					minMaxAggregations={result.minMaxAggregations}
					disabled={!result.hasAccess}
					latestDate={dates.latest}
					firstDate={dates.first}
					resetHref={path}
					facetLabels={facetLabels}
					resetLabel={filterControls?.resetLabel}
					closeLabel={filterControls?.closeLabel}
				/>
				<section className="table-results" aria-label="Results">
					{notice}
					{result.hasAccess ? (
						<div className="table-search" role="search">
							<label htmlFor="table-search-term" className="visually-hidden">
								Search term
							</label>
							<input id="table-search-term" type="search" name="searchTerm" defaultValue={query.searchTerm} placeholder="Search" />
							<button type="submit">Search</button>
						</div>
					) : null}
					{warnings.map((warning) => (
						<p key={warning} className="warning" role="alert">
							{warning}
						</p>
					))}
					<div className="table-results__bar">
						<p className="table-results__count">{resultsCount(result.searchHits.length, result.totalHits)}</p>
						{toolbar}
					</div>
				</section>
			</Form>
			{panel}
			{result.hasAccess && sortable.length ? (
				<Form method="get" action={path} className="table-sort-select" onChange={(event) => event.currentTarget.requestSubmit()}>
					{[...tableParams(config, { ...query, pageNum: 1 })]
						.filter(([name]) => name !== 'sortBy' && name !== 'sortOrder')
						.map(([name, value], index) => (
							<input key={`${name}-${index}`} type="hidden" name={name} value={value} />
						))}
					<label>
						Sort by{' '}
						<select name="sortBy" defaultValue={query.sortBy}>
							{sortable.map((column) => (
								<option key={column.key} value={column.key}>
									{column.label}
								</option>
							))}
						</select>
					</label>
					<label>
						Order{' '}
						<select name="sortOrder" defaultValue={query.sortOrder}>
							{SORT_ORDERS.map((order) => (
								<option key={order} value={order}>
									{order}
								</option>
							))}
						</select>
					</label>
					<button type="submit" className="button button--outline">
						Sort
					</button>
				</Form>
			) : null}
			{result.searchHits.length === 0 ? (
				<p className="empty">{noResults}</p>
			) : (
				<table className={`results-table${cards ? ' results-table--cards' : ''}`}>
					<thead>
						<tr>
							{columns.map((column) => {
								const active = query.sortBy === column.key
								return (
									<th key={column.key} scope="col" className={column.className} aria-sort={active ? (query.sortOrder === ASCENDING ? 'ascending' : 'descending') : undefined}>
										{column.sortable && result.hasAccess ? (
											<Link
												to={tableHref(path, config, {
													...query,
													...nextSort(query, column.key),
													pageNum: 1,
												})}
												preventScrollReset
											>
												{column.label}
												{active ? <span aria-hidden="true">{query.sortOrder === ASCENDING ? ' ▲' : ' ▼'}</span> : null}
											</Link>
										) : (
											column.label
										)}
									</th>
								)
							})}
						</tr>
					</thead>
					<tbody>
						{result.searchHits.map((hit) => (
							<tr key={rowKey(hit)}>
								{columns.map((column) => (
									<td key={column.key} className={column.className} data-label={column.label}>
										{column.cell(hit)}
									</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			)}
			{result.hasAccess ? (
				<Pagination
					page={result.pageNum}
					pageSize={result.pageSize}
					totalPages={result.totalPages}
					totalHits={result.totalHits}
					pageParam="pageNum"
					// A kept size of 1 to 9 is shown as chosen, not as the first option.
					sizeOptions={config.pageSizes.includes(result.pageSize) ? config.pageSizes : [result.pageSize, ...config.pageSizes]}
				/>
			) : null}
		</div>
	)
}
