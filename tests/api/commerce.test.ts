/**
 * Membership and commerce over the API: trials, interest details, checkout with
 * its idempotency key, the embedded sandbox's payment and Stripe's signed webhook.
 */
import { sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CHECKOUT_MESSAGES, PREFERENCES_MESSAGES, SANDBOX_CARDS, TRIAL_MESSAGES } from '../../contract/commerce.ts'
import { Hono } from 'hono'
import { authenticate } from '../../backend/api/auth.ts'
import type { ApiEnv } from '../../backend/api/context.ts'
import { handleError } from '../../backend/api/errors.ts'
import { commerceResource } from '../../backend/api/commerce/index.ts'
import { createFreeAccount } from '../../backend/identity/accounts.ts'
import type { PaymentProvider } from '../../backend/payments/provider.ts'
import { createStripeProvider, handleStripeWebhook } from '../../backend/payments/stripe.ts'
import { createCheckout } from '../../backend/api/commerce/checkout.ts'
import { sandboxPaymentPath, createSandboxProvider } from '../../backend/payments/sandbox.ts'
import { call, tokenFor, userIdByEmail } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

let counter = 0
async function newAccount() {
	const email = `commerce-${++counter}-${Date.now()}@example.org`
	const result = await createFreeAccount(database.db, { email, password: 'Fresh-Water-2026!', firstName: 'Cora', lastName: 'Commerce' })
	if (!result.ok) throw new Error('account exists')
	return { email, token: await tokenFor(database.db, email), userId: await userIdByEmail(database.db, email) }
}
const rolesOf = async (userId: number) =>
	(await database.db.execute<{ name: string }>(sql`select r.name from dated_roles d join roles r on r.id = d.role_id where d.user_id = ${userId} order by d.id`)).rows.map((row) => row.name)
const key = () => `submission-${crypto.randomUUID()}`

describe('POST /trials', () => {
	test('grants Executive - Trial for 2 weeks, then refuses within 12 months', async () => {
		const reader = await newAccount()
		const first = await call(api, 'POST', '/trials', { token: reader.token })
		expect(first.status).toBe(200)
		expect(first.body.item.joinType).toBe('gwi-trial')
		expect(Date.parse(first.body.item.endDate) - Date.parse(first.body.item.startDate)).toBe(14 * 24 * 60 * 60 * 1000)
		expect(await rolesOf(reader.userId)).toEqual(['base account', 'Executive - Trial'])
		const second = await call(api, 'POST', '/trials', { token: reader.token })
		expect(second.status).toBe(409)
		expect(second.body.errors).toEqual([TRIAL_MESSAGES.requestedRecently])
		expect(await rolesOf(reader.userId)).toEqual(['base account', 'Executive - Trial'])
	})
	test('visitors are refused', async () => {
		expect((await call(api, 'POST', '/trials')).status).toBe(401)
	})
	test('offers: a free account is offered both, an executive neither', async () => {
		const reader = await newAccount()
		expect((await call(api, 'GET', '/memberships/offers', { token: reader.token })).body.item).toMatchObject({ trial: true, buy: 'Buy now' })
		const executive = await tokenFor(database.db, 'executive@example.com')
		expect((await call(api, 'GET', '/memberships/offers', { token: executive })).body.item).toMatchObject({ trial: false, buy: null })
		expect((await call(api, 'GET', '/memberships/offers', { token: await tokenFor(database.db, 'expired@example.com') })).body.item.buy).toBe('Renew membership')
	})
})

describe('POST /about-you', () => {
	test('validates with the form schema and records the interests', async () => {
		const reader = await newAccount()
		const missing = await call(api, 'POST', '/about-you', { token: reader.token, body: {} })
		expect(missing.status).toBe(400)
		expect(missing.body.errors).toEqual([PREFERENCES_MESSAGES.howDidYouFindUsRequired])
		const other = await call(api, 'POST', '/about-you', { token: reader.token, body: { howDidYouFindUs: 'Other', specifyOther: ' ' } })
		expect(other.body.errors).toEqual([PREFERENCES_MESSAGES.specifyOtherRequired])
		const ok = await call(api, 'POST', '/about-you', { token: reader.token, body: { howDidYouFindUs: 'Email', specifyOther: 'dropped', interestsDesalination: true } })
		expect(ok.status).toBe(200)
		const { rows } = await database.db.execute<{ interests: Record<string, unknown> }>(sql`select interests from users where id = ${reader.userId}`)
		expect(rows[0]!.interests).toMatchObject({ howDidYouFindUs: 'Email', interestsDesalination: true, interestsChemicals: false })
		expect(rows[0]!.interests).not.toHaveProperty('specifyOther')
	})
})

