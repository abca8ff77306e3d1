/** The contract's commerce rules: offer buttons (spec 002 §4), trial eligibility (000 §5), the preferences schema (002 §5). */
import { describe, expect, test } from 'vitest'
import { InterestDetailsSchema } from '../../contract/interest-details.ts'
import { formatPrice, membershipOffers, PLANS, PREFERENCES_MESSAGES, SPECIFY_OTHER_MAX, TRIAL_MESSAGES, trialEligibility } from '../../contract/commerce.ts'
import { addMonths, type DatedRole } from '../../contract/membership.ts'

const now = new Date('2026-06-15T12:00:00Z')
const role = (name: string, start: Date, end: Date): DatedRole => ({ name, startDate: start.toISOString(), endDate: end.toISOString() })
const base = role('base account', new Date('2020-01-01Z'), new Date('2040-01-01Z'))
const offers = (roles: DatedRole[], extra: Partial<Parameters<typeof membershipOffers>[0]> = {}) =>
	membershipOffers({ signedIn: true, roles, showRenewalMessaging: false, hasExpiredExecutiveSubscription: false, trialEligible: true, now, ...extra })

describe('offer buttons (spec 002 §4)', () => {
	test('a free account is offered the trial and Buy now', () => {
		expect(offers([base])).toEqual({ trial: true, buy: 'Buy now' })
	})
	test('no trial offer when not eligible', () => {
		expect(offers([base], { trialEligible: false })).toEqual({ trial: false, buy: 'Buy now' })
	})
	test('an unexpired executive is offered neither', () => {
		expect(offers([base, role('Executive', addMonths(now, -1), addMonths(now, 11))])).toEqual({ trial: false, buy: null })
	})
	test('a trial user may buy', () => {
		expect(offers([base, role('Executive - Trial', addMonths(now, -0.2), new Date(now.getTime() + 86400000))], { trialEligible: false })).toEqual({ trial: false, buy: 'Buy now' })
	})
	test('a dated role arranged by sales hides Buy now', () => {
		expect(offers([base, role('Strategy', addMonths(now, -1), addMonths(now, 11))]).buy).toBeNull()
	})
	test('a renewal already booked (renewal due) hides Buy now', () => {
		expect(offers([base, role('Executive', addMonths(now, 1), addMonths(now, 13))]).buy).toBeNull()
	})
	test("an expired member with renewal messaging on reads 'Renew membership'", () => {
		const expired = role('Executive', addMonths(now, -13), addMonths(now, -1))
		expect(offers([base, expired], { hasExpiredExecutiveSubscription: true, showRenewalMessaging: true, trialEligible: false })).toEqual({ trial: false, buy: 'Renew membership' })
		expect(offers([base, expired], { hasExpiredExecutiveSubscription: true, showRenewalMessaging: false, trialEligible: false }).buy).toBe('Buy now')
	})
})

describe('trial eligibility (spec 000 §5)', () => {
	test('a free account is eligible', () => {
		expect(trialEligibility({ roles: [base], lastTrialRequestedAt: null, now })).toEqual({ eligible: true })
	})
	test('a request in the last 12 months blocks a new one, to the instant', () => {
		const requested = addMonths(now, -12)
		expect(trialEligibility({ roles: [base], lastTrialRequestedAt: new Date(requested.getTime() + 1), now })).toMatchObject({ eligible: false, message: TRIAL_MESSAGES.requestedRecently })
		expect(trialEligibility({ roles: [base], lastTrialRequestedAt: requested, now })).toEqual({ eligible: true })
	})
	test('a trial role granted without a request counts from its start', () => {
		const trial = role('Executive - Trial', addMonths(now, -3), addMonths(now, -2.5))
		expect(trialEligibility({ roles: [base, trial], lastTrialRequestedAt: null, now }).eligible).toBe(false)
	})
	test("eligibility begins 12 months after a paid membership's expiry", () => {
		const ended = (end: Date) => [base, role('Executive', addMonths(end, -12), end)]
		expect(trialEligibility({ roles: ended(new Date(addMonths(now, -12).getTime() + 1)), lastTrialRequestedAt: null, now })).toMatchObject({ eligible: false, message: TRIAL_MESSAGES.expiredRecently })
		expect(trialEligibility({ roles: ended(addMonths(now, -12)), lastTrialRequestedAt: null, now })).toEqual({ eligible: true })
	})
	test('executives are not eligible', () => {
		expect(trialEligibility({ roles: [base, role('Executive', addMonths(now, -1), addMonths(now, 11))], lastTrialRequestedAt: null, now }).eligible).toBe(false)
	})
})

describe('preferences (spec 002 §5)', () => {
	const messages = (input: Record<string, unknown>) => InterestDetailsSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? []
	test('howDidYouFindUs is required', () => {
		expect(messages({})).toEqual([PREFERENCES_MESSAGES.howDidYouFindUsRequired])
		expect(messages({ howDidYouFindUs: 'Carrier pigeon' })).toEqual([PREFERENCES_MESSAGES.howDidYouFindUsRequired])
	})
	test('Other needs a non-blank specifyOther of at most 200 characters', () => {
		expect(messages({ howDidYouFindUs: 'Other' })).toEqual(['Please specify how you found us'])
		expect(messages({ howDidYouFindUs: 'Other', specifyOther: '   ' })).toEqual(['Please specify how you found us'])
		expect(messages({ howDidYouFindUs: 'Other', specifyOther: 'x'.repeat(SPECIFY_OTHER_MAX + 1) })).toHaveLength(1)
		expect(InterestDetailsSchema.parse({ howDidYouFindUs: 'Other', specifyOther: 'x'.repeat(SPECIFY_OTHER_MAX) })).toHaveProperty('specifyOther', 'x'.repeat(SPECIFY_OTHER_MAX))
	})
	test('specifyOther is sent only for Other; interests are booleans from checkboxes', () => {
		const parsed = InterestDetailsSchema.parse({ howDidYouFindUs: 'Email', specifyOther: 'ignored', interestsDesalination: 'on' })
		expect(parsed).not.toHaveProperty('specifyOther')
		expect(parsed.interestsDesalination).toBe(true)
		expect(parsed.interestsChemicals).toBe(false)
	})
})

test('plan prices (spec 002 §1)', () => {
	expect(PLANS.map((plan) => `${plan.name}: ${formatPrice(plan, 'GBP')} / ${formatPrice(plan, 'USD')}`)).toEqual([
		'Executive: £1,295 / US$1,950',
		'Executive Multi-office: from £5,180 / from US$7,800',
		'Strategist: from £20,000 / from US$30,000',
	])
	expect(PLANS.filter((plan) => plan.downloadableProjectData).map((plan) => plan.key)).toEqual(['executive-multi-office', 'strategist'])
})
