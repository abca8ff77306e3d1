/**
 * Site search (/search): URL parameters parsed with the spec's defaults, validation and
 * clamps (spec 000 §2, §5), and the loader against the real content API and database.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { loader as searchLoader } from '../../app/routes/search/route.tsx'
import { canonicalSearchUrl, facetValuesShown, hitLabel, LONG_FACET_VALUES, LONG_FACET_VALUES_SHOWN, toApiQuery, validDate } from '../../contract/search-params.ts'
import { parseSearchParams } from '../../contract/search-params-schema.ts'
import { useTestDatabase } from '../support/database.ts'
import { SITE, siteContext, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const NOW = new Date('2026-06-15T12:00:00Z')
const DATE_WARNING = "Warning: the 'from' date is later than the 'to' date and so no results will be displayed."

const params = (query: string) => new URLSearchParams(query)
const load = (path: string, context = siteContext(database.db)) => searchLoader({ request: new Request(`${SITE}${path}`), context, params: {} })

describe('search parameters', () => {
	test.each([
		['2000-01-01', ''],
		['2000-01-02', '2000-01-02'],
		['2026-12-31', '2026-12-31'],
		['2027-01-01', ''],
		['1999-12-31', ''],
		['2025-02-30', ''],
		['2025-2-3', ''],
		['2025-02-03x', ''],
		['03/02/2025', ''],
		['', ''],
	])('a published date %j applies as %j (valid only after 2000-01-01 and not after the current year)', (value, applied) => {
		expect(validDate(value, NOW)).toBe(applied)
	})

	test('defaults: Relevance, page 1 of 10, no filters', () => {
		const search = parseSearchParams(params(''), NOW)
		expect(search).toMatchObject({ searchTerm: '', sortBy: 'Relevance', pageNum: 1, pageSize: 10, dateWarning: null, dateHints: [] })
		expect(Object.values(search.filters).every((values) => values.length === 0)).toBe(true)
	})

	test('an empty term is sent as *; invalid dates are kept for the form but not sent', () => {
		const search = parseSearchParams(params('searchTerm=%20%20&publishedFrom=1999-05-01&publishedTo=2026-03-01&filters[Page type]=/articles&filters[Page type]=/projects'), NOW)
		expect(search.publishedFrom).toEqual({ input: '1999-05-01', value: '', invalid: true })
		expect(search.dateHints).toEqual(['Published from is not applied: use a date after 1 January 2000 and no later than 2026.'])
		const query = toApiQuery(search)
		expect(query).toMatchObject({ searchTerm: '*', publishedFrom: undefined, publishedTo: '2026-03-01', includeAggregations: true, 'filters[Page type]': ['/articles', '/projects'] })
	})

	test("a 'from' date later than the 'to' date warns", () => {
		expect(parseSearchParams(params('publishedFrom=2025-06-01&publishedTo=2025-01-01'), NOW).dateWarning).toBe(DATE_WARNING)
		expect(parseSearchParams(params('publishedFrom=2025-01-01&publishedTo=2025-06-01'), NOW).dateWarning).toBeNull()
		// An invalid date does not apply, so there is nothing to compare.
		expect(parseSearchParams(params('publishedFrom=2027-06-01&publishedTo=2025-01-01'), NOW).dateWarning).toBeNull()
	})

	test.each([
		['/search?sortBy=Relevance&pageNum=abc', '/search?sortBy=Relevance'],
		['/search?sortBy=Relevance&pageNum=0&pageSize=1000', '/search?sortBy=Relevance'],
		['/search?sortBy=Relevance&pageNum=1&pageSize=10', '/search?sortBy=Relevance'],
		['/search?sortBy=Popular&searchTerm=pumps', '/search?sortBy=Relevance&searchTerm=pumps'],
		['/search?searchTerm=pumps', '/search?searchTerm=pumps&sortBy=Relevance'],
		['/search?sortBy=Date&pageNum=2.5&pageSize=7', '/search?sortBy=Date&pageSize=7'],
	])('%s is canonically %s', (path, canonical) => {
		const url = new URL(`${SITE}${path}`)
		expect(canonicalSearchUrl(url, parseSearchParams(url.searchParams, NOW))).toBe(canonical)
	})

	test.each(['/search?sortBy=Date&pageNum=3&pageSize=20&publishedFrom=1999-01-01', '/search?sortBy=Relevance&filters[Page type]=/articles'])('%s is canonical', (path) => {
		const url = new URL(`${SITE}${path}`)
		expect(canonicalSearchUrl(url, parseSearchParams(url.searchParams, NOW))).toBeNull()
	})

	test('hit labels: by route, Market and M&A, and Live update for live-update articles', () => {
		expect(hitLabel({ pageTypeUrl: '/geographies' })).toBe('Market')
		expect(hitLabel({ pageTypeUrl: '/mergers' })).toBe('M&A')
		expect(hitLabel({ pageTypeUrl: '/articles', articleType: 'News' })).toBe('Articles')
		expect(hitLabel({ pageTypeUrl: '/articles', articleType: 'Live update' })).toBe('Live update')
	})
})

describe('long facets', () => {
	const countries = Array.from({ length: 198 }, (_, i) => `Country ${i + 1}`)
	test('a long facet lists its first values and every ticked one; asked for, all of them', () => {
		expect(facetValuesShown(countries, [], false)).toEqual(countries.slice(0, LONG_FACET_VALUES_SHOWN))
		expect(facetValuesShown(countries, ['Country 150', 'Country 2'], false)).toEqual([...countries.slice(0, LONG_FACET_VALUES_SHOWN), 'Country 150'])
		expect(facetValuesShown(countries, [], true)).toEqual(countries)
	})
	test('a facet up to the long length (24 article types) is listed whole', () => {
		const types = countries.slice(0, LONG_FACET_VALUES)
		expect(facetValuesShown(types, [], false)).toEqual(types)
	})
})

describe('/search loader', () => {
	test('no parameters: the default query (articles by relevance), at /search itself and indexable', async () => {
		const { data } = unwrap<any>(await load('/search'))
		expect(data.search.sortBy).toBe('Relevance')
		expect(data.search.filters['Page type']).toEqual(['/articles'])
		expect(data.indexable).toBe(true)
		const { data: results } = unwrap<any>(await load('/search?sortBy=Relevance&searchTerm=pumps'))
		expect(results.indexable).toBe(false)
	})

	test('results with facets from the API; an empty term searches everything', async () => {
		const { data, headers } = unwrap<any>(await load('/search?sortBy=Relevance&filters[Page type]=/articles'))
		const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles where not is_draft`)
		expect(data.result.totalHits).toBe(rows[0].n)
		expect(data.result.searchHits).toHaveLength(10)
		expect(data.result.aggregations.map((aggregation: any) => aggregation.name)).toEqual(['Page type', 'Article type', 'Countries', 'Has sponsor'])
		expect(data.error).toBeNull()
		expect(headers.get('Cache-Control')).toContain('s-maxage')
	})

	test("a 'from' date after the 'to' date: the warning and no results", async () => {
		const { data } = unwrap<any>(await load('/search?sortBy=Relevance&searchTerm=water&publishedFrom=2025-06-30&publishedTo=2025-01-01'))
		expect(data.search.dateWarning).toBe(DATE_WARNING)
		expect(data.result.totalHits).toBe(0)
		expect(data.warnings).toEqual([DATE_WARNING])
	})

	test('a page beyond the last goes to the last page', async () => {
		const { data } = unwrap<any>(await load('/search?sortBy=Relevance&searchTerm=desalination&pageSize=100'))
		const response = await thrown(load('/search?sortBy=Relevance&searchTerm=desalination&pageSize=100&pageNum=999'))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`/search?sortBy=Relevance&searchTerm=desalination&pageSize=100&pageNum=${data.result.totalPages}`)
	})

	test('an address of paging alone keeps the default query (Page type = /articles)', async () => {
		expect((await thrown(load('/search?pageNum=abc'))).headers.get('Location')).toBe('/search')
		const second = new URL((await thrown(load('/search?pageNum=2&pageSize=20'))).headers.get('Location')!, SITE)
		expect(second.searchParams.getAll('filters[Page type]')).toEqual(['/articles'])
		expect(second.searchParams.get('pageNum')).toBe('2')
		expect(second.searchParams.get('pageSize')).toBe('20')
	})

	test('garbage paging is canonicalised', async () => {
		const response = await thrown(load('/search?sortBy=Relevance&searchTerm=pumps&pageNum=abc&pageSize=-4'))
		expect(response.headers.get('Location')).toBe('/search?sortBy=Relevance&searchTerm=pumps')
	})

	test('a query the API refuses: its message, the form kept, a 400', async () => {
		const term = 'water '.repeat(50)
		const { data, status } = unwrap<any>(await load(`/search?sortBy=Relevance&searchTerm=${encodeURIComponent(term)}`))
		expect(status).toBe(400)
		expect(data.error).toBe('Your search can be at most 200 characters long')
		expect(data.search.searchTerm).toBe(term.trim())
	})

	test('the search service failing: the spec’s default message, a 503, not cached', async () => {
		const context = { ...siteContext(database.db), apiFetch: () => Promise.resolve(new Response('{"success":false,"errors":["An error occurred"],"warnings":[]}', { status: 500 })) }
		const { data, status, headers } = unwrap<any>(await load('/search?sortBy=Relevance&searchTerm=pumps', context))
		expect(status).toBe(503)
		expect(data.error).toBe('An error has occurred loading the search data')
		expect(headers.get('Cache-Control')).toBe('no-store')
	})
})
