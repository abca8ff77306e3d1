/**
 * Membership states of spec 000 §4 as pure functions of the reader's dated roles (token
 * claims), their profile and the current time: trial days left, the trial and pre-expiry
 * banners, the menu message, the home dialogs and strategist mode. No I/O here, so every
 * boundary is unit-tested (tests/app/membership.test.ts, tests/api/membership.test.ts).
 *
 * The date arithmetic is the one both sides use (the API's profile facts, the site's
 * banners and trial offer):
 * - a dated role is held from its start (inclusive) to its end (exclusive), the instants the
 *   token's permissions use;
 * - "days remaining" counts UTC calendar days to the role's last day (0 on that day), and is
 *   below 0 exactly from the end instant, so "active with days remaining 0 or more" (spec
 *   000 §4) never disagrees with the token;
 * - months are calendar months in UTC, keeping the time of day, clamped to a shorter
 *   month's last day (spec 000 §5's 12-month trial window and eligibility).
 */
import { JOIN_TYPE } from './constants.ts'
import { formatDate } from './format.ts'

/** A dated role as the token carries it (spec 000 §3), in the site's spelling. */
export type DatedRole = { name: string; startDate: string; endDate: string }

export const DAY_MS = 24 * 60 * 60 * 1000

/** Spec 000 §4 and §9 limits. */
export const MEMBERSHIP_LIMITS = {
	/** "Trial banner shown at 7 days or fewer" */
	trialBannerDays: 7,
	/** "A 'halfway' message shows at exactly 7 days" (of a 2-week trial). */
	trialHalfwayDays: 7,
	/** "pre-expiry when the end date is within 3 months (banner)" */
	expiryBannerMonths: 3,
	/** "... or 1 month (menu)" */
	expiryMenuMonths: 1,
	/** "Multiple Executive roles ending within 18 months disable the pre-expiry message." */
	multipleRoleMonths: 18,
} as const

/** Roles that make an Executive membership (trial roles excluded), and the trial role. */
export const EXECUTIVE_MEMBERSHIP_ROLES = ['Executive', 'Executive Multi-office', 'Executive GSL'] as const
export const EXECUTIVE_TRIAL_ROLE = 'Executive - Trial'

/** Where members go to renew or join, and how to reach sales. Our choice (spec: "not shown"). */
export const MEMBERSHIP_LINKS = { memberships: '/memberships', salesEmail: 'sales@globalwaterintel.example' } as const

/**
 * Wording of the banners and dialogs. The spec gives the rules; the words are ours except
 * `membershipExpired`, which is the spec's verbatim.
 */
export const MEMBERSHIP_MESSAGES = {
	trialEndsToday: 'Your free trial ends today.',
	trialEndsIn: (days: number) => `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`,
	trialHalfway: "You're halfway through your free trial: 7 days left to explore everything a membership offers.",
	trialCall: 'Become a member',
	membershipEndsOn: (date: string) => `Your membership ends on ${date}. Renew now to keep full access.`,
	membershipMenu: (days: number) => `Your membership ends in ${days} ${days === 1 ? 'day' : 'days'}`,
	renewCall: 'Renew your membership',
	incompleteProfile: 'Your profile is incomplete. Please contact our sales team to complete it:',
	trialExpiredTitle: 'Your free trial has ended',
	trialExpired: 'Your free trial has expired. Become a member to keep reading full articles, newsletters and the Project Tracker.',
	membershipExpiredTitle: 'Your membership has expired',
	membershipExpired: 'Your membership has expired and your account has been reverted to a base account.',
	close: 'Close',
} as const

// ---------------------------------------------------------------- dates

/** Midnight UTC of the day `date` falls on. */
export function utcDay(date: Date): Date {
	return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
}

/**
 * `date` plus `months` calendar months in UTC, keeping the time of day; a day the target
 * month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb, 29 Feb + 12 months =
 * 28 Feb), so a year is never longer than a year.
 */
export function addMonths(date: Date, months: number): Date {
	const target = new Date(date.getTime())
	const day = date.getUTCDate()
	target.setUTCDate(1)
	target.setUTCMonth(target.getUTCMonth() + months)
	const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
	target.setUTCDate(Math.min(day, lastDay))
	return target
}

/** A role's end, however it is written (the token's ISO text, the database's Date). */
type Ends = { endDate: string | Date }
const endOf = (role: Ends) => (typeof role.endDate === 'string' ? Date.parse(role.endDate) : role.endDate.getTime())

/**
 * The last day a role is held. End dates are exclusive instants (the token's permissions
 * stop at EndDate), so a role ending at midnight was last held the day before.
 */
