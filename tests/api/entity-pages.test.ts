/**
 * What the entity pages need from the content API beyond the generic entity calls:
 * related articles paged, list fields of projects, a technology type's ancestors, and a
 * company's financial indicators (Strategist data: 403 for anyone else).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { roundMillions } from '../../backend/api/company-indicators.ts'
import { companyIndicators } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()


const executive = () => issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive', 'read:project'] })
const strategist = () => issueAccessToken({ sub: 'demo|strategist', permissions: ['read:executive', 'read:project', 'read:strategy', 'read:strategy-beta'] })

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows as T[]

describe('GET /{entity}/slug/{slug}/articles', () => {
	test('a topic’s articles, newest first, paged, with the total', async () => {
		const [topic] = await rows<{ id: number; slug: string }>(sql`select id, slug from topics order by id limit 1`)
		const expected = await rows<{ slug: string }>(
			sql`select a.slug from articles a join article_topics t on t.article_id = a.id where t.topic_id = ${topic.id} and not a.is_draft order by a.publication_date desc, a.id desc`,
		)
		const { status, body } = await get(`/topics/slug/${topic.slug}/articles?pageNum=2&pageSize=5`)
		expect(status).toBe(200)
		expect(body).toMatchObject({ success: true, totalHits: expected.length, totalPages: Math.ceil(expected.length / 5), pageNum: 2, pageSize: 5 })
		expect(body.items.map((article: any) => article.slug)).toEqual(expected.slice(5, 10).map((row) => row.slug))
	})

	test('an author’s and an article type’s articles; a page beyond the last is the last', async () => {
		const [author] = await rows<{ id: number; slug: string }>(sql`select id, slug from authors order by id limit 1`)
		const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from article_authors aa join articles a on a.id = aa.article_id where aa.author_id = ${author.id} and not a.is_draft`)
		const byAuthor = (await get(`/authors/slug/${author.slug}/articles?pageNum=99999`)).body
		expect(byAuthor.totalHits).toBe(n)
		expect(byAuthor.pageNum).toBe(Math.ceil(n / 10))
		const marketMaps = (await get('/article-types/slug/market-map/articles?pageSize=3')).body
		expect(marketMaps.items).toHaveLength(3)
		expect(marketMaps.items.every((article: any) => article.articleType.slug === 'market-map')).toBe(true)
	})

	test('unknown slugs and kinds without articles are 404; garbage paging is the default, never a 500', async () => {
		expect((await get('/topics/slug/no-such-topic/articles')).status).toBe(404)
		expect((await get('/topics/slug/no-such-topic/articles')).body.errors).toEqual(['Not found: topic no-such-topic'])
		expect((await get('/utilities/slug/anything/articles')).status).toBe(404)
		expect((await get('/no-such-kind/slug/x/articles')).status).toBe(404)
		const garbage = await get('/topics/slug/pfas/articles?pageNum=abc&pageSize=-4')
		expect(garbage.status).toBe(200)
		expect(garbage.body).toMatchObject({ pageNum: 1, pageSize: 10 })
	})
})

describe('project list fields', () => {
	test('everyone gets country and types; progress only with read:project', async () => {
		const visitor = (await get('/projects?pageSize=5')).body.items
		expect(visitor[0].details).toEqual({ country: { name: expect.any(String), slug: expect.any(String) }, projectTypes: expect.any(Array) })
		expect(visitor[0].hasAccess).toBe(false)
		const member = (await get('/projects?pageSize=5', await executive())).body.items
		expect(member[0].details).toMatchObject({ progress: expect.any(String), isArchived: expect.any(Boolean) })
		expect(member[0].details).toHaveProperty('shortStatus')
	})

	test('no short status of any project reaches a visitor’s list', async () => {
		const page = await get('/projects?pageSize=100')
		const statuses = await rows<{ short_status: string }>(sql`select short_status from projects where short_status is not null order by date_last_modified desc, id desc limit 100`)
		for (const { short_status } of statuses) expect(page.text).not.toContain(JSON.stringify(short_status))
	})
})

describe('lists read in alphabetical order, whatever the case', () => {
	test('technology types', async () => {
		const names = (await get('/technology-types?pageSize=100', await strategist())).body.items.map((item: any) => item.name)
		const lower = names.map((name: string) => name.toLowerCase())
		expect(lower).toEqual([...lower].sort())
	})
})

describe('technology types', () => {
	test('a deep node names its ancestors, the top one first', async () => {
		const [node] = await rows<{ slug: string; parent: string; grandparent: string }>(sql`
			select n.slug, p.name as parent, g.name as grandparent from technology_types n
			join technology_types p on p.id = n.parent_id join technology_types g on g.id = p.parent_id
			order by n.id limit 1`)
		const { body } = await get(`/technology-types/slug/${node.slug}`, await strategist())
		expect(body.item.details.ancestors.map((link: any) => link.name)).toEqual([node.grandparent, node.parent])
		expect(body.item.details.parent.name).toBe(node.parent)
		expect(body.item.details.technology).toEqual({ name: expect.any(String), slug: expect.any(String) })
	})

	test('a top-level type has no ancestors', async () => {
		const [node] = await rows<{ slug: string }>(sql`select slug from technology_types where parent_id is null order by id limit 1`)
		const { body } = await get(`/technology-types/slug/${node.slug}`, await strategist())
		expect(body.item.details).toMatchObject({ ancestors: [], parent: null })
	})
})

describe('GET /companies/slug/{slug}/indicators', () => {
	test('Forbidden to visitors and Executives: company financial data is Strategist content', async () => {
		const [company] = await rows<{ slug: string }>(sql`select c.slug from companies c where exists (select 1 from company_indicators i where i.company_id = c.id) order by c.id limit 1`)
		const visitor = await get(`/companies/slug/${company.slug}/indicators`)
		expect(visitor.status).toBe(403)
		expect(visitor.body).toEqual({ success: false, errors: ['Forbidden'], warnings: [] })
		expect((await get(`/companies/slug/${company.slug}/indicators`, await executive())).status).toBe(403)
	})

	test('a Strategist gets the latest year of each indicator, rounded, in the order first recorded', async () => {
		const [company] = await rows<{ id: number; slug: string }>(sql`select c.id, c.slug from companies c where exists (select 1 from company_indicators i where i.company_id = c.id) order by c.id limit 1`)
		const latest = await rows<{ indicator: string; year: number; value: number; currency: string }>(sql`
			select distinct on (indicator) indicator, year, value, currency from company_indicators where company_id = ${company.id} order by indicator, year desc`)
		const { status, body } = await get(`/companies/slug/${company.slug}/indicators`, await strategist())
		expect(status).toBe(200)
		expect(body.items).toHaveLength(latest.length)
		expect(body.items.map((item: any) => item.indicator)).toEqual(['Revenue', 'WaterRevenue', 'EBITDA', 'NetIncome'].filter((name) => latest.some((row) => row.indicator === name)))
		for (const item of body.items) {
			const row = latest.find((entry) => entry.indicator === item.indicator)!
			const rounded = roundMillions(row.value)
			expect(item).toMatchObject({ year: row.year, value: row.value, currency: row.currency, roundedValue: rounded.value, roundedUnit: rounded.unit })
			expect(item.unitDisplayName).toBe(item.roundedUnit === 'bn' ? 'Billion' : 'Million')
		}
	})

	test('a company without indicators has none; an unknown company is 404', async () => {
		const [company] = await rows<{ slug: string }>(sql`select c.slug from companies c where not exists (select 1 from company_indicators i where i.company_id = c.id) order by c.id limit 1`)
		expect((await get(`/companies/slug/${company.slug}/indicators`, await strategist())).body.items).toEqual([])
		expect((await get('/companies/slug/no-such-company/indicators', await strategist())).status).toBe(404)
	})

	test('values read in millions up to a thousand, then in billions', () => {
		expect(roundMillions(118.34)).toEqual({ value: 118.3, unit: 'm' })
		expect(roundMillions(999.9)).toEqual({ value: 999.9, unit: 'm' })
		expect(roundMillions(16502.6)).toEqual({ value: 16.5, unit: 'bn' })
		expect(roundMillions(-2400)).toEqual({ value: -2.4, unit: 'bn' })
	})

	test('an indicator added later comes last', async () => {
		const [company] = await rows<{ id: number; slug: string }>(sql`select c.id, c.slug from companies c where exists (select 1 from company_indicators i where i.company_id = c.id) order by c.id limit 1`)
		await database.db.insert(companyIndicators).values({ companyId: company.id, indicator: 'OrderBook', indicatorDisplayName: 'Order book', year: 2025, value: 2500, currency: 'USD', valueUsd: 2500 })
		const { body } = await get(`/companies/slug/${company.slug}/indicators`, await strategist())
		expect(body.items.at(-1)).toMatchObject({ indicator: 'OrderBook', roundedValue: 2.5, roundedUnit: 'bn', roundedValueUSD: 2.5, roundedUnitUSD: 'bn' })
	})
})
