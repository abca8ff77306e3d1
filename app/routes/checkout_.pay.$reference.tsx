/**
 * /checkout/pay/{reference}: the embedded payment sandbox's hosted payment page (used when
 * no payment provider is configured). Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000
 * 0002 is declined. Paying goes through the API's webhook path (backend/payments), which
 * activates the membership once; then the buyer continues to /join?joinType=(membership key).
 * A declined card is marked on the order; the page comes back (a redirect, so a reload never
 * pays again) saying so, with a fresh submission key for the next try.
 * The page says first that it is a test payment and no money is taken. Where the sandbox does
 * not run (production), the API refuses its orders and the page answers 'Failed to purchase
 * membership. Please contact support.' as a 503, with no card field.
 */
import crypto from 'node:crypto'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { requireReader } from '~/lib/guards.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { CHECKOUT_MESSAGES, SANDBOX_CARDS, SANDBOX_NOTICE } from '../../contract/commerce.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { log } from '../lib/log.ts'
import { formatMoney } from '../../contract/format.ts'
import { readForm } from '~/lib/form.server.ts'

export const PAYMENT_TITLE = 'Payment'
export const links = commerceLinks
export const meta: MetaFunction = () => [{ title: `${PAYMENT_TITLE}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

/** Orders hold amounts in cents (pence). */
const money = (amount: number, currency: string) => formatMoney(amount / 100, currency)

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	await requireReader({ request, context })
	const order = (
		await createApiClient({ request, context })
			.get('checkout.order', { params: { reference: params.reference ?? '' } })
			.catch((error: unknown) => {
				if (error instanceof ApiError && error.status === 503 && error.message === CHECKOUT_MESSAGES.failed) throw data(CHECKOUT_MESSAGES.failed, { status: 503, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
				return routeError(error, request)
			})
	).item
	if (!order) throw new Response(CHECKOUT_MESSAGES.orderNotFound, { status: 404 })
	if (order.status === 'paid') throw redirect(order.joinUrl)
	return data({ order, price: money(order.amount, order.currency), idempotencyKey: crypto.randomUUID() }, { headers: { 'Cache-Control': CACHE_CONTROL.privatePage } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	await requireReader({ request, context })
	const form = await readForm(request)
	const cardNumber = String(form.get('cardNumber') ?? '')
	const idempotencyKey = String(form.get('idempotencyKey') ?? '')
	try {
		const order = (await createApiClient({ request, context }).post('checkout.pay', { params: { reference: params.reference ?? '' }, body: { cardNumber, idempotencyKey } })).item
		if (order?.status === 'paid') return redirect(order.joinUrl)
		return data({ error: CHECKOUT_MESSAGES.failed }, { status: 502 })
	} catch (error) {
		// Declined: back to the page, which reads the decline from the order.
		if (error instanceof ApiError && error.status === 402) return redirect(new URL(request.url).pathname)
		if (error instanceof ApiError && error.status < 500 && error.status !== 401) return data({ error: error.message }, { status: error.status })
		log.error({ err: error }, '[checkout] payment failed')
		return data({ error: CHECKOUT_MESSAGES.failed }, { status: 502 })
	}
}

export default function PaymentPage() {
	const { order, price, idempotencyKey } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	if (order.status === 'failed' || order.status === 'cancelled') {
		return (
			<article className="join-page">
				<h1>{PAYMENT_TITLE}</h1>
				<p className="form-error" role="alert">
					{CHECKOUT_MESSAGES.failed}
				</p>
				<Link to="/memberships">Back to memberships</Link>
			</article>
		)
	}
	return (
		<article className="join-page">
			<h1>{PAYMENT_TITLE}</h1>
			<p className="notice">
				<strong>{SANDBOX_NOTICE}</strong> Use card {SANDBOX_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')} to pay, or {SANDBOX_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')} to see a declined card.
			</p>
			<dl>
				<dt>Membership</dt>
				<dd>{order.planName}</dd>
				<dt>Amount</dt>
				<dd>{price}</dd>
				<dt>Email</dt>
				<dd>{order.email}</dd>
				{order.organisationName ? (
					<>
						<dt>Organisation</dt>
						<dd>{order.organisationName}</dd>
					</>
				) : null}
			</dl>
			<Form method="post" className="commerce-form">
				<input type="hidden" name="idempotencyKey" value={idempotencyKey} />
				{actionData?.error ? (
					<p className="form-error" role="alert">
						{actionData.error}
					</p>
				) : order.status === 'declined' ? (
					<p className="form-error" role="alert">
						{CHECKOUT_MESSAGES.declinedTryAgain}
					</p>
				) : null}
				<label>
					Card number
					<input name="cardNumber" inputMode="numeric" autoComplete="cc-number" required />
				</label>
				<button type="submit" className="button" disabled={navigation.state === 'submitting'}>
					{navigation.state === 'submitting' ? CHECKOUT_MESSAGES.processing : `Pay ${price}`}
				</button>
			</Form>
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
