/**
 * The membership rules of backend/identity/membership.ts and the date arithmetic it shares
 * with the site (contract/membership.ts; spec 000 §4, §5), every boundary at a fixed `now`:
 * trial days remaining 0 / -1, the 12-month trial window, renewable expired roles, and the
 * profile's combination of them with the account flags.
 */
import { describe, expect, test } from 'vitest'
import { buildUserProfile, membershipFacts, type MembershipRole, type ProfileAccount } from '../../backend/identity/membership.ts'
import {
	addMonths,
	DAY_MS,
	daysRemaining,
	EXECUTIVE_TRIAL_ROLE,
	TRIAL_ELIGIBILITY_AFTER_EXPIRY_MONTHS,
	TRIAL_REQUEST_WINDOW_MONTHS,
	trialRequestBlocked,
} from '../../contract/membership.ts'

const NOW = new Date('2026-03-15T10:00:00.000Z')
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs)
const daysFromNow = (days: number) => at(days * DAY_MS)

function role(name: string, start: Date, end: Date, extra: Partial<MembershipRole> = {}): MembershipRole {
	return { name, startDate: start, endDate: end, isRenewable: true, heldBy: 'user', ...extra }
}
const base = role('base account', daysFromNow(-400), daysFromNow(7000))
/** A trial that ends at the end of the UTC day `days` from now, as the seed and provider write them. */
const trialEndingOnDay = (days: number) => {
	const day = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + days + 1) - 1)
	return role(EXECUTIVE_TRIAL_ROLE, daysFromNow(-14 + days), day, { isRenewable: false })
}

describe('daysRemaining: "active with days remaining 0 or more, then expired (below 0)"', () => {
	test('0 on the last day, still active; -1 from the moment it ends', () => {
		const lastDay = trialEndingOnDay(0)
		expect(daysRemaining(lastDay, NOW)).toBe(0)
		const facts = membershipFacts([base, lastDay], NOW)
		expect(facts.roleNames).toContain(EXECUTIVE_TRIAL_ROLE)
		expect(facts.hasExpiredExecutiveTrialSubscription).toBe(false)

		const endedYesterday = trialEndingOnDay(-1)
		expect(daysRemaining(endedYesterday, NOW)).toBe(-1)
		const after = membershipFacts([base, endedYesterday], NOW)
		expect(after.roleNames).toEqual(['base account'])
		expect(after.hasExpiredExecutiveTrialSubscription).toBe(true)
	})

	test('around the exact end instant: calendar days, below 0 from the end instant', () => {
		const end = NOW
		const ending = (endDate: Date) => ({ endDate })
		expect(daysRemaining(ending(end), at(-1))).toBe(0) // 1 ms left
		expect(daysRemaining(ending(end), end)).toBe(-1) // ended
		expect(daysRemaining(ending(end), at(DAY_MS - 1))).toBe(-1)
		// One definition with the site's (contract/membership.ts): UTC calendar days, not 24-hour periods.
		expect(daysRemaining(ending(end), at(DAY_MS))).toBe(-1)
		expect(daysRemaining(ending(end), at(2 * DAY_MS))).toBe(-2)
		expect(daysRemaining(ending(at(7 * DAY_MS)), NOW)).toBe(7)
		expect(daysRemaining(ending(at(8 * DAY_MS - 1)), NOW)).toBe(8)
		expect(daysRemaining(ending(at(8 * DAY_MS)), NOW)).toBe(8)
		// The role's "current" flag switches at the same instant as the count goes below 0.
		const trial = role(EXECUTIVE_TRIAL_ROLE, daysFromNow(-14), end, { isRenewable: false })
		expect(membershipFacts([trial], at(-1)).roleNames).toEqual([EXECUTIVE_TRIAL_ROLE])
		expect(membershipFacts([trial], end).roleNames).toEqual([])
		expect(membershipFacts([trial], end).hasExpiredExecutiveTrialSubscription).toBe(true)
	})
})

