/**
 * The embedded payment sandbox: our own hosted payment page (the site's
 * /checkout/pay/{reference}) with test card numbers, like a provider's test mode. Paying
 * goes through the same webhook path as Stripe (fulfilment.ts), with an event id derived
 * from the payment page's own idempotency key, so a page submitted twice pays once.
 */
import { sql } from 'drizzle-orm'
import { CHECKOUT_MESSAGES, SANDBOX_CARDS } from '../../contract/commerce.ts'
import type { Db } from '../db/client.ts'
import { applyPaidEvent, markDeclined, type FulfilmentResult } from './fulfilment.ts'
import type { PaymentProvider } from './provider.ts'

/** The site's payment page for an order (relative: the site serves it). */
export const sandboxPaymentPath = (reference: string) => `/checkout/pay/${encodeURIComponent(reference)}`

export function createSandboxProvider(): PaymentProvider {
	return {
		name: 'sandbox',
		async createCheckout(request) {
			return { url: sandboxPaymentPath(request.reference), providerSessionId: null }
		},
	}
}

export type SandboxPaymentOutcome = { ok: true; result: FulfilmentResult } | { ok: false; declined: boolean; message: string }

/**
 * A payment on the sandbox page: the success card pays, the declined card is declined (and
 * marked on the order, which stays payable), any other number is refused without an attempt.
 * One attempt per submission of the page (its idempotency key): the same submission arriving
 * again gets the first one's outcome, and a paid attempt goes through the webhook path, which
 * activates the membership once however often it is applied.
 */
export async function paySandboxOrder(db: Db, { reference, cardNumber, idempotencyKey }: { reference: string; cardNumber: string; idempotencyKey: string }): Promise<SandboxPaymentOutcome> {
	const outcome = cardNumber === SANDBOX_CARDS.success ? 'paid' : cardNumber === SANDBOX_CARDS.declined ? 'declined' : null
	if (!outcome) return { ok: false, declined: false, message: CHECKOUT_MESSAGES.cardInvalid }
	await db.execute(sql`
		insert into payment_attempts (reference, idempotency_key, outcome, card_last4) values (${reference}, ${idempotencyKey}, ${outcome}, ${cardNumber.slice(-4)})
		on conflict (reference, idempotency_key) do nothing`)
	const { rows } = await db.execute<{ outcome: 'paid' | 'declined' }>(sql`select outcome from payment_attempts where reference = ${reference} and idempotency_key = ${idempotencyKey}`)
	if (rows[0]?.outcome === 'declined') {
		await markDeclined(db, reference)
		return { ok: false, declined: true, message: CHECKOUT_MESSAGES.cardDeclined }
	}
	const result = await applyPaidEvent(db, { provider: 'sandbox', eventId: `sandbox_${reference}_${idempotencyKey}`, orderReference: reference, paymentReference: `sandbox_${reference}` })
	return { ok: true, result }
}
