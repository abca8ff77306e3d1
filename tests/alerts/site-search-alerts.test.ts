/**
 * Site search alerts against a real PostgreSQL and a real SMTP server (smtp-server), reading
 * what arrives with mailparser: an alert of a saved /search query reports the new article the
 * query finds and nothing else; a members-only article is reported to a member who may read
 * it and not to one who may not (decided at send time, as /search decides it); and the digest
 * computed by set is the one computed alone.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { ALERT_MAX_ROWS, ALERT_SEARCH_CANDIDATES } from '../../contract/alert-rules.ts'
import { kindDigest, kindDigests } from '../../backend/alerts/digest.ts'
import { computeDigests, sendAlertDigest, type AlertSender } from '../../backend/alerts/send.ts'
import { intArray } from '../../backend/api/sql.ts'
import { createMailer } from '../../backend/identity/mailer.ts'
import { useTestDatabase } from '../support/database.ts'
import { useSmtpInbox } from '../support/smtp-inbox.ts'

const database = useTestDatabase()
const PUBLIC_URL = 'http://localhost:3000'
const DAY = 86_400_000

const inbox = useSmtpInbox()
let sender: AlertSender

type Article = { id: number; slug: string; headline: string }
/** Free articles of one word in their headline: one published an hour ago, one long ago; and a members-only one published an hour ago. */
const articles = {} as { fresh: Article; old: Article; other: Article; membersOnly: Article }
let word = ''

beforeAll(async () => {
	sender = { db: database.db, mailer: createMailer({ SMTP_URL: inbox.url }), publicUrl: PUBLIC_URL, secret: 'site-search-alerts-secret-0123' }

	const { db } = database
	// Nothing of the seed counts as recent: the articles below are the only ones that moved.
	await db.execute(sql`update articles set publication_date = now() - interval '30 days' where publication_date > now() - interval '30 days'`)
	for (const table of ['pages', 'contexts', 'documents']) await db.execute(sql`update ${sql.raw(table)} set publication_date = now() - interval '30 days' where publication_date > now() - interval '30 days'`)
	await db.execute(sql`update projects set date_added = least(date_added, now() - interval '30 days'), date_last_modified = least(date_last_modified, now() - interval '30 days')`)
	for (const table of ['companies', 'utilities'])
		await db.execute(sql`update ${sql.raw(table)} set date_added = least(date_added, now() - interval '30 days'), last_modified_date = least(last_modified_date, now() - interval '30 days')`)
	await db.execute(sql`update mergers set date_added = least(date_added, now() - interval '30 days'), date_last_modified = least(date_last_modified, now() - interval '30 days') where date_last_modified > now() - interval '30 days'`)

	// A word of our own in four free articles' headlines (the search vectors follow: generated columns).
	word = `Zyxwaterfix${Date.now() % 100_000}`
	const { rows } = await db.execute<Article>(sql`select id, slug, headline from articles where not is_draft and permission_levels = '{}' order by id limit 3`)
	const [fresh, old, other] = rows
	await db.execute(sql`update articles set headline = headline || ' ' || ${word} where id = any(${intArray([fresh!.id, old!.id])})`)
	await db.execute(sql`update articles set publication_date = now() - interval '1 hour' where id = any(${intArray([fresh!.id, other!.id])})`)
	const { rows: paid } = await db.execute<Article>(
		sql`update articles set headline = headline || ' ' || ${word}, publication_date = now() - interval '1 hour'
			where id = (select id from articles where not is_draft and permission_levels @> '{read:executive}' order by id limit 1) returning id, slug, headline`,
	)
	Object.assign(articles, { fresh: { ...fresh!, headline: `${fresh!.headline} ${word}` }, old, other, membersOnly: paid[0]! })
})

const mailTo = (email: string) => inbox.to(email)

let people = 0
/** A member of our own, with `role` current (or no role at all: a free account). */
async function member(role?: string) {
	const email = `site-search-${++people}-${Date.now()}@example.com`
	const { rows } = await database.db.execute<{ id: number }>(sql`insert into users (email, subject, first_name) values (${email}, ${`test|${email}`}, 'Ada') returning id`)
	const userId = rows[0]!.id
	if (role)
		await database.db.execute(
			sql`insert into dated_roles (user_id, role_id, start_date, end_date) select ${userId}, id, now() - interval '30 days', now() + interval '300 days' from roles where name = ${role}`,
		)
	return { userId, email }
}

