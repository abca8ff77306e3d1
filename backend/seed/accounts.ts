/** Roles, the demo organisation and the demo users with their dated roles. */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { datedRoles, documents, noAccessMessages, organisationIpRanges, organisations, roles, users } from '../db/schema.ts'
import { hashPassword } from '../identity/password.ts'
import { DESALINATION_BETA_ROLE, EXECUTIVE_MULTI_OFFICE_ROLE, isTrialRole, ROLE_PERMISSIONS, rolePermissions } from '../identity/roles.ts'
import { siteMode } from '../mode.ts'
import { DEMO_ACCOUNTS, DEMO_DRAFT_DOCUMENT, DEMO_ORGANISATION, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.ts'
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
	'trial-halfway': ['Hana', 'Halfway', 'Operations Manager'],
	'trial-expired': ['Teodor', 'Lapsed', 'Sales Engineer'],
	'multi-office': ['Mona', 'Multioffice', 'Regional Director'],
	'desal-beta': ['Dev', 'Desal', 'Desalination Specialist'],
}

export function demoSubject(account: DemoAccount) {
	return `demo|${account.key}`
}

/** The roles table: ROLE_PERMISSIONS in order, each role's id its place (new roles are appended). */
function roleTableRows(mode = siteMode()) {
	return Object.keys(ROLE_PERMISSIONS).map((name, i) => ({ id: i + 1, name, permissions: rolePermissions(name, mode)!, isTrial: isTrialRole(name) }))
}

export async function seedRoles(ctx: SeedContext) {
	await insertAll(ctx.db, roles, roleTableRows())
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
		DEMO_ACCOUNTS.map((account, i) => demoUserRow(account, i, passwordHash, today)),
	)
	await refreshDemoAccounts(db, today)
}

/** A demo account's user row (its place in DEMO_ACCOUNTS dates its creation). */
function demoUserRow(account: DemoAccount, i: number, passwordHash: string, today: Date): typeof users.$inferInsert {
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
		case 'trial-halfway':
			// A two-week trial begun 7 days ago: exactly 7 days remain (spec 000 §4 'halfway').
			return [base, { role: 'Executive - Trial', start: addDays(today, -7), end: endOfDay(7), isRenewable: false }]
		case 'trial-expired':
			return [base, { role: 'Executive - Trial', start: addDays(today, -21), end: endOfDay(-7), isRenewable: false }]
		case 'multi-office':
			return [base, { role: EXECUTIVE_MULTI_OFFICE_ROLE, start: addDays(today, -60), end: endOfDay(670) }]
		case 'desal-beta':
			return [base, { role: DESALINATION_BETA_ROLE, start: addDays(today, -90), end: endOfDay(275) }]
		default:
			return [base]
	}
}

/**
 * The permissions of the roles defined in code (ROLE_PERMISSIONS), written over the roles
 * table's: a database seeded before a role's permissions changed (Executive losing
 * download:project to Executive Multi-office) grants what the code says at the next start.
 */
async function syncRolePermissions(db: Db) {
	const stored = await db.select({ name: roles.name, permissions: roles.permissions }).from(roles)
	const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((permission, i) => permission === [...b].sort()[i])
	const mode = siteMode()
	for (const { name, permissions } of stored) {
		const defined = rolePermissions(name, mode)
		if (defined && !same(defined, permissions)) await db.update(roles).set({ permissions: [...defined] }).where(eq(roles.name, name))
	}
}

/**
 * The reference data the site needs in every mode, defined in code rather than content: the
 * roles with their permissions (no membership, trial or purchase can be granted without its
 * role) and the spec's no-access messages. Written at every start, in production too: rows
 * missing are added, and the roles' permissions become what the code says. Idempotent.
 */
export async function writeReferenceData(db: Db): Promise<void> {
	await db.insert(roles).values(roleTableRows()).onConflictDoNothing()
	await syncRolePermissions(db)
	await db
		.insert(noAccessMessages)
		.values(Object.entries(NO_ACCESS_MESSAGES).map(([slug, message], i) => ({ id: i + 1, slug, message })))
		.onConflictDoNothing()
}

/**
 * Re-anchors the demo accounts' dated roles on the day of `now` (the server calls this at
 * start, so "trial with 5 days left" stays true on an old database). Idempotent.
 */
export async function refreshDemoAccounts(db: Db, now: Date = new Date()): Promise<void> {
	const today = utcDay(now)
	let roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles)
	// A role added since the database was seeded (appended, so its id is its place) arrives now.
	const knownRoles = new Set(roleRows.map((r) => r.name))
	const newRoles = roleTableRows().filter((role) => !knownRoles.has(role.name))
	if (roleRows.length > 0 && newRoles.length > 0) {
		await db.insert(roles).values(newRoles).onConflictDoNothing()
		roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles)
	}
	await syncRolePermissions(db)
	// The demo draft document's documented secret, on a database seeded before it was fixed.
	await db
		.update(documents)
		.set({ previewSecret: DEMO_DRAFT_DOCUMENT.secret })
		.where(and(eq(documents.slug, DEMO_DRAFT_DOCUMENT.slug), eq(documents.isDraft, true)))
	const roleId = new Map(roleRows.map((r) => [r.name, r.id]))
	const findDemoUsers = () =>
		db
			.select({ id: users.id, subject: users.subject })
			.from(users)
			.where(inArray(users.subject, DEMO_ACCOUNTS.map(demoSubject)))
	let demoUsers = await findDemoUsers()
	const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.reference, DEMO_ORGANISATION.reference))
	if (demoUsers.length === 0 && !org) return
	// A demo database seeded before an account was added gets it now (a database without demo accounts never does).
	const present = new Set(demoUsers.map((user) => user.subject))
	const missing = DEMO_ACCOUNTS.map((account, i) => ({ account, i })).filter(({ account }) => !present.has(demoSubject(account)))
	if (missing.length > 0) {
		const passwordHash = await hashPassword(DEMO_PASSWORD)
		await db
			.insert(users)
			.values(missing.map(({ account, i }) => demoUserRow(account, i, passwordHash, today)))
			.onConflictDoNothing()
		demoUsers = await findDemoUsers()
	}
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
			await tx.update(users).set({ lastTrialRequestedAt: addDays(today, -7) }).where(eq(users.subject, 'demo|trial-halfway'))
			await tx.update(users).set({ lastTrialRequestedAt: addDays(today, -21) }).where(eq(users.subject, 'demo|trial-expired'))
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