export function lastDayHeld(role: Ends): Date {
	return utcDay(new Date(endOf(role) - 1))
}

/** Spec 000 §4: "active with days remaining 0 or more, then expired (below 0)". */
export const LAST_ACTIVE_DAYS_REMAINING = 0

/**
 * Whole UTC calendar days from today to the role's last day: 0 = its last day (still
 * active), below 0 from the instant it ends (-1 until the day after its last day is over).
 */
export function daysRemaining(role: Ends, now: Date): number {
	const days = Math.round((lastDayHeld(role).getTime() - utcDay(now).getTime()) / DAY_MS)
	return now.getTime() < endOf(role) ? days : Math.min(days, LAST_ACTIVE_DAYS_REMAINING - 1)
}

/**
 * Roles are stored with an end (the token's permissions stop there); a role "with no end
 * date" — a free account's base role, given 20 years by the identity provider
 * (backend/identity/accounts.ts BASE_ACCOUNT_YEARS) — ends further off than any membership
 * is sold for. From this many years away a role counts as having no end: no countdown.
 */
export const NO_END_DATE_AFTER_YEARS = 10

export function hasNoEndDate(role: Ends, now: Date): boolean {
	return endOf(role) >= addMonths(now, NO_END_DATE_AFTER_YEARS * 12).getTime()
}

/** Spec 000 §5: "A trial request is blocked if one was requested in the last 12 months". */
export const TRIAL_REQUEST_WINDOW_MONTHS = 12
/** Spec 000 §5, 002 §9: "trial eligibility begins 12 months after expiry". */
export const TRIAL_ELIGIBILITY_AFTER_EXPIRY_MONTHS = 12

/** Spec 000 §5: true while a trial requested at `lastRequestedAt` still blocks a new one. */
export function trialRequestBlocked(lastRequestedAt: Date | null, now: Date): boolean {
	return lastRequestedAt !== null && now < addMonths(lastRequestedAt, TRIAL_REQUEST_WINDOW_MONTHS)
}

/** Spec 000 §5: a paid membership that ended at `endedAt` is long enough ago for a new trial. */
export function eligibleForTrialAfterExpiry(endedAt: Date, now: Date): boolean {
	return addMonths(endedAt, TRIAL_ELIGIBILITY_AFTER_EXPIRY_MONTHS) <= now
}

/**
 * The end of the reader's last Executive membership, when it has ended and none is current;
 * null otherwise. Trial eligibility after expiry counts from here (eligibleForTrialAfterExpiry).
 */
export function lastEndedMembership(roles: readonly DatedRole[], now: Date): Date | null {
	if (currentMembership(roles, now)) return null
	const ended = roles.filter((role) => isExecutiveMembership(role) && Date.parse(role.endDate) <= now.getTime()).sort(byEndDate).at(-1)
	return ended ? new Date(ended.endDate) : null
}

const isCurrent = (role: DatedRole, now: Date) => Date.parse(role.startDate) <= now.getTime() && daysRemaining(role, now) >= LAST_ACTIVE_DAYS_REMAINING
const byEndDate = (a: DatedRole, b: DatedRole) => Date.parse(a.endDate) - Date.parse(b.endDate)
const isExecutiveMembership = (role: DatedRole) => (EXECUTIVE_MEMBERSHIP_ROLES as readonly string[]).includes(role.name)

export function formatMembershipDate(date: Date): string {
	return formatDate(date)
}

// ---------------------------------------------------------------- Executive trial

export type TrialState = { status: 'none' } | { status: 'active' | 'expired'; daysRemaining: number; role: DatedRole }

/** "active with days remaining 0 or more, then expired (below 0)"; the latest trial counts. */
export function trialState(roles: readonly DatedRole[], now: Date): TrialState {
	const trial = roles.filter((role) => role.name === EXECUTIVE_TRIAL_ROLE && Date.parse(role.startDate) <= now.getTime()).sort(byEndDate).at(-1)
	if (!trial) return { status: 'none' }
	const days = daysRemaining(trial, now)
	return { status: days >= LAST_ACTIVE_DAYS_REMAINING ? 'active' : 'expired', daysRemaining: days, role: trial }
}

// ---------------------------------------------------------------- Executive membership

/** The current Executive membership role (latest ending), if any. */
export function currentMembership(roles: readonly DatedRole[], now: Date): DatedRole | null {
	return roles.filter((role) => isExecutiveMembership(role) && isCurrent(role, now)).sort(byEndDate).at(-1) ?? null
}

export type MembershipExpiry = { role: DatedRole; daysRemaining: number; showBanner: boolean; showMenuMessage: boolean }

