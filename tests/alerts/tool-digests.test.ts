/**
 * The events and opportunity exchange alerts' digests against a real PostgreSQL: an events
 * alert reports the upcoming event of its filters that is new or whose 'Date updated' moved
 * (a trigger moves it with any change), not one of other filters nor one left alone; an
 * opportunity exchange alert reports the opportunity newly published under its filters; and
 * the digests computed by set equal those computed alone.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { kindDigest, kindDigests } from '../../backend/alerts/digest.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
const DAY = 86_400_000
const now = new Date()
const ago = (days: number) => new Date(now.getTime() - days * DAY)

type Row = { id: number; name: string }
const events = {} as { added: Row; updated: Row; untouched: Row; elsewhere: Row; region: string }
const opportunities = {} as { added: Row; old: Row; otherCategory: Row; category: string }

beforeAll(async () => {
	const { db } = database
	// Nothing of the seed counts as recent: each test's rows are the only ones that moved.
	await db.execute(sql`update events set date_added = now() - interval '30 days', date_last_modified = now() - interval '30 days'`)
	await db.execute(sql`update opportunities set published_at = least(published_at, now() - interval '30 days')`)

	const { rows: regions } = await db.execute<{ region: string }>(
		sql`select project_region as region from events where end_date > now() and project_region is not null group by 1 order by count(*) desc limit 1`,
	)
	events.region = regions[0]!.region
	const { rows } = await db.execute<Row>(sql`select id, name from events where end_date > now() and project_region = ${events.region} order by id limit 3`)
	const [added, updated, untouched] = rows
	const { rows: others } = await db.execute<Row>(sql`select id, name from events where end_date > now() and project_region is distinct from ${events.region} order by id limit 1`)
	Object.assign(events, { added, updated, untouched, elsewhere: others[0] })
	await db.execute(sql`update events set date_added = now() - interval '1 hour', date_last_modified = now() - interval '1 hour' where id = ${added!.id}`)
	// A change that does not set 'Date updated': the trigger moves it.
	await db.execute(sql`update events set location = coalesce(location, '') || ' (moved)' where id = ${updated!.id}`)
	await db.execute(sql`update events set date_added = now() - interval '1 hour', date_last_modified = now() - interval '1 hour' where id = ${others[0]!.id}`)

	const { rows: categories } = await db.execute<{ category: string }>(sql`select category from opportunities where not is_draft group by 1 order by count(*) desc limit 2`)
	opportunities.category = categories[0]!.category
	const { rows: same } = await db.execute<Row>(
		sql`select id, name from opportunities where not is_draft and category = ${opportunities.category} and (closing_date is null or closing_date >= current_date) order by id limit 2`,
	)
	const { rows: other } = await db.execute<Row>(sql`select id, name from opportunities where not is_draft and category = ${categories[1]!.category} order by id limit 1`)
	Object.assign(opportunities, { added: same[0], old: same[1], otherCategory: other[0] })
	await db.execute(sql`update opportunities set published_at = now() - interval '1 hour' where id = any(${sql`${sql.param([same[0]!.id, other[0]!.id])}::int[]`})`)
})

const eventsUrl = (region: string) => `/events?${new URLSearchParams({ 'filters[Project region]': region })}`
const exchangeUrl = (category: string) => `/opportunityexchange?${new URLSearchParams({ 'filters[Category]': category })}`

describe('an events alert', () => {
	test('reports the new event and the one whose date updated moved, under its filters, not one left alone or of other filters', async () => {
		const digest = await kindDigest(database.db, 'events', eventsUrl(events.region), ago(1), new Date())
		const names = digest.rows.map((row) => row.name)
		expect(names).toContain(events.added.name)
		expect(names).toContain(events.updated.name)
		expect(names).not.toContain(events.untouched.name)
		expect(names).not.toContain(events.elsewhere.name)
		expect(digest.rows.find((row) => row.name === events.added.name)!.isNew).toBe(true)
		const moved = digest.rows.find((row) => row.name === events.updated.name)!
		expect(moved.isNew).toBe(false)
		expect(moved.path).toMatch(/^\/events\/[a-z0-9-]+$/)
	})
})

describe('an opportunity exchange alert', () => {
	test('reports the opportunity newly published under its filters, and nothing else', async () => {
		const digest = await kindDigest(database.db, 'opportunities', exchangeUrl(opportunities.category), ago(1), new Date())
		expect(digest.rows.map((row) => row.name)).toEqual([opportunities.added.name])
		expect(digest.rows[0]!.isNew).toBe(true)
		expect(digest.rows[0]!.path).toMatch(/^\/opportunities\/[a-z0-9-]+$/)
	})
})

describe('events and opportunity digests by set', () => {
	test('equal the digests computed alert by alert', async () => {
		const year = now.getUTCFullYear() + 1
		const searches = {
			events: ['/events', eventsUrl(events.region), `/events?${new URLSearchParams({ 'filters[Start date]': `${year}-01-01` })}`, `/events?${new URLSearchParams({ 'filters[Event type]': 'GWI Event' })}`],
			opportunities: ['/opportunityexchange', exchangeUrl(opportunities.category), `/opportunityexchange?${new URLSearchParams({ 'filters[Include closed]': 'true' })}`],
		} as const
		const sinces = [ago(1), ago(40)]
		for (const kind of ['events', 'opportunities'] as const) {
			const alerts = searches[kind].flatMap((url, i) => sinces.map((since, j) => ({ id: i * sinces.length + j + 1, url, since })))
			const bySet = await kindDigests(database.db, kind, alerts, now)
			for (const alert of alerts) expect(bySet.get(alert.id), `${alert.url} since ${alert.since.toISOString()}`).toEqual(await kindDigest(database.db, kind, alert.url, alert.since, now))
			expect(bySet.get(2)!.rows.length).toBeGreaterThan(0)
		}
	})
})
