import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type ChangeEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { Pagination } from '~/components/Pagination.tsx'
import { SavedSearches } from '~/components/tables/SavedSearches.tsx'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatCount, formatDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { ALL_VALUES_PARAM, DATE_FILTER_DEBOUNCE_MS, DATE_LENGTH, defaultSearchQuery, facetValuesShown, FIRST_VALID_DATE, hitLabel, pageTypeLabel, SEARCH_FILTERS, SORT_OPTIONS } from '../../../contract/search-params.ts'
import type { SearchResult } from '../../../contract/search.ts'
import { loadSearch } from './data.server.ts'
import searchStyles from './search.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: searchStyles }]

export async function loader(args: LoaderFunctionArgs) {
	return loadSearch(args)
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({
		title: data.search.searchTerm ? `Search: ${data.search.searchTerm}` : 'Search',
		canonical: absoluteUrl(data.origin, '/search'),
		// Result pages are for readers, not for the index; the bare search page is for both.
		noindex: !data.indexable,
	})
}

/** The address being read with the facet's whole list asked for (page 1 stays as it is: the results are the same). */
function withAllValues(location: { pathname: string; search: string }, filter: string) {
	// The bare /search is the default query (the loader's): kept as such once it has parameters.
	const params = location.search ? new URLSearchParams(location.search) : defaultSearchQuery()
	params.append(ALL_VALUES_PARAM, filter)
	return `${location.pathname}?${params}`
}

const filterLabel = (filter: string, value: string) => (filter === 'Page type' ? pageTypeLabel(value) : filter === 'Has sponsor' ? (value === 'true' ? 'Sponsored' : 'Not sponsored') : value)

/**
 * With scripts, ticks and choices apply at once and dates 2000 ms after the last change,
 * once empty or a whole date (spec 000 §5); typing a term waits for Search. Without
 * scripts the Apply filters and Search buttons submit the same GET form.
 */
function useAutoSubmit() {
	const submit = useSubmit()
	const dateTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	useEffect(() => () => clearTimeout(dateTimer.current), [])
	return (event: ChangeEvent<HTMLFormElement>) => {
		const form = event.currentTarget
		const input = event.target as unknown as HTMLInputElement
		if (input.type === 'search') return
		if (input.type === 'date') {
			clearTimeout(dateTimer.current)
			dateTimer.current = setTimeout(() => {
				if (input.value === '' || input.value.length === DATE_LENGTH) submit(form, { replace: true })
			}, DATE_FILTER_DEBOUNCE_MS)
			return
		}
		submit(form)
	}
}

export default function Search() {
	const { search, result, warnings, error, latestDate, allValues, savedSearches, savedSearchMessage, savedSearchName } = useLoaderData<typeof loader>()
	const location = useLocation()
	const navigation = useNavigation()
	const onChange = useAutoSubmit()
	const aggregations = new Map(result.aggregations.map((aggregation) => [aggregation.name, aggregation.items]))
	const otherWarnings = warnings.filter((warning) => warning !== search.dateWarning)
	return (
		<div className="search-page">
			<h1>Search</h1>
			{/* Apart from the search's GET form: the panel's saves and alert controls are forms of their own. */}
			{savedSearches ? <SavedSearches kind="search" searches={savedSearches} message={savedSearchMessage} typedName={savedSearchName} /> : null}
			{/* One GET form without pageNum: every change starts again at page 1. */}
			<Form method="get" className="search-layout" onChange={onChange} aria-busy={navigation.state === 'loading'}>
				<aside className="search-filters" aria-label="Filters">
					{SEARCH_FILTERS.map((filter) => {
						const counts = aggregations.get(filter) ?? {}
						const values = [...new Set([...Object.keys(counts), ...search.filters[filter]])]
						if (values.length === 0) return null
						const showAll = allValues.includes(filter)
						const shown = facetValuesShown(values, search.filters[filter], showAll)
						return (
							<fieldset key={filter} className="search-filter">
								<legend>{filter}</legend>
								{shown.map((value) => (
									<label key={value}>
										<input type="checkbox" name={`filters[${filter}]`} value={value} defaultChecked={search.filters[filter].includes(value)} />{' '}
										{filterLabel(filter, value)} <span className="count">({formatCount(counts[value] ?? 0)})</span>
									</label>
								))}
								{/* Kept through the form's submissions, so ticking a value leaves the list whole. */}
								{showAll ? <input type="hidden" name={ALL_VALUES_PARAM} value={filter} /> : null}
								{shown.length < values.length ? (
									<Link className="search-filter__all" to={withAllValues(location, filter)} preventScrollReset>
										All {formatCount(values.length)} {filter.toLowerCase()}
									</Link>
								) : null}
							</fieldset>
						)
					})}
					<fieldset className="search-filter">
						<legend>Published</legend>
						<label>
							Published from{' '}
							<input type="date" name="publishedFrom" defaultValue={search.publishedFrom.input} min={FIRST_VALID_DATE} max={latestDate} aria-invalid={search.publishedFrom.invalid || undefined} />
						</label>
						<label>
							Published to{' '}
							<input type="date" name="publishedTo" defaultValue={search.publishedTo.input} min={FIRST_VALID_DATE} max={latestDate} aria-invalid={search.publishedTo.invalid || undefined} />
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
					{search.dateWarning ? (
						<p className="warning" role="alert">
							{search.dateWarning}
						</p>
					) : null}
					{search.dateHints.map((hint) => (
						<p key={hint} className="warning">
							{hint}
						</p>
					))}
					{otherWarnings.map((warning) => (
						<p key={warning} className="warning">
							{warning}
						</p>
					))}
					{error ? (
						<p className="search-error" role="alert">
							{error}
						</p>
					) : (
						<>
							<p className="list-page__count">{formatCount(result.totalHits)} results</p>
							{result.searchHits.length === 0 ? <p className="empty">{MESSAGES.noResults}</p> : <SearchHits hits={result.searchHits} />}
						</>
					)}
				</section>
			</Form>
			<Pagination page={search.pageNum} pageSize={search.pageSize} totalPages={result.totalPages} totalHits={result.totalHits} pageParam="pageNum" />
		</div>
	)
}

function SearchHits({ hits }: { hits: SearchResult['searchHits'] }) {
	return (
		<ol className="search-hits">
			{hits.map((hit) => (
				<li key={hit.fullUrl} className="search-hit">
					<p className="teaser__meta">
						<span className="teaser__type">{hitLabel(hit)}</span>
						{hit.blogType && hit.blogUrl ? (
							<Link to={hit.blogUrl} className="search-hit__blog">
								{hit.blogType}
							</Link>
						) : null}
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
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
