/**
 * Checkout (spec 002 §4, §7, §8):
 *
 *   POST /checkout  body CheckoutBody → item: the URL the browser is sent to (a string).
 *     One order and one provider session per idempotency key: the same submission sent
 *     again answers the same URL. 400 for a bad body (VAT number and headquarters address
 *     required for organisations), 409 for a plan sold by sales or a reader who is already
 *     a member, 502 'Failed to purchase membership. Please contact support.' when the
 *     provider fails.
 *   GET  /checkout/payments                 how payments are taken now: stripe, sandbox or off
 *   (with payments off, POST /checkout answers 503 'Failed to purchase membership. Please contact support.',
 *    and the sandbox's orders below are neither shown nor paid)
 *   GET  /checkout/orders/:reference        the embedded sandbox's order (its buyer only)
 *   POST /checkout/orders/:reference/pay    body { cardNumber, idempotencyKey }: pays with a test card;
 *        a declined card answers 402 'Your card was declined.' and marks the order declined
 *        (still payable); the same submission twice is tried once
 *   POST /payments/stripe/webhook           Stripe's webhook, verified by signature
 */
import crypto from 'node:crypto'
import { setTimeout as delay } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { CHECKOUT_MESSAGES, CheckoutBodySchema, joinUrl, membershipOffers, planByKey, SandboxPaymentBodySchema, type SandboxOrder } from '../../../contract/commerce.ts'
import { JOIN_TYPE } from '../../../contract/constants.ts'
import type { Db } from '../../db/client.ts'
import { backendEnv } from '../../env.ts'
import { purchases } from '../../mode.ts'
import { paymentProviderFromEnv, publicOrigin, type PaymentProvider } from '../../payments/provider.ts'
import { paySandboxOrder } from '../../payments/sandbox.ts'
import { handleStripeWebhook, STRIPE_SIGNATURE_HEADER, WebhookSignatureError } from '../../payments/stripe.ts'
import { requireViewer } from '../auth.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts'
import { readJsonBody } from '../request-body.ts'
import { loadCommerceAccount } from './readers.ts'
import { logger } from '../../logger.ts'

type SessionRow = { reference: string; url: string; order_id: number }

/** Another request with the same idempotency key got there first. */
class DuplicateSubmission extends Error {}

/** Our bound: how long a copy of a submission waits for the first to reach the payment provider (40 × 250 ms). */
const SESSION_WAITS = 40
const SESSION_WAIT_MS = 250

/**
 * The checkout address this submission (user and idempotency key) already has, null when it
 * has none. While the copy that got there first is still with the payment provider, this
 * waits for it, so every copy of one submission gets the same answer: the address, or the
 * failure that copy met.
 */
async function existingSession(db: Db, userId: number, idempotencyKey: string): Promise<string | null> {
	for (let wait = 0; ; wait++) {
		const { rows } = await db.execute<{ url: string; status: string }>(sql`
			select s.url, o.status from checkout_sessions s join orders o on o.id = s.order_id
			where s.user_id = ${userId} and s.idempotency_key = ${idempotencyKey}`)
		const row = rows[0]
		if (!row) return null
		if (row.url) return row.url
		if (row.status === 'failed') throw new ApiError(502, CHECKOUT_MESSAGES.failed)
		if (wait >= SESSION_WAITS) throw new ApiError(409, CHECKOUT_MESSAGES.processing)
		await delay(SESSION_WAIT_MS)
	}
}

/** Creates the order and its provider session, or answers the one this submission already made. */
export async function createCheckout(db: Db, provider: PaymentProvider, userId: number, rawBody: unknown, now = new Date()): Promise<string> {
	const parsed = CheckoutBodySchema.safeParse(rawBody)
	if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
	const body = parsed.data
	const plan = planByKey(body.plan)
	if (!plan?.buyOnline) throw new ApiError(409, CHECKOUT_MESSAGES.notForSale)

	const existing = await existingSession(db, userId, body.idempotencyKey)
	if (existing) return existing

	const account = await loadCommerceAccount(db, userId, now)
	if (!account) throw notFound('account')
	if (!membershipOffers({ signedIn: true, roles: account.roles, showRenewalMessaging: false, hasExpiredExecutiveSubscription: false, trialEligible: false, now }).buy) {
		throw new ApiError(409, CHECKOUT_MESSAGES.alreadyMember)
	}

	const reference = crypto.randomUUID()
	const amount = plan.price[body.currency]
	const organisation = body.buyingAs === 'organisation' ? body : null
	// The order and its session row in one transaction: the same submission arriving twice at
	// once waits on the unique (user, key) index, and the loser rolls its order back.
	let created: SessionRow | null
	try {
		created = await db.transaction(async (tx) => {
			const { rows } = await tx.execute<{ id: number }>(sql`
				insert into orders (user_id, email, join_type, membership, status, amount_minor, currency, buying_as, organisation_name, vat_number, address)
				values (${userId}, ${account.email}, ${JOIN_TYPE.membership}, ${plan.name}, 'pending', ${amount}, ${body.currency}, ${body.buyingAs},
					${organisation?.organisationName ?? null}, ${organisation?.vatNumber ?? null}, ${organisation ? JSON.stringify(organisation.address) : null}::jsonb)
				returning id`)
			const inserted = await tx.execute<SessionRow>(sql`
				insert into checkout_sessions (reference, order_id, user_id, idempotency_key, provider, url)
				values (${reference}, ${rows[0]!.id}, ${userId}, ${body.idempotencyKey}, ${provider.name}, '')
				on conflict (user_id, idempotency_key) do nothing returning reference, url, order_id`)
			if (!inserted.rows[0]) throw new DuplicateSubmission()
			return inserted.rows[0]
		})
	} catch (error) {
		if (!(error instanceof DuplicateSubmission)) throw error
		created = null
	}
	if (!created) {
		const again = await existingSession(db, userId, body.idempotencyKey)
		if (again) return again
		throw new ApiError(409, CHECKOUT_MESSAGES.processing)
	}

	const origin = publicOrigin()
	try {
		const checkout = await provider.createCheckout({
			reference,
			productName: `${plan.name} membership (1 year)`,
			amount,
			currency: body.currency,
			email: account.email,
			successUrl: `${origin}${joinUrl(JOIN_TYPE.membership, { isRenewal: body.isRenewal })}`,
			cancelUrl: `${origin}/memberships`,
			idempotencyKey: body.idempotencyKey,
		})
		await db.execute(sql`update checkout_sessions set url = ${checkout.url}, provider_session_id = ${checkout.providerSessionId} where reference = ${reference}`)
		return checkout.url
	} catch (error) {
		logger.error({ err: error }, '[checkout] the payment provider failed')
		await db.execute(sql`update orders set status = 'failed' where id = ${created.order_id}`)
		throw new ApiError(502, CHECKOUT_MESSAGES.failed)
	}
}

