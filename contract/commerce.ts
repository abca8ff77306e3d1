/**
 * Membership and commerce (spec 002 §1-§9, 000 §4-§6): the plans and their prices, the
 * memberships page's offer buttons, trial eligibility, the preferences (about-you) form,
 * checkout and the document download messages. Date arithmetic is contract/membership.ts's
 * (one definition); this module only decides with it.
 */
import { z } from 'zod'
import { JOIN_TYPE } from './constants.ts'
import { EXECUTIVE_TRIAL_ROLE, JOIN_TYPES } from './membership.ts'
import { PLAN_KEYS, CURRENCIES, OFFER_LABELS, CHECKOUT_MESSAGES, BUYING_AS, PAYMENT_MODES } from './commerce-rules.ts'

// What the browser needs without zod lives apart (commerce-rules.ts).
export * from './commerce-rules.ts'

/** GET /memberships/offers: what the memberships page offers the reader (visitors: trial and Buy now). */
export const MembershipOffersSchema = z.object({
	trial: z.boolean(),
	buy: z.enum([OFFER_LABELS.buy, OFFER_LABELS.renew]).nullable(),
	/** Why the trial is not offered, for the page to say. */
	trialMessage: z.string().nullable(),
	isExecutive: z.boolean(),
	/** An order of the last day not yet paid, or paid: /join waits for its membership rather than offering one. */
	hasRecentOrder: z.boolean(),
	/** A trial is running now: /join waits for its permissions rather than sending the reader to the offers. */
	hasActiveTrial: z.boolean(),
})
export type MembershipOffers = z.infer<typeof MembershipOffersSchema>
/** Visitors are offered the trial and Buy now (signing in comes first). */
export const VISITOR_OFFERS: MembershipOffers = { trial: true, buy: OFFER_LABELS.buy, trialMessage: null, isExecutive: false, hasRecentOrder: false, hasActiveTrial: false }

/** POST /trials: the trial granted. */
export const TrialGrantedSchema = z.object({ roleName: z.literal(EXECUTIVE_TRIAL_ROLE), startDate: z.string(), endDate: z.string(), joinType: z.literal(JOIN_TYPE.trial) })
export type TrialGranted = z.infer<typeof TrialGrantedSchema>

// ---------------------------------------------------------------- join (spec 002 §2, §4)

// The join types and /join's address are in contract/membership.ts: the no-access panel of
// nearly every page links to /join, and this module (plans, schemas) is too big to come along.
export { JOIN_TYPES, joinUrl, type JoinType } from './membership.ts'

/** /join's query (spec 002 §2): joinType, returnPath, isRenewal, hasRecordedInterests, isRefreshed. */
export const JoinQuerySchema = z.object({
	joinType: z.enum(JOIN_TYPES).catch('none'),
	returnPath: z.string().optional().catch(undefined),
	isRenewal: z
		.enum(['true', 'false'])
		.transform((value) => value === 'true')
		.optional()
		.catch(undefined),
	hasRecordedInterests: z
		.enum(['true', 'false'])
		.transform((value) => value === 'true')
		.optional()
		.catch(undefined),
	isRefreshed: z
		.enum(['true', 'false'])
		.transform((value) => value === 'true')
		.optional()
		.catch(undefined),
	/** How many 5-second waits for the new permissions so far (the page refreshes itself). */
	attempt: z.coerce.number().int().min(0).max(100).optional().catch(undefined),
})

export const InterestsRecordedSchema = z.object({ hasRecordedInterests: z.literal(true) })

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max)

/** The headquarters address asked of an organisation (spec 000 §5). */
export const HeadquartersAddressSchema = z.object({
	line1: requiredText(CHECKOUT_MESSAGES.addressRequired),
	line2: z.string().trim().max(200).optional(),
	city: requiredText(CHECKOUT_MESSAGES.addressRequired, 100),
	postcode: requiredText(CHECKOUT_MESSAGES.addressRequired, 20),
	country: requiredText(CHECKOUT_MESSAGES.addressRequired, 100),
})

/** POST /checkout: the plan, the currency, who buys, and the submission's idempotency key. */
export const CheckoutBodySchema = z.discriminatedUnion('buyingAs', [
	z.object({
		buyingAs: z.literal('individual'),
		plan: z.enum(PLAN_KEYS),
		currency: z.enum(CURRENCIES),
		idempotencyKey: z.string().min(16).max(100),
		isRenewal: z.boolean().optional(),
	}),
	z.object({
		buyingAs: z.literal('organisation'),
		plan: z.enum(PLAN_KEYS),
		currency: z.enum(CURRENCIES),
		idempotencyKey: z.string().min(16).max(100),
		isRenewal: z.boolean().optional(),
		organisationName: requiredText(CHECKOUT_MESSAGES.organisationRequired),
		vatNumber: requiredText(CHECKOUT_MESSAGES.vatRequired, 30),
		address: HeadquartersAddressSchema,
	}),
])
export type CheckoutBody = z.input<typeof CheckoutBodySchema>

/** Spec 002 §7: POST /checkout answers a URL string the browser is sent to. */
export const CheckoutUrlSchema = z.string().min(1)

/** The embedded payment sandbox's order, as its payment page shows it. */
export const SandboxOrderSchema = z.object({
	reference: z.string(),
	planName: z.string(),
	amount: z.number().int(),
	currency: z.enum(CURRENCIES),
	/** declined: the last payment was declined; the order may still be paid. */
	status: z.enum(['pending', 'declined', 'paid', 'failed', 'cancelled']),
	email: z.string(),
	buyingAs: z.enum(BUYING_AS),
	organisationName: z.string().nullable(),
	joinUrl: z.string(),
})
export type SandboxOrder = z.infer<typeof SandboxOrderSchema>

/** Which payments the site takes now (PAYMENT_MODES). */
export const CheckoutPaymentsSchema = z.object({ payments: z.enum(PAYMENT_MODES) })
export const SandboxPaymentBodySchema = z.object({
	cardNumber: z
		.string()
		.transform((value) => value.replace(/[\s-]/g, ''))
		.pipe(z.string().regex(/^\d{16}$/, CHECKOUT_MESSAGES.cardInvalid)),
	/** The payment page's own idempotency key: a double submission pays once. */
	idempotencyKey: z.string().min(16).max(100),
})
