/**
 * The article page through its real loader and action, for every reader state of spec
 * 000 §4 and §6: visitor, free account, trial inside and outside its month, trial with and
 * without its Market Map unlock, Executive member, expired member and an organisation by
 * network address; the unlock form post; related lists; the draft preview.
 */
import { eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { action as articleAction, loader as articleLoader, meta as articleMeta } from '../../app/routes/articles.$slug/route.tsx'
import { headers as draftHeaders, loader as draftLoader, meta as draftMeta } from '../../app/routes/articles.draft.$slug.tsx'
import { articleAccessState } from '../../app/routes/articles.$slug/access-state.ts'
import { relatedList } from '../../app/routes/articles.$slug/related.ts'
import { chooseNoAccessMessage, requestAccessLink, type GateReader } from '../../app/lib/no-access.ts'
import type { Article, ArticleSummary } from '../../contract/articles.ts'
import { meteredAccess, noAccessMessages } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { userIdByEmail } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'
import { networkAddressCookie, sessionCookieFor, sessionCookieWithToken } from '../support/reader-session.ts'
import { SITE, siteContext, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const DAY = 86_400_000

type Row = { id: number; slug: string; headline: string; body_text: string; type_slug: string; publication_date: string }

/** One published article matching a SQL condition (newest first). */
async function findArticle(condition: ReturnType<typeof sql>, offset = 0): Promise<Row> {
	const { rows } = await database.db.execute<Row>(sql`
		select a.id, a.slug, a.headline, a.body_text, t.slug as type_slug, a.publication_date
		from articles a join article_types t on t.id = a.article_type_id
		where not a.is_draft and ${condition} order by a.publication_date desc, a.id desc limit 1 offset ${offset}`)
	if (!rows[0]) throw new Error('the seed has no such article')
	return rows[0]
}

const PAID = sql`'read:executive' = any(a.permission_levels)`
const trialStart = () => new Date(Date.now() - 9 * DAY)
const trialWindowStart = () => {
	const start = trialStart()
	start.setUTCMonth(start.getUTCMonth() - 1)
	return start.toISOString()
}

const get = (path: string, slug: string, cookie?: string) => ({
	request: new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
	context: siteContext(database.db),
	params: { slug },
})
const post = (slug: string, cookie?: string, body: Record<string, string> = { intent: 'unlock' }, headers: Record<string, string> = {}) => {
	const form = new FormData()
	for (const [key, value] of Object.entries(body)) form.set(key, value)
	return {
		request: new Request(`${SITE}/articles/${slug}`, { method: 'POST', body: form, headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } }),
		context: siteContext(database.db),
		params: { slug },
	}
}

/** The loader's answer, its page beside what it sent. */
async function page(slug: string, cookie?: string) {
	const answer = unwrap<any>(await articleLoader(get(`/articles/${slug}`, slug, cookie)))
	return { ...answer, data: (answer.data.page as any), sent: answer.data }
}

/** Paragraphs after the first: what a reader without access must never be sent. */
function laterParagraphs(body: string) {
	const paragraphs = body
		.split('</p>')
		.slice(1)
		.map((paragraph) => paragraph.replace(/<[^>]+>/g, '').trim())
		.filter((paragraph) => paragraph.length > 20)
	expect(paragraphs.length).toBeGreaterThan(1)
	return paragraphs
}

function expectNoBody(data: unknown, article: Row) {
	const serialised = JSON.stringify(data)
	for (const paragraph of laterParagraphs(article.body_text)) expect(serialised).not.toContain(JSON.stringify(paragraph).slice(1, -1))
}

let trialId: number
beforeAll(async () => {
	trialId = await userIdByEmail(database.db, 'trial@example.com')
})
beforeEach(async () => {
	await database.db.delete(meteredAccess).where(eq(meteredAccess.userId, trialId))
})

describe('access states (spec 000 §4, §6)', () => {
	test('a visitor: the paywall with the article message, Join, Start free trial and Login; no body; public caching', async () => {
		const paid = await findArticle(sql`${PAID} and t.slug <> 'market-map'`)
		const { data, headers } = await page(paid.slug)
		expect(data.article.bodyText).toBeNull()
		expect(data.access).toEqual({
			status: 'gated',
			message: 'This article is available exclusively to full members',
			unlock: null,
			signedIn: false,
			offerTrial: true,
			offerRenewal: false,
			requestAccess: null,
		})
		expectNoBody(data, paid)
		expect(headers.get('Cache-Control')).toContain('s-maxage')
	})

	test('a free account: the paywall without Login, with a request-access mail link; private', async () => {
		const paid = await findArticle(sql`${PAID} and t.slug <> 'market-map'`)
		const { data, headers } = await page(paid.slug, await sessionCookieFor(database.db, 'free@example.com'))
		expect(data.access).toMatchObject({ status: 'gated', message: 'This article is available exclusively to full members', unlock: null, signedIn: true, offerTrial: true })
		const mail = new URL(data.access.requestAccess)
		expect(mail.protocol).toBe('mailto:')
		expect(mail.searchParams.get('subject')).toBe(`Access request: ${paid.headline}`)
		expect(mail.searchParams.get('body')).toContain(`${SITE}/articles/${paid.slug}`)
		expect(mail.searchParams.get('body')).toContain('free@example.com')
		expectNoBody(data, paid)
		expect(headers.get('Cache-Control')).toBe('private, no-cache')
	})

	test('a trial member reads members-only articles published within a month before the trial', async () => {
		const recent = await findArticle(sql`${PAID} and t.slug not in ('market-map', 'quarterly-review') and a.publication_date > ${trialWindowStart()}::timestamptz + interval '1 day'`)
		const { data } = await page(recent.slug, await sessionCookieFor(database.db, 'trial@example.com'))
		expect(data.access).toEqual({ status: 'readable', unlockedByTrial: false })
		expect(data.article.bodyText).toBe(recent.body_text)
	})

	test('a trial member and an article older than that: not included in the free trial', async () => {
		const old = await findArticle(sql`${PAID} and t.slug not in ('market-map', 'quarterly-review') and a.publication_date < ${trialWindowStart()}::timestamptz - interval '1 day'`)
		const { data } = await page(old.slug, await sessionCookieFor(database.db, 'trial@example.com'))
		expect(data.access).toMatchObject({ status: 'gated', message: 'Sorry, this content is not included in your free trial.', unlock: null, signedIn: true, offerTrial: false })
		expect(new URL(data.access.requestAccess).searchParams.get('subject')).toBe(`Free trial access request: ${old.headline}`)
		expectNoBody(data, old)
	})

	test('a trial member with the unlock left is offered it on a Market Map', async () => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const { data } = await page(map.slug, await sessionCookieFor(database.db, 'trial@example.com'))
		expect(data.access).toMatchObject({ status: 'gated', message: 'This article is available exclusively to full members', unlock: 'available' })
		expectNoBody(data, map)
	})

	test('a trial member whose unlock is used: the used-up message, no offer; the unlocked one reads whole', async () => {
		const unlocked = await findArticle(sql`t.slug = 'market-map'`)
		const other = await findArticle(sql`t.slug = 'market-map'`, 1)
		await database.db.insert(meteredAccess).values({ userId: trialId, articleId: unlocked.id })
		const cookie = await sessionCookieFor(database.db, 'trial@example.com')
		const { data } = await page(other.slug, cookie)
		expect(data.access).toMatchObject({ status: 'gated', message: 'You have read your free Market Map', unlock: 'used' })
		expectNoBody(data, other)
		const mine = (await page(unlocked.slug, cookie)).data
		expect(mine.access).toEqual({ status: 'readable', unlockedByTrial: true })
		expect(mine.article.bodyText).toBe(unlocked.body_text)
	})

	test('an Executive member reads everything, Market Maps included', async () => {
		const cookie = await sessionCookieFor(database.db, 'executive@example.com')
		for (const article of [await findArticle(sql`${PAID} and t.slug <> 'market-map'`, 40), await findArticle(sql`t.slug = 'market-map'`)]) {
			const { data } = await page(article.slug, cookie)
			expect(data.access).toEqual({ status: 'readable', unlockedByTrial: false })
			expect(data.article.bodyText).toBe(article.body_text)
		}
	})

	test('an organisation signed in by network address reads as its Executive membership', async () => {
		const paid = await findArticle(sql`${PAID}`, 3)
		const { data, headers } = await page(paid.slug, await networkAddressCookie(database.db))
		expect(data.access.status).toBe('readable')
		expect(data.article.bodyText).toBe(paid.body_text)
		expect(headers.get('Cache-Control')).toBe('private, no-cache')
	})

	test('an expired member: the paywall and a renewal request subject', async () => {
		const paid = await findArticle(sql`${PAID} and t.slug <> 'market-map'`)
		const { data } = await page(paid.slug, await sessionCookieFor(database.db, 'expired@example.com'))
		expect(data.access).toMatchObject({ status: 'gated', signedIn: true, unlock: null })
		expect(new URL(data.access.requestAccess).searchParams.get('subject')).toBe(`Membership renewal and access request: ${paid.headline}`)
	})

	test('a free article reads whole for everyone', async () => {
		const free = await findArticle(sql`a.permission_levels = '{}'`)
		const { data } = await page(free.slug)
		expect(data.access).toEqual({ status: 'readable', unlockedByTrial: false })
		expect(data.article.bodyText).toBe(free.body_text)
	})

	test('the no-access message is chosen by slug, with the default as fallback', async () => {
		const paid = await findArticle(sql`${PAID} and t.slug <> 'market-map'`)
		const [original] = await database.db.select().from(noAccessMessages).where(eq(noAccessMessages.slug, 'article'))
		try {
			await database.db.update(noAccessMessages).set({ message: 'Members only, sorry.' }).where(eq(noAccessMessages.slug, 'article'))
			expect((await page(paid.slug)).data.access.message).toBe('Members only, sorry.')
			await database.db.delete(noAccessMessages).where(eq(noAccessMessages.slug, 'article'))
			expect((await page(paid.slug)).data.access.message).toBe('Sorry, you do not have access to this content.')
		} finally {
			await database.db.delete(noAccessMessages).where(eq(noAccessMessages.slug, 'article'))
			await database.db.insert(noAccessMessages).values(original)
		}
		expect(chooseNoAccessMessage([], 'article')).toBe('Sorry, you do not have access to this content.')
	})

	test('paywalled articles say so to search engines: isAccessibleForFree false, hasPart at the gated section', async () => {
		const paid = await findArticle(sql`${PAID} and t.slug <> 'market-map'`)
		const { data, sent } = await page(paid.slug)
		const descriptors = articleMeta({ data: sent, error: undefined } as any) as any[]
		const [jsonLd, breadcrumbs] = descriptors.find((descriptor) => descriptor['script:ld+json'])['script:ld+json']
		expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home' }, { name: data.article.articleType.name, item: `${SITE}/article-types/${paid.type_slug}` }, { name: paid.headline, item: `${SITE}/articles/${paid.slug}` }] })
		expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', isAccessibleForFree: false, hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled-content' } })
	})
})

