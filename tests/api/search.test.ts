/**
 * GET /search: full-text search, ranking, filters, facets, sorting and dates
 * (spec 000 §2, §3, §5).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

type Query = Record<string, string | string[]>
function searchPath(query: Query) {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query)) for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
	return `/search?${params}`
}
async function search(query: Query, token?: string) {
	const response = await api.request(searchPath(query), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
	const body = (await response.json()) as any
	return { status: response.status, body, result: body.item }
}
const facet = (result: any, name: string): Record<string, number> => result.aggregations.find((aggregation: any) => aggregation.name === name).items

/** Published rows of every searchable kind, by route prefix. */
const SEARCHABLE: Record<string, string> = {
	'/articles': 'articles where not is_draft',
	'/pages': 'pages',
	'/companies': 'companies',
	'/utilities': 'utilities',
	'/projects': 'projects',
	'/events': 'events',
	'/authors': 'authors',
	'/geographies': 'geographies',
	'/industries': 'industries',
	'/technologies': 'technologies',
	'/topics': 'topics',
	'/mergers': 'mergers',
	'/contexts': 'contexts',
	'/documents': 'documents where not is_draft',
}
async function countWhere(from: string, condition: string, term?: string) {
	const where = term === undefined ? '' : `${from.includes(' where ') ? ' and' : ' where'} search @@ websearch_to_tsquery('english', $1)`
	const { rows } = await database.db.$client.query<{ n: number }>(`select count(*)::int as n from ${from}${where}${condition}`, term === undefined ? [] : [term])
	return rows[0].n
}

