import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { Pagination } from '~/components/Pagination.tsx'
import type { SearchResult } from '~/lib/api-types.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { MESSAGES } from '~/lib/constants.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { formatCount, formatDate } from '~/lib/format.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { clampPage } from '~/lib/paging.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { DEFAULT_PAGE_TYPE, PAGE_TYPE_LABELS, parseSearchParams, SEARCH_FILTERS, SORT_OPTIONS, toApiQuery } from './search-params.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	// Spec 000 §2 default query: articles, by relevance.
	if (url.search === '') throw redirect(`/search?sortBy=Relevance&${new URLSearchParams({ 'filters[Page type]': DEFAULT_PAGE_TYPE })}`)
	const search = parseSearchParams(url.searchParams)
	const api = createApiClient({ request, context })
	const response = await api.get<SearchResult>('/search', toApiQuery(search)).catch((error: unknown) => routeError(error, request))
	const result = response.item!
	const pageNum = clampPage(search.pageNum, result.totalPages)
	if (pageNum !== search.pageNum) {
		url.searchParams.set('pageNum', String(pageNum))
		throw redirect(`${url.pathname}${url.search}`)
	}
	return data({ origin: publicOrigin(request), search, result, warnings: response.warnings ?? [] }, { headers: pageCacheHeaders(request) })
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({
		title: data.search.searchTerm ? `Search: ${data.search.searchTerm}` : 'Search',
		canonical: absoluteUrl(data.origin, '/search'),
		// Result pages are for readers, not for the index.
		noindex: true,
	})
}

const filterLabel = (filter: string, value: string) => (filter === 'Page type' ? (PAGE_TYPE_LABELS[value] ?? value) : filter === 'Has sponsor' ? (value === 'true' ? 'Sponsored' : 'Not sponsored') : value)

export default function Search() {
	const { search, result, warnings } = useLoaderData<typeof loader>()
	const submit = useSubmit()
	const aggregations = new Map(result.aggregations.map((aggregation) => [aggregation.name, aggregation.items]))
	return (
		<div className="search-page">
			<h1>Search</h1>
			{/* One GET form: every change (without pageNum) starts again at page 1. */}
			<Form method="get" className="search-layout" onChange={(event) => {
				// Typing is submitted with the button; ticks and choices apply at once.
				if ((event.target as HTMLInputElement).type !== 'search' && (event.target as HTMLInputElement).type !== 'date') submit(event.currentTarget)
			}}>
				<aside className="search-filters" aria-label="Filters">
					{SEARCH_FILTERS.map((filter) => {
						const counts = aggregations.get(filter) ?? {}
						const values = [...new Set([...Object.keys(counts), ...search.filters[filter]])]
						if (values.length === 0) return null
						return (
							<fieldset key={filter} className="search-filter">
								<legend>{filter}</legend>
								{values.map((value) => (
									<label key={value}>
										<input type="checkbox" name={`filters[${filter}]`} value={value} defaultChecked={search.filters[filter].includes(value)} />{' '}
										{filterLabel(filter, value)} <span className="count">({formatCount(counts[value] ?? 0)})</span>
									</label>
								))}
							</fieldset>
						)
					})}
					<fieldset className="search-filter">
						<legend>Published</legend>
						<label>
							From <input type="date" name="publishedFrom" defaultValue={search.publishedFrom} />
						</label>
						<label>
							To <input type="date" name="publishedTo" defaultValue={search.publishedTo} />
						</label>
					</fieldset>
					<button type="submit" className="button button--outline">
						Apply filters
					</button>
					<Link to="/search">Reset filters</Link>
				</aside>
				<section className="search-results" aria-label="Results">
					<div className="search-bar">
						<label htmlFor="search-term" className="visually-hidden">
							Search term
						</label>
						<input id="search-term" type="search" name="searchTerm" defaultValue={search.searchTerm} placeholder="Search" />
						<label htmlFor="search-sort">Sort by</label>
						<select id="search-sort" name="sortBy" defaultValue={search.sortBy}>
							{SORT_OPTIONS.map((option) => (
								<option key={option}>{option}</option>
							))}
						</select>
						{search.pageSize !== 10 ? <input type="hidden" name="pageSize" value={search.pageSize} /> : null}
						<button type="submit">Search</button>
					</div>
					{search.dateWarning ? <p className="warning" role="alert">{search.dateWarning}</p> : null}
					{warnings.filter((warning) => warning !== search.dateWarning).map((warning) => (
						<p key={warning} className="warning">
							{warning}
						</p>
					))}
					<p className="list-page__count">{formatCount(result.totalHits)} results</p>
					{result.searchHits.length === 0 ? (
						<p className="empty">{MESSAGES.noResults}</p>
					) : (
						<ol className="search-hits">
							{result.searchHits.map((hit) => (
								<li key={hit.fullUrl} className="search-hit">
									<p className="teaser__meta">
										<span className="teaser__type">{PAGE_TYPE_LABELS[hit.pageTypeUrl] ?? hit.pageTypeUrl}</span>
										{hit.hasAccess ? null : <span className="tag tag--locked">Members</span>}
										{hit.projectIsArchived ? <span className="tag">Archived</span> : null}
									</p>
									<h2 className="teaser__headline">
										<Link to={hit.fullUrl}>{hit.name}</Link>
									</h2>
									{hit.description ? <p className="teaser__standfirst">{hit.description}</p> : null}
									{hit.publicationDate ? <p className="teaser__byline">{formatDate(hit.publicationDate)}</p> : null}
								</li>
							))}
						</ol>
					)}
				</section>
			</Form>
			<Pagination page={search.pageNum} pageSize={search.pageSize} totalPages={result.totalPages} totalHits={result.totalHits} pageParam="pageNum" />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