/**
 * Pre-expiry of the current Executive membership: banner when it ends within 3 months,
 * menu message within 1 month, neither when several Executive roles end within
 * 18 months (the member has renewed: a new role follows the current one).
 */
export function membershipExpiry(roles: readonly DatedRole[], now: Date): MembershipExpiry | null {
	const role = currentMembership(roles, now)
	if (!role) return null
	const today = utcDay(now)
	const endsWithin = (r: DatedRole, months: number) => lastDayHeld(r).getTime() <= addMonths(today, months).getTime()
	const rolesEndingSoon = roles.filter((r) => isExecutiveMembership(r) && daysRemaining(r, now) >= 0 && endsWithin(r, MEMBERSHIP_LIMITS.multipleRoleMonths))
	const preExpiryAllowed = rolesEndingSoon.length < 2
	return {
		role,
		daysRemaining: daysRemaining(role, now),
		showBanner: preExpiryAllowed && endsWithin(role, MEMBERSHIP_LIMITS.expiryBannerMonths),
		showMenuMessage: preExpiryAllowed && endsWithin(role, MEMBERSHIP_LIMITS.expiryMenuMonths),
	}
}

// ---------------------------------------------------------------- banners and dialogs

/** What a banner or dialog is about. `key` names the condition it was shown for. */
export type NoticeId = 'trial' | 'membership-expiry' | 'incomplete-profile' | 'trial-expired' | 'membership-expired'

export type Banner = {
	id: NoticeId
	/** The condition this banner is for (e.g. the role's end date); null = cannot be closed. */
	key: string | null
	tone: 'info' | 'warning'
	message: string
	link: { to: string; label: string } | null
}

export type Dialog = { id: NoticeId; key: string; title: string; message: string; link: { to: string; label: string } }

/** Profile fields the notices read (GET /userprofile); null when it could not be loaded. */
export type NoticeProfile = {
	hasCompleteProfile: boolean
	hasExpiredExecutiveTrialSubscription: boolean
	hasExpiredExecutiveSubscription: boolean
	showRenewalMessaging: boolean
} | null

/**
 * Closed flags: notice id → the condition key it was closed for. A flag whose key no longer
 * matches the current condition (a new trial, a renewed membership) no longer hides anything.
 */
export type ClosedNotices = Partial<Record<NoticeId, string>>

export type MembershipNotices = { banners: Banner[]; dialog: Dialog | null; menuMessage: string | null }

export function membershipNotices({ roles, profile, closed, now }: { roles: readonly DatedRole[]; profile: NoticeProfile; closed: ClosedNotices; now: Date }): MembershipNotices {
	const isOpen = (id: NoticeId, key: string) => closed[id] !== key
	const banners: Banner[] = []
	const membership = membershipExpiry(roles, now)
	const trial = trialState(roles, now)

	if (trial.status === 'active' && !membership && trial.daysRemaining <= MEMBERSHIP_LIMITS.trialBannerDays) {
		const key = trial.role.endDate
		if (isOpen('trial', key)) {
			const days = trial.daysRemaining
			const message =
				days === MEMBERSHIP_LIMITS.trialHalfwayDays ? MEMBERSHIP_MESSAGES.trialHalfway : days === 0 ? MEMBERSHIP_MESSAGES.trialEndsToday : MEMBERSHIP_MESSAGES.trialEndsIn(days)
			banners.push({ id: 'trial', key, tone: days < MEMBERSHIP_LIMITS.trialHalfwayDays ? 'warning' : 'info', message, link: { to: MEMBERSHIP_LINKS.memberships, label: MEMBERSHIP_MESSAGES.trialCall } })
		}
	}

	if (membership?.showBanner && isOpen('membership-expiry', membership.role.endDate)) {
		banners.push({
			id: 'membership-expiry',
			key: membership.role.endDate,
			tone: 'warning',
			message: MEMBERSHIP_MESSAGES.membershipEndsOn(formatMembershipDate(lastDayHeld(membership.role))),
			link: { to: MEMBERSHIP_LINKS.memberships, label: MEMBERSHIP_MESSAGES.renewCall },
		})
	}

	// Persistent: only completing the profile (through sales) removes it.
	if (profile && !profile.hasCompleteProfile) {
		banners.push({ id: 'incomplete-profile', key: null, tone: 'info', message: MEMBERSHIP_MESSAGES.incompleteProfile, link: { to: `mailto:${MEMBERSHIP_LINKS.salesEmail}`, label: MEMBERSHIP_LINKS.salesEmail } })
	}

	return {
		banners,
		dialog: homeDialog({ roles, profile, now, isOpen, hasMembership: Boolean(membership) }),
		menuMessage: membership?.showMenuMessage ? MEMBERSHIP_MESSAGES.membershipMenu(membership.daysRemaining) : null,
	}
}