describe('matching', () => {
	test("'*', '' and a term of stop words match everything", async () => {
		let everything = 0
		for (const from of Object.values(SEARCHABLE)) everything += await countWhere(from, '')
		for (const searchTerm of ['*', '', 'the and of']) {
			const { status, result } = await search({ searchTerm })
			expect(status).toBe(200)
			expect(result.totalHits).toBe(everything)
		}
	})

	test('a term matches what its search vectors hold, per page type', async () => {
		const { result } = await search({ searchTerm: 'desalination' })
		const pageTypes = facet(result, 'Page type')
		for (const [prefix, from] of Object.entries(SEARCHABLE)) expect(pageTypes[prefix] ?? 0).toBe(await countWhere(from, '', 'desalination'))
		expect(result.totalHits).toBe(Object.values(pageTypes).reduce((sum, n) => sum + n, 0))
	})

	test('a word found in one headline ranks that article first', async () => {
		// A lexeme in exactly one headline that many other articles mention in their text.
		const { rows } = await database.db.execute<{ slug: string; word: string; docs: number }>(sql`
			with words as (
				select a.slug, w.word from articles a, unnest(tsvector_to_array(to_tsvector('english', a.headline))) as w(word)
				where not a.is_draft and length(w.word) > 3
			), unique_words as (select word from words group by word having count(*) = 1)
			select w.slug, w.word, (select count(*)::int from articles b where not b.is_draft and b.search @@ websearch_to_tsquery('english', w.word)) as docs
			from words w join unique_words using (word)
			order by docs desc, w.word limit 40`)
		const candidate = rows.find((row) => row.docs >= 3 && row.docs <= 200)
		expect(candidate).toBeDefined()
		const { result } = await search({ searchTerm: candidate!.word, 'filters[Page type]': '/articles' })
		expect(result.totalHits).toBe(candidate!.docs)
		expect(result.searchHits[0].fullUrl).toBe(`/articles/${candidate!.slug}`)
	})

	test('weighted ranking: headline, then standfirst, then matches in the body alone, newest first', async () => {
		// A word in some headlines, more standfirsts and many bodies of articles.
		const word = 'desalination'
		const { rows } = await database.db.execute<{ slug: string; place: 'headline' | 'standfirst' | 'body' }>(sql`
			select a.slug, case
				when to_tsvector('english', a.headline) @@ to_tsquery('english', ${word}) then 'headline'
				when to_tsvector('english', coalesce(a.standfirst, '') || ' ' || coalesce(a.lead_in, '')) @@ to_tsquery('english', ${word}) then 'standfirst'
				else 'body' end as place
			from articles a where not a.is_draft and a.search @@ to_tsquery('english', ${word})`)
		const place = new Map(rows.map((row) => [row.slug, row.place]))
		const counts = { headline: 0, standfirst: 0, body: 0 }
		for (const row of rows) counts[row.place]++
		expect(counts.headline).toBeGreaterThan(2)
		expect(counts.standfirst).toBeGreaterThan(2)
		expect(counts.body).toBeGreaterThan(2)
		const { result } = await search({ searchTerm: word, 'filters[Page type]': '/articles', pageSize: '100', pageNum: '1' })
		const hits: string[] = []
		const dates: string[] = []
		for (let pageNum = 1; pageNum <= result.totalPages; pageNum++) {
			const page = pageNum === 1 ? result : (await search({ searchTerm: word, 'filters[Page type]': '/articles', pageSize: '100', pageNum: String(pageNum) })).result
			hits.push(...page.searchHits.map((hit: any) => hit.fullUrl.slice('/articles/'.length)))
			dates.push(...page.searchHits.map((hit: any) => hit.publicationDate))
		}
		expect(hits).toHaveLength(rows.length)
		const meanPosition = (wanted: string) => {
			const positions = hits.flatMap((slug, index) => (place.get(slug) === wanted ? [index] : []))
			return positions.reduce((sum, index) => sum + index, 0) / positions.length
		}
		expect(place.get(hits[0])).toBe('headline')
		expect(meanPosition('headline')).toBeLessThan(meanPosition('standfirst'))
		expect(meanPosition('standfirst')).toBeLessThan(meanPosition('body'))
		// Relevance ranks the title and summary: the body's matches come last, newest first.
		const firstBody = hits.findIndex((slug) => place.get(slug) === 'body')
		expect(hits.slice(firstBody).every((slug) => place.get(slug) === 'body')).toBe(true)
		const bodyDates = dates.slice(firstBody)
		expect(bodyDates).toEqual([...bodyDates].sort().reverse())
	})

	test('hits carry the spec’s fields', async () => {
		const { result } = await search({ searchTerm: 'water', pageSize: '50' })
		expect(result.searchHits).toHaveLength(50)
		for (const hit of result.searchHits) {
			expect(Object.keys(hit).sort()).toEqual(['articleType', 'blogType', 'blogUrl', 'description', 'fullUrl', 'hasAccess', 'name', 'pageTypeUrl', 'projectIsArchived', 'publicationDate'])
			expect(hit.fullUrl.startsWith(`${hit.pageTypeUrl}/`)).toBe(true)
			// Article hits name their type (a Live update is labelled so); other kinds have none.
			if (hit.pageTypeUrl === '/articles') expect(hit.articleType).toEqual(expect.any(String))
			else expect(hit.articleType).toBeNull()
			expect(hit.description === null || hit.description.length <= 300).toBe(true)
		}
		const blog = (await search({ searchTerm: '*', 'filters[Article type]': 'Blog', pageSize: '1' })).result.searchHits[0]
		expect(blog.blogType).toEqual(expect.any(String))
		expect(blog.blogUrl).toMatch(/^\/blogs\/[a-z0-9-]+$/)
	})

	test('hasAccess follows the reader', async () => {
		const query = { searchTerm: '*', 'filters[Article type]': 'Market Map', pageSize: '5' }
		expect((await search(query)).result.searchHits.every((hit: any) => hit.hasAccess === false)).toBe(true)
		const token = await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] })
		expect((await search(query, token)).result.searchHits.every((hit: any) => hit.hasAccess === true)).toBe(true)
	})
})