describe('checkout with the embedded sandbox', () => {
	const body = (idempotencyKey: string) => ({ plan: 'executive', currency: 'GBP', buyingAs: 'individual', idempotencyKey })

	test('one order per submission, paid once, the membership activated once', async () => {
		const reader = await newAccount()
		const submission = key()
		const [a, b] = await Promise.all([call(api, 'POST', '/checkout', { token: reader.token, body: body(submission) }), call(api, 'POST', '/checkout', { token: reader.token, body: body(submission) })])
		const url = a.status === 200 ? a.body.item : b.body.item
		expect(url).toMatch(/^\/checkout\/pay\/[0-9a-f-]{36}$/)
		const again = await call(api, 'POST', '/checkout', { token: reader.token, body: body(submission) })
		expect(again.body.item).toBe(url)
		const orders = await database.db.execute<{ status: string; amount_minor: number }>(sql`select status, amount_minor from orders where user_id = ${reader.userId}`)
		expect(orders.rows).toEqual([{ status: 'pending', amount_minor: 129500 }])

		const reference = url.split('/').at(-1)
		const declined = await call(api, 'POST', `/checkout/orders/${reference}/pay`, { token: reader.token, body: { cardNumber: SANDBOX_CARDS.declined, idempotencyKey: key() } })
		expect(declined.status).toBe(402)
		expect(declined.body.errors).toEqual([CHECKOUT_MESSAGES.cardDeclined])

		const payKey = key()
		const pay = () => call(api, 'POST', `/checkout/orders/${reference}/pay`, { token: reader.token, body: { cardNumber: '4242 4242 4242 4242', idempotencyKey: payKey } })
		const paid = await Promise.all([pay(), pay()])
		expect(paid.map((response) => response.body.item.status)).toEqual(['paid', 'paid'])
		// A new submission of the page (another key) finds the order paid: still one membership.
		await call(api, 'POST', `/checkout/orders/${reference}/pay`, { token: reader.token, body: { cardNumber: SANDBOX_CARDS.success, idempotencyKey: key() } })
		expect(await rolesOf(reader.userId)).toEqual(['base account', 'Executive'])

		// Now a member: nothing more to buy, and no trial.
		const member = await tokenFor(database.db, reader.email)
		expect((await call(api, 'POST', '/checkout', { token: member, body: body(key()) })).body.errors).toEqual([CHECKOUT_MESSAGES.alreadyMember])
		expect((await call(api, 'GET', '/memberships/offers', { token: member })).body.item).toMatchObject({ trial: false, buy: null, isExecutive: true })
	})

	test('a declined card is marked on the order, activates nothing, and the buyer may try again; paid once', async () => {
		const reader = await newAccount()
		const url = (await call(api, 'POST', '/checkout', { token: reader.token, body: body(key()) })).body.item as string
		const reference = url.split('/').at(-1)
		const pay = (cardNumber: string, idempotencyKey: string) => call(api, 'POST', `/checkout/orders/${reference}/pay`, { token: reader.token, body: { cardNumber, idempotencyKey } })
		const order = async () => (await database.db.execute<{ status: string }>(sql`select status from orders where user_id = ${reader.userId}`)).rows
		const attempts = async () => (await database.db.execute<{ outcome: string; card_last4: string }>(sql`select outcome, card_last4 from payment_attempts where reference = ${reference} order by created_at`)).rows

		// Not a test card: refused without an attempt.
		expect((await pay('1234 5678 9012 3456', key())).status).toBe(400)
		expect(await attempts()).toEqual([])
		// The declined card, submitted twice by one page: one attempt, the order marked declined.
		const declinedKey = key()
		const [first, again] = await Promise.all([pay('4000 0000 0000 0002', declinedKey), pay('4000 0000 0000 0002', declinedKey)])
		expect([first.status, again.status]).toEqual([402, 402])
		expect(first.body.errors).toEqual([CHECKOUT_MESSAGES.cardDeclined])
		expect(await order()).toEqual([{ status: 'declined' }])
		expect(await attempts()).toEqual([{ outcome: 'declined', card_last4: '0002' }])
		expect(await rolesOf(reader.userId)).toEqual(['base account'])
		expect((await call(api, 'GET', `/checkout/orders/${reference}`, { token: reader.token })).body.item.status).toBe('declined')
		// A declined order is no recent order for /join to wait for.
		expect((await call(api, 'GET', '/memberships/offers', { token: reader.token })).body.item).toMatchObject({ hasRecentOrder: false, buy: 'Buy now' })

		// Tried again with the success card: paid, one membership.
		const retry = await pay(SANDBOX_CARDS.success, key())
		expect(retry.body.item.status).toBe('paid')
		expect(await order()).toEqual([{ status: 'paid' }])
		expect(await rolesOf(reader.userId)).toEqual(['base account', 'Executive'])
		// A declined card afterwards changes nothing: the order stays paid.
		await pay(SANDBOX_CARDS.declined, key())
		expect(await order()).toEqual([{ status: 'paid' }])
		expect(await rolesOf(reader.userId)).toEqual(['base account', 'Executive'])
	})

	test('many copies of one submission at once all get the same checkout address, while the provider is still answering the first', async () => {
		const reader = await newAccount()
		const sandbox = createSandboxProvider()
		// A provider that takes its time, as a real one does: the copies arrive while the first is with it.
		const slow: PaymentProvider = { name: 'sandbox', createCheckout: async (input) => new Promise((resolve) => setTimeout(() => resolve(sandbox.createCheckout(input)), 300)) }
		const submission = key()
		const answers = await Promise.allSettled(Array.from({ length: 40 }, () => createCheckout(database.db, slow, reader.userId, body(submission))))
		const urls = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : String(answer.reason)))
		expect(urls[0]).toMatch(/^\/checkout\/pay\/[0-9a-f-]{36}$/)
		expect(new Set(urls)).toEqual(new Set([urls[0]]))
	})

	test('another buyer cannot see or pay the order', async () => {
		const reader = await newAccount()
		const other = await newAccount()
		const url = (await call(api, 'POST', '/checkout', { token: reader.token, body: body(key()) })).body.item as string
		const reference = url.split('/').at(-1)
		expect((await call(api, 'GET', `/checkout/orders/${reference}`, { token: other.token })).status).toBe(404)
		expect((await call(api, 'POST', `/checkout/orders/${reference}/pay`, { token: other.token, body: { cardNumber: SANDBOX_CARDS.success, idempotencyKey: key() } })).status).toBe(404)
	})

	test('organisations must give the VAT number and headquarters address; sales-only plans are refused', async () => {
		const reader = await newAccount()
		const organisation = { ...body(key()), buyingAs: 'organisation', organisationName: 'Aqua Ltd' }
		expect((await call(api, 'POST', '/checkout', { token: reader.token, body: organisation })).body.errors).toEqual([CHECKOUT_MESSAGES.vatRequired])
		expect((await call(api, 'POST', '/checkout', { token: reader.token, body: { ...organisation, vatNumber: 'GB123456789' } })).status).toBe(400)
		const complete = { ...organisation, vatNumber: 'GB123456789', address: { line1: '1 River Street', city: 'Oxford', postcode: 'OX1 1AA', country: 'United Kingdom' } }
		expect((await call(api, 'POST', '/checkout', { token: reader.token, body: complete })).status).toBe(200)
		const { rows } = await database.db.execute<{ vat_number: string; address: Record<string, string> }>(sql`select vat_number, address from orders where user_id = ${reader.userId}`)
		expect(rows[0]).toMatchObject({ vat_number: 'GB123456789', address: { city: 'Oxford' } })
		expect((await call(api, 'POST', '/checkout', { token: reader.token, body: { ...body(key()), plan: 'strategist' } })).body.errors).toEqual([CHECKOUT_MESSAGES.notForSale])
	})

	test("a provider failure answers 'Failed to purchase membership. Please contact support.'", async () => {
		const failing: PaymentProvider = { name: 'stripe', createCheckout: async () => Promise.reject(new Error('provider down')) }
		const reader = await newAccount()
		const hono = commerceResource(failing)({ db: database.db })
		// The resource alone, behind the API's authentication, as index.ts mounts it.
		const mounted = new Hono<ApiEnv>().use('*', authenticate(database.db)).route('/', hono).onError(handleError)
		const response = await call(mounted, 'POST', '/checkout', { token: reader.token, body: body(key()) })
		expect(response.status).toBe(502)
		expect(response.body.errors).toEqual([CHECKOUT_MESSAGES.failed])
		expect((await database.db.execute<{ status: string }>(sql`select status from orders where user_id = ${reader.userId}`)).rows).toEqual([{ status: 'failed' }])
	})
})