describe('expired trial and expired subscription', () => {
	test('an ended trial is not "expired" while a new trial or an Executive-or-higher role is current', () => {
		const oldTrial = trialEndingOnDay(-30)
		expect(membershipFacts([base, oldTrial], NOW).hasExpiredExecutiveTrialSubscription).toBe(true)
		expect(membershipFacts([base, oldTrial, role('Executive', daysFromNow(-29), daysFromNow(300))], NOW).hasExpiredExecutiveTrialSubscription).toBe(false)
		expect(membershipFacts([base, oldTrial, role('Strategy for Staff', daysFromNow(-29), daysFromNow(300))], NOW).hasExpiredExecutiveTrialSubscription).toBe(false)
		expect(membershipFacts([base, oldTrial, trialEndingOnDay(3)], NOW).hasExpiredExecutiveTrialSubscription).toBe(false)
		// A future membership does not count yet.
		expect(membershipFacts([base, oldTrial, role('Executive', daysFromNow(1), daysFromNow(300))], NOW).hasExpiredExecutiveTrialSubscription).toBe(true)
	})

	test('an ended Executive or Strategy role with none current is an expired subscription', () => {
		for (const name of ['Executive', 'Executive GSL', 'Strategy', 'Strategy GSL']) {
			const facts = membershipFacts([base, role(name, daysFromNow(-375), daysFromNow(-10))], NOW)
			expect(facts.hasExpiredExecutiveSubscription, name).toBe(true)
			expect(facts.hasExpiredExecutiveTrialSubscription, name).toBe(false)
		}
		// Renewed (a new Executive role) or upgraded (Strategy): not expired.
		const lapsed = role('Executive', daysFromNow(-375), daysFromNow(-10))
		expect(membershipFacts([base, lapsed, role('Executive', daysFromNow(-10), daysFromNow(355))], NOW).hasExpiredExecutiveSubscription).toBe(false)
		expect(membershipFacts([base, lapsed, role('Strategy', daysFromNow(-5), daysFromNow(355))], NOW).hasExpiredExecutiveSubscription).toBe(false)
		// A trial's end is not a subscription's, nor is a base role's.
		expect(membershipFacts([trialEndingOnDay(-3)], NOW).hasExpiredExecutiveSubscription).toBe(false)
		expect(membershipFacts([role('base Trial', daysFromNow(-30), daysFromNow(-1))], NOW).hasExpiredExecutiveSubscription).toBe(false)
		expect(membershipFacts([base], NOW).hasExpiredExecutiveSubscription).toBe(false)
	})
})

describe(`trial eligibility: ${TRIAL_ELIGIBILITY_AFTER_EXPIRY_MONTHS} months after expiry; requests blocked for ${TRIAL_REQUEST_WINDOW_MONTHS} months`, () => {
	test('the constants are the spec\'s 12 months', () => {
		expect(TRIAL_REQUEST_WINDOW_MONTHS).toBe(12)
		expect(TRIAL_ELIGIBILITY_AFTER_EXPIRY_MONTHS).toBe(12)
	})

	test('exactly 12 months after the end: eligible; one millisecond earlier: not', () => {
		const end = new Date('2025-03-15T10:00:00.000Z') // exactly 12 calendar months before NOW
		const lapsed = role('Executive', new Date('2024-03-15T10:00:00.000Z'), end)
		expect(membershipFacts([base, lapsed], NOW).expiredSubscriptionOldEnoughToAccessTrial).toBe(true)
		expect(membershipFacts([base, lapsed], at(-1)).expiredSubscriptionOldEnoughToAccessTrial).toBe(false)
		expect(membershipFacts([base, lapsed], at(-1)).hasExpiredExecutiveSubscription).toBe(true)
	})

	test('counts from the LAST paid role to end; nothing expired means not eligible', () => {
		const older = role('Executive', new Date('2022-01-01T00:00:00Z'), new Date('2023-01-01T00:00:00Z'))
		const recent = role('Strategy', new Date('2025-01-01T00:00:00Z'), new Date('2025-06-01T00:00:00Z'))
		expect(membershipFacts([base, older], NOW).expiredSubscriptionOldEnoughToAccessTrial).toBe(true)
		expect(membershipFacts([base, older, recent], NOW).expiredSubscriptionOldEnoughToAccessTrial).toBe(false)
		expect(membershipFacts([base], NOW).expiredSubscriptionOldEnoughToAccessTrial).toBe(false)
		// A current membership: nothing has expired.
		expect(membershipFacts([base, older, role('Executive', daysFromNow(-3), daysFromNow(300))], NOW).expiredSubscriptionOldEnoughToAccessTrial).toBe(false)
	})

	test('calendar months in UTC, clamped to the month\'s last day', () => {
		expect(addMonths(new Date('2024-02-29T12:00:00Z'), 12).toISOString()).toBe('2025-02-28T12:00:00.000Z')
		expect(addMonths(new Date('2025-01-31T00:00:00Z'), 1).toISOString()).toBe('2025-02-28T00:00:00.000Z')
		expect(addMonths(new Date('2025-03-15T10:00:00Z'), 12).toISOString()).toBe('2026-03-15T10:00:00.000Z')
		expect(addMonths(new Date('2025-12-31T23:59:59.999Z'), 2).toISOString()).toBe('2026-02-28T23:59:59.999Z')
	})

	test('a trial requested 12 months ago no longer blocks; a day less still does', () => {
		expect(trialRequestBlocked(null, NOW)).toBe(false)
		expect(trialRequestBlocked(new Date('2025-03-15T10:00:00.000Z'), NOW)).toBe(false)
		expect(trialRequestBlocked(new Date('2025-03-15T10:00:00.001Z'), NOW)).toBe(true)
		expect(trialRequestBlocked(new Date('2025-03-16T00:00:00.000Z'), NOW)).toBe(true)
		expect(trialRequestBlocked(daysFromNow(-9), NOW)).toBe(true)
	})
})