describe('the Market Map unlock (form post)', () => {
	test('unlocks, says so, and the page then shows the whole article with the used-up message', async () => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const cookie = await sessionCookieFor(database.db, 'trial@example.com')
		const result = unwrap<any>(await articleAction(post(map.slug, cookie)))
		expect(result.status).toBe(200)
		expect(result.data.unlock).toEqual({ ok: true, message: 'Successfully unlocked article' })
		expect(result.headers.get('Cache-Control')).toBe('no-store')
		const { data } = await page(map.slug, cookie)
		expect(data.access).toEqual({ status: 'readable', unlockedByTrial: true })
		expect(data.article.bodyText).toBe(map.body_text)
	})

	test('a double post changes nothing and still succeeds', async () => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const cookie = await sessionCookieFor(database.db, 'trial@example.com')
		const results = await Promise.all([articleAction(post(map.slug, cookie)), articleAction(post(map.slug, cookie))])
		expect(results.map((result) => unwrap<any>(result).data.unlock.message)).toEqual(['Successfully unlocked article', 'Successfully unlocked article'])
		const rows = await database.db.select().from(meteredAccess).where(eq(meteredAccess.userId, trialId))
		expect(rows.map((row) => row.articleId)).toEqual([map.id])
	})

	test('a second Market Map: you have read your free Market Map', async () => {
		const first = await findArticle(sql`t.slug = 'market-map'`)
		const second = await findArticle(sql`t.slug = 'market-map'`, 1)
		const cookie = await sessionCookieFor(database.db, 'trial@example.com')
		await articleAction(post(first.slug, cookie))
		const result = unwrap<any>(await articleAction(post(second.slug, cookie)))
		expect(result.status).toBe(409)
		expect(result.data.unlock).toEqual({ ok: false, message: 'You have read your free Market Map' })
		expect((await page(second.slug, cookie)).data.article.bodyText).toBeNull()
	})

	test.each([
		['a visitor', undefined],
		['a free account', 'free@example.com'],
		['an Executive member', 'executive@example.com'],
	])('%s may not unlock', async (_who, email) => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const cookie = email ? await sessionCookieFor(database.db, email) : undefined
		const result = unwrap<any>(await articleAction(post(map.slug, cookie)))
		expect(result.status).toBe(403)
		expect(result.data.unlock).toEqual({ ok: false, message: 'Sorry, you do not have permission to unlock articles' })
	})

	test('an article of another type: failed to unlock, with the reason', async () => {
		const news = await findArticle(sql`t.slug = 'news' and ${PAID}`)
		const result = unwrap<any>(await articleAction(post(news.slug, await sessionCookieFor(database.db, 'trial@example.com'))))
		expect(result.status).toBe(400)
		expect(result.data.unlock).toEqual({ ok: false, message: 'Failed to unlock article: Only Market Maps can be unlocked' })
	})

	test('an article that cannot be found: article could not be retrieved', async () => {
		const result = unwrap<any>(await articleAction(post('no-such-market-map', await sessionCookieFor(database.db, 'trial@example.com'))))
		expect(result.status).toBe(404)
		expect(result.data.unlock).toEqual({ ok: false, message: 'Article could not be retrieved' })
	})

	test('a post from another site or without the unlock intent unlocks nothing', async () => {
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const cookie = await sessionCookieFor(database.db, 'trial@example.com')
		const foreign = unwrap<any>(await articleAction(post(map.slug, cookie, { intent: 'unlock' }, { Origin: 'https://evil.example' })))
		expect(foreign.status).toBe(403)
		const other = unwrap<any>(await articleAction(post(map.slug, cookie, { intent: 'something' })))
		expect(other.status).toBe(400)
		expect(await database.db.select().from(meteredAccess).where(eq(meteredAccess.userId, trialId))).toEqual([])
	})
})

