/** Plans, prices, trial rules and the membership pages' messages, without zod (commerce.ts has the schemas). */
import { formatMoney } from './format.ts'
import { addMonths, currentMembership, EXECUTIVE_TRIAL_ROLE, trialRequestBlocked, eligibleForTrialAfterExpiry, type DatedRole } from './membership.ts'

// ---------------------------------------------------------------- plans (spec 002 §1, §6)

export const PLAN_KEYS = ['executive', 'executive-multi-office', 'strategist'] as const

export type PlanKey = (typeof PLAN_KEYS)[number]

export const CURRENCIES = ['GBP', 'USD'] as const

export type Currency = (typeof CURRENCIES)[number]

export type Plan = {
	key: PlanKey
	name: string
	/** Yearly price in minor units (pence, cents); "from" prices are quoted by sales. */
	price: Record<Currency, number>
	priceIsFrom: boolean
	summary: string
	features: string[]
	/** Spec 002 §6: "Only the Executive Multi-office and Strategist plans list downloadable project data." */
	downloadableProjectData: boolean
	/** Bought online (checkout); the others are arranged with sales. */
	buyOnline: boolean
}

const MEMBER_FEATURES = ['Every article, Market Map and analysis', 'Weekly and monthly newsletters and the magazine archive', 'The Project Tracker', 'The Tariff Survey and the Quarterly Review']

export const PLANS: readonly Plan[] = [
	{
		key: 'executive',
		name: 'Executive',
		price: { GBP: 1_295_00, USD: 1_950_00 },
		priceIsFrom: false,
		summary: 'Up to 10 users in one office',
		features: MEMBER_FEATURES,
		downloadableProjectData: false,
		buyOnline: true,
	},
	{
		key: 'executive-multi-office',
		name: 'Executive Multi-office',
		price: { GBP: 5_180_00, USD: 7_800_00 },
		priceIsFrom: true,
		summary: 'For teams across several offices',
		features: [...MEMBER_FEATURES, 'Downloadable project data'],
		downloadableProjectData: true,
		buyOnline: false,
	},
	{
		key: 'strategist',
		name: 'Strategist',
		price: { GBP: 20_000_00, USD: 30_000_00 },
		priceIsFrom: true,
		summary: 'Priced on company water revenue',
		features: [...MEMBER_FEATURES, 'Market forecasts, company financials and the mergers index', 'Downloadable project data'],
		downloadableProjectData: true,
		buyOnline: false,
	},
]

export const planByKey = (key: string): Plan | undefined => PLANS.find((plan) => plan.key === key)

/** "£1,295", "from $7,800". */
export function formatPrice(plan: Pick<Plan, 'price' | 'priceIsFrom'>, currency: Currency): string {
	const amount = formatMoney(plan.price[currency] / 100, currency, { maximumFractionDigits: 0 })
	return plan.priceIsFrom ? `from ${amount}` : amount
}

/** Spec 002 §1: the marketing figures. */
export const MARKETING_FIGURES = {
	trackedProjects: '1,300+',
	analysts: '40+',
	tariffSurveyCities: 569,
	tariffSurveyCountries: 186,
	annualUsers: '390,000+',
	pageViews: '1,250,000+',
	countries: '180+',
	decisionMakers: '40%',
} as const

/** Spec 002 §1: "Free trial: content for the next 2 weeks, content from the last month, and a market map of choice." */
export const TRIAL_DAYS = 14

export const TRIAL_BENEFITS = ['Content for the next 2 weeks', 'Content from the last month', 'A Market Map of your choice'] as const

/** Our choice: a paid Executive membership lasts a year from purchase (or from the end of the current one). */
export const MEMBERSHIP_MONTHS = 12

/** Spec 002 §9: ad image maximum sizes. */
export const AD_IMAGE_LIMITS = { rightMaxWidthPx: 336, bannerMaxHeightPx: 140 } as const

// ---------------------------------------------------------------- trial eligibility (spec 000 §5, 002 §9)

export const TRIAL_MESSAGES = {
	/** Spec 000 §5, verbatim. */
	requestedRecently: 'You have requested a trial in the last 12 months.',
	/** Our wording: "trial eligibility begins 12 months after expiry". */
	expiredRecently: 'A free trial is available 12 months after a membership ends.',
	alreadyMember: 'Your membership already includes everything a free trial offers.',
	started: 'Your free trial has started.',
} as const

/** Roles whose holder has nothing to gain from a trial (Executive level or higher). */
export const EXECUTIVE_OR_HIGHER_ROLES = ['Executive', 'Executive Multi-office', 'Executive GSL', 'Strategy', 'Strategy GSL', 'Strategy for Staff'] as const

/** Paid memberships whose end starts the 12-month wait for a trial. */
export const PAID_MEMBERSHIP_ROLES = ['Executive', 'Executive Multi-office', 'Executive GSL', 'Strategy', 'Strategy GSL'] as const

const isHeld = (role: DatedRole, now: Date) => Date.parse(role.startDate) <= now.getTime() && now.getTime() < Date.parse(role.endDate)

const named = (names: readonly string[]) => (role: DatedRole) => names.includes(role.name)