/** A saved site search turned into a daily alert, last sent two days ago. */
async function searchAlert(userId: number, url: string) {
	const { rows } = await database.db.execute<{ id: number }>(sql`insert into saved_searches (user_id, kind, name, url) values (${userId}, 'search', ${`Search ${Date.now()}`}, ${url}) returning id`)
	const { rows: alerts } = await database.db.execute<{ id: number }>(
		sql`insert into alerts (saved_search_id, user_id, frequency, since) values (${rows[0]!.id}, ${userId}, 'daily', now() - interval '2 days') returning id`,
	)
	return alerts[0]!.id
}

const searchUrl = (params: Record<string, string>) => `/search?${new URLSearchParams({ sortBy: 'Relevance', ...params })}`

describe('site search alerts', () => {
	test('report the new article the query finds, and nothing else', async () => {
		const { userId, email } = await member()
		const url = searchUrl({ searchTerm: word, 'filters[Page type]': '/articles' })
		const alertId = await searchAlert(userId, url)

		expect(await sendAlertDigest(sender, alertId)).toBe('sent')
		const [mail] = mailTo(email)
		expect(mail).toBeDefined()
		expect(mail!.text).toContain(articles.fresh.headline)
		expect(mail!.text).toContain(`${PUBLIC_URL}/articles/${articles.fresh.slug}`)
		// The old article matches but did not move; the other moved but does not match.
		expect(mail!.text).not.toContain(`/articles/${articles.old.slug}`)
		expect(mail!.text).not.toContain(`/articles/${articles.other.slug}`)
		// A free account may not open the members-only article: it is not in the email at all.
		expect(mail!.text).not.toContain(`/articles/${articles.membersOnly.slug}`)
		expect(mail!.html).not.toContain(articles.membersOnly.slug)
		expect(mail!.text!.match(/\/articles\//g)).toHaveLength(1)
		expect(mail!.text).toContain(`${PUBLIC_URL}${url}`)
		expect(await sendAlertDigest(sender, alertId)).toBe('not due')
	})

	test('report a members-only article to a member who may read it, not to one who may not', async () => {
		const url = searchUrl({ searchTerm: word })
		const free = await member()
		const executive = await member('Executive')
		const freeAlert = await searchAlert(free.userId, url)
		const executiveAlert = await searchAlert(executive.userId, url)
		// Computed together, for both, as the job's batch does; access decided per member at send.
		const computed = await computeDigests(database.db, [freeAlert, executiveAlert])
		expect(await sendAlertDigest(sender, freeAlert, new Date(), { computed: computed.get(freeAlert) })).toBe('sent')
		expect(await sendAlertDigest(sender, executiveAlert, new Date(), { computed: computed.get(executiveAlert) })).toBe('sent')

		const [toFree] = mailTo(free.email)
		expect(toFree!.text).toContain(`/articles/${articles.fresh.slug}`)
		expect(toFree!.text).not.toContain(`/articles/${articles.membersOnly.slug}`)
		expect(toFree!.text).not.toContain(articles.membersOnly.headline)
		expect(toFree!.html).not.toContain(articles.membersOnly.headline)
		const [toExecutive] = mailTo(executive.email)
		expect(toExecutive!.text).toContain(`/articles/${articles.fresh.slug}`)
		expect(toExecutive!.text).toContain(`/articles/${articles.membersOnly.slug}`)
	})

	test('a search that finds nothing new sends nothing', async () => {
		const { userId, email } = await member()
		const alertId = await searchAlert(userId, searchUrl({ searchTerm: word, 'filters[Page type]': '/companies' }))
		expect(await sendAlertDigest(sender, alertId)).toBe('nothing new')
		expect(mailTo(email)).toHaveLength(0)
	})

	test('digests by set equal the digests computed alone, bare /search being the default query', async () => {
		const now = new Date()
		const urls = [
			'/search',
			searchUrl({ searchTerm: word }),
			searchUrl({ searchTerm: 'the' }),
			searchUrl({ searchTerm: word, publishedFrom: '2024-06-01', publishedTo: '2024-01-01' }),
			// An address the page refuses finds nothing, and does not fail the others' statement.
			searchUrl({ searchTerm: `${word}\u0000` }),
		]
		const sinces = [new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - 60 * DAY)]
		const alerts = urls.flatMap((url, i) => sinces.map((since, j) => ({ id: i * sinces.length + j + 1, url, since })))
		const bySet = await kindDigests(database.db, 'search', alerts, now)
		for (const alert of alerts) expect(bySet.get(alert.id), alert.url).toEqual(await kindDigest(database.db, 'search', alert.url, alert.since, now))
		const names = (id: number) => bySet.get(id)!.rows.map((row) => row.path)
		// Bare /search is articles: the two fresh free ones and the members-only one (access is decided at send).
		expect(names(1).sort()).toEqual([`/articles/${articles.fresh.slug}`, `/articles/${articles.other.slug}`, `/articles/${articles.membersOnly.slug}`].sort())
		// A 'from' after the 'to' finds nothing.
		expect(bySet.get(7)!.rows).toEqual([])
		expect(bySet.get(9)!.rows).toEqual([])
		// Over 60 days, the seed's rows of every kind moved a month ago are in.
		expect(bySet.get(6)!.rows.length).toBeGreaterThan(3)
	})

	// Last: it moves many articles, which the tests above would otherwise find.
	test('a search that moved more than the kept candidates counts only what the member may open', async () => {
		const { db } = database
		const many = `Qvxflowcheck${Date.now() % 100_000}`
		// Newest first: 150 members-only, 100 free, 60 members-only. The kept candidates (200) hold
		// 150 members-only and 50 free; the 50 other free and the 60 oldest come after them.
		const layers = [
			{ count: 150, free: false },
			{ count: 100, free: true },
			{ count: 60, free: false },
		]
		const total = layers.reduce((sum, layer) => sum + layer.count, 0)
		// The first layer and half the free one fill the kept candidates exactly.
		expect(layers[0]!.count + layers[1]!.count / 2).toBe(ALERT_SEARCH_CANDIDATES)
		const used = [articles.fresh.id, articles.old.id, articles.other.id, articles.membersOnly.id]
		const { rows } = await db.execute<{ id: number; slug: string }>(sql`select id, slug from articles where not is_draft and id <> all(${intArray(used)}) order by id limit ${total}`)
		expect(rows).toHaveLength(total)
		const freeSlugs: string[] = []
		let next = 0
		for (const [layerIndex, layer] of layers.entries()) {
			const chosen = rows.slice(next, next + layer.count)
			next += layer.count
			if (layer.free) freeSlugs.push(...chosen.map((row) => row.slug))
			// The same type as the free article the first test reports, so only the levels decide.
			await db.execute(sql`
				update articles set headline = headline || ' ' || ${many}, article_type_id = (select article_type_id from articles where id = ${articles.fresh.id}),
					permission_levels = ${layer.free ? sql`'{}'::text[]` : sql`'{read:executive}'::text[]`},
					publication_date = now() - interval '1 hour' * ${layerIndex + 1} - interval '1 second' * (id - ${chosen[0]!.id})
				where id = any(${intArray(chosen.map((row) => row.id))})`)
		}
		const { userId, email } = await member()
		const alertId = await searchAlert(userId, searchUrl({ searchTerm: many, 'filters[Page type]': '/articles' }))
		expect(await sendAlertDigest(sender, alertId)).toBe('sent')
		const [mail] = mailTo(email)
		const links = mail!.text!.match(/\/articles\/[^\s)"]+/g) ?? []
		expect(links).toHaveLength(ALERT_MAX_ROWS)
		for (const link of links) expect(freeSlugs).toContain(link.slice('/articles/'.length))
		// 100 free articles moved: 50 listed, 50 more; none of the 210 members-only ones counted.
		expect(mail!.text!.match(/and (\d+) more/)?.[1]).toBe(String(freeSlugs.length - ALERT_MAX_ROWS))
	})
})