describe('filters and facets', () => {
	test('Page type narrows to route prefixes; its own facet still counts every type', async () => {
		const all = (await search({ searchTerm: 'desalination' })).result
		const { result } = await search({ searchTerm: 'desalination', 'filters[Page type]': ['/companies', '/projects'], pageSize: '100' })
		expect(result.totalHits).toBe(facet(all, 'Page type')['/companies'] + facet(all, 'Page type')['/projects'])
		expect(result.searchHits.every((hit: any) => ['/companies', '/projects'].includes(hit.pageTypeUrl))).toBe(true)
		expect(facet(result, 'Page type')).toEqual(facet(all, 'Page type'))
	})

	test.each([
		['Page type', '/articles'],
		['Article type', 'News'],
		['Countries', 'France'],
		['Has sponsor', 'true'],
		['Has sponsor', 'false'],
	])('filtering %s = %s finds exactly the facet’s count', async (name, value) => {
		const all = (await search({ searchTerm: 'water' })).result
		const count = facet(all, name)[value]
		expect(count).toBeGreaterThan(0)
		const { result } = await search({ searchTerm: 'water', [`filters[${name}]`]: value })
		expect(result.totalHits).toBe(count)
	})

	test('facets count the set filtered by the OTHER facets', async () => {
		const { result } = await search({ searchTerm: '*', 'filters[Page type]': '/articles', 'filters[Has sponsor]': 'true' })
		const { rows } = await database.db.execute<{ name: string; n: number }>(
			sql`select t.name, count(*)::int as n from articles a join article_types t on t.id = a.article_type_id where not a.is_draft and a.sponsor_company_id is not null group by t.name`,
		)
		expect(facet(result, 'Article type')).toEqual(Object.fromEntries(rows.map((row) => [row.name, row.n])))
		const sponsor = facet(result, 'Has sponsor')
		expect(sponsor.true).toBe(result.totalHits)
		expect(sponsor.false).toBe(await countWhere('articles where not is_draft', ' and sponsor_company_id is null'))
		// Article type and Has sponsor belong to articles: no other page type has them.
		expect(Object.keys(facet(result, 'Page type'))).toEqual(['/articles'])
	})

	test('Countries: articles by their tags, projects by their country', async () => {
		const { result } = await search({ searchTerm: '*', 'filters[Countries]': 'France', 'filters[Page type]': ['/articles', '/projects'], pageSize: '1' })
		const articles = await countWhere(
			'articles a where not is_draft',
			` and exists (select 1 from article_geographies ag join geographies g on g.id = ag.geography_id where ag.article_id = a.id and g.name = 'France')`,
		)
		const projects = await countWhere('projects p', ` where p.country_id = (select id from geographies where name = 'France')`)
		expect(result.totalHits).toBe(articles + projects)
		expect(facet(result, 'Page type')['/articles']).toBe(articles)
	})

	test('a Page type filter keeps the relevance order each type has in the unfiltered list', async () => {
		const every = (await search({ searchTerm: 'water', pageSize: '100' })).result
		const types = [...new Set<string>(every.searchHits.map((hit: any) => hit.pageTypeUrl))]
		expect(types.length).toBeGreaterThan(2)
		for (const type of types) {
			const ofType = every.searchHits.filter((hit: any) => hit.pageTypeUrl === type).map((hit: any) => hit.fullUrl)
			const { result } = await search({ searchTerm: 'water', 'filters[Page type]': type, pageSize: '100' })
			expect(result.searchHits.slice(0, ofType.length).map((hit: any) => hit.fullUrl), type).toEqual(ofType)
			expect(result.totalHits, type).toBe(facet(every, 'Page type')[type])
		}
	})

	test('a term with two facets: the filtered matches in the same relevance order as the unfiltered list', async () => {
		// The page ranks only the matches that pass every filter: the order must be
		// the whole ranked list's, restricted to them.
		const every = (await search({ searchTerm: 'water', 'filters[Page type]': '/articles', pageSize: '100' })).result
		// The country tagged on most of them.
		const [country] = Object.keys(facet(every, 'Countries'))
		const { rows } = await database.db.execute<{ slug: string }>(
			sql`select a.slug from articles a join article_geographies ag on ag.article_id = a.id join geographies g on g.id = ag.geography_id where g.name = ${country}`,
		)
		const tagged = new Set(rows.map((row) => `/articles/${row.slug}`))
		const expected = every.searchHits.map((hit: any) => hit.fullUrl).filter((url: string) => tagged.has(url))
		expect(expected.length).toBeGreaterThan(1)
		const { result } = await search({ searchTerm: 'water', 'filters[Page type]': '/articles', 'filters[Countries]': country, pageSize: '100' })
		// The country's articles among the first 100 of the whole list lead the filtered list, in order.
		expect(result.searchHits.slice(0, expected.length).map((hit: any) => hit.fullUrl)).toEqual(expected)
		expect(result.totalHits).toBe(facet(every, 'Countries')[country])
		// Each country counts the matching articles (the other filter: Page type) tagged with it.
		const { rows: counts } = await database.db.execute<{ name: string; n: number }>(sql`
			select g.name, count(*)::int as n from article_geographies ag join geographies g on g.id = ag.geography_id and not g.is_region
			join articles a on a.id = ag.article_id and not a.is_draft and a.search @@ websearch_to_tsquery('english', 'water') group by g.name`)
		expect(facet(result, 'Countries')).toEqual(Object.fromEntries(counts.map((row) => [row.name, row.n])))
	})

	test('facet values are ordered by count', async () => {
		const counts = Object.values(facet((await search({ searchTerm: 'water' })).result, 'Countries'))
		expect(counts.length).toBeGreaterThan(5)
		expect([...counts].sort((a, b) => b - a)).toEqual(counts)
	})

	test('without aggregations when asked', async () => {
		const { result } = await search({ searchTerm: 'water', includeAggregations: 'false', 'filters[Page type]': '/articles' })
		expect(result.aggregations).toEqual([])
		expect(result.totalHits).toBe(await countWhere('articles where not is_draft', '', 'water'))
	})
})

