/**
 * Payment providers (spec 002 §4 "Checkout", §7 POST /checkout): a provider turns an order
 * into a page where the buyer pays, and reports payments back through the one webhook path
 * (fulfilment.ts). Two implementations:
 * - Stripe Checkout (stripe.ts) when STRIPE_SECRET_KEY is set, its webhook verified by signature;
 * - the embedded sandbox (sandbox.ts) in the demo, or where PAYMENT_SANDBOX=1 asks for it: a
 *   hosted payment page of our own with test card numbers, so a purchase works on one machine
 *   with no configuration.
 * Production with neither takes no payments at all (backend/mode.ts): checkout answers 503.
 */
import { backendEnv } from '../env.ts'
import { purchases } from '../mode.ts'
import { createSandboxProvider } from './sandbox.ts'
import { createStripeProvider } from './stripe.ts'

export type PaymentProviderName = 'sandbox' | 'stripe'

export type CheckoutRequest = {
	/** Our order's public reference (checkout_sessions.reference). */
	reference: string
	productName: string
	/** Minor units. */
	amount: number
	currency: 'GBP' | 'USD'
	email: string
	/** Absolute addresses the provider sends the buyer back to. */
	successUrl: string
	cancelUrl: string
	/** The checkout submission's key: the provider creates one session per key. */
	idempotencyKey: string
}

export type CreatedCheckout = { url: string; providerSessionId: string | null }

export interface PaymentProvider {
	readonly name: PaymentProviderName
	createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>
}

/** The site's public origin, for the addresses a provider sends buyers back to. */
export function publicOrigin(): string {
	const env = backendEnv()
	return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
}

/** Stripe when configured, else the sandbox where the mode allows it, else null: purchases are off. */
export function paymentProviderFromEnv(): PaymentProvider | null {
	const env = backendEnv()
	const mode = purchases(env)
	if (mode === 'stripe' && env.STRIPE_SECRET_KEY) return createStripeProvider(env.STRIPE_SECRET_KEY)
	return mode === 'sandbox' ? createSandboxProvider() : null
}