describe('related lists', () => {
	test('drop the current article and show at most ten', async () => {
		// The newest article of its type leads its type's list: it must be dropped from it.
		const newest = await findArticle(sql`t.slug = 'news'`)
		const { data } = await page(newest.slug)
		const slugs = (list: { articles: ArticleSummary[] }) => list.articles.map((article) => article.slug)
		expect(data.moreOfType.articles).toHaveLength(10)
		expect(slugs(data.moreOfType)).not.toContain(newest.slug)
		expect(data.moreOfType.articles.every((article: ArticleSummary) => article.articleType.slug === 'news')).toBe(true)
		const { rows } = await database.db.execute<{ slug: string }>(sql`
			select a.slug from articles a join article_types t on t.id = a.article_type_id
			where t.slug = 'news' and not a.is_draft order by a.publication_date desc, a.id desc limit 11`)
		expect(slugs(data.moreOfType)).toEqual(rows.map((row) => row.slug).slice(1))
		expect(data.related.articles.length).toBeGreaterThan(0)
		expect(data.related.articles.length).toBeLessThanOrEqual(10)
		expect(slugs(data.related)).not.toContain(newest.slug)
	})

	test('relatedList keeps the limit when the current article is not in the list', () => {
		const list = Array.from({ length: 11 }, (_, i) => summary(`a-${i}`))
		expect(relatedList(list, 'a-3', 10, 'grid').articles.map((article) => article.slug)).toEqual(['a-0', 'a-1', 'a-2', 'a-4', 'a-5', 'a-6', 'a-7', 'a-8', 'a-9', 'a-10'])
		expect(relatedList(list, 'elsewhere', 10, 'grid').articles).toHaveLength(10)
		expect(relatedList([], 'x', 10, 'grid')).toEqual({ articles: [], failed: false })
	})

	test('each list sends only what its teasers show', () => {
		const article = summary('a-1')
		const [grid] = relatedList([article], 'other', 10, 'grid').articles
		expect(grid).toEqual({
			id: article.id,
			slug: 'a-1',
			headline: article.headline,
			standfirst: article.standfirst,
			thumbnail: null,
			imageUrl: article.imageUrl,
			publicationDate: article.publicationDate,
			articleType: { name: 'News', slug: 'news' },
			hasAccess: false,
			author: [{ name: 'Ana Herrera' }],
			sponsor: {},
		})
		const [headline] = relatedList([article], 'other', 10, 'headline').articles
		expect(headline).toMatchObject({ standfirst: null, imageUrl: null, thumbnail: null, headline: article.headline })
		// A teaser without a main image shows the thumbnail.
		expect(relatedList([{ ...article, imageUrl: null }], 'other', 10, 'grid').articles[0].thumbnail).toBe(article.thumbnail)
	})
})