describe('sorting, dates and paging', () => {
	test('by Date: newest first, undated last', async () => {
		const { result } = await search({ searchTerm: 'desalination', sortBy: 'Date', pageSize: '100' })
		const dates = result.searchHits.map((hit: any) => hit.publicationDate).filter(Boolean)
		expect([...dates].sort().reverse()).toEqual(dates)
		const { result: last } = await search({ searchTerm: 'desalination', sortBy: 'Date', pageSize: '10', pageNum: '100000' })
		expect(last.searchHits.at(-1).publicationDate).toBeNull()
	})

	test('published dates narrow to dated hits in the range', async () => {
		const { result } = await search({ searchTerm: 'water', publishedFrom: '2025-01-01', publishedTo: '2025-06-30', pageSize: '100', sortBy: 'Date' })
		expect(result.totalHits).toBeGreaterThan(0)
		expect(result.searchHits.every((hit: any) => hit.publicationDate >= '2025-01-01' && hit.publicationDate < '2025-07-01')).toBe(true)
	})

	test("a 'from' date after the 'to' date: no results and the spec's warning", async () => {
		const { status, body } = await search({ searchTerm: 'water', publishedFrom: '2025-06-30', publishedTo: '2025-01-01' })
		expect(status).toBe(200)
		expect(body.item).toMatchObject({ searchHits: [], totalHits: 0, totalPages: 0 })
		expect(body.warnings).toEqual(["Warning: the 'from' date is later than the 'to' date and so no results will be displayed."])
	})

	test('invalid dates and sorts are 400', async () => {
		expect((await search({ searchTerm: 'water', publishedFrom: '2025-02-30' })).status).toBe(400)
		expect((await search({ searchTerm: 'water', sortBy: 'Popular' })).status).toBe(400)
	})

	test('pages are disjoint, and a page beyond the last is the last', async () => {
		const first = (await search({ searchTerm: 'desalination', pageSize: '10' })).result
		const second = (await search({ searchTerm: 'desalination', pageSize: '10', pageNum: '2' })).result
		const urls = new Set(first.searchHits.map((hit: any) => hit.fullUrl))
		expect(second.searchHits.some((hit: any) => urls.has(hit.fullUrl))).toBe(false)
		const beyond = (await search({ searchTerm: 'desalination', pageSize: '10', pageNum: '100000' })).result
		expect(beyond.searchHits.length).toBe(first.totalHits - (first.totalPages - 1) * 10)
	})
})
