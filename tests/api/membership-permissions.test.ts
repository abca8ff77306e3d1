/**
 * Spec 002 §6: "Only the Executive Multi-office and Strategist plans list downloadable
 * project data. The plain Executive plan does not." The plans the memberships page lists,
 * the roles' permissions (download:project*), the seeded roles table and the demo accounts
 * agree; the tracker's download obeys them.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { PLANS, type PlanKey } from '../../contract/commerce.ts'
import { roles } from '../../backend/db/schema.ts'
import { EXECUTIVE_MULTI_OFFICE_ROLE, PERMISSIONS, ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { refreshDemoAccounts } from '../../backend/seed/accounts.ts'
import { tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

/** The role each plan grants. */
const PLAN_ROLES: Record<PlanKey, string> = { executive: 'Executive', 'executive-multi-office': EXECUTIVE_MULTI_OFFICE_ROLE, strategist: 'Strategy' }
const downloadsProjects = (permissions: readonly string[]) => permissions.some((permission) => permission.startsWith(PERMISSIONS.downloadProject))

describe('project downloads by plan', () => {
	test("each plan's role holds download:project* exactly when its card lists downloadable project data", () => {
		for (const plan of PLANS) expect(downloadsProjects(ROLE_PERMISSIONS[PLAN_ROLES[plan.key]]!), plan.name).toBe(plan.downloadableProjectData)
		expect(PLANS.filter((plan) => plan.downloadableProjectData).map((plan) => plan.name)).toEqual(['Executive Multi-office', 'Strategist'])
	})

	test('the seeded roles table grants what the code defines; a database seeded earlier is brought up to date at start', async () => {
		const stored = await database.db.select({ name: roles.name, permissions: roles.permissions }).from(roles)
		for (const role of stored) expect([...role.permissions].sort(), role.name).toEqual([...(ROLE_PERMISSIONS[role.name] ?? [])].sort())
		// An older database: Executive still downloading projects.
		await database.db.update(roles).set({ permissions: [...ROLE_PERMISSIONS.Executive!, PERMISSIONS.downloadProject] }).where(eq(roles.name, 'Executive'))
		await refreshDemoAccounts(database.db)
		const [executive] = await database.db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.name, 'Executive'))
		expect(downloadsProjects(executive!.permissions)).toBe(false)
	})

	test('the demo accounts: the Multi-office member and the Strategist download the tracker, the plain Executive sees the upgrade message', async () => {
		const status = async (email: string) => {
			const response = await api.request('/downloadProjects?pageSize=10', { headers: { Authorization: `Bearer ${await tokenFor(database.db, email)}` } })
			return { status: response.status, errors: response.status === 200 ? null : ((await response.json()) as { errors: string[] }).errors }
		}
		expect(await status('multi-office@example.com')).toEqual({ status: 200, errors: null })
		expect(await status('strategist@example.com')).toEqual({ status: 200, errors: null })
		expect(await status('executive@example.com')).toEqual({ status: 403, errors: ['You are not authorized to download projects'] })
		const { rows } = await database.db.execute<{ name: string }>(sql`select r.name from dated_roles d join roles r on r.id = d.role_id join users u on u.id = d.user_id where u.email = 'multi-office@example.com' order by d.id`)
		expect(rows.map((row) => row.name)).toEqual(['base account', EXECUTIVE_MULTI_OFFICE_ROLE])
	})

	test('the Multi-office member is a member: no trial and nothing to buy online', async () => {
		const token = await tokenFor(database.db, 'multi-office@example.com')
		const response = await api.request('/memberships/offers', { headers: { Authorization: `Bearer ${token}` } })
		expect(((await response.json()) as { item: unknown }).item).toMatchObject({ trial: false, buy: null, isExecutive: true })
	})
})
