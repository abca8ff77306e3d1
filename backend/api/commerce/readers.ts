/** The signed-in reader's account facts that commerce decides with, read from the database (never a token that may be stale). */
import { sql } from 'drizzle-orm'
import type { DatedRole } from '../../../contract/membership.ts'
import type { Db } from '../../db/client.ts'
import { loadUserClaims } from '../../identity/claims.ts'

export type CommerceAccount = { userId: number; email: string; lastTrialRequestedAt: Date | null; hasRecordedInterests: boolean; roles: DatedRole[] }

export async function loadCommerceAccount(db: Db, userId: number, now = new Date()): Promise<CommerceAccount | null> {
	const { rows } = await db.execute<{ email: string; last_trial_requested_at: string | Date | null; has_interests: boolean }>(
		sql`select email, last_trial_requested_at, interests is not null as has_interests from users where id = ${userId}`,
	)
	const row = rows[0]
	const claims = await loadUserClaims(db, userId, now)
	if (!row || !claims) return null
	return {
		userId,
		email: row.email,
		lastTrialRequestedAt: row.last_trial_requested_at === null ? null : new Date(row.last_trial_requested_at),
		hasRecordedInterests: row.has_interests,
		roles: claims.datedRoles.map((role) => ({ name: role.RoleName, startDate: role.StartDate, endDate: role.EndDate })),
	}
}