function homeDialog({ roles, profile, now, isOpen, hasMembership }: { roles: readonly DatedRole[]; profile: NoticeProfile; now: Date; isOpen: (id: NoticeId, key: string) => boolean; hasMembership: boolean }): Dialog | null {
	if (hasMembership) return null
	// Membership expired: only when the member is to be asked to renew.
	if (profile?.hasExpiredExecutiveSubscription && profile.showRenewalMessaging) {
		const ended = roles.filter((role) => isExecutiveMembership(role) && daysRemaining(role, now) < 0).sort(byEndDate).at(-1)
		const key = ended?.endDate ?? 'expired'
		if (isOpen('membership-expired', key)) {
			return { id: 'membership-expired', key, title: MEMBERSHIP_MESSAGES.membershipExpiredTitle, message: MEMBERSHIP_MESSAGES.membershipExpired, link: { to: MEMBERSHIP_LINKS.memberships, label: MEMBERSHIP_MESSAGES.renewCall } }
		}
		return null
	}
	const trial = trialState(roles, now)
	const trialExpired = trial.status === 'expired' || (trial.status === 'none' && profile?.hasExpiredExecutiveTrialSubscription === true)
	if (!trialExpired) return null
	const key = trial.status === 'expired' ? trial.role.endDate : 'expired'
	if (!isOpen('trial-expired', key)) return null
	return { id: 'trial-expired', key, title: MEMBERSHIP_MESSAGES.trialExpiredTitle, message: MEMBERSHIP_MESSAGES.trialExpired, link: { to: MEMBERSHIP_LINKS.memberships, label: MEMBERSHIP_MESSAGES.trialCall } }
}

// ---------------------------------------------------------------- header: Join or Renew

/**
 * The header's membership button (spec 000 §2 "Join or Renew"); words and targets are ours.
 * Join leads to the plans: /join itself is the confirmation after joining, for signed-in
 * readers only (spec 002 §2), and sends visitors home.
 */
export const JOIN_LINKS = {
	join: { to: MEMBERSHIP_LINKS.memberships, label: 'Join' },
	renew: { to: MEMBERSHIP_LINKS.memberships, label: 'Renew' },
} as const
export type JoinLink = (typeof JOIN_LINKS)[keyof typeof JOIN_LINKS]

/** /join's join types (spec 002 §2, §4). */
export const JOIN_TYPES = [JOIN_TYPE.membership, JOIN_TYPE.trial, 'none'] as const
export type JoinType = (typeof JOIN_TYPES)[number]

/** Where a paid join lands (spec 002 §2: join links go to /join?joinType=..., with returnPath when present). */
export function joinUrl(joinType: JoinType, { returnPath, isRenewal }: { returnPath?: string; isRenewal?: boolean } = {}): string {
	const params = new URLSearchParams({ joinType })
	if (returnPath) params.set('returnPath', returnPath)
	if (isRenewal) params.set('isRenewal', 'true')
	return `/join?${params}`
}

/**
 * The membership gate's offer to a lapsed member not yet eligible for a trial (spec 000 §5,
 * 002 §9), in spec 002 §5's words for an expired member: 'Renew membership'.
 */
export const RENEW_MEMBERSHIP = { to: MEMBERSHIP_LINKS.memberships, label: 'Renew membership' } as const

/**
 * Visitors and readers without a membership (free accounts, trials) are offered Join; a
 * lapsed member whom sales asked us to prompt is offered Renew; members see neither.
 */
export function headerJoinLink({ signedIn, isMember, showRenewalMessaging }: { signedIn: boolean; isMember: boolean; showRenewalMessaging: boolean }): JoinLink | null {
	if (signedIn && showRenewalMessaging) return JOIN_LINKS.renew
	if (signedIn && isMember) return null
	return JOIN_LINKS.join
}

// ---------------------------------------------------------------- strategist mode

/**
 * Spec 000 §4: forced on with strategy access and no view-change permission; forced off
 * with neither; otherwise the reader's stored toggle (strategy access decides until they choose).
 */
export function strategistMode({ hasStrategyAccess, canChangeScreenView, storedToggle }: { hasStrategyAccess: boolean; canChangeScreenView: boolean; storedToggle: boolean | null }): boolean {
	if (!canChangeScreenView) return hasStrategyAccess
	return storedToggle ?? hasStrategyAccess
}
