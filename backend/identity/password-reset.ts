/**
 * Forgotten passwords: a one-use link, valid for RESET_LINK_TTL_MINUTES, that lets the
 * holder choose a new password. Only a SHA-256 hash of the link's token is stored, so a
 * copy of the database cannot be used to reset anyone's password. Setting the new
 * password ends every grant and sign-in session of the account (a thief is signed out).
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { findAccountByEmail, type Account } from './accounts.ts'
import { revokeAccountGrants } from './revocation.ts'
import { hashPassword } from './password.ts'

/** Our choice: how long a reset link works. */
export const RESET_LINK_TTL_MINUTES = 60

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url')

/** A new reset link's token for the account with this email, or null when there is none. */
export async function createPasswordReset(db: Db, email: string, now = new Date()): Promise<{ token: string; account: Account } | null> {
	const account = await findAccountByEmail(db, email)
	if (!account) return null
	const token = crypto.randomBytes(32).toString('base64url')
	const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MINUTES * 60_000)
	await db.execute(sql`insert into password_resets (token_hash, user_id, expires_at) values (${hashToken(token)}, ${account.id}, ${expiresAt})`)
	const { id: _id, ...rest } = account
	return { token, account: rest }
}

/** Whether a link's token may still be used (shown before asking for the new password). */
export async function isPasswordResetUsable(db: Db, token: string): Promise<boolean> {
	if (!token) return false
	const { rows } = await db.execute<{ ok: number }>(
		sql`select 1 as ok from password_resets where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()`,
	)
	return rows.length > 0
}

/**
 * Sets the new password if the token is usable; the token (and every other open link of the
 * account) is spent in the same transaction. The caller has checked the password policy.
 */
export async function completePasswordReset(db: Db, token: string, newPassword: string): Promise<{ ok: true; subject: string } | { ok: false }> {
	if (!token) return { ok: false }
	const passwordHash = await hashPassword(newPassword)
	const subject = await db.transaction(async (tx) => {
		const { rows } = await tx.execute<{ user_id: number }>(sql`
			update password_resets set used_at = now()
			where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
			returning user_id`)
		const userId = rows[0]?.user_id
		if (userId === undefined) return null
		await tx.execute(sql`update password_resets set used_at = now() where user_id = ${userId} and used_at is null`)
		const { rows: users } = await tx.execute<{ subject: string }>(sql`update users set password_hash = ${passwordHash} where id = ${userId} returning subject`)
		return users[0]?.subject ?? null
	})
	if (!subject) return { ok: false }
	await revokeAccountGrants(db, subject)
	return { ok: true, subject }
}
