/**
 * /checkout (spec 002 §4 "Checkout", §5): the buyer's details for a plan bought online, as
 * an individual or as an organisation (VAT number and headquarters address). The form
 * carries an idempotency key made when it was shown: sending it twice makes one order. The
 * post calls POST /checkout and sends the browser to the URL it answers (Stripe Checkout
 * or the embedded payment page); a failure shows 'Failed to purchase membership. Please
 * contact support.' Where the site takes no payments (production without a provider), the
 * page itself answers that message as a 503, before anyone fills in the form.
 */
import crypto from 'node:crypto'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { requireReader } from '~/lib/guards.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { CHECKOUT_MESSAGES, CheckoutBodySchema, CURRENCIES, formatPrice, PLAN_KEYS, planByKey, SANDBOX_NOTICE } from '../../contract/commerce.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { log } from '../lib/log.ts'
import { readForm } from '~/lib/form.server.ts'

export const CHECKOUT_TITLE = 'Buy your membership'
export const links = commerceLinks
export const meta: MetaFunction = () => [{ title: `${CHECKOUT_TITLE}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

const QuerySchema = z.object({
	plan: z.enum(PLAN_KEYS).catch('executive'),
	currency: z.enum(CURRENCIES).catch('GBP'),
	isRenewal: z.enum(['true', 'false']).optional().catch(undefined),
})

/** The form's fields as the browser sends them: the address flattened, checkboxes as text. */
const CheckoutFormSchema = z.preprocess((value) => {
	const form = value as Record<string, unknown>
	const { addressLine1, addressLine2, addressCity, addressPostcode, addressCountry, isRenewal, ...rest } = form
	const base = { ...rest, isRenewal: isRenewal === 'true' }
	return form.buyingAs === 'organisation' ? { ...base, address: { line1: addressLine1 ?? '', line2: addressLine2, city: addressCity ?? '', postcode: addressPostcode ?? '', country: addressCountry ?? '' } } : base
}, CheckoutBodySchema)

/** The fields the form shows a message beside (address.* under one line). */
const FIELDS_WITH_MESSAGES = ['organisationName', 'vatNumber', 'address']

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireReader({ request, context })
	const query = parseUrlParams(QuerySchema, new URL(request.url).searchParams)
	const plan = planByKey(query.plan)!
	// A plan sold by the sales team is described whatever the payments; one bought online needs a
	// provider, and a reader with nothing to buy (a current member) is told so before filling the form.
	const api = createApiClient({ request, context })
	const [payments, offers] = plan.buyOnline
		? await Promise.all([
				api.get('checkout.payments').then((response) => response.item?.payments, (error: unknown) => routeError(error, request)),
				api.get('memberships.offers').then((response) => response.item, (error: unknown) => routeError(error, request)),
			])
		: [undefined, undefined]
	if (payments === 'off') throw data(CHECKOUT_MESSAGES.failed, { status: 503, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
	return data(
		{
			plan: { key: plan.key, name: plan.name, summary: plan.summary, price: formatPrice(plan, query.currency), buyOnline: plan.buyOnline },
			currency: query.currency,
			isRenewal: query.isRenewal === 'true',
			idempotencyKey: crypto.randomUUID(),
			sandbox: payments === 'sandbox',
			alreadyMember: offers?.buy === null,
		},
		{ headers: { 'Cache-Control': CACHE_CONTROL.privatePage } },
	)
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireReader({ request, context })
	const formData = await readForm(request)
	const submission = parseWithZod(formData, { schema: CheckoutFormSchema })
	if (submission.status !== 'success') {
		// The page shows messages beside the organisation's fields; anything else wrong was not typed by the reader.
		const unshown = Object.keys(submission.error ?? {}).some((name) => !FIELDS_WITH_MESSAGES.some((field) => name === field || name.startsWith(`${field}.`)))
		return data({ result: submission.reply(unshown ? { formErrors: [CHECKOUT_MESSAGES.formUnreadable] } : undefined), message: null }, { status: 400 })
	}
	let url: string | undefined
	try {
		url = (await createApiClient({ request, context }).post('checkout', { body: submission.value })).item
	} catch (error) {
		log.error({ err: error }, '[checkout] failed')
		const message = error instanceof ApiError && error.status === 409 ? error.message : CHECKOUT_MESSAGES.failed
		// 503: the site takes no payments now (a provider failure is a 502).
		const status = error instanceof ApiError && (error.status < 500 || error.status === 503) ? error.status : 502
		return data({ result: submission.reply({ formErrors: [message] }), message }, { status })
	}
	// Spec 002 §8: a non-string result is a failure too.
	if (typeof url !== 'string' || url === '') return data({ result: submission.reply({ formErrors: [CHECKOUT_MESSAGES.failed] }), message: CHECKOUT_MESSAGES.failed }, { status: 502 })
	// An address off this site (Stripe) must be a full page load.
	return redirect(url, { headers: url.startsWith('/') ? {} : { 'X-Remix-Reload-Document': 'true' } })
}

/** The form's text fields as the browser sends them. */
type CheckoutFields = { buyingAs: string; organisationName: string; vatNumber: string; addressLine1: string; addressLine2: string; addressCity: string; addressPostcode: string; addressCountry: string }

export default function CheckoutPage() {
	const { plan, currency, isRenewal, idempotencyKey, sandbox, alreadyMember } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [form, fields] = useForm<CheckoutFields>({
		lastResult: actionData?.result,
		defaultValue: { buyingAs: 'individual' },
		// Validated on the server only: which fields are required depends on "buying as".
	})
	const buyingAs = (fields.buyingAs.initialValue as string | undefined) ?? 'individual'
	if (!plan.buyOnline) {
		return (
			<article className="join-page">
				<h1>{plan.name}</h1>
				<p>{CHECKOUT_MESSAGES.notForSale}</p>
				<Link to="/memberships#contact">Contact us</Link>
			</article>
		)
	}
	if (alreadyMember) {
		return (
			<article className="join-page">
				<h1>{CHECKOUT_TITLE}</h1>
				<p role="status">{CHECKOUT_MESSAGES.alreadyMember}</p>
				<Link to="/profile">View your membership</Link>
			</article>
		)
	}
	const text = (name: 'organisationName' | 'vatNumber' | 'addressLine1' | 'addressLine2' | 'addressCity' | 'addressPostcode' | 'addressCountry', label: string) => {
		const field = fields[name as keyof typeof fields]
		return (
			<label>
				{label}
				<input name={name} id={`checkout-${name}`} defaultValue={(field?.initialValue as string | undefined) ?? ''} />
			</label>
		)
	}
	// The address's messages arrive under address.*; one line says what is missing.
	const addressErrors = Object.entries(form.allErrors)
		.filter(([name]) => name.startsWith('address'))
		.flatMap(([, messages]) => messages)
	return (
		<article className="join-page">
			<h1>{CHECKOUT_TITLE}</h1>
			<p>
				<strong>{plan.name}</strong>: {plan.price} per year. {plan.summary}.
			</p>
			{sandbox ? <p className="notice">{SANDBOX_NOTICE}</p> : null}
			<Form method="post" {...getFormProps(form)} className="commerce-form">
				<input type="hidden" name="plan" value={plan.key} />
				<input type="hidden" name="currency" value={currency} />
				<input type="hidden" name="idempotencyKey" value={idempotencyKey} />
				<input type="hidden" name="isRenewal" value={String(isRenewal)} />
				{form.errors?.length ? (
					<p className="form-error" role="alert" id={form.errorId}>
						{form.errors[0]}
					</p>
				) : null}
				<fieldset>
					<legend>Buying as</legend>
					{(['individual', 'organisation'] as const).map((value) => (
						<label key={value} className="checkbox">
							<input type="radio" name="buyingAs" value={value} defaultChecked={value === buyingAs} />
							{value === 'individual' ? 'An individual' : 'An organisation'}
						</label>
					))}
				</fieldset>
				{/* Shown to everyone (no scripts needed); the server asks for them only from organisations. */}
				<fieldset>
					<legend>Your organisation (required when buying as an organisation)</legend>
					{text('organisationName', 'Organisation name')}
					{fields.organisationName.errors ? <p className="field-error">{fields.organisationName.errors[0]}</p> : null}
					{text('vatNumber', 'VAT number')}
					{fields.vatNumber.errors ? <p className="field-error">{fields.vatNumber.errors[0]}</p> : null}
					<p>Headquarters address</p>
					{text('addressLine1', 'Address line 1')}
					{text('addressLine2', 'Address line 2 (optional)')}
					{text('addressCity', 'Town or city')}
					{text('addressPostcode', 'Postcode')}
					{text('addressCountry', 'Country')}
					{addressErrors.length ? <p className="field-error">{addressErrors[0]}</p> : null}
				</fieldset>
				<button type="submit" className="button" disabled={navigation.state === 'submitting'}>
					{navigation.state === 'submitting' ? CHECKOUT_MESSAGES.processing : 'Continue to payment'}
				</button>
			</Form>
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
