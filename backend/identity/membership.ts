/**
 * Membership facts of a reader (spec 000 §3 "User profile", §4 states, §5 trial window),
 * computed from their dated roles and the time. Pure: no database, no clock of its own,
 * so every boundary is tested by passing `now`.
 *
 * A dated role is current from its start (inclusive) to its end (exclusive), exactly as
 * the token's permissions count it (backend/identity/claims.ts), so a profile never
 * disagrees with the token it was asked with.
 */
import type { MeteredAccessItem } from '../../contract/articles.ts'
import { eligibleForTrialAfterExpiry, EXECUTIVE_TRIAL_ROLE } from '../../contract/membership.ts'
import type { OrganisationRef, ProfileRole, UserProfile } from '../../contract/identity.ts'
import { isTrialRole } from './roles.ts'

/** Paid memberships whose end is an "expired subscription" (renewal messaging, trial window). */
export const SUBSCRIPTION_ROLES: readonly string[] = ['Executive', 'Executive Multi-office', 'Executive GSL', 'Strategy', 'Strategy GSL']
/** Roles at Executive level or above: holding one means no membership has lapsed. */
export const EXECUTIVE_OR_HIGHER_ROLES: readonly string[] = [...SUBSCRIPTION_ROLES, 'Strategy for Staff']

/** A role held between two dates, by the reader or by their organisation. */
export type MembershipRole = {
	name: string
	startDate: Date
	endDate: Date
	/** dated_roles.is_renewable: false for trials and staff grants. */
	isRenewable: boolean
	/** Only a reader's own roles are theirs to renew; an organisation's are renewed by it. */
	heldBy: 'user' | 'organisation'
}

export const isCurrent = (role: Pick<MembershipRole, 'startDate' | 'endDate'>, now: Date) => role.startDate <= now && now < role.endDate
export const hasEnded = (role: Pick<MembershipRole, 'endDate'>, now: Date) => role.endDate <= now

export type MembershipFacts = Pick<
	UserProfile,
	'roleNames' | 'roles' | 'renewableExpiredRoles' | 'hasExpiredExecutiveTrialSubscription' | 'hasExpiredExecutiveSubscription' | 'expiredSubscriptionOldEnoughToAccessTrial'
>

const unique = (names: string[]) => [...new Set(names)]
const latestEnd = (roles: MembershipRole[]) => roles.reduce<Date | null>((latest, role) => (latest && latest >= role.endDate ? latest : role.endDate), null)

export function membershipFacts(datedRoles: readonly MembershipRole[], now: Date): MembershipFacts {
	const roles = [...datedRoles].sort((a, b) => a.startDate.getTime() - b.startDate.getTime() || a.name.localeCompare(b.name))
	const current = roles.filter((role) => isCurrent(role, now))
	const ended = roles.filter((role) => hasEnded(role, now))
	const currentNames = new Set(current.map((role) => role.name))
	const holdsExecutiveOrHigher = current.some((role) => EXECUTIVE_OR_HIGHER_ROLES.includes(role.name))

	// A new trial (or a membership) taking over makes an old trial's end no longer news.
	const hasExpiredExecutiveTrialSubscription =
		ended.some((role) => role.name === EXECUTIVE_TRIAL_ROLE) && !holdsExecutiveOrHigher && !currentNames.has(EXECUTIVE_TRIAL_ROLE)

	const endedSubscriptions = ended.filter((role) => SUBSCRIPTION_ROLES.includes(role.name))
	const hasExpiredExecutiveSubscription = endedSubscriptions.length > 0 && !holdsExecutiveOrHigher

	// Eligibility counts from the LAST paid role's end: a later lapse restarts the wait.
	const lastExpiry = hasExpiredExecutiveSubscription ? latestEnd(endedSubscriptions) : null
	const expiredSubscriptionOldEnoughToAccessTrial = lastExpiry !== null && eligibleForTrialAfterExpiry(lastExpiry, now)

	// Per role name, the reader's own LATEST dated role decides: ended and renewable means
	// renewable (a renewal already booked to start later keeps it off the list). Trials
	// are never renewed, whatever the row says. Most recently ended first.
	const latestOwn = new Map<string, MembershipRole>()
	for (const role of roles) {
		if (role.heldBy !== 'user') continue
		const seen = latestOwn.get(role.name)
		if (!seen || seen.endDate < role.endDate) latestOwn.set(role.name, role)
	}
	const renewableExpiredRoles = [...latestOwn.values()]
		.filter((role) => hasEnded(role, now) && role.isRenewable && !isTrialRole(role.name) && !currentNames.has(role.name))
		.sort((a, b) => b.endDate.getTime() - a.endDate.getTime())
		.map((role) => role.name)

	return {
		roleNames: unique(current.map((role) => role.name)),
		roles: roles.map((role): ProfileRole => ({ name: role.name, startDate: role.startDate.toISOString(), endDate: role.endDate.toISOString() })),
		renewableExpiredRoles,
		hasExpiredExecutiveTrialSubscription,
		hasExpiredExecutiveSubscription,
		expiredSubscriptionOldEnoughToAccessTrial,
	}
}

/** What the profile needs besides the roles: the account row (or the organisation's defaults). */
export type ProfileAccount = {
	subject: string
	emailAddress: string | null
	firstName: string | null
	lastName: string | null
	organisation: OrganisationRef | null
	parentOrganisation: OrganisationRef | null
	hasCompleteProfile: boolean
	hasOptedOutOfUsageReport: boolean
	/** users.show_renewal_messaging: sales switches renewal prompts on per member. */
	showRenewalMessaging: boolean
	strategyMenuEnabled: boolean | null
	previewData: boolean
}

/** Spec 000 §3 "User profile": the account, its membership facts and unlocked articles. */
export function buildUserProfile(account: ProfileAccount, roles: readonly MembershipRole[], meteredAccessItems: MeteredAccessItem[], now: Date): UserProfile {
	const facts = membershipFacts(roles, now)
	return {
		...facts,
		// Renewal prompts only make sense while there is something to renew.
		showRenewalMessaging: account.showRenewalMessaging && facts.hasExpiredExecutiveSubscription,
		hasCompleteProfile: account.hasCompleteProfile,
		emailAddress: account.emailAddress,
		auth0Id: account.subject,
		firstName: account.firstName,
		lastName: account.lastName,
		organisationName: account.organisation?.name ?? null,
		organisationId: account.organisation?.id ?? null,
		organisationReference: account.organisation?.reference ?? null,
		parentOrganisation: account.parentOrganisation,
		hasOptedOutOfUsageReport: account.hasOptedOutOfUsageReport,
		meteredAccessItems,
		strategyMenuEnabled: account.strategyMenuEnabled,
		previewData: account.previewData,
	}
}
