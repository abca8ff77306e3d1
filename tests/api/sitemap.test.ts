/**
 * GET /sitemap and GET /sitemap/{type}: what the site's sitemaps list, from the seeded data.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { SITEMAP_MAX_URLS } from '../../contract/pages.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

async function get(path: string) {
	const response = await api.request(path)
	return { status: response.status, body: (await response.json()) as any }
}

async function count(query: ReturnType<typeof sql>) {
	const { rows } = await database.db.execute<{ count: number }>(query)
	return rows[0]!.count
}

describe('GET /sitemap', () => {
	test('lists every sitemap type with its URL count and newest lastmod', async () => {
		const { status, body } = await get('/sitemap')
		expect(status).toBe(200)
		expect(body).toMatchObject({ success: true, errors: [], warnings: [] })
		const types = Object.fromEntries(body.items.map((item: any) => [item.type, item]))
		for (const type of ['articles', 'pages', 'article-types', 'authors', 'companies', 'events', 'projects', 'geographies', 'industries', 'technologies', 'topics', 'utilities', 'blogs', 'opportunities']) {
			expect(types[type], type).toBeDefined()
			expect(types[type].count, type).toBeGreaterThan(0)
		}
		expect(types.articles.count).toBe(await count(sql`select count(*)::int as count from articles where not is_draft`))
		expect(types.companies.count).toBe(await count(sql`select count(*)::int as count from companies where show_as_page`))
		expect(types.opportunities.count).toBe(await count(sql`select count(*)::int as count from opportunities where not is_draft`))
		expect(types.articles.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
		// Strategist-only indexes send the public away, so they are not offered to crawlers.
		expect(types['technology-types']).toBeUndefined()
		expect(types.mergers).toBeUndefined()
	})
})

describe('GET /sitemap/{type}', () => {
	test('articles: site paths of published articles only, never drafts', async () => {
		const { rows: drafts } = await database.db.execute<{ slug: string }>(sql`select slug from articles where is_draft`)
		expect(drafts.length).toBeGreaterThan(0)
		const { status, body } = await get(`/sitemap/articles?pageSize=${SITEMAP_MAX_URLS}`)
		expect(status).toBe(200)
		const locs = new Set(body.items.map((item: any) => item.loc))
		expect(body.totalHits).toBe(locs.size)
		for (const { slug } of drafts) expect(locs.has(`/articles/${slug}`)).toBe(false)
		for (const item of body.items.slice(0, 50)) {
			expect(item.loc).toMatch(/^\/articles\/[a-z0-9-]+$/)
			expect(item.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/)
		}
	})

	test('pages: the home page is /, pages behind permission levels are left out', async () => {
		await database.db.execute(sql`insert into pages (slug, name, permission_levels) values ('members-briefing', 'Members briefing', '{read:executive}')`)
		const { body } = await get('/sitemap/pages')
		const locs = body.items.map((item: any) => item.loc)
		expect(locs).toContain('/')
		expect(locs).toContain('/pages/privacypolicy')
		expect(locs).not.toContain('/pages/home')
		expect(locs).not.toContain('/pages/members-briefing')
	})

	test('companies not shown as pages are left out', async () => {
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from companies where not show_as_page limit 1`)
		const hidden = rows[0]!.slug
		const { body } = await get(`/sitemap/companies?pageSize=${SITEMAP_MAX_URLS}`)
		expect(body.items.some((item: any) => item.loc === `/companies/${hidden}`)).toBe(false)
		expect(body.items[0].loc).toMatch(/^\/companies\//)
	})

	test('pages through a type without repeating a URL', async () => {
		const first = await get('/sitemap/topics?pageSize=5&pageNum=1')
		const second = await get('/sitemap/topics?pageSize=5&pageNum=2')
		expect(first.body.items).toHaveLength(5)
		expect(first.body.totalPages).toBe(Math.ceil(first.body.totalHits / 5))
		const firstLocs = first.body.items.map((item: any) => item.loc)
		for (const item of second.body.items) expect(firstLocs).not.toContain(item.loc)
	})

	test('an unknown type is 404 with the spec wording', async () => {
		const { status, body } = await get('/sitemap/mergers')
		expect(status).toBe(404)
		expect(body).toMatchObject({ success: false, errors: ['Not found: sitemap mergers'] })
		expect((await get('/sitemap/constructor')).status).toBe(404)
	})
})
