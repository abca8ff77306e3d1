/**
 * PUT /user/{email}/password (spec 000 §5, §8) and the shared password policy.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { PASSWORD_MESSAGES } from '../../backend/api/change-password.ts'
import { verifyPassword } from '../../backend/identity/password.ts'
import { checkPasswordPolicy, PASSWORD_POLICY_TEXT } from '../../backend/identity/password-policy.ts'
import { RATE_LIMITS } from '../../backend/identity/rate-limit.ts'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { call, tokenFor, userIdByEmail } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

const NEW_PASSWORD = 'Fresh-Water-2027?'

async function change(asEmail: string | null, pathEmail: string, body: unknown) {
	const token = asEmail ? await tokenFor(database.db, asEmail) : undefined
	return call(api, 'PUT', `/user/${encodeURIComponent(pathEmail)}/password`, { token, body })
}

async function storedHash(email: string) {
	const { rows } = await database.db.execute<{ password_hash: string }>(sql`select password_hash from users where lower(email) = lower(${email})`)
	return rows[0].password_hash
}

describe('the password policy: uppercase, lowercase, number, symbol, at least 8 characters', () => {
	test('each rule on its own', () => {
		expect(checkPasswordPolicy('Water-Demo-2026!')).toEqual({ ok: true })
		expect(checkPasswordPolicy('Aa1!aaaa')).toEqual({ ok: true })
		const failures = (password: string) => {
			const result = checkPasswordPolicy(password)
			return result.ok ? [] : result.failures
		}
		expect(failures('aa1!aaaa')).toEqual(['uppercase'])
		expect(failures('AA1!AAAA')).toEqual(['lowercase'])
		expect(failures('Aab!aaaa')).toEqual(['number'])
		expect(failures('Aa1aaaaa')).toEqual(['symbol'])
		expect(failures('Aa1 aaaa')).toEqual(['symbol']) // a space is not a symbol
		expect(failures('Aa1!aaa')).toEqual(['length']) // 7 characters
		expect(failures('')).toEqual(['uppercase', 'lowercase', 'number', 'symbol', 'length'])
		expect(checkPasswordPolicy('x')).toMatchObject({ ok: false, message: PASSWORD_POLICY_TEXT })
	})
})

describe('PUT /user/{email}/password', () => {
	test('401 when anonymous, and for another reader\'s address', async () => {
		const anonymous = await change(null, 'free@example.com', { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })
		expect(anonymous.status).toBe(401)
		expect(anonymous.body.errors).toEqual(['Unauthorized'])
		const other = await change('free@example.com', 'executive@example.com', { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })
		expect(other.status).toBe(401)
		expect(await verifyPassword(DEMO_PASSWORD, await storedHash('executive@example.com'))).toBe(true)
	})

	test('400 for a new password that breaks the policy, equals the old one, or is missing', async () => {
		const weak = await change('strategist@example.com', 'strategist@example.com', { oldPassword: DEMO_PASSWORD, newPassword: 'password' })
		expect(weak.status).toBe(400)
		expect(weak.body.errors).toEqual([PASSWORD_POLICY_TEXT])
		const same = await change('strategist@example.com', 'strategist@example.com', { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD })
		expect(same.status).toBe(400)
		expect(same.body.errors).toEqual([PASSWORD_MESSAGES.mustDiffer])
		const mismatch = await change('strategist@example.com', 'strategist@example.com', { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Other-2027?' })
		expect(mismatch.status).toBe(400)
		expect(mismatch.body.errors).toEqual([PASSWORD_MESSAGES.mustMatch])
		const missing = await change('strategist@example.com', 'strategist@example.com', { oldPassword: DEMO_PASSWORD })
		expect(missing.status).toBe(400)
		expect(missing.body.errors).toEqual([PASSWORD_MESSAGES.required])
		const notJson = await change('strategist@example.com', 'strategist@example.com', 'oldPassword=x')
		expect(notJson.status).toBe(400)
		expect(await verifyPassword(DEMO_PASSWORD, await storedHash('strategist@example.com'))).toBe(true)
	})

	test("403 'Forbidden' when the old password is wrong; nothing changes", async () => {
		const before = await storedHash('expiring@example.com')
		const { status, body } = await change('expiring@example.com', 'expiring@example.com', { oldPassword: 'Wrong-Password-1!', newPassword: NEW_PASSWORD })
		expect(status).toBe(403)
		expect(body.errors).toEqual(['Forbidden'])
		expect(await storedHash('expiring@example.com')).toBe(before)
	})

	test('success (address in any case): the new password verifies, the old one no longer does', async () => {
		const { status, body } = await change('trial@example.com', 'TRIAL@Example.com', {
			emailAddress: 'trial@example.com',
			oldPassword: DEMO_PASSWORD,
			newPassword: NEW_PASSWORD,
			confirmPassword: NEW_PASSWORD,
		})
		expect(status).toBe(200)
		expect(body).toEqual({ success: true, item: { message: 'Password successfully changed' }, errors: [], warnings: [] })
		const hash = await storedHash('trial@example.com')
		expect(await verifyPassword(NEW_PASSWORD, hash)).toBe(true)
		expect(await verifyPassword(DEMO_PASSWORD, hash)).toBe(false)
		// The old password is now the wrong one.
		const again = await change('trial@example.com', 'trial@example.com', { oldPassword: DEMO_PASSWORD, newPassword: 'Another-Pass-3#' })
		expect(again.status).toBe(403)
	})

	test('429 with Retry-After once the reader has used up their attempts', async () => {
		const email = 'incomplete@example.com'
		const userId = await userIdByEmail(database.db, email)
		await database.db.execute(sql`delete from rate_limits where key = ${`${RATE_LIMITS.passwordChange.bucket}:user:${userId}`}`)
		const token = await tokenFor(database.db, email)
		const attempt = () => call(api, 'PUT', `/user/${email}/password`, { token, body: { oldPassword: 'Wrong-Password-1!', newPassword: NEW_PASSWORD } })
		for (let i = 0; i < RATE_LIMITS.passwordChange.limit; i++) expect((await attempt()).status).toBe(403)
		const limited = await attempt()
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
		// Even the right old password waits now.
		const right = await call(api, 'PUT', `/user/${email}/password`, { token, body: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD } })
		expect(right.status).toBe(429)
		expect(await verifyPassword(DEMO_PASSWORD, await storedHash(email))).toBe(true)
	})
})
