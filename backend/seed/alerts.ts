/**
 * The demo accounts' alerts: each has one saved Project Tracker search sent as a daily alert,
 * counted from a week before the seed, so its first digest has something to report (the
 * projects in it updated that week; for an account that may not read the tracker, the one
 * notice that pauses it). One account keeps none: the tracker's "no saved filters" state.
 * The Strategist also has a weekly alert of each other kind that sends site items (a site
 * search, the events, the opportunity exchange).
 */
import { alerts } from '../db/schema-alerts.ts'
import { savedSearches, users } from '../db/schema.ts'
import { DEMO_ACCOUNTS, DEMO_ALERT, DEMO_ACCOUNT_WITHOUT_ALERT, DEMO_STRATEGIST_ALERTS, demoAccount } from './demo-accounts.ts'
import { addDays, type SeedContext } from './util.ts'
import { eq, inArray } from 'drizzle-orm'

export async function seedDemoAlerts({ db, today }: SeedContext) {
	const emails = DEMO_ACCOUNTS.filter((account) => account.key !== DEMO_ACCOUNT_WITHOUT_ALERT).map((account) => account.email)
	const people = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).orderBy(users.id)
	if (people.length === 0) return
	const since = addDays(today, -DEMO_ALERT.sinceDaysAgo)
	const searches = await db
		.insert(savedSearches)
		.values(people.map((person) => ({ userId: person.id, kind: 'projects' as const, name: DEMO_ALERT.name, url: DEMO_ALERT.url, lastUpdated: since })))
		.returning({ id: savedSearches.id, userId: savedSearches.userId })
	await db.insert(alerts).values(searches.map((search) => ({ savedSearchId: search.id, userId: search.userId, frequency: 'daily' as const, since, createdAt: since })))

	const [strategist] = await db
		.select({ id: users.id })
		.from(users)
		.where(eq(users.email, demoAccount('strategist').email))
	if (!strategist) return
	for (const alert of DEMO_STRATEGIST_ALERTS) {
		const from = addDays(today, -alert.sinceDaysAgo)
		const [search] = await db.insert(savedSearches).values({ userId: strategist.id, kind: alert.kind, name: alert.name, url: alert.url, lastUpdated: from }).returning({ id: savedSearches.id })
		await db.insert(alerts).values({ savedSearchId: search!.id, userId: strategist.id, frequency: 'weekly', since: from, createdAt: from })
	}
}
