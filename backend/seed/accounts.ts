/** Roles, the demo organisation and the demo users with their dated roles. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { datedRoles, noAccessMessages, organisationIpRanges, organisations, roles, users } from '../db/schema.ts'
import { hashPassword } from '../identity/password.ts'
import { isTrialRole, ROLE_PERMISSIONS } from '../identity/roles.ts'
import { DEMO_ACCOUNTS, DEMO_ORGANISATION, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.ts'
import { addDays, DAY_MS, insertAll, utcDay, type SeedContext } from './util.ts'

export const NO_ACCESS_MESSAGES: Record<string, string> = {
	default: 'Sorry, you do not have access to this content.',
	article: 'This article is available exclusively to full members',
	projecttracker: 'The Project Tracker is available exclusively to full members',
	data: 'This content requires a GWI Strategist Membership',
	strategist: 'This content requires a GWI Strategist Membership',
	companies: 'The companies index is available to Executive and Strategist members',
	document: 'This document is available exclusively to full members',
	newsletter: 'This newsletter is available to members and free-trial users',
}

const DEMO_NAMES: Record<string, [string, string, string]> = {
	free: ['Fiona', 'Freeman', 'Water Engineer'],
	trial: ['Tariq', 'Trialson', 'Business Development Manager'],
	trial2: ['Tamsin', 'Tryall', 'Project Engineer'],
	executive: ['Elena', 'Executive', 'Head of Strategy'],
	'executive-expiring': ['Ethan', 'Expiring', 'Commercial Director'],
	'executive-expired': ['Edith', 'Expired', 'Procurement Lead'],
	strategist: ['Sam', 'Strategist', 'Market Analyst'],
	staff: ['Stella', 'Staff', 'GWI Editor'],
	'incomplete-profile': ['', '', ''],
}

export function demoSubject(account: DemoAccount) {
	return `demo|${account.key}`
}

export async function seedRoles(ctx: SeedContext) {
	await insertAll(
		ctx.db,
		roles,
		Object.entries(ROLE_PERMISSIONS).map(([name, permissions], i) => ({
			id: i + 1,
			name,
			permissions: [...permissions],
			isTrial: isTrialRole(name),
		})),
	)
	await insertAll(
		ctx.db,
		noAccessMessages,
		Object.entries(NO_ACCESS_MESSAGES).map(([slug, message], i) => ({ id: i + 1, slug, message })),
	)
}

export async function seedDemoAccounts(ctx: SeedContext) {
	const { db, today } = ctx
	const passwordHash = await hashPassword(DEMO_PASSWORD)
	const [org] = await db
		.insert(organisations)
		.values({ name: DEMO_ORGANISATION.name, reference: DEMO_ORGANISATION.reference, createdAt: addDays(today, -400) })
		.returning({ id: organisations.id })
	await db.insert(organisationIpRanges).values({ organisationId: org.id, cidr: DEMO_ORGANISATION.ipRange })
	await insertAll(
		db,
		users,
		DEMO_ACCOUNTS.map((account, i) => {
			const [firstName, lastName, jobTitle] = DEMO_NAMES[account.key] ?? ['Demo', 'User', 'Analyst']
			return {
				email: account.email,
				passwordHash,
				firstName: firstName || null,
				lastName: lastName || null,
				jobTitle: jobTitle || null,
				subject: demoSubject(account),
				hasCompleteProfile: account.key !== 'incomplete-profile',
				showRenewalMessaging: account.key === 'executive-expired',
				strategyMenuEnabled: account.key === 'staff' ? true : null,
				interests:
					account.key === 'incomplete-profile'
						? null
						: { howDidYouFindUs: 'Word of mouth', interestsDesalination: i % 2 === 0, interestsFinancialInsights: true, interestsProjectUpdates: true },
				createdAt: addDays(today, -420 + i),
			}
		}),
	)
	await refreshDemoAccounts(db, today)
}

/** Dated roles of each demo account, relative to the day `now` falls on. */
function demoRoles(key: string, today: Date): { role: string; start: Date; end: Date; isRenewable?: boolean }[] {
	const endOfDay = (days: number) => new Date(addDays(today, days).getTime() + DAY_MS - 1)
	const base = { role: 'base account', start: addDays(today, -420), end: addDays(today, 365 * 20) }
	switch (key) {
		case 'free':
			return [base]
		case 'trial':
		case 'trial2':
			// A two-week trial begun 9 days ago: 5 whole days remain (ends at the end of day +5).
			return [base, { role: 'Executive - Trial', start: addDays(today, -9), end: endOfDay(5), isRenewable: false }]
		case 'executive':
			return [base, { role: 'Executive', start: addDays(today, -180), end: endOfDay(550) }]
		case 'executive-expiring':
			return [base, { role: 'Executive', start: addDays(today, -320), end: endOfDay(45) }]
		case 'executive-expired':
			return [base, { role: 'Executive', start: addDays(today, -375), end: endOfDay(-10) }]
		case 'strategist':
			return [base, { role: 'Strategy', start: addDays(today, -200), end: endOfDay(530) }]
		case 'staff':
			return [base, { role: 'Strategy for Staff', start: addDays(today, -1000), end: endOfDay(3650), isRenewable: false }]
		case 'incomplete-profile':
			return [base, { role: 'Executive', start: addDays(today, -30), end: endOfDay(335) }]
		default:
			return [base]
	}
}

