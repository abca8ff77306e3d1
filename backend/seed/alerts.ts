/**
 * The demo accounts' alerts: each has one saved Project Tracker search sent as a daily alert,
 * counted from a week before the seed, so its first digest has something to report (the
 * projects in it updated that week; for an account that may not read the tracker, the one
 * notice that pauses it). One account keeps none: the tracker's "no saved filters" state.
 */
import { alerts } from '../db/schema-alerts.ts'
import { savedSearches, users } from '../db/schema.ts'
import { DEMO_ACCOUNTS, DEMO_ALERT, DEMO_ACCOUNT_WITHOUT_ALERT } from './demo-accounts.ts'
import { addDays, type SeedContext } from './util.ts'
import { inArray } from 'drizzle-orm'

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
}
