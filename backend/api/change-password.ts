/**
 * PUT /user/{email}/password (spec 000 §5, §7, §8): body { oldPassword, newPassword }
 * (the profile page may also send emailAddress and confirmPassword).
 *
 *   401 'Unauthorized'  anonymous, or {email} is not the signed-in reader's (any case)
 *   429                 too many attempts by this reader (RATE_LIMITS.passwordChange)
 *   400                 a field missing, new equals old, confirmation differs, or the new
 *                       password breaks the policy (PASSWORD_POLICY_TEXT)
 *   403 'Forbidden'     the old password is wrong (the site shows 'Failed to change
 *                       password: please ensure old password is correct')
 *   200                 { success: true, item: { message: 'Password successfully changed' } };
 *                       every other sign-in of the reader is ended (identity/revocation.ts)
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { PasswordChangeBodySchema, type PasswordChanged } from '../../contract/identity.ts'
import { PASSWORD_MESSAGES as FORM_MESSAGES } from '../../contract/change-password.ts'
import { hashPassword, MAX_PASSWORD_LENGTH, verifyPassword } from '../identity/password.ts'
import { checkPasswordPolicy } from '../identity/password-policy.ts'
import { consumeRateLimit, RATE_LIMITS } from '../identity/rate-limit.ts'
import { revokeAccountGrants } from '../identity/revocation.ts'
import { requireViewer } from './auth.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { ApiError, badRequest, forbidden, unauthorized } from './errors.ts'
import { readJsonBody } from './request-body.ts'

/** Spec 000 §5 and §8, verbatim: the profile form's words where the form says the same. */
export const PASSWORD_MESSAGES = {
	mustDiffer: FORM_MESSAGES.mustDiffer,
	mustMatch: FORM_MESSAGES.mustMatch,
	changed: FORM_MESSAGES.success,
	required: 'Bad request: oldPassword and newPassword are required',
	tooManyAttempts: 'Too many password change attempts. Please try again later.',
} as const

const requiredPassword = z.string({ error: PASSWORD_MESSAGES.required }).min(1, { error: PASSWORD_MESSAGES.required }).max(MAX_PASSWORD_LENGTH, {
	error: `Bad request: passwords must be at most ${MAX_PASSWORD_LENGTH} characters`,
})

const bodySchema = PasswordChangeBodySchema.extend({ oldPassword: requiredPassword, newPassword: requiredPassword })

export const changePassword: Resource = ({ db }) =>
	new Hono<ApiEnv>().put('/:email/password', async (c) => {
		const viewer = requireViewer(c)
		if (viewer.userId === null) throw unauthorized()
		const { rows } = await db.execute<{ email: string; password_hash: string | null }>(sql`select email, password_hash from users where id = ${viewer.userId}`)
		const user = rows[0]
		// Someone else's address is refused like no sign-in at all: it reveals nothing.
		if (!user || user.email.toLowerCase() !== c.req.param('email').trim().toLowerCase()) throw unauthorized()

		// Counted before any check, so guessing the old password costs attempts whatever the new one.
		const limit = await consumeRateLimit(db, RATE_LIMITS.passwordChange, `user:${viewer.userId}`)
		if (!limit.allowed) {
			c.header('Retry-After', String(limit.retryAfterSeconds))
			throw new ApiError(429, PASSWORD_MESSAGES.tooManyAttempts)
		}

		const parsed = bodySchema.safeParse(await readJsonBody(c))
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? PASSWORD_MESSAGES.required)
		const { oldPassword, newPassword, confirmPassword } = parsed.data
		if (oldPassword === newPassword) throw badRequest(PASSWORD_MESSAGES.mustDiffer)
		if (confirmPassword !== undefined && confirmPassword !== newPassword) throw badRequest(PASSWORD_MESSAGES.mustMatch)
		const policy = checkPasswordPolicy(newPassword)
		if (!policy.ok) throw badRequest(policy.message)

		// No stored password (network-address or external sign-in only): nothing to confirm against.
		if (!user.password_hash || !(await verifyPassword(oldPassword, user.password_hash))) throw forbidden()
		// Compare-and-set: if another change landed meanwhile, this old password is no longer right.
		const updated = await db.execute(
			sql`update users set password_hash = ${await hashPassword(newPassword)} where id = ${viewer.userId} and password_hash = ${user.password_hash}`,
		)
		if (updated.rowCount !== 1) throw forbidden()
		// Every other sign-in of this reader ends now (its refresh and access tokens); this one goes on.
		await revokeAccountGrants(db, viewer.sub, { except: viewer.tokenIds?.grantId ?? null })
		return itemResponse<PasswordChanged>(c, { message: PASSWORD_MESSAGES.changed })
	})