export type TrialEligibility = { eligible: true } | { eligible: false; reason: keyof typeof TRIAL_MESSAGES; message: string }

/**
 * Whether a reader may start a free trial now: not while holding Executive or higher, not
 * within 12 months of the last trial request, and not until 12 months after a paid
 * membership ended (the latest one counts).
 */
export function trialEligibility({ roles, lastTrialRequestedAt, now }: { roles: readonly DatedRole[]; lastTrialRequestedAt: Date | null; now: Date }): TrialEligibility {
	if (roles.some((role) => named(EXECUTIVE_OR_HIGHER_ROLES)(role) && isHeld(role, now))) return { eligible: false, reason: 'alreadyMember', message: TRIAL_MESSAGES.alreadyMember }
	// A trial role without a recorded request (granted by sales) counts from its start.
	const trialStarts = roles.filter((role) => role.name === EXECUTIVE_TRIAL_ROLE).map((role) => new Date(role.startDate))
	const lastRequest = [lastTrialRequestedAt, ...trialStarts].filter((d): d is Date => d !== null && d <= now).sort((a, b) => b.getTime() - a.getTime())[0] ?? null
	if (trialRequestBlocked(lastRequest, now)) return { eligible: false, reason: 'requestedRecently', message: TRIAL_MESSAGES.requestedRecently }
	const lastPaidEnd = roles
		.filter((role) => named(PAID_MEMBERSHIP_ROLES)(role) && Date.parse(role.endDate) <= now.getTime())
		.map((role) => new Date(role.endDate))
		.sort((a, b) => b.getTime() - a.getTime())[0]
	if (lastPaidEnd && !eligibleForTrialAfterExpiry(lastPaidEnd, now)) return { eligible: false, reason: 'expiredRecently', message: TRIAL_MESSAGES.expiredRecently }
	return { eligible: true }
}

/**
 * A role granted now starts at the current whole second: tokens date themselves in whole
 * seconds (iat), and a role starting after its token was issued would make the site renew
 * that fresh token at once (app/lib/session-refresh.server.ts).
 */
export const grantInstant = (now: Date) => new Date(Math.floor(now.getTime() / 1000) * 1000)

/** The end of a trial that starts at `start`: 2 weeks later, to the instant. */
export const trialEnd = (start: Date) => new Date(start.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000)

/** A paid membership bought at `now`: starts now, or when the reader's current one ends (a renewal never loses days). */
export function membershipPeriod(roles: readonly DatedRole[], now: Date): { start: Date; end: Date } {
	const current = currentMembership(roles, now)
	const start = current ? new Date(current.endDate) : grantInstant(now)
	return { start, end: addMonths(start, MEMBERSHIP_MONTHS) }
}

// ---------------------------------------------------------------- offer buttons (spec 002 §4)

export const OFFER_LABELS = { trial: 'Start free trial', buy: 'Buy now', renew: 'Renew membership', contact: 'Contact sales' } as const

export type OfferInput = {
	/** A visitor may be offered both: signing in comes first. */
	signedIn: boolean
	roles: readonly DatedRole[]
	/** The profile's: sales asked us to prompt this lapsed member to renew. */
	showRenewalMessaging: boolean
	hasExpiredExecutiveSubscription: boolean
	trialEligible: boolean
	now: Date
}

export type Offers = { trial: boolean; buy: typeof OFFER_LABELS.buy | typeof OFFER_LABELS.renew | null }

/** Roles held on dates arranged by sales (organisation and GSL grants, staff): nothing to buy online. */
export const ARRANGED_ROLES = ['Executive Multi-office', 'Executive GSL', 'Strategy', 'Strategy GSL', 'Strategy for Staff'] as const

/**
 * Spec 002 §4 "Membership offer buttons":
 * - the trial offer shows to users who are not executives and are eligible for a trial;
 * - Buy now appears unless the user is an executive who is not expired, the role is a dated
 *   role (a membership arranged by sales), or renewal is due (a renewal is already booked:
 *   a membership that starts later);
 * - it reads 'Renew membership' when the user is expired and renewal messaging is on.
 */
export function membershipOffers(input: OfferInput): Offers {
	const { roles, now } = input
	const isExecutive = currentMembership(roles, now) !== null || roles.some((role) => named(EXECUTIVE_OR_HIGHER_ROLES)(role) && isHeld(role, now))
	const hasDatedRole = roles.some((role) => named(ARRANGED_ROLES)(role) && isHeld(role, now))
	const renewalDue = roles.some((role) => named(PAID_MEMBERSHIP_ROLES)(role) && Date.parse(role.startDate) > now.getTime())
	const trial = !isExecutive && input.trialEligible
	const expiredRenewal = input.hasExpiredExecutiveSubscription && input.showRenewalMessaging
	const buy = isExecutive || hasDatedRole || renewalDue ? null : expiredRenewal ? OFFER_LABELS.renew : OFFER_LABELS.buy
	return { trial, buy }
}

/** Spec 002 §4, §9: "there is a 5000 ms pause before the refresh starts" when one is needed. */
export const REFRESH_PAUSE_MS = 5000

