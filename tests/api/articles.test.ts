/**
 * GET /articles, /articles/slug/{slug} and the draft preview (spec 000 §3, §4, §7): lists,
 * tags, and access — the paywall, membership, the Executive trial and unlocked Market Maps.
 */
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { articles, meteredAccess, users } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()


const DAY = 86_400_000

/** One published article matching a SQL condition (newest first). */
async function findArticle(condition: ReturnType<typeof sql>) {
	const { rows } = await database.db.execute<{ id: number; slug: string; body_text: string; headline: string; publication_date: string }>(
		sql`select a.id, a.slug, a.body_text, a.headline, a.publication_date from articles a join article_types t on t.id = a.article_type_id
			where not a.is_draft and ${condition} order by a.publication_date desc limit 1`,
	)
	if (!rows[0]) throw new Error('the seed has no such article')
	return rows[0]
}

const count = async (condition: ReturnType<typeof sql>) =>
	(await database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles a where ${condition}`)).rows[0].n

describe('GET /articles', () => {
	test('published articles only, newest first, with summaries', async () => {
		const { body } = await get('/articles?pageSize=50')
		expect(body.totalHits).toBe(await count(sql`not a.is_draft`))
		const dates = body.items.map((item: any) => item.publicationDate)
		expect([...dates].sort().reverse()).toEqual(dates)
		const item = body.items[0]
		expect(Object.keys(item).sort()).toEqual(
			['articleType', 'author', 'blogType', 'hasAccess', 'headline', 'id', 'imageUrl', 'isEditorsPick', 'isPartnerContent', 'publicationDate', 'slug', 'sponsor', 'standfirst', 'thumbnail'].sort(),
		)
		expect(item.articleType).toEqual({ name: expect.any(String), slug: expect.any(String) })
		expect(item.author.length).toBeGreaterThan(0)
		expect(Object.keys(item.author[0]).sort()).toEqual(['name', 'photo', 'slug'])
		expect(item.bodyText).toBeUndefined()
	})

	test('filtered by article type', async () => {
		const { body } = await get('/articles?articleType=market-map&pageSize=100')
		expect(body.totalHits).toBe(await count(sql`not a.is_draft and a.article_type_id = (select id from article_types where slug = 'market-map')`))
		expect(body.totalHits).toBeGreaterThan(0)
		expect(body.items.every((item: any) => item.articleType.slug === 'market-map')).toBe(true)
	})

	test('filtered by author and by blog type', async () => {
		const { rows } = await database.db.execute<{ slug: string; n: number }>(
			sql`select au.slug, count(*)::int as n from article_authors aa join authors au on au.id = aa.author_id join articles a on a.id = aa.article_id
				where not a.is_draft group by au.slug order by n desc limit 1`,
		)
		const byAuthor = await get(`/articles?author=${rows[0].slug}&pageSize=100`)
		expect(byAuthor.body.totalHits).toBe(rows[0].n)
		expect(byAuthor.body.items.every((item: any) => item.author.some((author: any) => author.slug === rows[0].slug))).toBe(true)

		const blog = await get('/articles?articleType=blog&pageSize=1')
		const blogType = blog.body.items[0]?.blogType
		expect(blogType).toBeTruthy()
		const byBlog = await get(`/articles?blogType=${blogType.slug}&pageSize=100`)
		expect(byBlog.body.totalHits).toBeGreaterThan(0)
		expect(byBlog.body.items.every((item: any) => item.blogType.slug === blogType.slug)).toBe(true)
	})

	test('between publication dates (inclusive days)', async () => {
		const { body } = await get('/articles?publishedFrom=2025-03-01&publishedTo=2025-03-31&pageSize=100')
		expect(body.totalHits).toBe(await count(sql`not a.is_draft and a.publication_date >= '2025-03-01' and a.publication_date < '2025-04-01'`))
		expect(body.items.every((item: any) => item.publicationDate >= '2025-03-01' && item.publicationDate < '2025-04-01')).toBe(true)
	})

	test("a 'from' date after the 'to' date: nothing, with the spec's warning", async () => {
		const { status, body } = await get('/articles?publishedFrom=2025-04-01&publishedTo=2025-03-01')
		expect(status).toBe(200)
		expect(body.items).toEqual([])
		expect(body.warnings).toEqual(["Warning: the 'from' date is later than the 'to' date and so no results will be displayed."])
	})

	test('summaries say whether the reader may open each article', async () => {
		const { body: anonymous } = await get('/articles?pageSize=100')
		const { rows } = await database.db.execute<{ slug: string; free: boolean }>(
			sql`select slug, permission_levels = '{}' as free from articles where slug = any(${sql.param(anonymous.items.map((item: any) => item.slug))}::text[])`,
		)
		const free = new Map(rows.map((row) => [row.slug, row.free]))
		expect(anonymous.items.every((item: any) => item.hasAccess === free.get(item.slug))).toBe(true)
		const executive = await get('/articles?pageSize=100', await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] }))
		expect(executive.body.items.every((item: any) => item.hasAccess)).toBe(true)
	})

	test('by slugs, in the order asked', async () => {
		const { body: list } = await get('/articles?pageSize=3')
		const slugs = list.items.map((item: any) => item.slug).reverse()
		const { body } = await get(`/articles/slugList/${slugs.join(',')}`)
		expect(body.items.map((item: any) => item.slug)).toEqual(slugs)
	})
})

describe('GET /articles/slug/{slug}', () => {
	test('a free article: its whole body, tags and SEO properties', async () => {
		const free = await findArticle(sql`a.permission_levels = '{}' and exists (select 1 from article_topics t where t.article_id = a.id)`)
		const { status, body } = await get(`/articles/slug/${free.slug}`)
		expect(status).toBe(200)
		const article = body.item
		expect(article).toMatchObject({ slug: free.slug, headline: free.headline, bodyText: free.body_text, hasAccess: true, isAccessibleForFree: true, previewText: null })
		expect(article.seoProperties).toEqual({ title: free.headline, description: article.standfirst })
		for (const tag of ['companies', 'events', 'geographies', 'industries', 'projects', 'technologies', 'topics']) expect(Array.isArray(article[tag])).toBe(true)
		const { rows: topics } = await database.db.execute<{ name: string; slug: string }>(
			sql`select t.name, t.slug from article_topics at join topics t on t.id = at.topic_id where at.article_id = ${free.id} order by t.name`,
		)
		expect(article.topics).toEqual(topics)
		expect(article.geographies.length).toBeGreaterThan(0)
		expect(article.meteredAccessItems).toEqual([])
	})

	test('a members-only article never carries its body to a visitor: only the first paragraph', async () => {
		const paid = await findArticle(sql`'read:executive' = any(a.permission_levels) and t.slug <> 'market-map'`)
		const { body, text } = await get(`/articles/slug/${paid.slug}`)
		expect(body.item).toMatchObject({ hasAccess: false, bodyText: null, isAccessibleForFree: false })
		const firstParagraph = paid.body_text.match(/<p>[\s\S]*?<\/p>/)![0]
		expect(body.item.previewText).toBe(firstParagraph)
		const laterParagraphs = paid.body_text
			.split('</p>')
			.slice(1)
			.map((paragraph) => paragraph.replace(/<[^>]+>/g, '').trim())
			.filter(Boolean)
		expect(laterParagraphs.length).toBeGreaterThan(1)
		for (const paragraph of laterParagraphs) expect(text).not.toContain(JSON.stringify(paragraph).slice(1, -1))
		expect(text).not.toContain(JSON.stringify(paid.body_text).slice(1, -1))
	})

	test('an Executive member reads the whole article', async () => {
		const paid = await findArticle(sql`'read:executive' = any(a.permission_levels)`)
		const token = await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive', 'read:project'] })
		const { body } = await get(`/articles/slug/${paid.slug}`, token)
		expect(body.item).toMatchObject({ hasAccess: true, bodyText: paid.body_text, previewText: null, isOutsideTrialDatesRange: false })
	})

	test('Market Maps may be unlocked; other types not', async () => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const news = await findArticle(sql`t.slug = 'news'`)
		expect((await get(`/articles/slug/${map.slug}`)).body.item.isPermittedArticleTypeForUnlocking).toBe(true)
		expect((await get(`/articles/slug/${news.slug}`)).body.item.isPermittedArticleTypeForUnlocking).toBe(false)
	})
})

describe('the Executive trial (spec 000 §4)', () => {
	const TRIAL_PERMISSIONS = ['read:executive-trial', 'read:project', 'unlock:article']
	const trialStart = () => new Date(Date.now() - 9 * DAY)
	/** "published more than a month before the trial began" */
	const windowStart = () => {
		const start = trialStart()
		start.setUTCMonth(start.getUTCMonth() - 1)
		return start
	}
	const trialToken = () =>
		issueAccessToken({
			sub: 'demo|trial',
			email: 'trial@example.com',
			permissions: TRIAL_PERMISSIONS,
			datedRoles: [
				{ RoleName: 'base account', StartDate: new Date(Date.now() - 400 * DAY), EndDate: new Date(Date.now() + 3650 * DAY) },
				{ RoleName: 'Executive - Trial', StartDate: trialStart(), EndDate: new Date(Date.now() + 5 * DAY) },
			],
		})

	test('reads Executive content published from a month before the trial began', async () => {
		const recent = await findArticle(sql`'read:executive' = any(a.permission_levels) and t.slug <> 'market-map' and a.publication_date >= ${windowStart().toISOString()}::timestamptz + interval '1 day'`)
		const { body } = await get(`/articles/slug/${recent.slug}`, await trialToken())
		expect(body.item).toMatchObject({ hasAccess: true, bodyText: recent.body_text, isOutsideTrialDatesRange: false })
	})

	test('older content is outside the trial: no body, and the reason', async () => {
		const old = await findArticle(sql`'read:executive' = any(a.permission_levels) and t.slug <> 'market-map' and a.publication_date < ${windowStart().toISOString()}::timestamptz - interval '1 day'`)
		const { body } = await get(`/articles/slug/${old.slug}`, await trialToken())
		expect(body.item).toMatchObject({ hasAccess: false, bodyText: null, isOutsideTrialDatesRange: true })
		expect(body.item.previewText).toBeTruthy()
		// The same article to a visitor is not "outside a trial".
		expect((await get(`/articles/slug/${old.slug}`)).body.item.isOutsideTrialDatesRange).toBe(false)
	})

	test('a recent Market Map is not in the trial, until it is unlocked', async () => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const token = await trialToken()
		const before = (await get(`/articles/slug/${map.slug}`, token)).body.item
		expect(before).toMatchObject({ hasAccess: false, bodyText: null, hasMeteredAccess: false, isPermittedArticleTypeForUnlocking: true, isOutsideTrialDatesRange: false, meteredAccessItems: [] })

		const [trialUser] = await database.db.select({ id: users.id }).from(users).where(eq(users.subject, 'demo|trial'))
		expect(trialUser).toBeDefined()
		await database.db.insert(meteredAccess).values({ userId: trialUser.id, articleId: map.id })
		try {
			const after = (await get(`/articles/slug/${map.slug}`, token)).body.item
			expect(after).toMatchObject({ hasAccess: true, bodyText: map.body_text, hasMeteredAccess: true })
			expect(after.meteredAccessItems).toEqual([{ articleTypeSlug: 'market-map', description: map.headline, fullSlug: `/articles/${map.slug}`, dateAccessGranted: expect.any(String) }])
			// Another reader's unlock opens nothing for anyone else.
			expect((await get(`/articles/slug/${map.slug}`, await issueAccessToken({ sub: 'demo|free' }))).body.item.hasAccess).toBe(false)
			// The unlocked article shows as readable in lists too.
			const list = (await get(`/articles?articleType=market-map&pageSize=100`, token)).body.items
			expect(list.find((item: any) => item.slug === map.slug)?.hasAccess).toBe(true)
		} finally {
			await database.db.delete(meteredAccess).where(and(eq(meteredAccess.userId, trialUser.id), eq(meteredAccess.articleId, map.id)))
		}
	})
})

describe('drafts', () => {
	async function aDraft() {
		const [draft] = await database.db.select().from(articles).where(eq(articles.isDraft, true)).limit(1)
		expect(draft?.previewSecret).toBeTruthy()
		return draft
	}

	test('are not public', async () => {
		const draft = await aDraft()
		const { status, body } = await get(`/articles/slug/${draft.slug}`)
		expect(status).toBe(404)
		expect(body.errors).toEqual([`Not found: article ${draft.slug}`])
		const { body: list } = await get('/articles?pageSize=100')
		expect(list.items.some((item: any) => item.slug === draft.slug)).toBe(false)
	})

	test('open with their PreviewToken, whole', async () => {
		const draft = await aDraft()
		const { status, body } = await get(`/articles/slug/draft/${draft.slug}`, undefined, { PreviewToken: draft.previewSecret! })
		expect(status).toBe(200)
		expect(body.item).toMatchObject({ slug: draft.slug, bodyText: draft.bodyText, hasAccess: true })
	})

	test('a missing or wrong PreviewToken is a 404, as is a published article', async () => {
		const draft = await aDraft()
		expect((await get(`/articles/slug/draft/${draft.slug}`)).status).toBe(404)
		expect((await get(`/articles/slug/draft/${draft.slug}`, undefined, { PreviewToken: `${draft.previewSecret}x` })).status).toBe(404)
		const published = await findArticle(sql`true`)
		expect((await get(`/articles/slug/draft/${published.slug}`, undefined, { PreviewToken: '' })).status).toBe(404)
	})
})