describe('drafts (/articles/draft/{slug}?secret=)', () => {
	async function aDraft() {
		const { rows } = await database.db.execute<{ slug: string; preview_secret: string; body_text: string }>(sql`select slug, preview_secret, body_text from articles where is_draft limit 1`)
		return rows[0]
	}

	test('the right secret shows the whole draft, never cached and never indexed', async () => {
		const draft = await aDraft()
		const answer = unwrap<any>(await draftLoader(get(`/articles/draft/${draft.slug}?secret=${draft.preview_secret}`, draft.slug)))
		const { headers } = answer
		const data = (answer.data.page as any)
		expect(data.isDraft).toBe(true)
		expect(data.article.bodyText).toBe(draft.body_text)
		expect(data.related).toBeNull()
		expect(headers.get('Cache-Control')).toBe('no-store')
		expect(headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
		const routeHeaders = new Headers(draftHeaders({} as any) as HeadersInit)
		expect(routeHeaders.get('Cache-Control')).toBe('no-store')
		expect(draftMeta({ data: answer.data, error: undefined } as any)).toContainEqual({ name: 'robots', content: 'noindex' })
	})

	test('a wrong or missing secret is a 404', async () => {
		const draft = await aDraft()
		for (const query of ['', '?secret=', `?secret=${draft.preview_secret}x`, '?secret=nope']) {
			expect((await thrown(draftLoader(get(`/articles/draft/${draft.slug}${query}`, draft.slug)))).status).toBe(404)
		}
		const published = await findArticle(sql`true`)
		expect((await thrown(draftLoader(get(`/articles/draft/${published.slug}?secret=${draft.preview_secret}`, published.slug)))).status).toBe(404)
	})
})

describe('access state rules (pure)', () => {
	const now = new Date('2026-06-15T12:00:00Z')
	const article = (overrides: Partial<Article>): Article =>
		({
			headline: 'Desalination in Morocco',
			hasAccess: false,
			hasMeteredAccess: false,
			isPermittedArticleTypeForUnlocking: false,
			isOutsideTrialDatesRange: false,
			meteredAccessItems: [],
			articleType: { name: 'Market Map', slug: 'market-map' },
			...overrides,
		}) as Article
	const trialReader = (start: string): GateReader => ({
		email: 'trial@example.com',
		permissions: ['read:executive-trial', 'unlock:article'],
		datedRoles: [{ name: 'Executive - Trial', startDate: start, endDate: '2026-06-25T00:00:00Z' }],
		viaNetworkAddress: false,
	})

	test('an unlock from before the current trial leaves this trial’s unlock available', () => {
		const map = article({
			isPermittedArticleTypeForUnlocking: true,
			meteredAccessItems: [{ articleTypeSlug: 'market-map', description: 'Old', fullSlug: '/articles/old', dateAccessGranted: '2025-01-01T00:00:00Z' }],
		})
		const state = articleAccessState({ article: map, reader: trialReader('2026-06-11T00:00:00Z'), noAccessMessage: 'x', url: 'u', now })
		expect(state).toMatchObject({ status: 'gated', unlock: 'available', offerTrial: false })
	})

	test('request-access subjects follow the reader’s state', async () => {
		const subject = (reader: NonNullable<GateReader>) => new URL(requestAccessLink('H', 'u', reader, now)).searchParams.get('subject')
		const base = { email: null, permissions: [], viaNetworkAddress: false }
		expect(subject({ ...base, datedRoles: [] })).toBe('Access request: H')
		expect(subject({ ...base, datedRoles: [{ name: 'Executive - Trial', startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-15T00:00:00Z' }] })).toBe('Access request after my free trial: H')
		expect(subject({ ...base, datedRoles: [{ name: 'Executive', startDate: '2025-01-01T00:00:00Z', endDate: '2026-01-15T00:00:00Z' }] })).toBe('Membership renewal and access request: H')
		expect(subject({ ...base, datedRoles: [{ name: 'Executive', startDate: '2025-01-01T00:00:00Z', endDate: '2027-01-15T00:00:00Z' }] })).toBe('Member access request: H')
		expect(subject({ ...base, datedRoles: [], viaNetworkAddress: true })).toBe('Organisation access request: H')
		expect(subject(trialReader('2026-06-11T00:00:00Z')!)).toBe('Free trial access request: H')
	})

	test('a trial within the last 12 months means no new trial offer', () => {
		const reader = (start: string): GateReader => ({ email: null, permissions: [], viaNetworkAddress: false, datedRoles: [{ name: 'Executive - Trial', startDate: start, endDate: start }] })
		const state = (r: GateReader) => articleAccessState({ article: article({}), reader: r, noAccessMessage: 'x', url: 'u', now })
		expect(state(reader('2025-09-01T00:00:00Z'))).toMatchObject({ offerTrial: false })
		expect(state(reader('2025-05-01T00:00:00Z'))).toMatchObject({ offerTrial: true })
		expect(state(null)).toMatchObject({ offerTrial: true, signedIn: false, requestAccess: null })
	})

	test('a lapsed Executive is offered renewal, and a trial only from 12 months after the membership ended (spec 000 §5, 002 §9)', () => {
		const ended = (end: string): GateReader => ({ email: null, permissions: [], viaNetworkAddress: false, datedRoles: [{ name: 'Executive', startDate: '2020-01-01T00:00:00Z', endDate: end }] })
		const state = (r: GateReader) => articleAccessState({ article: article({}), reader: r, noAccessMessage: 'x', url: 'u', now })
		const monthsBefore = (months: number, ms = 0) => {
			const at = new Date(now)
			at.setUTCMonth(at.getUTCMonth() - months)
			return new Date(at.getTime() + ms).toISOString()
		}
		expect(state(ended(monthsBefore(0, -10 * 24 * 3600_000)))).toMatchObject({ offerTrial: false, offerRenewal: true })
		expect(state(ended(monthsBefore(12, 1)))).toMatchObject({ offerTrial: false, offerRenewal: true })
		expect(state(ended(monthsBefore(12)))).toMatchObject({ offerTrial: true, offerRenewal: true })
		expect(state(null)).toMatchObject({ offerRenewal: false })
	})

	test('a trial whose token lacks the permission is not offered an unlock (the API would refuse)', async () => {
		const token = await issueAccessToken({ sub: 'demo|trial', permissions: ['read:executive-trial'] })
		const map = await findArticle(sql`t.slug = 'market-map'`)
		const { data } = await page(map.slug, await sessionCookieWithToken(token))
		expect(data.access).toMatchObject({ status: 'gated', unlock: null })
	})
})

/** A whole ArticleSummary, as the API sends it. */
function summary(slug: string): ArticleSummary {
	return {
		id: slug.length,
		slug,
		headline: `Headline of ${slug}`,
		standfirst: 'A standfirst.',
		thumbnail: '/images/thumb.svg',
		imageUrl: '/images/cover.svg',
		publicationDate: '2026-11-01T08:00:00.000Z',
		articleType: { name: 'News', slug: 'news' },
		blogType: null,
		author: [{ name: 'Ana Herrera', slug: 'ana-herrera', photo: '/images/author-1.svg' }],
		sponsor: { name: 'Valvetec', slug: 'valvetec', logo: null },
		isEditorsPick: false,
		isPartnerContent: true,
		hasAccess: false,
	}
}