/** Our choice: how many pauses /join waits for the new permissions before welcoming anyway. */
export const MAX_REFRESH_WAITS = 6

export const JOIN_MESSAGES = {
	registrationTitle: 'Welcome to Global Water Intelligence',
	registration: 'Your free account is ready: white papers, samples and our free articles are yours to read.',
	membershipTitle: 'Welcome to your Executive membership',
	membership: 'Your membership is active: every article, newsletter, the Project Tracker, the Tariff Survey and the Quarterly Review are yours.',
	renewalTitle: 'Thank you for renewing',
	renewal: 'Your membership has been renewed.',
	trialTitle: 'Your free trial has started',
	trial: 'For the next 2 weeks, read our newsletters and content from the last month, and unlock a Market Map of your choice.',
	activating: 'Activating your membership...',
	renewing: 'Renewing your membership...',
	refreshFailed: 'We could not refresh your sign-in. Please log in again to start using your membership.',
	/** Spec 002 §8 leave-page confirmations. */
	leaveWhileRefreshing: 'Please wait for this to complete before leaving the page. Are you sure you want to leave?',
	leaveUnsaved: 'You have unsaved changes in the form. Are you sure you want to leave?',
	getStarted: "Let's get started",
	thankYou: 'Thank you for telling us about your interests.',
	complete: 'You are all set.',
	startTrialTitle: 'Start your free trial',
} as const

// ---------------------------------------------------------------- preferences (spec 002 §3, §5)

/** Spec 002 §3 "How-did-you-find-us options", in order. */
export const HOW_DID_YOU_FIND_US = [
	'Email',
	'Social Media',
	'Search engine (Google, Yahoo, etc.)',
	'AI tool (ChatGPT, Copilot, etc.)',
	'Live event',
	'Word of mouth',
	'Referred by a colleague',
	'Other GWI product',
	'Other',
] as const

export const OTHER_OPTION = 'Other'

/** Spec 002 §9: "specifyOther maximum: 200 characters". */
export const SPECIFY_OTHER_MAX = 200

/** Spec 002 §3: the ten interests, with our labels. */
export const INTERESTS = {
	interestsFinancialInsights: 'Financial insights',
	interestsRegionalNewsAnalysis: 'Regional news and analysis',
	interestsDesalination: 'Desalination',
	interestsProjectUpdates: 'Project updates',
	interestsTechnologyUpdates: 'Technology updates',
	interestsIndustrial: 'Industrial water',
	interestsUtilities: 'Utilities',
	interestsTrends: 'Trends',
	interestsChemicals: 'Chemicals',
	interestsRegulations: 'Regulations',
} as const

export type InterestKey = keyof typeof INTERESTS

export const INTEREST_KEYS = Object.keys(INTERESTS) as InterestKey[]

export const PREFERENCES_MESSAGES = {
	howDidYouFindUsRequired: 'Please select how you found us',
	specifyOtherRequired: 'Please specify how you found us',
	specifyOtherTooLong: `Please use at most ${SPECIFY_OTHER_MAX} characters`,
	submitFailed: 'Failed to submit interest details. Please try again.',
} as const

// ---------------------------------------------------------------- checkout (spec 002 §4, §5, §8)

export const CHECKOUT_MESSAGES = {
	/** Spec 002 §8, verbatim. */
	failed: 'Failed to purchase membership. Please contact support.',
	vatRequired: 'Please enter your VAT number',
	organisationRequired: 'Please enter your organisation’s name',
	addressRequired: 'Please enter your headquarters address',
	processing: 'Processing...',
	notForSale: 'This plan is arranged with our sales team.',
	alreadyMember: 'You already hold a membership.',
	orderNotFound: 'Order not found',
	cardDeclined: 'Your card was declined.',
	/** Shown on the payment page after a decline: nothing was taken, and the order can still be paid. */
	declinedTryAgain: 'Your card was declined and no payment was taken. Please try again with another card.',
	cardInvalid: 'Please enter one of the test card numbers.',
	/** Our words: a post whose hidden fields (plan, currency, the order's key, buying as) are not the page's. */
	formUnreadable: 'The form could not be read as the page sent it. Please reload the page and try again.',
	paid: 'Payment received',
} as const

export const BUYING_AS = ['individual', 'organisation'] as const

/**
 * How the site takes payments now (the server's mode decides): Stripe Checkout, the embedded
 * sandbox's test cards (no money taken), or none, where checkout answers CHECKOUT_MESSAGES.failed.
 */
export const PAYMENT_MODES = ['stripe', 'sandbox', 'off'] as const
export type PaymentMode = (typeof PAYMENT_MODES)[number]
/** Said wherever the sandbox takes a card: nobody may think they paid. */
export const SANDBOX_NOTICE = 'This is a test payment: no money is taken.'

/** Sandbox test cards (like a payment provider's test mode): one succeeds, one is declined. */
export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const

/**
 * Spec 002 §4: "The executive role is the expected permission after a paid join. The
 * executive trial permission is expected after a trial join." (the token's permission names).
 */
export const JOIN_EXPECTED_PERMISSIONS = { membership: ['read:executive'], trial: ['read:executive-trial'] } as const