async function sandboxOrder(db: Db, reference: string, userId: number): Promise<SandboxOrder> {
	const { rows } = await db.execute<{ reference: string; membership: string; amount_minor: number; currency: 'GBP' | 'USD'; status: SandboxOrder['status']; email: string; buying_as: SandboxOrder['buyingAs']; organisation_name: string | null; provider: string }>(sql`
		select s.reference, o.membership, o.amount_minor, o.currency, o.status, o.email, o.buying_as, o.organisation_name, s.provider
		from checkout_sessions s join orders o on o.id = s.order_id
		where s.reference = ${reference} and s.user_id = ${userId}`)
	const row = rows[0]
	if (!row || row.provider !== 'sandbox') throw notFound(CHECKOUT_MESSAGES.orderNotFound)
	return {
		reference: row.reference,
		planName: row.membership,
		amount: row.amount_minor,
		currency: row.currency,
		status: row.status,
		email: row.email,
		buyingAs: row.buying_as,
		organisationName: row.organisation_name,
		joinUrl: joinUrl(JOIN_TYPE.membership),
	}
}

/** No payment provider in this mode (production without Stripe or PAYMENT_SANDBOX): the spec's failure, as unavailable. */
const purchasesOff = () => new ApiError(503, CHECKOUT_MESSAGES.failed)

/** The sandbox's pages take test cards only where the sandbox runs: an order made before a switch to Stripe, or to none, is not paid with them. */
function requireSandbox() {
	if (purchases() !== 'sandbox') throw purchasesOff()
}

/** Stripe webhooks are few and small; anything larger is not Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024

export const checkoutRoutes = (db: Db, providerOverride?: PaymentProvider) => {
	let provider = providerOverride
	const app = new Hono<ApiEnv>()
	app.get('/checkout/payments', (c) => {
		c.header('Cache-Control', 'no-store')
		return itemResponse(c, { payments: providerOverride?.name ?? purchases() })
	})
	app.post('/checkout', async (c) => {
		const viewer = requireViewer(c)
		if (viewer.userId === null) throw forbidden()
		provider ??= paymentProviderFromEnv() ?? undefined
		if (!provider) throw purchasesOff()
		const url = await createCheckout(db, provider, viewer.userId, await readJsonBody(c))
		c.header('Cache-Control', 'no-store')
		return itemResponse(c, url)
	})
	app.get('/checkout/orders/:reference', async (c) => {
		const viewer = requireViewer(c)
		if (viewer.userId === null) throw forbidden()
		requireSandbox()
		return itemResponse(c, await sandboxOrder(db, c.req.param('reference'), viewer.userId))
	})
	app.post('/checkout/orders/:reference/pay', async (c) => {
		const viewer = requireViewer(c)
		if (viewer.userId === null) throw forbidden()
		requireSandbox()
		const reference = c.req.param('reference')
		const order = await sandboxOrder(db, reference, viewer.userId)
		const parsed = SandboxPaymentBodySchema.safeParse(await readJsonBody(c))
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? CHECKOUT_MESSAGES.cardInvalid)
		if (order.status !== 'pending' && order.status !== 'declined' && order.status !== 'paid') throw new ApiError(409, CHECKOUT_MESSAGES.failed)
		const outcome = await paySandboxOrder(db, { reference, ...parsed.data })
		if (!outcome.ok) throw new ApiError(outcome.declined ? 402 : 400, outcome.message)
		return itemResponse(c, await sandboxOrder(db, reference, viewer.userId))
	})
	app.post('/payments/stripe/webhook', async (c) => {
		const secret = backendEnv().STRIPE_WEBHOOK_SECRET
		if (!secret) throw notFound('webhook')
		const payload = await c.req.text()
		if (Buffer.byteLength(payload) > MAX_WEBHOOK_BYTES) throw badRequest('Bad request: the body is too large')
		try {
			const outcome = await handleStripeWebhook(db, { payload, signature: c.req.header(STRIPE_SIGNATURE_HEADER), webhookSecret: secret })
			return itemResponse(c, outcome)
		} catch (error) {
			if (error instanceof WebhookSignatureError) throw badRequest('Bad request: invalid signature')
			throw error
		}
	})
	return app
}