/**
 * Re-anchors the demo accounts' dated roles on the day of `now` (the server calls this at
 * start, so "trial with 5 days left" stays true on an old database). Idempotent.
 */
export async function refreshDemoAccounts(db: Db, now: Date = new Date()): Promise<void> {
	const today = utcDay(now)
	const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles)
	const roleId = new Map(roleRows.map((r) => [r.name, r.id]))
	const demoUsers = await db
		.select({ id: users.id, subject: users.subject })
		.from(users)
		.where(inArray(users.subject, DEMO_ACCOUNTS.map(demoSubject)))
	const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.reference, DEMO_ORGANISATION.reference))
	if (demoUsers.length === 0 && !org) return
	await db.transaction(async (tx) => {
		// Servers starting together must not interleave their delete-and-insert.
		await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:refresh-demo-accounts'))`)
		const rows: (typeof datedRoles.$inferInsert)[] = []
		for (const user of demoUsers) {
			const key = user.subject.slice('demo|'.length)
			for (const r of demoRoles(key, today)) {
				const id = roleId.get(r.role)
				if (!id) continue
				rows.push({ userId: user.id, roleId: id, startDate: r.start, endDate: r.end, isRenewable: r.isRenewable ?? true })
			}
		}
		if (demoUsers.length) {
			await tx.delete(datedRoles).where(inArray(datedRoles.userId, demoUsers.map((u) => u.id)))
			// The trial's last request date and the expired member's renewal flag follow the roles.
			await tx
				.update(users)
				.set({ lastTrialRequestedAt: addDays(today, -9) })
				.where(inArray(users.subject, ['demo|trial', 'demo|trial2']))
			await tx
				.update(users)
				.set({ showRenewalMessaging: true })
				.where(eq(users.subject, 'demo|executive-expired'))
			await tx
				.update(users)
				.set({ hasCompleteProfile: false })
				.where(eq(users.subject, 'demo|incomplete-profile'))
		}
		if (org) {
			await tx.delete(datedRoles).where(and(eq(datedRoles.organisationId, org.id), isNull(datedRoles.userId)))
			const executive = roleId.get('Executive')
			if (executive) rows.push({ organisationId: org.id, userId: null, roleId: executive, startDate: addDays(today, -400), endDate: addDays(today, 330), isRenewable: true })
		}
		if (rows.length) await tx.insert(datedRoles).values(rows)
	})
}