describe('Stripe webhook', () => {
	const secret = 'whsec_test_secret_for_commerce'
	const stripe = new Stripe('sk_test_dummy')
	let reference: string
	let userId: number
	beforeAll(async () => {
		const reader = await newAccount()
		userId = reader.userId
		// An order as a Stripe checkout would make it (the sandbox provider stands in for the session creation).
		const url = await createCheckout(database.db, { ...createSandboxProvider(), name: 'stripe' }, reader.userId, { plan: 'executive', currency: 'USD', buyingAs: 'individual', idempotencyKey: key() })
		reference = url.replace(sandboxPaymentPath(''), '')
	})
	const completed = (id: string, orderReference: string) =>
		JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_test_1', metadata: { orderReference }, client_reference_id: orderReference } } })

	test('a forged signature is refused and changes nothing', async () => {
		const payload = completed('evt_forged', reference)
		const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
		await expect(handleStripeWebhook(database.db, { payload, signature: header, webhookSecret: secret })).rejects.toThrow()
		const tampered = stripe.webhooks.generateTestHeaderString({ payload, secret })
		await expect(handleStripeWebhook(database.db, { payload: payload.replace('paid', 'PAID'), signature: tampered, webhookSecret: secret })).rejects.toThrow()
		expect(await rolesOf(userId)).toEqual(['base account'])
	})

	test('a signed failed delayed payment marks the order declined and activates nothing', async () => {
		const reader = await newAccount()
		const url = await createCheckout(database.db, { ...createSandboxProvider(), name: 'stripe' }, reader.userId, { plan: 'executive', currency: 'GBP', buyingAs: 'individual', idempotencyKey: key() })
		const orderReference = url.replace(sandboxPaymentPath(''), '')
		const payload = JSON.stringify({ id: 'evt_failed_1', object: 'event', type: 'checkout.session.async_payment_failed', data: { object: { id: 'cs_test_2', object: 'checkout.session', payment_status: 'unpaid', metadata: { orderReference }, client_reference_id: orderReference } } })
		expect(await handleStripeWebhook(database.db, { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }), webhookSecret: secret })).toEqual({ status: 'declined' })
		expect((await database.db.execute<{ status: string }>(sql`select status from orders where user_id = ${reader.userId}`)).rows).toEqual([{ status: 'declined' }])
		expect(await rolesOf(reader.userId)).toEqual(['base account'])
	})

	test('a signed completed session activates the membership once, however often delivered', async () => {
		const payload = completed('evt_paid_1', reference)
		const header = stripe.webhooks.generateTestHeaderString({ payload, secret })
		expect(await handleStripeWebhook(database.db, { payload, signature: header, webhookSecret: secret })).toEqual({ status: 'applied', result: 'activated' })
		expect(await handleStripeWebhook(database.db, { payload, signature: header, webhookSecret: secret })).toEqual({ status: 'applied', result: 'duplicate-event' })
		const other = completed('evt_paid_2', reference)
		expect(await handleStripeWebhook(database.db, { payload: other, signature: stripe.webhooks.generateTestHeaderString({ payload: other, secret }), webhookSecret: secret })).toEqual({ status: 'applied', result: 'already-paid' })
		expect(await rolesOf(userId)).toEqual(['base account', 'Executive'])
	})

	test('Stripe Checkout sessions carry the order reference and the submission key', async () => {
		const calls: { params: Stripe.Checkout.SessionCreateParams; options: Stripe.RequestOptions | undefined }[] = []
		const fake = { checkout: { sessions: { create: async (params: Stripe.Checkout.SessionCreateParams, options?: Stripe.RequestOptions) => (calls.push({ params, options }), { id: 'cs_test_9', url: 'https://checkout.stripe.com/c/pay/cs_test_9' }) } } } as unknown as Stripe
		const provider = createStripeProvider('sk_test_dummy', fake)
		const reader = await newAccount()
		const submission = key()
		const url = await createCheckout(database.db, provider, reader.userId, { plan: 'executive', currency: 'USD', buyingAs: 'individual', idempotencyKey: submission })
		expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_9')
		expect(await createCheckout(database.db, provider, reader.userId, { plan: 'executive', currency: 'USD', buyingAs: 'individual', idempotencyKey: submission })).toBe(url)
		expect(calls).toHaveLength(1)
		expect(calls[0]!.options).toEqual({ idempotencyKey: submission })
		expect(calls[0]!.params).toMatchObject({ mode: 'payment', customer_email: reader.email, line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 195000 } }] })
		expect(calls[0]!.params.success_url).toMatch(/\/join\?joinType=gwi-membership$/)
		expect(calls[0]!.params.metadata?.orderReference).toBe(calls[0]!.params.client_reference_id)
	})

	describe('over HTTP', () => {
		afterEach(() => {
			delete process.env.STRIPE_WEBHOOK_SECRET
		})
		test('POST /payments/stripe/webhook verifies the stripe-signature header', async () => {
			process.env.STRIPE_WEBHOOK_SECRET = secret
			const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } })
			const ok = await api.request('/payments/stripe/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) } })
			expect(ok.status).toBe(200)
			const bad = await api.request('/payments/stripe/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': 't=1,v1=deadbeef' } })
			expect(bad.status).toBe(400)
		})
	})
})
