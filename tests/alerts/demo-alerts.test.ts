/**
 * The demo's alerts against the seeded database: every account but one has the tracker alert,
 * and the Strategist has one alert of each kind that sends site items (a site search, the
 * events, the opportunity exchange), each with something to report at its first send, so a
 * person trying the demo's "Send all alerts now" sees every kind of digest.
 */
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { kindDigest } from '../../backend/alerts/digest.ts'
import type { AlertKind } from '../../contract/alerts.ts'
import { DEMO_ACCOUNTS, DEMO_ACCOUNT_WITHOUT_ALERT, DEMO_STRATEGIST_ALERTS, demoAccount } from '../../backend/seed/demo-accounts.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()

type AlertRow = { email: string; kind: AlertKind; url: string; frequency: string; since: Date }

async function demoAlerts(): Promise<AlertRow[]> {
	const { rows } = await database.db.execute<AlertRow>(sql`
		select u.email, s.kind, s.url, a.frequency, a.since from alerts a
		join saved_searches s on s.id = a.saved_search_id join users u on u.id = a.user_id
		where u.email like '%@example.com' order by u.email, s.kind`)
	return rows
}

test('every demo account but one has the tracker alert; the Strategist has one of each kind that sends site items', async () => {
	const alerts = await demoAlerts()
	for (const account of DEMO_ACCOUNTS) {
		const theirs = alerts.filter((alert) => alert.email === account.email).map((alert) => alert.kind)
		if (account.key === DEMO_ACCOUNT_WITHOUT_ALERT) expect(theirs, account.email).toEqual([])
		else expect(theirs, account.email).toContain('projects')
	}
	const strategist = alerts.filter((alert) => alert.email === demoAccount('strategist').email)
	expect(strategist.map((alert) => alert.kind).sort()).toEqual(['events', 'opportunities', 'projects', 'search'])
	expect(strategist.filter((alert) => alert.kind !== 'projects').map((alert) => alert.frequency)).toEqual(['weekly', 'weekly', 'weekly'])
})

test.each(DEMO_STRATEGIST_ALERTS.map((alert) => [alert.kind, alert] as const))('the Strategist’s %s alert has news at its first send', async (_kind, alert) => {
	const seeded = (await demoAlerts()).find((row) => row.email === demoAccount('strategist').email && row.kind === alert.kind)!
	const digest = await kindDigest(database.db, alert.kind, seeded.url, new Date(seeded.since), new Date())
	expect(digest.rows.length).toBeGreaterThan(0)
	for (const row of digest.rows) expect(new Date(row.dateUpdated).getTime()).toBeGreaterThan(new Date(seeded.since).getTime())
})
