/**
 * The companies, utilities and mergers alerts' digests against a real PostgreSQL: a digest
 * reports a row that is new or whose 'Date updated' moved since the last one, and not a row
 * left alone; a deal's 'Date updated' moves with any change to it (a trigger); and the digests
 * computed by set (kindDigests) are the digests computed alert by alert (kindDigest), with and
 * without the financial filters a member may not apply.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { kindDigest, kindDigests, type DigestAlert } from '../../backend/alerts/digest.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
const DAY = 86_400_000
const now = new Date()
const ago = (days: number) => new Date(now.getTime() - days * DAY)

type Picked = { added: { id: number; name: string }; updated: { id: number; name: string }; untouched: { id: number; name: string }; country: string }
const picked: Record<'companies' | 'utilities' | 'mergers', Picked> = {} as never

/** Three rows of one country: one added an hour ago, one updated two hours ago, one left long untouched. */
async function pick(table: 'companies' | 'utilities', countryColumn: string, extra: string) {
	const { rows } = await database.db.execute<{ id: number; name: string; country: string }>(sql`
		select e.id, e.name, g.name as country from ${sql.raw(table)} e join geographies g on g.id = e.${sql.raw(countryColumn)}
		where g.id = (select x.${sql.raw(countryColumn)} from ${sql.raw(table)} x where x.${sql.raw(countryColumn)} is not null group by 1 order by count(*) desc limit 1) ${sql.raw(extra)}
		order by e.id limit 3`)
	const [added, updated, untouched] = rows
	return { added: added!, updated: updated!, untouched: untouched!, country: rows[0]!.country }
}

beforeAll(async () => {
	const { db } = database
	// Nothing of the seed counts as recent: each test's rows are the only ones that moved.
	await db.execute(sql`update companies set date_added = least(date_added, now() - interval '30 days'), last_modified_date = least(last_modified_date, now() - interval '30 days')`)
	await db.execute(sql`update utilities set date_added = least(date_added, now() - interval '30 days'), last_modified_date = least(last_modified_date, now() - interval '30 days')`)
	// Only the deals that are recent: an update that leaves 'Date updated' as it was moves it to now (the trigger).
	await db.execute(
		sql`update mergers set date_added = least(date_added, now() - interval '30 days'), date_last_modified = least(date_last_modified, now() - interval '30 days') where date_last_modified > now() - interval '30 days'`,
	)

	picked.companies = await pick('companies', 'headquarters_country_id', 'and e.show_as_page')
	await db.execute(sql`update companies set date_added = now() - interval '1 hour', last_modified_date = now() - interval '1 hour' where id = ${picked.companies.added.id}`)
	await db.execute(sql`update companies set last_modified_date = now() - interval '2 hours' where id = ${picked.companies.updated.id}`)

	picked.utilities = await pick('utilities', 'headquarters_country_id', '')
	await db.execute(sql`update utilities set date_added = now() - interval '1 hour', last_modified_date = now() - interval '1 hour' where id = ${picked.utilities.added.id}`)
	await db.execute(sql`update utilities set last_modified_date = now() - interval '2 hours' where id = ${picked.utilities.updated.id}`)

	const { rows } = await db.execute<{ id: number; name: string; country: string }>(sql`
		select e.id, e.acquiror_name || ' acquires ' || e.target_name as name, g.name as country from mergers e join geographies g on g.id = e.target_country_id
		where e.deal_completed and (e.percent_acquired is null or e.percent_acquired >= 100)
			and g.id = (select x.target_country_id from mergers x where x.target_country_id is not null group by 1 order by count(*) desc limit 1)
		order by e.id limit 3`)
	const [added, updated, untouched] = rows
	picked.mergers = { added: added!, updated: updated!, untouched: untouched!, country: rows[0]!.country }
	await db.execute(sql`update mergers set date_added = now() - interval '1 hour', date_last_modified = now() - interval '1 hour' where id = ${added!.id}`)
	// A change that does not set 'Date updated': the trigger moves it.
	await db.execute(sql`update mergers set description = coalesce(description, '') || ' Completed.' where id = ${updated!.id}`)
})

