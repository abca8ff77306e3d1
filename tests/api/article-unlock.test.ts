/**
 * POST /articles/slug/{slug}/unlock (spec 000 §4, §5, §7): the permission, the article type,
 * one Market Map per trial, idempotency and double posts; GET /articles/slug/{slug}/related;
 * GET /noaccesses; the trial's latest Quarterly Review.
 */
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { meteredAccess } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_ORGANISATION } from '../../backend/seed/demo-accounts.ts'
import { call, tokenFor, userIdByEmail } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api, changedBehindTheApi } = useTestApi()

const DAY = 86_400_000

/** Published articles of a type, newest first. */
async function articlesOfType(typeSlug: string, limit = 3) {
	const { rows } = await database.db.execute<{ id: number; slug: string; headline: string; body_text: string; publication_date: string }>(sql`
		select a.id, a.slug, a.headline, a.body_text, a.publication_date from articles a join article_types t on t.id = a.article_type_id
		where t.slug = ${typeSlug} and not a.is_draft order by a.publication_date desc, a.id desc limit ${limit}`)
	expect(rows.length).toBe(limit)
	return rows
}

const unlock = (slug: string, token?: string) => call(api, 'POST', `/articles/slug/${slug}/unlock`, { token })
const read = (slug: string, token?: string) => call(api, 'GET', `/articles/slug/${slug}`, { token })

/**
 * The related-articles weight of article `a` against `articleId`, written out independently of
 * the API's query (tags shared, by kind: project 4, company and event 3, technology and topic 2,
 * industry and geography 1), so the tests check the API against the rule itself.
 */
const tagWeight = (articleId: number) => sql`
	4 * (select count(*) from article_projects x join article_projects y on y.project_id = x.project_id where x.article_id = a.id and y.article_id = ${articleId}) +
	3 * (select count(*) from article_companies x join article_companies y on y.company_id = x.company_id where x.article_id = a.id and y.article_id = ${articleId}) +
	3 * (select count(*) from article_events x join article_events y on y.event_id = x.event_id where x.article_id = a.id and y.article_id = ${articleId}) +
	2 * (select count(*) from article_technologies x join article_technologies y on y.technology_id = x.technology_id where x.article_id = a.id and y.article_id = ${articleId}) +
	2 * (select count(*) from article_topics x join article_topics y on y.topic_id = x.topic_id where x.article_id = a.id and y.article_id = ${articleId}) +
	(select count(*) from article_industries x join article_industries y on y.industry_id = x.industry_id where x.article_id = a.id and y.article_id = ${articleId}) +
	(select count(*) from article_geographies x join article_geographies y on y.geography_id = x.geography_id where x.article_id = a.id and y.article_id = ${articleId})`

async function unlocksOf(userId: number) {
	const { rows } = await database.db.execute<{ article_id: number }>(sql`select article_id from metered_access where user_id = ${userId} order by article_id`)
	return rows.map((row) => row.article_id)
}

