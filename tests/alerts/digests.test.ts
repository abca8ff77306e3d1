/**
 * The alerts' digests computed by set (kindDigests: a few statements for any number of
 * alerts) are the digests computed alert by alert (kindDigest: the tracker's own query per
 * alert), for varied searches and times since the last digest, against a real PostgreSQL.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { kindDigest, kindDigests, type DigestAlert } from '../../backend/alerts/digest.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
const DAY = 86_400_000
const now = new Date()
const ago = (days: number) => new Date(now.getTime() - days * DAY)

let country = ''
let category = ''

beforeAll(async () => {
	const { db } = database
	const { rows } = await db.execute<{ country: string; category: string }>(sql`
		select g.name as country, e.project_types[1] as category from projects e join geographies g on g.id = e.country_id
		where e.project_types[1] is not null group by g.name, e.project_types[1] order by count(*) desc limit 1`)
	country = rows[0]!.country
	category = rows[0]!.category
	// What changed lately: progress, status and cost of some of the country's projects (the
	// triggers keep their previous values), a project that is new, one archived, and one updated
	// long ago only.
	const { rows: projects } = await db.execute<{ id: number }>(sql`select e.id from projects e join geographies g on g.id = e.country_id where g.name = ${country} order by e.id limit 6`)
	const [a, b, c, d, e, f] = projects.map((row) => row.id)
	await db.execute(sql`update projects set progress = 'Contract awarded', date_last_modified = now() - interval '2 hours' where id = ${a!}`)
	await db.execute(sql`update projects set status = 'Delayed', date_last_modified = now() - interval '3 days' where id = ${b!}`)
	await db.execute(sql`update project_costs set cost_usd = coalesce(cost_usd, 0) + 12.5 where project_id = ${c!}`)
	await db.execute(sql`update projects set date_last_modified = now() - interval '1 hour' where id = ${c!}`)
	await db.execute(sql`update projects set date_added = now() - interval '5 hours', date_last_modified = now() - interval '5 hours' where id = ${d!}`)
	await db.execute(sql`update projects set is_archived = true, date_last_modified = now() - interval '4 hours' where id = ${e!}`)
	await db.execute(sql`update projects set progress = 'Commissioned', date_last_modified = now() - interval '20 days' where id = ${f!}`)
})

describe('digests by set', () => {
	test('equal the digests computed alert by alert, for varied searches and times since', async () => {
		const q = (params: Record<string, string>) => `/projecttracker?${new URLSearchParams(params)}`
		const searches = [
			q({}),
			q({ 'filters[Countries]': country }),
			q({ 'filters[Countries]': country, sortBy: 'name', sortOrder: 'Ascending', pageNum: '3' }),
			q({ 'filters[Countries]': country, 'filters[Include archived projects]': 'true' }),
			q({ 'filters[Project category]': category, 'filters[Minimum cost]': '1', 'filters[Include projects without a cost]': 'true' }),
			q({ 'filters[Minimum cost]': '10', 'filters[Maximum cost]': '500' }),
			q({ searchTerm: 'water treatment' }),
			q({ 'filters[Updated from]': ago(10).toISOString().slice(0, 10) }),
			q({ 'filters[Countries]': 'Nowhere at all' }),
		]
		const sinces = [ago(1), ago(7), ago(400)]
		const alerts: DigestAlert[] = searches.flatMap((url, i) => sinces.map((since, j) => ({ id: i * sinces.length + j + 1, url, since })))
		const bySet = await kindDigests(database.db, 'projects', alerts, now)
		let reported = 0
		let beyondTheLimit = 0
		for (const alert of alerts) {
			const one = await kindDigest(database.db, 'projects', alert.url, alert.since, now)
			expect(bySet.get(alert.id), `${alert.url} since ${alert.since.toISOString()}`).toEqual(one)
			if (one.rows.length) reported++
			if (one.more) beyondTheLimit++
		}
		// The comparison covered digests with rows, with changed fields, and beyond the 50 shown.
		expect(reported).toBeGreaterThan(5)
		expect(beyondTheLimit).toBeGreaterThan(0)
		expect([...bySet.values()].some((digest) => digest.rows.some((row) => row.changes.length > 0))).toBe(true)
		expect([...bySet.values()].some((digest) => digest.rows.some((row) => row.isNew))).toBe(true)
	})
})
