/**
 * What a reader without access is shown, on every page (spec 000 §2, §4, §6): the no-access
 * message chosen by slug ("Pages without access show a no-access message chosen by slug with
 * a default fallback"), and the membership gate around it: Join, Start free trial for readers
 * who may start one, Login for visitors, and for signed-in readers a request-access mail
 * ("Members without access see a request-access mail link whose subject depends on the
 * user's state"). Pure, so every state is unit-tested; loaders fetch the messages with
 * no-access.server.ts and draw the panel with components/NoAccessPanel.tsx.
 */
import type { NoAccessMessage } from '../../contract/articles.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { currentMembership, eligibleForTrialAfterExpiry, EXECUTIVE_MEMBERSHIP_ROLES, lastEndedMembership, MEMBERSHIP_LINKS, trialRequestBlocked, trialState, type DatedRole } from '../../contract/membership.ts'
import type { UserSummary } from './user.server.ts'

// ---------------------------------------------------------------- the message

/**
 * Slugs of the no-access messages the site asks for (GET /noaccesses). A custom page asks
 * for its own slug first, so the CMS can word any page's message.
 */
export const NO_ACCESS_SLUG = {
	default: 'default',
	/** Articles: "This article is available exclusively to full members". */
	article: 'article',
	/** Projects and their lists: "The Project Tracker is available exclusively to full members". */
	projectTracker: 'projecttracker',
	/** Strategist slices: "This content requires a GWI Strategist Membership" (spec 001 §1). */
	strategist: 'strategist',
} as const

/** The message of the first of `slugs` there is one for, else the 'default' one, else the spec's default text. */
export function chooseNoAccessMessage(messages: readonly NoAccessMessage[], ...slugs: string[]): string {
	for (const slug of [...slugs, NO_ACCESS_SLUG.default]) {
		const message = messages.find((item) => item.slug === slug)?.message
		if (message) return message
	}
	return MESSAGES.noAccess
}

/**
 * Spec 001 §1: the Strategist no-access panel goes on with "Get unlimited access to:" and a
 * list (the spec's items, in our words).
 */
export const STRATEGIST_BENEFITS = {
	lead: 'Get unlimited access to:',
	items: ['Comprehensive global water market data and 5-year forecasts', 'Granular breakdowns', 'Tracking tools and expert insights', 'All GWI Executive content'],
} as const

// ---------------------------------------------------------------- the reader

/** The reader as the gate needs them (from the token's claims); null for a visitor. */
export type GateReader = {
	email: string | null
	permissions: readonly string[]
	datedRoles: readonly DatedRole[]
	viaNetworkAddress: boolean
} | null

export const gateReaderOf = (user: UserSummary | null): GateReader =>
	user && { email: user.email, permissions: user.permissions, datedRoles: user.datedRoles, viaNetworkAddress: user.viaNetworkAddress }

/** The reader's state that picks the subject of the request-access mail. */
export type ReaderState = 'trial' | 'expiredTrial' | 'member' | 'expiredMember' | 'organisation' | 'free'

export function readerState(reader: NonNullable<GateReader>, now: Date): ReaderState {
	if (reader.viaNetworkAddress) return 'organisation'
	const trial = trialState(reader.datedRoles, now)
	if (trial.status === 'active') return 'trial'
	if (currentMembership(reader.datedRoles, now)) return 'member'
	const hadMembership = reader.datedRoles.some((role) => (EXECUTIVE_MEMBERSHIP_ROLES as readonly string[]).includes(role.name) && Date.parse(role.endDate) <= now.getTime())
	if (hadMembership) return 'expiredMember'
	if (trial.status === 'expired') return 'expiredTrial'
	return 'free'
}

// ---------------------------------------------------------------- the gate

/**
 * "A trial request is blocked if one was requested in the last 12 months; trial eligibility
 * begins 12 months after expiry" (spec 000 §5): no trial offer then, nor to members.
 */
export function mayStartTrial(reader: GateReader, now: Date) {
	if (!reader) return true
	if (reader.viaNetworkAddress || currentMembership(reader.datedRoles, now)) return false
	const membershipEnded = lastEndedMembership(reader.datedRoles, now)
	if (membershipEnded && !eligibleForTrialAfterExpiry(membershipEnded, now)) return false
	return !reader.datedRoles.some((role) => role.name.endsWith('Trial') && trialRequestBlocked(new Date(role.startDate), now))
}

/** A lapsed member is offered renewal instead of joining afresh (and, within 12 months, instead of a trial). */
export const mayRenew = (reader: GateReader, now: Date) => reader !== null && !reader.viaNetworkAddress && lastEndedMembership(reader.datedRoles, now) !== null

/** Our wording of the request-access mail, its subject by the reader's state. */
export const REQUEST_ACCESS_SUBJECTS: Record<ReaderState, (title: string) => string> = {
	trial: (title) => `Free trial access request: ${title}`,
	expiredTrial: (title) => `Access request after my free trial: ${title}`,
	member: (title) => `Member access request: ${title}`,
	expiredMember: (title) => `Membership renewal and access request: ${title}`,
	organisation: (title) => `Organisation access request: ${title}`,
	free: (title) => `Access request: ${title}`,
}

/** Our wording of the link and its mail. */
export const REQUEST_ACCESS_TEXT = {
	link: 'Request access',
	lead: 'Need this for your work?',
	body: (title: string, url: string, email: string | null) => `Please could I have access to "${title}" (${url})?${email ? `\n\nMy account: ${email}` : ''}`,
} as const

/** The request-access mail (a `mailto:` link) about the content titled `title` at `url`. */
export function requestAccessLink(title: string, url: string, reader: NonNullable<GateReader>, now: Date): string {
	const subject = REQUEST_ACCESS_SUBJECTS[readerState(reader, now)](title)
	const body = REQUEST_ACCESS_TEXT.body(title, url, reader.email)
	return `mailto:${MEMBERSHIP_LINKS.salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** What the gate offers this reader: Login (visitors) or a request-access mail, and whether a trial. */
export type AccessGate = { signedIn: boolean; offerTrial: boolean; offerRenewal: boolean; requestAccess: string | null }

export function accessGate(reader: GateReader, content: { title: string; url: string }, now: Date): AccessGate {
	return {
		signedIn: reader !== null,
		offerTrial: mayStartTrial(reader, now),
		offerRenewal: mayRenew(reader, now),
		requestAccess: reader ? requestAccessLink(content.title, content.url, reader, now) : null,
	}
}