describe('POST /articles/slug/{slug}/unlock', () => {
	let trialId: number
	beforeAll(async () => {
		trialId = await userIdByEmail(database.db, 'trial@example.com')
	})
	beforeEach(async () => {
		await database.db.delete(meteredAccess).where(eq(meteredAccess.userId, trialId))
	})

	test('the trial member unlocks a Market Map: the record, then the whole article', async () => {
		const [map] = await articlesOfType('market-map', 1)
		const token = await tokenFor(database.db, 'trial@example.com')
		expect((await read(map.slug, token)).body.item).toMatchObject({ hasAccess: false, bodyText: null })

		const { status, body } = await unlock(map.slug, token)
		expect(status).toBe(200)
		expect(body).toMatchObject({ success: true, errors: [] })
		expect(body.item).toEqual({ articleTypeSlug: 'market-map', description: map.headline, fullSlug: `/articles/${map.slug}`, dateAccessGranted: expect.any(String) })
		expect(await unlocksOf(trialId)).toEqual([map.id])

		const after = (await read(map.slug, token)).body.item
		expect(after).toMatchObject({ hasAccess: true, hasMeteredAccess: true, bodyText: map.body_text })
		expect(after.meteredAccessItems).toEqual([body.item])
	})

	test('is idempotent: unlocking the same article again changes nothing', async () => {
		const [map] = await articlesOfType('market-map', 1)
		const token = await tokenFor(database.db, 'trial@example.com')
		const first = await unlock(map.slug, token)
		const again = await unlock(map.slug, token)
		expect(again.status).toBe(200)
		expect(again.body.item).toEqual(first.body.item)
		expect(await unlocksOf(trialId)).toEqual([map.id])
	})

	test('double posts of the same article at once record one unlock, and both succeed', async () => {
		const [map] = await articlesOfType('market-map', 1)
		const token = await tokenFor(database.db, 'trial@example.com')
		const answers = await Promise.all([unlock(map.slug, token), unlock(map.slug, token), unlock(map.slug, token)])
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
		expect(new Set(answers.map((answer) => answer.body.item.dateAccessGranted)).size).toBe(1)
		expect(await unlocksOf(trialId)).toEqual([map.id])
	})

	test('one Market Map per trial: a second is refused with the used-up message', async () => {
		const [first, second] = await articlesOfType('market-map', 2)
		const token = await tokenFor(database.db, 'trial@example.com')
		expect((await unlock(first.slug, token)).status).toBe(200)
		const { status, body } = await unlock(second.slug, token)
		expect(status).toBe(409)
		expect(body).toMatchObject({ success: false, errors: ['You have read your free Market Map'] })
		expect(await unlocksOf(trialId)).toEqual([first.id])
		expect((await read(second.slug, token)).body.item.hasAccess).toBe(false)
	})

	test('two different Market Maps posted at once: exactly one is unlocked', async () => {
		const [first, second] = await articlesOfType('market-map', 2)
		const token = await tokenFor(database.db, 'trial@example.com')
		const answers = await Promise.all([unlock(first.slug, token), unlock(second.slug, token)])
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
		expect(await unlocksOf(trialId)).toHaveLength(1)
	})

	test('an unlock from an earlier trial does not count against this one', async () => {
		const [old, map] = await articlesOfType('market-map', 2)
		await database.db.insert(meteredAccess).values({ userId: trialId, articleId: old.id, dateAccessGranted: new Date(Date.now() - 400 * DAY) })
		const token = await tokenFor(database.db, 'trial@example.com')
		expect((await unlock(map.slug, token)).status).toBe(200)
		expect(await unlocksOf(trialId)).toEqual([old.id, map.id].sort((a, b) => a - b))
	})

	test('only Market Maps may be unlocked', async () => {
		const [news] = await articlesOfType('news', 1)
		const { status, body } = await unlock(news.slug, await tokenFor(database.db, 'trial@example.com'))
		expect(status).toBe(400)
		expect(body.errors).toEqual(['Only Market Maps can be unlocked'])
		expect(await unlocksOf(trialId)).toEqual([])
	})

	test('an unknown article or a draft is not found', async () => {
		const token = await tokenFor(database.db, 'trial@example.com')
		expect((await unlock('no-such-article', token)).status).toBe(404)
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from articles where is_draft limit 1`)
		expect((await unlock(rows[0].slug, token)).status).toBe(404)
	})

	test('needs the permission: visitors 401, free, Executive and expired-trial readers 403', async () => {
		const [map] = await articlesOfType('market-map', 1)
		expect((await unlock(map.slug)).status).toBe(401)
		for (const email of ['free@example.com', 'executive@example.com']) {
			const { status, body } = await unlock(map.slug, await tokenFor(database.db, email))
			expect(status).toBe(403)
			expect(body.errors).toEqual(['Forbidden'])
		}
		// The trial is over: the token no longer carries unlock:article.
		const expired = await issueAccessToken({
			sub: 'demo|trial',
			permissions: [],
			datedRoles: [{ RoleName: 'Executive - Trial', StartDate: new Date(Date.now() - 30 * DAY), EndDate: new Date(Date.now() - 16 * DAY) }],
		})
		expect((await unlock(map.slug, expired)).status).toBe(403)
		expect(await unlocksOf(trialId)).toEqual([])
	})

	test('an organisation signed in by network address has no account to unlock on', async () => {
		const [map] = await articlesOfType('market-map', 1)
		const token = await issueAccessToken({ sub: `organisation|${DEMO_ORGANISATION.reference}`, permissions: ['unlock:article'] })
		expect((await unlock(map.slug, token)).status).toBe(403)
		expect((await database.db.select().from(meteredAccess).where(and(eq(meteredAccess.articleId, map.id)))).length).toBe(0)
	})
})

describe('the trial and the latest Quarterly Review', () => {
	test('a trial member reads the latest Quarterly Review even when it is older than the trial window', async () => {
		const [latest, previous] = await articlesOfType('quarterly-review', 2)
		// A trial begun today reads from a month ago; make the latest review older than that.
		const token = await issueAccessToken({
			sub: 'demo|trial',
			permissions: ['read:executive-trial', 'unlock:article'],
			datedRoles: [{ RoleName: 'Executive - Trial', StartDate: new Date(Date.now() - DAY), EndDate: new Date(Date.now() + 13 * DAY) }],
		})
		await database.db.execute(sql`update articles set publication_date = now() - interval '60 days' where id = ${latest.id}`)
		changedBehindTheApi()
		try {
			expect((await read(latest.slug, token)).body.item).toMatchObject({ hasAccess: true, isOutsideTrialDatesRange: false, bodyText: latest.body_text })
			expect((await read(previous.slug, token)).body.item).toMatchObject({ hasAccess: false, isOutsideTrialDatesRange: true, bodyText: null })
			expect((await read(latest.slug)).body.item.hasAccess).toBe(false)
		} finally {
			await database.db.execute(sql`update articles set publication_date = ${latest.publication_date}::timestamptz where id = ${latest.id}`)
			changedBehindTheApi()
		}
	})
})

describe('GET /articles/slug/{slug}/related', () => {
	test('articles sharing the most tags, never the article itself, up to pageSize', async () => {
		const { rows } = await database.db.execute<{ id: number; slug: string }>(sql`
			select a.id, a.slug from articles a where not a.is_draft
				and exists (select 1 from article_companies t where t.article_id = a.id)
				and exists (select 1 from article_topics t where t.article_id = a.id)
			order by a.publication_date desc limit 1`)
		const article = rows[0]
		const { status, body } = await call(api, 'GET', `/articles/slug/${article.slug}/related?pageSize=11`)
		expect(status).toBe(200)
		expect(body.items).toHaveLength(11)
		expect(body.items.some((item: any) => item.slug === article.slug)).toBe(false)
		// The first shares at least as much, by weight, as the last.
		const { rows: weights } = await database.db.execute<{ slug: string; weight: number }>(sql`
			select a.slug, (
				${tagWeight(article.id)}
			)::int as weight from articles a where a.slug = any(${sql.param(body.items.map((item: any) => item.slug))}::text[])`)
		const weightOf = new Map(weights.map((row) => [row.slug, row.weight]))
		const ordered = body.items.map((item: any) => weightOf.get(item.slug)!)
		expect(ordered.every((weight: number) => weight > 0)).toBe(true)
		expect([...ordered].sort((a, b) => b - a)).toEqual(ordered)
		expect(Object.keys(body.items[0])).toContain('hasAccess')
	})

	test('an unknown article or a draft is not found', async () => {
		expect((await call(api, 'GET', '/articles/slug/no-such-article/related')).status).toBe(404)
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from articles where is_draft limit 1`)
		expect((await call(api, 'GET', `/articles/slug/${rows[0].slug}/related`)).status).toBe(404)
	})

	test('the same list as ranking every article, also when drafts thin the best-scoring ones', async () => {
		// Related articles read only the articles that can make the list; the answer
		// must be the whole ranking's head: weight, then newest, then id.
		const { rows } = await database.db.execute<{ id: number; slug: string }>(sql`
			select a.id, a.slug from articles a where not a.is_draft
				and exists (select 1 from article_industries t where t.article_id = a.id)
			order by a.publication_date desc limit 1`)
		const article = rows[0]
		const scored = async (limit: number) =>
			(
				await database.db.execute<{ slug: string; weight: number }>(sql`
					select a.slug, w.weight from articles a cross join lateral (select (
						${tagWeight(article.id)}
					)::int as weight) w
					where not a.is_draft and a.id <> ${article.id} and w.weight > 0
					order by w.weight desc, a.publication_date desc, a.id desc limit ${limit}`)
			).rows
		const reference = async (limit: number) => (await scored(limit)).map((row) => row.slug)
		const related = async () => (await call(api, 'GET', `/articles/slug/${article.slug}/related?pageSize=5`)).body.items.map((item: any) => item.slug)
		const best = await reference(5)
		expect(best).toHaveLength(5)
		expect(await related()).toEqual(best)
		// Every article scoring at least the fifth best becomes a draft: the list moves on to the next ones.
		const fifth = (await scored(5))[4].weight
		const drafted = (await scored(100_000)).filter((row) => row.weight >= fifth).map((row) => row.slug)
		await database.db.execute(sql`update articles set is_draft = true where slug = any(${sql.param(drafted)}::text[])`)
		changedBehindTheApi()
		try {
			const next = await reference(5)
			expect(next).toHaveLength(5)
			expect(next.some((slug) => best.includes(slug))).toBe(false)
			expect(await related()).toEqual(next)
		} finally {
			await database.db.execute(sql`update articles set is_draft = false where slug = any(${sql.param(drafted)}::text[])`)
			changedBehindTheApi()
		}
	})
})

describe('GET /noaccesses', () => {
	test('every no-access message by slug, with the default and the article message', async () => {
		const { status, body } = await call(api, 'GET', '/noaccesses?pageSize=100')
		expect(status).toBe(200)
		const bySlug = Object.fromEntries(body.items.map((item: any) => [item.slug, item.message]))
		expect(bySlug.default).toBe('Sorry, you do not have access to this content.')
		expect(bySlug.article).toBe('This article is available exclusively to full members')
		expect(body.totalHits).toBe(body.items.length)
	})
})
