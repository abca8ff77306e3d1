/**
 * POST /trials (spec 000 §5, 002 §2 "Start free trial"): grants the signed-in reader the
 * Executive - Trial role for 2 weeks from now.
 *
 *   200  item TrialGranted
 *   401  not signed in; 403 an organisation signed in by network address (no account)
 *   409  'You have requested a trial in the last 12 months.' (or not yet eligible after a
 *        membership ended, or already a member)
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { JOIN_TYPE } from '../../../contract/constants.ts'
import { grantInstant, trialEligibility, trialEnd, type TrialGranted } from '../../../contract/commerce.ts'
import { EXECUTIVE_TRIAL_ROLE } from '../../../contract/membership.ts'
import type { Db } from '../../db/client.ts'
import { requireViewer } from '../auth.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError, forbidden } from '../errors.ts'
import { loadCommerceAccount } from './readers.ts'

export type TrialOutcome = { ok: true; trial: TrialGranted } | { ok: false; message: string }

/** Checks and grants in one transaction, the account row locked: two requests at once grant one trial. */
export async function startTrial(db: Db, userId: number, now = new Date()): Promise<TrialOutcome> {
	return db.transaction(async (tx) => {
		await tx.execute(sql`select id from users where id = ${userId} for update`)
		const account = await loadCommerceAccount(tx as unknown as Db, userId, now)
		if (!account) return { ok: false, message: 'Not found: account' }
		const eligibility = trialEligibility({ roles: account.roles, lastTrialRequestedAt: account.lastTrialRequestedAt, now })
		if (!eligibility.eligible) return { ok: false, message: eligibility.message }
		const start = grantInstant(now)
		const end = trialEnd(start)
		await tx.execute(sql`
			insert into dated_roles (user_id, role_id, start_date, end_date, is_renewable)
			select ${userId}, id, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, false from roles where name = ${EXECUTIVE_TRIAL_ROLE}`)
		await tx.execute(sql`update users set last_trial_requested_at = ${now.toISOString()}::timestamptz where id = ${userId}`)
		return { ok: true, trial: { roleName: EXECUTIVE_TRIAL_ROLE, startDate: start.toISOString(), endDate: end.toISOString(), joinType: JOIN_TYPE.trial } }
	})
}

export const trialRoutes = (db: Db) =>
	new Hono<ApiEnv>().post('/trials', async (c) => {
		const viewer = requireViewer(c)
		if (viewer.userId === null) throw forbidden()
		const outcome = await startTrial(db, viewer.userId)
		if (!outcome.ok) throw new ApiError(409, outcome.message)
		return itemResponse(c, outcome.trial)
	})
