/**
 * GET /pages/slug/{slug}: custom pages with their cards resolved (spec 000 §2, §3, §7, §9).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { cards, pages, slices } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()


const card = (body: any, title: string) => body.componentItems.find((item: any) => item.config.title === title)

describe('the home page', () => {
	test('is the page "home" with its envelope, SEO and analytics information', async () => {
		const { status, body } = await get('/pages/slug/home')
		expect(status).toBe(200)
		expect(body).toMatchObject({ success: true, errors: [], warnings: [], analyticsPageInfo: { pageType: 'Page', pageName: 'Home', slug: 'home' } })
		expect(body.item).toMatchObject({ slug: 'home', hasAccess: true, slices: [] })
		expect(body.item.seoProperties.title).toBeTruthy()
		expect(body.componentItems.length).toBeGreaterThan(3)
		for (const item of body.componentItems) expect(Object.keys(item).sort()).toEqual(['cardType', 'config', 'id', 'position', 'sliceSlug', 'sortOrder', 'width'])
	})

	test('article list cards come with their articles: newest first, never drafts', async () => {
		const { body } = await get('/pages/slug/home')
		const latest = card(body, 'Latest news')
		expect(latest.cardType).toBe('ArticleListCard')
		expect(latest.config.articles).toHaveLength(10)
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from articles where not is_draft order by publication_date desc, id desc limit 10`)
		expect(latest.config.articles.map((article: any) => article.slug)).toEqual(rows.map((row) => row.slug))
	})

	test('by article type, by editors’ pick, limited by maxRecordCount', async () => {
		const { body } = await get('/pages/slug/home')
		const maps = card(body, 'Market Maps')
		expect(maps.config.articles).toHaveLength(maps.config.maxRecordCount)
		expect(maps.config.articles.every((article: any) => article.articleType.slug === 'market-map')).toBe(true)
		const picks = body.componentItems.find((item: any) => item.cardType === 'ArticleListCard' && item.config.editorsPick === true)
		expect(picks.config.articles.length).toBeGreaterThan(0)
		expect(picks.config.articles.length).toBeLessThanOrEqual(picks.config.maxRecordCount)
		expect(picks.config.articles.every((article: any) => article.isEditorsPick)).toBe(true)
	})

	test('the events card lists upcoming events, soonest first', async () => {
		const { body } = await get('/pages/slug/home')
		const events = body.componentItems.find((item: any) => item.cardType === 'EventSearchCard')
		const list = events.config.events
		expect(list).toHaveLength(events.config.maxRecordCount ?? 5)
		expect(Object.keys(list[0]).sort()).toEqual(['endDate', 'isPartnerEvent', 'location', 'name', 'slug', 'startDate', 'thumbnail'])
		const now = new Date().toISOString()
		expect(list.every((event: any) => event.endDate >= now)).toBe(true)
		const starts = list.map((event: any) => event.startDate)
		expect([...starts].sort()).toEqual(starts)
	})

	test('other cards pass their config through', async () => {
		const { body } = await get('/pages/slug/home')
		const text = body.componentItems.find((item: any) => item.cardType === 'TextCard')
		const [stored] = await database.db.select().from(cards).where(sql`${cards.id} = ${text.id}`)
		expect(text.config).toEqual(stored.config)
	})

	test('summaries in cards carry the reader’s access', async () => {
		const anonymous = card((await get('/pages/slug/home')).body, 'Market Maps')
		expect(anonymous.config.articles.every((article: any) => article.hasAccess === false)).toBe(true)
		const executive = card((await get('/pages/slug/home', await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] }))).body, 'Market Maps')
		expect(executive.config.articles.every((article: any) => article.hasAccess === true)).toBe(true)
	})
})

describe('pages with permission levels and slices', () => {
	test('without access: no body, no cards; with it: both; a closed slice hides its cards', async () => {
		const [page] = await database.db
			.insert(pages)
			.values({ slug: 'members-briefing', name: 'Members briefing', bodyText: '<p>Only for members: the secret outlook.</p>', permissionLevels: ['read:executive'] })
			.returning()
		const [open, closed] = await database.db
			.insert(slices)
			.values([
				{ ownerKind: 'page', ownerId: page.id, slug: 'overview', name: 'Overview', sortOrder: 0 },
				{ ownerKind: 'page', ownerId: page.id, slug: 'strategy', name: 'Strategy', sortOrder: 1, permissionLevels: ['read:strategy'] },
			])
			.returning()
		await database.db.insert(cards).values([
			{ ownerKind: 'page', ownerId: page.id, cardType: 'TextCard', sliceId: open.id, config: { title: 'Open card', bodyText: '<p>Overview text</p>' } },
			{ ownerKind: 'page', ownerId: page.id, cardType: 'TextCard', sliceId: closed.id, config: { title: 'Closed card', bodyText: '<p>Strategist forecast secret</p>' } },
		])

		const visitor = await get('/pages/slug/members-briefing')
		expect(visitor.status).toBe(200)
		expect(visitor.body.item).toMatchObject({ hasAccess: false, bodyText: null })
		expect(visitor.body.componentItems).toEqual([])
		expect(visitor.text).not.toContain('secret')

		const executive = await get('/pages/slug/members-briefing', await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] }))
		expect(executive.body.item).toMatchObject({ hasAccess: true, bodyText: '<p>Only for members: the secret outlook.</p>' })
		expect(executive.body.item.slices).toEqual([
			{ name: 'Overview', slug: 'overview', hasAccess: true, visibility: 'standard', permissionLevels: [] },
			{ name: 'Strategy', slug: 'strategy', hasAccess: false, visibility: 'standard', permissionLevels: [{ slug: 'read:strategy' }] },
		])
		expect(executive.body.componentItems.map((item: any) => [item.config.title, item.sliceSlug])).toEqual([['Open card', 'overview']])
		expect(executive.text).not.toContain('Strategist forecast secret')

		const strategist = await get('/pages/slug/members-briefing', await issueAccessToken({ sub: 'demo|strategist', permissions: ['read:executive', 'read:strategy'] }))
		expect(strategist.body.componentItems.map((item: any) => item.config.title)).toEqual(['Open card', 'Closed card'])
	})
})