describe('renewable expired roles', () => {
	test("the reader's own ended, renewable roles, most recently ended first", () => {
		const facts = membershipFacts(
			[
				base,
				role('Executive', daysFromNow(-800), daysFromNow(-400)),
				role('Strategy', daysFromNow(-300), daysFromNow(-20)),
				role('Executive GSL', daysFromNow(-300), daysFromNow(-30)),
			],
			NOW,
		)
		expect(facts.renewableExpiredRoles).toEqual(['Strategy', 'Executive GSL', 'Executive'])
	})

	test('not: trials, non-renewable rows, organisation roles, roles held again, roles renewed in advance', () => {
		expect(membershipFacts([trialEndingOnDay(-2)], NOW).renewableExpiredRoles).toEqual([])
		expect(membershipFacts([role(EXECUTIVE_TRIAL_ROLE, daysFromNow(-20), daysFromNow(-6), { isRenewable: true })], NOW).renewableExpiredRoles).toEqual([])
		expect(membershipFacts([role('Strategy for Staff', daysFromNow(-20), daysFromNow(-6), { isRenewable: false })], NOW).renewableExpiredRoles).toEqual([])
		expect(membershipFacts([role('Executive', daysFromNow(-20), daysFromNow(-6), { heldBy: 'organisation' })], NOW).renewableExpiredRoles).toEqual([])
		const lapsed = role('Executive', daysFromNow(-375), daysFromNow(-10))
		expect(membershipFacts([lapsed, role('Executive', daysFromNow(-10), daysFromNow(355))], NOW).renewableExpiredRoles).toEqual([])
		expect(membershipFacts([lapsed, role('Executive', daysFromNow(5), daysFromNow(370))], NOW).renewableExpiredRoles).toEqual([])
		// The organisation holding it now also takes it off the reader's list.
		expect(membershipFacts([lapsed, role('Executive', daysFromNow(-50), daysFromNow(300), { heldBy: 'organisation' })], NOW).renewableExpiredRoles).toEqual([])
		// Ended exactly now counts as ended.
		expect(membershipFacts([role('Executive', daysFromNow(-365), NOW)], NOW).renewableExpiredRoles).toEqual(['Executive'])
	})
})

describe('roles and role names', () => {
	test('roles lists every dated role in start order with ISO dates; roleNames only current ones, once each', () => {
		const future = role('Strategy', daysFromNow(10), daysFromNow(375))
		const exec = role('Executive', daysFromNow(-100), daysFromNow(10))
		const orgExec = role('Executive', daysFromNow(-50), daysFromNow(200), { heldBy: 'organisation' })
		const facts = membershipFacts([future, orgExec, exec, base], NOW)
		expect(facts.roles.map((r) => r.name)).toEqual(['base account', 'Executive', 'Executive', 'Strategy'])
		expect(facts.roles[0]).toEqual({ name: 'base account', startDate: base.startDate.toISOString(), endDate: base.endDate.toISOString() })
		expect(facts.roleNames).toEqual(['base account', 'Executive'])
		// A role starting exactly now is current.
		expect(membershipFacts([future], future.startDate).roleNames).toEqual(['Strategy'])
	})
})

describe('buildUserProfile', () => {
	const account: ProfileAccount = {
		subject: 'demo|x',
		emailAddress: 'x@example.com',
		firstName: 'X',
		lastName: 'Y',
		organisation: { id: 3, name: 'Child Water', reference: 'ORG-C' },
		parentOrganisation: { id: 1, name: 'Parent Water', reference: 'ORG-P' },
		hasCompleteProfile: false,
		hasOptedOutOfUsageReport: true,
		showRenewalMessaging: true,
		strategyMenuEnabled: null,
		previewData: false,
	}

	test('renewal messaging needs both the flag and an expired subscription', () => {
		const lapsed = role('Executive', daysFromNow(-375), daysFromNow(-10))
		expect(buildUserProfile(account, [base, lapsed], [], NOW).showRenewalMessaging).toBe(true)
		expect(buildUserProfile(account, [base], [], NOW).showRenewalMessaging).toBe(false)
		expect(buildUserProfile({ ...account, showRenewalMessaging: false }, [base, lapsed], [], NOW).showRenewalMessaging).toBe(false)
	})

	test('account fields under the spec\'s names', () => {
		const items = [{ articleTypeSlug: 'market-map', description: 'A map', fullSlug: '/articles/a-map', dateAccessGranted: NOW.toISOString() }]
		const profile = buildUserProfile(account, [base], items, NOW)
		expect(profile).toMatchObject({
			emailAddress: 'x@example.com',
			auth0Id: 'demo|x',
			organisationName: 'Child Water',
			organisationId: 3,
			organisationReference: 'ORG-C',
			parentOrganisation: { id: 1, name: 'Parent Water', reference: 'ORG-P' },
			hasCompleteProfile: false,
			hasOptedOutOfUsageReport: true,
			strategyMenuEnabled: null,
			previewData: false,
			meteredAccessItems: items,
			roleNames: ['base account'],
		})
	})
})
