/**
 * The generic entity calls GET /{entity} and GET /{entity}/slug/{slug} (spec 000 §3, §7).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { ARTICLE_TAGS } from '../../backend/api/article-data.ts'
import { ARTICLE_FILTER_KEYS, TAG_KEYS } from '../../backend/api/card-resolvers/article-cards.ts'
import { ENTITY_KINDS } from '../../backend/api/entity-kinds.ts'
import { cards } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get, changedBehindTheApi } = useTestApi()


const executive = () => issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive', 'read:project'] })
const strategist = () => issueAccessToken({ sub: 'demo|strategist', permissions: ['read:executive', 'read:project', 'read:strategy', 'read:strategy-beta'] })

const first = async (table: string, condition = sql`true`) =>
	(await database.db.execute<{ id: number; slug: string }>(sql`select id, slug from ${sql.raw(table)} where ${condition} order by id limit 1`)).rows[0]

const KINDS = Object.entries(ENTITY_KINDS).map(([kind, entry]) => [kind, entry.table] as const)

describe.each(KINDS)('%s', (kind, table) => {
	test('lists summaries with paging', async () => {
		const { status, body } = await get(`/${kind}?pageSize=3`)
		expect(status).toBe(200)
		const { rows } = await database.db.execute<{ n: number }>(
			sql`select count(*)::int as n from ${sql.raw(table)} e where ${ENTITY_KINDS[kind].published ?? sql`true`}`,
		)
		expect(body).toMatchObject({ success: true, totalHits: rows[0].n, pageNum: 1, pageSize: 3 })
		if (rows[0].n === 0) return
		// Kinds with list fields of their own (projects) add `details`.
		const keys = ['description', 'hasAccess', 'id', 'name', 'publicationDate', 'slug', 'thumbnail', ...(ENTITY_KINDS[kind].summaryDetails ? ['details'] : [])]
		expect(Object.keys(body.items[0]).sort()).toEqual(keys.sort())
	})

	test('opens one by slug with cards, slices, details and analytics information', async () => {
		const row = await first(table, ENTITY_KINDS[kind].hasDrafts ? sql`not is_draft` : sql`true`)
		if (!row) return // the seed has none of this kind (yet)
		const { status, body } = await get(`/${kind}/slug/${encodeURIComponent(row.slug)}`, await strategist())
		expect(status).toBe(200)
		expect(body.item).toMatchObject({ id: row.id, slug: row.slug, hasAccess: expect.any(Boolean), slices: expect.any(Array), details: expect.any(Object) })
		expect(body.componentItems).toEqual(expect.any(Array))
		expect(body.analyticsPageInfo).toEqual({ pageType: ENTITY_KINDS[kind].pageType, pageName: body.item.name, slug: row.slug })
		const missing = await get(`/${kind}/slug/no-such-${kind}`)
		expect(missing.status).toBe(404)
		expect(missing.body.errors).toEqual([`Not found: ${ENTITY_KINDS[kind].label} no-such-${kind}`])
	})
})

describe('lists', () => {
	test('searchTerm narrows by name or text', async () => {
		const { body } = await get('/companies?searchTerm=membrane&pageSize=100')
		expect(body.totalHits).toBeGreaterThan(0)
		const { rows } = await database.db.execute<{ n: number }>(
			sql`select count(*)::int as n from companies where search @@ websearch_to_tsquery('english', 'membrane') or name ilike '%membrane%'`,
		)
		expect(body.totalHits).toBe(rows[0].n)
		expect((await get('/companies?searchTerm=*')).body.totalHits).toBe((await get('/companies')).body.totalHits)
	})

	test('kind filters: regions of geographies, countries of a region', async () => {
		const regions = (await get('/geographies?isRegion=true')).body
		expect(regions.items.map((item: any) => item.slug).sort()).toEqual(['xa', 'xb', 'xc', 'xd', 'xe'])
		const europe = (await get('/geographies?region=xb&pageSize=100')).body
		expect(europe.totalHits).toBeGreaterThan(5)
		expect((await get('/geographies?isRegion=perhaps')).status).toBe(400)
	})

	test('by slugs, in the order asked', async () => {
		const { body } = await get('/topics?pageSize=3')
		const slugs = body.items.map((item: any) => item.slug).reverse()
		expect((await get(`/topics/slugList/${slugs.join(',')}`)).body.items.map((item: any) => item.slug)).toEqual(slugs)
	})
})

describe('details and access', () => {
	test('a region lists its countries; an entity lists its latest articles', async () => {
		const { body } = await get('/geographies/slug/xb')
		expect(body.item.details.isRegion).toBe(true)
		expect(body.item.details.countries.length).toBeGreaterThan(5)
		expect(body.item.details.countries[0]).toEqual({ name: expect.any(String), slug: expect.any(String) })
		const articles = body.item.details.articles
		expect(articles.length).toBeGreaterThan(0)
		const dates = articles.map((article: any) => article.publicationDate)
		expect([...dates].sort().reverse()).toEqual(dates)
	})

	test('a country names its region', async () => {
		const france = (await get('/geographies/slug/fr')).body.item
		expect(france.details).toMatchObject({ isRegion: false, region: { slug: 'xb', name: expect.any(String) } })
	})

	test('an event carries its dates, place and links', async () => {
		const event = await first('events')
		if (!event) return
		const { body } = await get(`/events/slug/${event.slug}`)
		expect(body.item.details).toMatchObject({ startDate: expect.any(String), endDate: expect.any(String), isPartnerEvent: expect.any(Boolean) })
		expect(body.item.details).toHaveProperty('location')
		expect(body.item.details).toHaveProperty('registerUrl')
	})

	test('a company: headquarters, website; revenue for Strategists only', async () => {
		const company = await first('companies', sql`water_revenue is not null and headquarters_country_id is not null`)
		if (!company) return
		const visitor = (await get(`/companies/slug/${company.slug}`)).body.item
		expect(visitor.details.headquartersCountry).toEqual({ name: expect.any(String), slug: expect.any(String) })
		expect(visitor.details).toHaveProperty('website')
		expect(visitor.details.waterRevenue).toBeUndefined()
		const strategistView = (await get(`/companies/slug/${company.slug}`, await strategist())).body.item
		expect(strategistView.details.waterRevenue).toEqual(expect.any(Number))
	})

	test('a project without read:project: only its name, country and types', async () => {
		const project = await first('projects', sql`status is not null`)
		if (!project) return
		const visitor = await get(`/projects/slug/${project.slug}`)
		expect(visitor.body.item).toMatchObject({ hasAccess: false, bodyText: null, description: null })
		const { articles: _related, ...identifying } = visitor.body.item.details
		expect(Object.keys(identifying).sort()).toEqual(['country', 'name', 'projectTypes'])
		const { rows } = await database.db.execute<{ status: string }>(sql`select status from projects where id = ${project.id}`)
		expect(visitor.text).not.toContain(JSON.stringify(rows[0].status).slice(1, -1))

		const member = (await get(`/projects/slug/${project.slug}`, await executive())).body.item
		expect(member.hasAccess).toBe(true)
		expect(member.details).toMatchObject({ status: rows[0].status, progress: expect.any(String), contacts: expect.any(Array), history: expect.any(Array) })
		const history = member.details.history.map((entry: any) => entry.date)
		expect([...history].sort().reverse()).toEqual(history)
		expect(history).not.toContain(member.details.dateLastModified)
	})

	test('Strategist-only kinds: closed to an Executive, open to a Strategist', async () => {
		const utility = await first('utilities')
		if (!utility) return
		const closed = (await get(`/utilities/slug/${utility.slug}`, await executive())).body
		expect(closed.item).toMatchObject({ hasAccess: false, bodyText: null })
		expect(closed.componentItems).toEqual([])
		expect(closed.item.details.waterPopulation).toBeUndefined()
		const open = (await get(`/utilities/slug/${utility.slug}`, await strategist())).body
		expect(open.item.hasAccess).toBe(true)
		expect(open.item.details).toHaveProperty('waterPopulation')
		expect((await get('/utilities?pageSize=1', await strategist())).body.items[0].hasAccess).toBe(true)
		expect((await get('/utilities?pageSize=1')).body.items[0].hasAccess).toBe(false)
	})

	test('an entity’s own cards are resolved; a list card without a filter lists the entity’s articles', async () => {
		const topic = await first('topics')
		await database.db.insert(cards).values({ ownerKind: 'topic', ownerId: topic.id, cardType: 'ArticleListCard', config: { title: 'Latest on this topic', maxRecordCount: 4 } })
		changedBehindTheApi()
		const { body } = await get(`/topics/slug/${topic.slug}`)
		const listCard = body.componentItems.find((item: any) => item.config.title === 'Latest on this topic')
		expect(listCard.config.articles).toHaveLength(4)
		const { rows } = await database.db.execute<{ slug: string }>(
			sql`select a.slug from articles a join article_topics t on t.article_id = a.id where t.topic_id = ${topic.id} and not a.is_draft order by a.publication_date desc, a.id desc limit 4`,
		)
		expect(listCard.config.articles.map((article: any) => article.slug)).toEqual(rows.map((row) => row.slug))
	})

	test('drafts of documents open only with their PreviewToken', async () => {
		const { rows } = await database.db.execute<{ slug: string; preview_secret: string }>(sql`select slug, preview_secret from documents where is_draft and preview_secret is not null limit 1`)
		const draft = rows[0]
		if (!draft) return
		expect((await get(`/documents/slug/${draft.slug}`)).status).toBe(404)
		expect((await get(`/documents/slug/draft/${draft.slug}`)).status).toBe(404)
		const preview = await get(`/documents/slug/draft/${draft.slug}`, undefined, { PreviewToken: draft.preview_secret })
		expect(preview.status).toBe(200)
		expect(preview.body.item.slug).toBe(draft.slug)
	})
})

describe('the Latest news slice of a page lists that page’s news', () => {
	type NewsCard = { owner_kind: string; owner_id: number; config: Record<string, unknown> }
	const newsCards = async () =>
		(await database.db.execute<NewsCard>(sql`
			select c.owner_kind, c.owner_id, c.config from cards c join slices s on s.id = c.slice_id
			where s.slug = 'latest-news' and c.card_type = 'ArticleListCard' order by c.owner_kind, c.owner_id`)).rows

	test('every seeded article list card filters with keys the card resolver knows', async () => {
		const { rows } = await database.db.execute<{ key: string }>(sql`
			select distinct key from cards, jsonb_object_keys(config) as key
			where card_type = 'ArticleListCard' and (key like '%Slug' or key like '%Slugs')`)
		expect(rows.length).toBeGreaterThan(0)
		for (const { key } of rows) expect(ARTICLE_FILTER_KEYS, `unknown article filter ${key}`).toContain(key)
	})

	// The kinds whose articles are not tagged with them: their news is the nearest tag's.
	test.each(['application', 'industrial-subsector', 'technology-type', 'utility', 'geography', 'technology'])('the news on a page of kind %s is tagged with what its card names', async (ownerKind) => {
		const card = (await newsCards()).find((row) => row.owner_kind === ownerKind)!
		const [key, slug] = Object.entries(card.config).find(([name]) => name in TAG_KEYS) as [string, string]
		const tag = ARTICLE_TAGS[TAG_KEYS[key]]
		const tagged = (
			await database.db.execute<{ slug: string }>(sql`
				select a.slug from articles a
				join ${sql.raw(tag.joinTable)} t on t.article_id = a.id join ${sql.raw(tag.table)} e on e.id = t.${sql.raw(tag.column)}
				where e.slug = ${slug} and not a.is_draft order by a.publication_date desc, a.id desc limit 5`)
		).rows.map((row) => row.slug)
		expect(tagged.length).toBeGreaterThan(0)
		const kind = Object.entries(ENTITY_KINDS).find(([, entry]) => entry.ownerKind === ownerKind)![0]
		const owner = (await database.db.execute<{ slug: string }>(sql`select slug from ${sql.raw(ENTITY_KINDS[kind].table)} where id = ${card.owner_id}`)).rows[0]
		const { body } = await get(`/${kind}/slug/${owner.slug}`, await strategist())
		const news = body.componentItems.find((item: any) => item.sliceSlug === 'latest-news')
		expect(news.config.articles.map((article: any) => article.slug)).toEqual(tagged)
	})
})

