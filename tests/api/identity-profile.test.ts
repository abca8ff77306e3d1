/**
 * GET /userprofile and PUT /userprofile/preferences (spec 000 §3 "User profile", §4),
 * for each demo account of the seed, an organisation signed in by network address, and
 * the preference permissions.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import type { UserProfile } from '../../contract/identity.ts'
import { createApi } from '../../backend/api/index.ts'
import { loadOrganisationClaims, loadUserClaims } from '../../backend/identity/claims.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_ORGANISATION } from '../../backend/seed/demo-accounts.ts'
import { refreshDemoAccounts } from '../../backend/seed/index.ts'
import { call, tokenFor, userIdByEmail } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
let api: ReturnType<typeof createApi>

beforeAll(async () => {
	// The template may have been seeded on an earlier day: re-anchor the demo roles on today.
	await refreshDemoAccounts(database.db)
	api = createApi({ db: database.db })
})

async function profileOf(email: string): Promise<UserProfile> {
	const { status, body } = await call(api, 'GET', '/userprofile', { token: await tokenFor(database.db, email) })
	expect(status).toBe(200)
	expect(body.success).toBe(true)
	return body.item
}

const FLAGS = ['hasExpiredExecutiveTrialSubscription', 'hasExpiredExecutiveSubscription', 'showRenewalMessaging', 'hasCompleteProfile', 'expiredSubscriptionOldEnoughToAccessTrial'] as const
const flags = (profile: UserProfile) => Object.fromEntries(FLAGS.map((flag) => [flag, profile[flag]]))
const NONE_EXPIRED = { hasExpiredExecutiveTrialSubscription: false, hasExpiredExecutiveSubscription: false, showRenewalMessaging: false, hasCompleteProfile: true, expiredSubscriptionOldEnoughToAccessTrial: false }

describe('GET /userprofile', () => {
	test("anonymous: 401 'Unauthorized'", async () => {
		const { status, body } = await call(api, 'GET', '/userprofile')
		expect(status).toBe(401)
		expect(body).toEqual({ success: false, errors: ['Unauthorized'], warnings: [] })
	})

	test('an expired token: 401 Login token expired (the site refreshes)', async () => {
		const { status, body } = await call(api, 'GET', '/userprofile', { token: await tokenFor(database.db, 'free@example.com', { expiresIn: -60 }) })
		expect(status).toBe(401)
		expect(body.errors).toEqual(['Login token expired'])
	})

	test('free@: the base account, every field of spec 000 §3, private to the reader', async () => {
		const response = await api.request('/userprofile', { headers: { Authorization: `Bearer ${await tokenFor(database.db, 'free@example.com')}` } })
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		const profile = ((await response.json()) as any).item as UserProfile
		expect(Object.keys(profile).sort()).toEqual(
			[
				'roleNames', 'roles', 'renewableExpiredRoles', 'hasExpiredExecutiveTrialSubscription', 'hasExpiredExecutiveSubscription', 'showRenewalMessaging',
				'hasCompleteProfile', 'expiredSubscriptionOldEnoughToAccessTrial', 'emailAddress', 'auth0Id', 'firstName', 'lastName', 'organisationName',
				'organisationId', 'organisationReference', 'parentOrganisation', 'hasOptedOutOfUsageReport', 'meteredAccessItems', 'strategyMenuEnabled', 'previewData',
			].sort(),
		)
		expect(profile).toMatchObject({
			roleNames: ['base account'],
			renewableExpiredRoles: [],
			emailAddress: 'free@example.com',
			auth0Id: 'demo|free',
			firstName: 'Fiona',
			lastName: 'Freeman',
			organisationName: null,
			organisationId: null,
			organisationReference: null,
			parentOrganisation: null,
			hasOptedOutOfUsageReport: false,
			meteredAccessItems: [],
			strategyMenuEnabled: null,
			previewData: false,
		})
		expect(flags(profile)).toEqual(NONE_EXPIRED)
		expect(profile.roles).toHaveLength(1)
		expect(profile.roles[0]).toEqual({ name: 'base account', startDate: expect.stringMatching(/Z$/), endDate: expect.stringMatching(/Z$/) })
	})

	test('trial@: a current Executive - Trial with 5 whole days left', async () => {
		const profile = await profileOf('trial@example.com')
		expect(profile.roleNames).toEqual(['base account', 'Executive - Trial'])
		expect(flags(profile)).toEqual(NONE_EXPIRED)
		const trial = profile.roles.find((role) => role.name === 'Executive - Trial')!
		expect(Math.floor((Date.parse(trial.endDate) - Date.now()) / 86_400_000)).toBe(5)
	})

	test('executive@ and strategist@: current memberships, nothing expired', async () => {
		expect((await profileOf('executive@example.com')).roleNames).toEqual(['base account', 'Executive'])
		const strategist = await profileOf('strategist@example.com')
		expect(strategist.roleNames).toEqual(['base account', 'Strategy'])
		expect(flags(strategist)).toEqual(NONE_EXPIRED)
	})

	test('expiring@: still an Executive (ends in 45 days), nothing expired yet', async () => {
		const profile = await profileOf('expiring@example.com')
		expect(profile.roleNames).toEqual(['base account', 'Executive'])
		expect(flags(profile)).toEqual(NONE_EXPIRED)
		expect(profile.renewableExpiredRoles).toEqual([])
	})

	test('expired@: the Executive membership ended 10 days ago; renewal messaging on; trial not yet open', async () => {
		const profile = await profileOf('expired@example.com')
		expect(profile.roleNames).toEqual(['base account'])
		expect(profile.roles.map((role) => role.name)).toEqual(['base account', 'Executive'])
		expect(profile.renewableExpiredRoles).toEqual(['Executive'])
		expect(flags(profile)).toEqual({ ...NONE_EXPIRED, hasExpiredExecutiveSubscription: true, showRenewalMessaging: true })
	})

	test('staff@: Strategy for Staff, their stored strategist-view choice', async () => {
		const profile = await profileOf('staff@example.com')
		// The staff role began before the base account: roles come in start order.
		expect(profile.roleNames).toEqual(['Strategy for Staff', 'base account'])
		expect(profile.strategyMenuEnabled).toBe(true)
		expect(flags(profile)).toEqual(NONE_EXPIRED)
	})

	test('incomplete@: hasCompleteProfile false, no name', async () => {
		const profile = await profileOf('incomplete@example.com')
		expect(profile).toMatchObject({ hasCompleteProfile: false, firstName: null, lastName: null, roleNames: ['base account', 'Executive'] })
	})

	test('unlocked articles are listed as meteredAccessItems', async () => {
		const userId = await userIdByEmail(database.db, 'trial@example.com')
		const { rows } = await database.db.execute<{ id: number; slug: string; headline: string }>(sql`
			select a.id, a.slug, a.headline from articles a join article_types t on t.id = a.article_type_id
			where t.slug = 'market-map' and not a.is_draft order by a.id limit 1`)
		const article = rows[0]
		await database.db.execute(sql`insert into metered_access (user_id, article_id, date_access_granted) values (${userId}, ${article.id}, '2026-01-02T03:04:05Z') on conflict do nothing`)
		try {
			const profile = await profileOf('trial@example.com')
			expect(profile.meteredAccessItems).toEqual([
				{ articleTypeSlug: 'market-map', description: article.headline, fullSlug: `/articles/${article.slug}`, dateAccessGranted: '2026-01-02T03:04:05.000Z' },
			])
		} finally {
			await database.db.execute(sql`delete from metered_access where user_id = ${userId}`)
		}
	})

	test('a member of an organisation sees it and its parent; organisation roles count', async () => {
		const { rows } = await database.db.execute<{ id: number }>(sql`select id from organisations where reference = ${DEMO_ORGANISATION.reference}`)
		const demoOrg = rows[0].id
		const { rows: created } = await database.db.execute<{ id: number }>(
			sql`insert into organisations (name, reference, parent_id) values ('Demo Water North', 'ORG-DEMO-NORTH', ${demoOrg}) returning id`,
		)
		const userId = await userIdByEmail(database.db, 'free@example.com')
		await database.db.execute(sql`update users set organisation_id = ${demoOrg} where id = ${userId}`)
		try {
			const profile = await profileOf('free@example.com')
			expect(profile).toMatchObject({ organisationName: DEMO_ORGANISATION.name, organisationId: demoOrg, organisationReference: DEMO_ORGANISATION.reference, parentOrganisation: null })
			// The demo organisation holds a current Executive role; it is not the reader's to renew.
			expect(profile.roleNames).toEqual(['base account', 'Executive'])

			await database.db.execute(sql`update users set organisation_id = ${created[0].id} where id = ${userId}`)
			const child = await profileOf('free@example.com')
			expect(child).toMatchObject({ organisationName: 'Demo Water North', organisationReference: 'ORG-DEMO-NORTH', parentOrganisation: { id: demoOrg, name: DEMO_ORGANISATION.name, reference: DEMO_ORGANISATION.reference } })
		} finally {
			await database.db.execute(sql`update users set organisation_id = null where id = ${userId}`)
			await database.db.execute(sql`delete from organisations where id = ${created[0].id}`)
		}
	})

	test('an organisation signed in by network address: its roles and fields, emailAddress null', async () => {
		const { rows } = await database.db.execute<{ id: number }>(sql`select id from organisations where reference = ${DEMO_ORGANISATION.reference}`)
		const claims = (await loadOrganisationClaims(database.db, rows[0].id))!
		const token = await issueAccessToken({ sub: claims.sub, name: claims.name, permissions: claims.permissions, datedRoles: claims.datedRoles })
		const { status, body } = await call(api, 'GET', '/userprofile', { token })
		expect(status).toBe(200)
		expect(body.item).toMatchObject({
			emailAddress: null,
			auth0Id: `organisation|${DEMO_ORGANISATION.reference}`,
			organisationName: DEMO_ORGANISATION.name,
			organisationId: rows[0].id,
			organisationReference: DEMO_ORGANISATION.reference,
			roleNames: ['Executive'],
			hasCompleteProfile: true,
			showRenewalMessaging: false,
			meteredAccessItems: [],
		})
	})

	test("a reader only the identity provider knows: described from the token's claims", async () => {
		const token = await issueAccessToken({
			sub: 'external|42',
			email: 'someone@elsewhere.example',
			permissions: ['read:executive'],
			datedRoles: [{ RoleName: 'Executive', StartDate: new Date(Date.now() - 86_400_000), EndDate: new Date(Date.now() + 86_400_000) }],
		})
		const { status, body } = await call(api, 'GET', '/userprofile', { token })
		expect(status).toBe(200)
		expect(body.item).toMatchObject({ auth0Id: 'external|42', emailAddress: 'someone@elsewhere.example', roleNames: ['Executive'], organisationId: null })
	})
})

describe('token claims of the demo accounts (backend/identity/claims.ts)', () => {
	test("the permissions of the reader's current roles only, and every dated role", async () => {
		const staff = (await loadUserClaims(database.db, await userIdByEmail(database.db, 'staff@example.com')))!
		expect(staff.permissions).toEqual(expect.arrayContaining(['edit:screen-view', 'preview:data', 'read:strategy']))
		expect(staff.datedRoles.map((role) => role.RoleName).sort()).toEqual(['Strategy for Staff', 'base account'])
		expect(staff.datedRoles[0].StartDate).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/)
		// The lapsed Executive role is listed but grants nothing.
		const expired = (await loadUserClaims(database.db, await userIdByEmail(database.db, 'expired@example.com')))!
		expect(expired.permissions).toEqual([])
		expect(expired.datedRoles.map((role) => role.RoleName)).toContain('Executive')
		expect((await loadUserClaims(database.db, await userIdByEmail(database.db, 'executive@example.com')))!.permissions).toContain('read:executive')
	})
})

describe('PUT /userprofile/preferences', () => {
	const put = async (email: string | null, body: unknown) =>
		call(api, 'PUT', '/userprofile/preferences', { token: email ? await tokenFor(database.db, email) : undefined, body })

	test('anonymous: 401', async () => {
		expect((await put(null, { hasOptedOutOfUsageReport: true })).status).toBe(401)
	})

	test('anyone may opt out of the usage report; the answer is the updated profile', async () => {
		const { status, body } = await put('executive@example.com', { hasOptedOutOfUsageReport: true })
		expect(status).toBe(200)
		expect(body.item.hasOptedOutOfUsageReport).toBe(true)
		expect(body.item.emailAddress).toBe('executive@example.com')
		expect((await profileOf('executive@example.com')).hasOptedOutOfUsageReport).toBe(true)
		expect((await put('executive@example.com', { hasOptedOutOfUsageReport: false })).body.item.hasOptedOutOfUsageReport).toBe(false)
		// An empty subset changes nothing and still answers with the profile.
		expect((await put('executive@example.com', {})).body.item.hasOptedOutOfUsageReport).toBe(false)
	})

	test("strategyMenuEnabled needs edit:screen-view: 403 'Forbidden' and nothing written", async () => {
		const denied = await put('strategist@example.com', { strategyMenuEnabled: true, hasOptedOutOfUsageReport: true })
		expect(denied.status).toBe(403)
		expect(denied.body.errors).toEqual(['Forbidden'])
		const profile = await profileOf('strategist@example.com')
		expect(profile.strategyMenuEnabled).toBeNull()
		expect(profile.hasOptedOutOfUsageReport).toBe(false)

		const allowed = await put('staff@example.com', { strategyMenuEnabled: false })
		expect(allowed.status).toBe(200)
		expect(allowed.body.item.strategyMenuEnabled).toBe(false)
		expect((await put('staff@example.com', { strategyMenuEnabled: null })).body.item.strategyMenuEnabled).toBeNull()
		expect((await put('staff@example.com', { strategyMenuEnabled: true })).body.item.strategyMenuEnabled).toBe(true)
	})

	test('previewData needs preview:data', async () => {
		expect((await put('strategist@example.com', { previewData: true })).status).toBe(403)
		expect((await put('executive@example.com', { previewData: false })).status).toBe(403)
		const allowed = await put('staff@example.com', { previewData: true })
		expect(allowed.status).toBe(200)
		expect(allowed.body.item.previewData).toBe(true)
	})

	test('bad input: 400 with a message, nothing written', async () => {
		const cases: [unknown, RegExp][] = [
			[{ hasOptedOutOfUsageReport: 'yes' }, /hasOptedOutOfUsageReport must be true or false/],
			[{ previewData: 1 }, /previewData must be true or false/],
			[{ colour: 'blue' }, /colour/],
			['not json', /JSON/],
			[[true], /JSON object/],
			['', /JSON/],
		]
		for (const [payload, message] of cases) {
			const { status, body } = await put('executive@example.com', payload)
			expect(status, JSON.stringify(payload)).toBe(400)
			expect(body.success).toBe(false)
			expect(body.errors[0]).toMatch(message)
		}
	})

	test('an organisation by network address has no preferences to set: 403', async () => {
		const token = await issueAccessToken({ sub: `organisation|${DEMO_ORGANISATION.reference}`, permissions: ['read:executive'] })
		const { status } = await call(api, 'PUT', '/userprofile/preferences', { token, body: { hasOptedOutOfUsageReport: true } })
		expect(status).toBe(403)
	})
})
