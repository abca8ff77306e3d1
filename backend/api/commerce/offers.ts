/**
 * GET /memberships/offers (spec 002 §4 "Membership offer buttons"): which offers the
 * memberships page shows this reader. Visitors are offered the trial and Buy now (signing
 * in comes first).
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { membershipOffers, trialEligibility, VISITOR_OFFERS, type MembershipOffers } from '../../../contract/commerce.ts'
import { currentMembership, trialState } from '../../../contract/membership.ts'
import type { Db } from '../../db/client.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { loadUserProfile } from '../profile-data.ts'
import { loadCommerceAccount } from './readers.ts'

/** Our choice: how long after checkout /join still waits for a payment to be reported. */
const RECENT_ORDER_INTERVAL = '1 day'

export const offerRoutes = (db: Db) =>
	new Hono<ApiEnv>().get('/memberships/offers', async (c) => {
		const viewer = c.get('viewer')
		if (!viewer || viewer.userId === null) return itemResponse(c, VISITOR_OFFERS)
		const now = new Date()
		const account = await loadCommerceAccount(db, viewer.userId, now)
		if (!account) return itemResponse(c, VISITOR_OFFERS)
		const profile = await loadUserProfile(db, viewer, c.get('access'), now)
		const eligibility = trialEligibility({ roles: account.roles, lastTrialRequestedAt: account.lastTrialRequestedAt, now })
		const offers = membershipOffers({
			signedIn: true,
			roles: account.roles,
			showRenewalMessaging: profile.showRenewalMessaging,
			hasExpiredExecutiveSubscription: profile.hasExpiredExecutiveSubscription,
			trialEligible: eligibility.eligible,
			now,
		})
		const { rows } = await db.execute<{ recent: boolean }>(
			sql`select exists (select 1 from orders where user_id = ${viewer.userId} and status in ('pending', 'paid') and created_at > now() - ${RECENT_ORDER_INTERVAL}::interval) as recent`,
		)
		const item: MembershipOffers = {
			...offers,
			trialMessage: eligibility.eligible ? null : eligibility.message,
			isExecutive: currentMembership(account.roles, now) !== null,
			hasRecentOrder: rows[0]?.recent === true,
			hasActiveTrial: trialState(account.roles, now).status === 'active',
		}
		return itemResponse(c, item)
	})
