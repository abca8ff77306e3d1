/**
 * The embedded payment sandbox: our own hosted payment page (the site's
 * /checkout/pay/{reference}) with test card numbers, like a provider's test mode. Paying
 * goes through the same webhook path as Stripe (fulfilment.ts), with an event id derived
 * from the payment page's own idempotency key, so a page submitted twice pays once.
 */
import { CHECKOUT_MESSAGES, SANDBOX_CARDS } from '../../contract/commerce.ts'
import type { Db } from '../db/client.ts'
import { applyPaidEvent, type FulfilmentResult } from './fulfilment.ts'
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

export type SandboxPaymentOutcome = { ok: true; result: FulfilmentResult } | { ok: false; message: string }

/** A payment on the sandbox page: the success card pays, the declined card is declined, any other is refused. */
export async function paySandboxOrder(db: Db, { reference, cardNumber, idempotencyKey }: { reference: string; cardNumber: string; idempotencyKey: string }): Promise<SandboxPaymentOutcome> {
	if (cardNumber === SANDBOX_CARDS.declined) return { ok: false, message: CHECKOUT_MESSAGES.cardDeclined }
	if (cardNumber !== SANDBOX_CARDS.success) return { ok: false, message: CHECKOUT_MESSAGES.cardInvalid }
	const result = await applyPaidEvent(db, { provider: 'sandbox', eventId: `sandbox_${reference}_${idempotencyKey}`, orderReference: reference, paymentReference: `sandbox_${reference}` })
	return { ok: true, result }
}
