/**
 * Stripe Checkout (the `stripe` package), used when STRIPE_SECRET_KEY is set. A checkout
 * submission creates one Checkout Session (Stripe's idempotency key = the submission's),
 * and Stripe's webhook (POST /api/payments/stripe/webhook), verified by its signature
 * against STRIPE_WEBHOOK_SECRET, reports the payment through fulfilment.ts.
 */
import Stripe from 'stripe'
import type { Db } from '../db/client.ts'
import { applyPaidEvent, markDeclined, type FulfilmentResult } from './fulfilment.ts'
import type { PaymentProvider } from './provider.ts'

/** Stripe's header carrying the webhook signature. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature'
/** Events that mean an order is paid (card payments complete at once, others later). */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])
/** A delayed payment (a bank debit) that failed: marked on the order like a sandbox decline. */
const FAILED_EVENT = 'checkout.session.async_payment_failed'

export function createStripeProvider(secretKey: string, client: Stripe = new Stripe(secretKey)): PaymentProvider {
	return {
		name: 'stripe',
		async createCheckout(request) {
			const session = await client.checkout.sessions.create(
				{
					mode: 'payment',
					line_items: [{ quantity: 1, price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.productName } } }],
					customer_email: request.email,
					client_reference_id: request.reference,
					metadata: { orderReference: request.reference },
					success_url: request.successUrl,
					cancel_url: request.cancelUrl,
				},
				{ idempotencyKey: request.idempotencyKey },
			)
			if (!session.url) throw new Error('Stripe created a checkout session without a URL')
			return { url: session.url, providerSessionId: session.id }
		},
	}
}

export type StripeWebhookOutcome = { status: 'ignored'; type: string } | { status: 'applied'; result: FulfilmentResult } | { status: 'declined' }

export class WebhookSignatureError extends Error {}

/**
 * A webhook delivery: verified by signature (a forged or altered body is refused), then a
 * paid checkout session activates its order's membership (once, however often delivered).
 */
export async function handleStripeWebhook(db: Db, { payload, signature, webhookSecret, now }: { payload: string; signature: string | undefined; webhookSecret: string; now?: Date }): Promise<StripeWebhookOutcome> {
	let event: Stripe.Event
	try {
		event = Stripe.webhooks.constructEvent(payload, signature ?? '', webhookSecret)
	} catch (error) {
		throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature')
	}
	if (!PAID_EVENTS.has(event.type) && event.type !== FAILED_EVENT) return { status: 'ignored', type: event.type }
	const session = event.data.object as Stripe.Checkout.Session
	const orderReference = session.metadata?.orderReference ?? session.client_reference_id
	if (event.type === FAILED_EVENT) {
		if (!orderReference) return { status: 'ignored', type: event.type }
		await markDeclined(db, orderReference)
		return { status: 'declined' }
	}
	if (!orderReference || session.payment_status !== 'paid') return { status: 'ignored', type: event.type }
	const paymentReference = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? session.id)
	return { status: 'applied', result: await applyPaidEvent(db, { provider: 'stripe', eventId: event.id, orderReference, paymentReference }, now) }
}