const SEARCHES = {
	companies: (country: string) => `/companies?${new URLSearchParams({ 'filters[Headquarters Country]': country })}`,
	utilities: (country: string) => `/utilities?${new URLSearchParams({ 'filters[Headquarters Country]': country })}`,
	mergers: (country: string) => `/mergers?${new URLSearchParams({ 'filters[Target country]': country })}`,
}

describe.each(['companies', 'utilities', 'mergers'] as const)('a %s alert', (kind) => {
	test('reports the row that is new and the one whose date updated moved, not the one left alone', async () => {
		const { added, updated, untouched, country } = picked[kind]
		const digest = await kindDigest(database.db, kind, SEARCHES[kind](country), ago(1), new Date())
		const names = digest.rows.map((row) => row.name)
		expect(names).toContain(added.name)
		expect(names).toContain(updated.name)
		expect(names).not.toContain(untouched.name)
		expect(digest.rows.find((row) => row.name === added.name)!.isNew).toBe(true)
		const moved = digest.rows.find((row) => row.name === updated.name)!
		expect(moved.isNew).toBe(false)
		// The indexes track no fields: a row is new or updated, with its page on the site.
		expect(moved.changes).toEqual([])
		expect(moved.path).toMatch(new RegExp(`^/${kind}/[a-z0-9-]+$`))
		expect(moved.country).toBe(country)
	})
})

describe('index digests by set', () => {
	test('equal the digests computed alert by alert, with and without the financial filters', async () => {
		const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`
		const searches = {
			companies: [
				q('/companies', {}),
				q('/companies', { 'filters[Headquarters Country]': picked.companies.country }),
				q('/companies', { 'filters[Minimum revenue]': '1', 'filters[Maximum revenue]': '50' }),
				q('/companies', { searchTerm: 'water' }),
			],
			utilities: [q('/utilities', {}), q('/utilities', { 'filters[Headquarters Country]': picked.utilities.country }), q('/utilities', { searchTerm: 'Nowhere at all' })],
			mergers: [
				q('/mergers', {}),
				q('/mergers', { 'filters[Target country]': picked.mergers.country }),
				q('/mergers', { 'filters[Deal completed]': 'All', 'filters[Min price]': '1' }),
			],
		}
		const sinces = [ago(1), ago(40), ago(4000)]
		let reported = 0
		for (const kind of ['companies', 'utilities', 'mergers'] as const) {
			const alerts: DigestAlert[] = searches[kind].flatMap((url, i) =>
				sinces.flatMap((since, j) => [true, false].map((canViewFinancialData, k) => ({ id: (i * sinces.length + j) * 2 + k + 1, url, since, canViewFinancialData }))),
			)
			const bySet = await kindDigests(database.db, kind, alerts, now)
			for (const alert of alerts) {
				const one = await kindDigest(database.db, kind, alert.url, alert.since, now, { canViewFinancialData: alert.canViewFinancialData })
				expect(bySet.get(alert.id), `${alert.url} since ${alert.since.toISOString()}`).toEqual(one)
				if (one.rows.length) reported++
			}
			// Beyond the 50 shown, for the oldest `since` of the whole index.
			expect(bySet.get(alerts.find((alert) => alert.url === searches[kind][0] && alert.since === sinces[2])!.id)!.more).toBeGreaterThan(0)
		}
		expect(reported).toBeGreaterThan(10)
		// A member who may not see revenue gets the rows of the search without its revenue filter (as their page shows).
		const revenue = searches.companies[2]!
		const [withFigures, withoutFigures] = await Promise.all([
			kindDigest(database.db, 'companies', revenue, sinces[2]!, now, { canViewFinancialData: true }),
			kindDigest(database.db, 'companies', revenue, sinces[2]!, now, { canViewFinancialData: false }),
		])
		expect(withoutFigures.rows.length + withoutFigures.more).toBeGreaterThan(withFigures.rows.length + withFigures.more)
	})
})
