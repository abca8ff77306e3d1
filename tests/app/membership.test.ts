import { describe, expect, test } from 'vitest'
import {
	addMonths,
	DAY_MS,
	daysRemaining,
	MEMBERSHIP_MESSAGES,
	membershipExpiry,
	membershipNotices,
	strategistMode,
	trialState,
	type DatedRole,
	type NoticeProfile,
} from '../../contract/membership.ts'

const NOW = new Date('2026-03-15T12:00:00Z')
const TODAY = Date.UTC(2026, 2, 15)
/** A role held until the end of the day `lastDay` days from today (as the seed writes them). */
const role = (name: string, lastDay: number, { startDay = -30 } = {}): DatedRole => ({
	name,
	startDate: new Date(TODAY + startDay * DAY_MS).toISOString(),
	endDate: new Date(TODAY + (lastDay + 1) * DAY_MS - 1).toISOString(),
})
/** A role whose last day is the day before `date` (YYYY-MM-DD, end at midnight). */
const roleUntil = (name: string, date: string): DatedRole => ({ name, startDate: '2025-01-01T00:00:00.000Z', endDate: `${date}T00:00:00.000Z` })
const BASE = role('base account', 7000, { startDay: -400 })
const trial = (lastDay: number) => role('Executive - Trial', lastDay, { startDay: lastDay - 13 })
const COMPLETE: NoticeProfile = { hasCompleteProfile: true, hasExpiredExecutiveTrialSubscription: false, hasExpiredExecutiveSubscription: false, showRenewalMessaging: false }
const notices = (roles: DatedRole[], { profile = COMPLETE, closed = {} }: { profile?: NoticeProfile; closed?: Record<string, string> } = {}) =>
	membershipNotices({ roles: [BASE, ...roles], profile, closed, now: NOW })

describe('trial days remaining (spec 000 §4)', () => {
	test('0 days left is still active; -1 is expired', () => {
		expect(trialState([trial(0)], NOW)).toMatchObject({ status: 'active', daysRemaining: 0 })
		expect(trialState([trial(-1)], NOW)).toMatchObject({ status: 'expired', daysRemaining: -1 })
		expect(trialState([BASE], NOW)).toEqual({ status: 'none' })
	})

	test('an end at midnight means the role was last held the day before', () => {
		expect(daysRemaining(roleUntil('Executive - Trial', '2026-03-16'), NOW)).toBe(0)
		expect(daysRemaining(roleUntil('Executive - Trial', '2026-03-15'), NOW)).toBe(-1)
	})

	test('the latest trial counts', () => {
		expect(trialState([trial(-200), trial(5)], NOW)).toMatchObject({ status: 'active', daysRemaining: 5 })
	})
})

describe('trial banner', () => {
	test('8 days left: no banner', () => {
		expect(notices([trial(8)]).banners).toEqual([])
	})

	test("7 days left: the banner with the 'halfway' message", () => {
		const [banner] = notices([trial(7)]).banners
		expect(banner).toMatchObject({ id: 'trial', message: MEMBERSHIP_MESSAGES.trialHalfway })
	})

	test('6 days, 1 day and the last day: a countdown, not the halfway message', () => {
		expect(notices([trial(6)]).banners[0].message).toBe('Your free trial ends in 6 days.')
		expect(notices([trial(1)]).banners[0].message).toBe('Your free trial ends in 1 day.')
		expect(notices([trial(0)]).banners[0].message).toBe(MEMBERSHIP_MESSAGES.trialEndsToday)
	})

	test('closed for this trial stays closed; a new trial shows it again', () => {
		const current = trial(5)
		expect(notices([current], { closed: { trial: current.endDate } }).banners).toEqual([])
		expect(notices([current], { closed: { trial: trial(-300).endDate } }).banners).toHaveLength(1)
	})
})

describe('home dialogs', () => {
	test('trial expired (-1 day): the trial-expired dialog, until closed', () => {
		const ended = trial(-1)
		expect(notices([ended]).dialog).toMatchObject({ id: 'trial-expired', key: ended.endDate })
		expect(notices([ended], { closed: { 'trial-expired': ended.endDate } }).dialog).toBeNull()
		expect(notices([trial(0)]).dialog).toBeNull()
	})

	test('membership expired: the dialog only when renewal messaging is on', () => {
		const ended = role('Executive', -10, { startDay: -375 })
		const expired = { ...COMPLETE, hasExpiredExecutiveSubscription: true }
		expect(notices([ended], { profile: expired }).dialog).toBeNull()
		const dialog = notices([ended], { profile: { ...expired, showRenewalMessaging: true } }).dialog
		expect(dialog).toMatchObject({ id: 'membership-expired', message: 'Your membership has expired and your account has been reverted to a base account.' })
		expect(notices([ended], { profile: { ...expired, showRenewalMessaging: true }, closed: { 'membership-expired': ended.endDate } }).dialog).toBeNull()
	})

	test('no dialogs when the profile could not be read and nothing in the roles says so', () => {
		expect(notices([], { profile: null })).toEqual({ banners: [], dialog: null, menuMessage: null })
	})
})

describe('membership pre-expiry (3 months banner, 1 month menu, 18-month rule)', () => {
	const threeMonths = addMonths(new Date(TODAY), 3).toISOString().slice(0, 10) // 2026-06-15
	const oneMonth = addMonths(new Date(TODAY), 1).toISOString().slice(0, 10) // 2026-04-15
	const dayAfter = (date: string) => new Date(Date.parse(date) + DAY_MS).toISOString().slice(0, 10)
	/** An Executive role whose last day is `date`. */
	const executiveLastDay = (date: string) => roleUntil('Executive', dayAfter(date))

	test('last day exactly 3 months away: banner; a day later: none', () => {
		expect(threeMonths).toBe('2026-06-15')
		expect(membershipExpiry([executiveLastDay(threeMonths)], NOW)).toMatchObject({ showBanner: true, showMenuMessage: false })
		expect(membershipExpiry([executiveLastDay(dayAfter(threeMonths))], NOW)).toMatchObject({ showBanner: false, showMenuMessage: false })
		const [banner] = notices([executiveLastDay(threeMonths)]).banners
		expect(banner).toMatchObject({ id: 'membership-expiry', message: 'Your membership ends on 15 June 2026. Renew now to keep full access.' })
	})

	test('last day exactly 1 month away: the menu message too; a day later: banner only', () => {
		expect(notices([executiveLastDay(oneMonth)]).menuMessage).toBe('Your membership ends in 31 days')
		expect(notices([executiveLastDay(dayAfter(oneMonth))]).menuMessage).toBeNull()
		expect(notices([executiveLastDay(dayAfter(oneMonth))]).banners).toHaveLength(1)
	})

	test('two Executive roles ending within 18 months disable the pre-expiry message', () => {
		const current = executiveLastDay(oneMonth)
		const renewal = { ...executiveLastDay(addMonths(new Date(TODAY), 18).toISOString().slice(0, 10)), startDate: current.endDate }
		expect(membershipExpiry([current, renewal], NOW)).toMatchObject({ showBanner: false, showMenuMessage: false })
		expect(notices([current, renewal])).toMatchObject({ banners: [], menuMessage: null })
		// A second role ending a day past the 18 months does not count.
		const later = { ...executiveLastDay(dayAfter(addMonths(new Date(TODAY), 18).toISOString().slice(0, 10))), startDate: current.endDate }
		expect(membershipExpiry([current, later], NOW)).toMatchObject({ showBanner: true, showMenuMessage: true })
	})

	test('closing the membership banner lasts until the end date changes', () => {
		const current = executiveLastDay(oneMonth)
		expect(notices([current], { closed: { 'membership-expiry': current.endDate } }).banners).toEqual([])
		// The menu message is not a banner: it stays.
		expect(notices([current], { closed: { 'membership-expiry': current.endDate } }).menuMessage).not.toBeNull()
	})
})

test('the incomplete-profile banner is persistent (not closable)', () => {
	const [banner] = notices([], { profile: { ...COMPLETE, hasCompleteProfile: false } }).banners
	expect(banner).toMatchObject({ id: 'incomplete-profile', key: null })
	expect(banner.link?.to).toMatch(/^mailto:/)
})

describe('strategist mode (spec 000 §4)', () => {
	test('forced on with strategy access and no view-change permission', () => {
		expect(strategistMode({ hasStrategyAccess: true, canChangeScreenView: false, storedToggle: false })).toBe(true)
	})
	test('forced off with neither', () => {
		expect(strategistMode({ hasStrategyAccess: false, canChangeScreenView: false, storedToggle: true })).toBe(false)
	})
	test('otherwise the stored toggle, and strategy access until one is stored', () => {
		expect(strategistMode({ hasStrategyAccess: true, canChangeScreenView: true, storedToggle: false })).toBe(false)
		expect(strategistMode({ hasStrategyAccess: false, canChangeScreenView: true, storedToggle: true })).toBe(true)
		expect(strategistMode({ hasStrategyAccess: true, canChangeScreenView: true, storedToggle: null })).toBe(true)
	})
})

test('addMonths clamps to the end of a shorter month', () => {
	expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-02-28')
})
