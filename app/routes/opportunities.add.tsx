/**
 * /opportunities/add (spec 000 §2, §7 "POST /{entity}", §8 create messages): a member posts an
 * opportunity, published at once or kept as a draft seen through its secret link. One zod
 * schema (contract/opportunities.ts) for conform in the browser, this action and the API.
 * Bad input comes back with the reader's input in the form and a 4xx; the API writes the
 * opportunity in one statement, so nothing is ever half-written. On success the poster goes
 * to the new page, which says 'Successfully created opportunity {name}'.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { capabilitiesFor } from '~/lib/capabilities.ts'
import { routeError } from '~/lib/errors.server.ts'
import { readForm } from '~/lib/form.server.ts'
import { requireReader } from '~/lib/guards.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { CREATED_PARAM } from '~/lib/opportunities.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import {
	CREATE_MESSAGES,
	OPPORTUNITY_CATEGORIES,
	OPPORTUNITY_ENTITY,
	OPPORTUNITY_EXCHANGE_PATH,
	OPPORTUNITY_MESSAGES,
	opportunityCreateSchema,
	opportunityDraftPath,
	opportunityPath,
} from '../../contract/opportunities.ts'
import { log } from '../lib/log.ts'

export const ADD_OPPORTUNITY_TITLE = 'Post an opportunity'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]
export const meta: MetaFunction = () => [{ title: `${ADD_OPPORTUNITY_TITLE}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
	const user = await requireReader({ request, context })
	const canPost = capabilitiesFor({ permissions: user.permissions, viaNetworkAddress: user.viaNetworkAddress }).canPostOpportunities
	const countries = canPost ? ((await createApiClient({ request, context }).get('opportunities.countries').catch((error: unknown) => routeError(error, request))).items ?? []) : []
	return data({ canPost, countries }, { headers: { 'Cache-Control': CACHE_CONTROL.privatePage } })
}

export async function action({ request, context }: ActionFunctionArgs) {
	await requireReader({ request, context })
	const submission = parseWithZod(await readForm(request), { schema: opportunityCreateSchema(new Date()) })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	try {
		const created = (await createApiClient({ request, context }).post('opportunities.create', { body: submission.value })).item!
		const page = created.isDraft && created.previewSecret ? opportunityDraftPath(created.slug, created.previewSecret) : opportunityPath(created.slug)
		return redirect(`${page}${page.includes('?') ? '&' : '?'}${CREATED_PARAM}=true`)
	} catch (error) {
		// The API's refusals are the reader's to read (the spec's permission message, an unknown country); the rest is our failure.
		if (error instanceof ApiError && error.status >= 400 && error.status < 500 && !error.isExpiredLogin)
			// The API's own words (spec 000 §8: 'Sorry, you do not have permission to create ...'), not the transport's 'Forbidden'.
			return data({ result: submission.reply({ formErrors: [error.errors[0] ?? error.message] }) }, { status: error.status })
		if (error instanceof Response) throw error
		log.error({ err: error }, '[opportunities] create failed')
		return data({ result: submission.reply({ formErrors: [CREATE_MESSAGES.failed(OPPORTUNITY_ENTITY)] }) }, { status: 502 })
	}
}

export default function AddOpportunityPage() {
	const { canPost, countries } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const schema = opportunityCreateSchema()
	const [form, fields] = useForm({
		lastResult: actionData?.result,
		constraint: getZodConstraint(schema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: opportunityCreateSchema(new Date()) }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	if (!canPost) {
		return (
			<article className="opportunity-page">
				<h1>{ADD_OPPORTUNITY_TITLE}</h1>
				<p>{OPPORTUNITY_MESSAGES.membersOnly}</p>
				<p>
					<Link to="/memberships" className="button">
						See memberships
					</Link>{' '}
					<Link to={OPPORTUNITY_EXCHANGE_PATH}>Back to the exchange</Link>
				</p>
			</article>
		)
	}
	const errorOf = (field: { errors?: string[]; errorId: string }) =>
		field.errors?.length ? (
			<p className="field__error" id={field.errorId}>
				{field.errors[0]}
			</p>
		) : null
	const submitting = navigation.state === 'submitting'
	return (
		<article className="opportunity-page">
			<h1>{ADD_OPPORTUNITY_TITLE}</h1>
			<p>
				Tell members what you are looking for: a contractor, an operator, finance, an industrial partner or development finance. It appears on the{' '}
				<Link to={OPPORTUNITY_EXCHANGE_PATH}>opportunity exchange</Link> at once, or save it as a draft and share its link first.
			</p>
			<Form method="post" {...getFormProps(form)} className="opportunity-form">
				{form.errors?.length ? (
					<p className="form-error" role="alert" id={form.errorId}>
						{form.errors[0]}
					</p>
				) : null}
				<div className="field">
					<label htmlFor={fields.name.id}>Title</label>
					<input {...getInputProps(fields.name, { type: 'text' })} />
					{errorOf(fields.name)}
				</div>
				<fieldset className="field" aria-invalid={fields.category.errors?.length ? true : undefined}>
					<legend>Category</legend>
					{OPPORTUNITY_CATEGORIES.map((category) => (
						<label key={category} className="checkbox">
							<input type="radio" name={fields.category.name} value={category} defaultChecked={fields.category.initialValue === category} required /> {category}
						</label>
					))}
					{errorOf(fields.category)}
				</fieldset>
				<div className="field">
					<label htmlFor={fields.country.id}>Country</label>
					<select {...getSelectProps(fields.country)}>
						<option value="">Choose a country</option>
						{countries.map((country) => (
							<option key={country.slug} value={country.slug}>
								{country.name}
							</option>
						))}
					</select>
					{errorOf(fields.country)}
				</div>
				<div className="field">
					<label htmlFor={fields.organisation.id}>Organisation</label>
					<input {...getInputProps(fields.organisation, { type: 'text' })} autoComplete="organization" />
					{errorOf(fields.organisation)}
				</div>
				<div className="field">
					<label htmlFor={fields.description.id}>Description</label>
					<textarea {...getTextareaProps(fields.description)} rows={8} />
					{errorOf(fields.description)}
				</div>
				<div className="field">
					<label htmlFor={fields.contactEmail.id}>Contact email</label>
					<input {...getInputProps(fields.contactEmail, { type: 'email' })} autoComplete="email" />
					{errorOf(fields.contactEmail)}
				</div>
				<div className="field">
					<label htmlFor={fields.valueUsdM.id}>Estimated value (US$ million, optional)</label>
					<input {...getInputProps(fields.valueUsdM, { type: 'number' })} min={0} step="any" inputMode="decimal" />
					{errorOf(fields.valueUsdM)}
				</div>
				<div className="field">
					<label htmlFor={fields.closingDate.id}>Closing date (optional)</label>
					<input {...getInputProps(fields.closingDate, { type: 'date' })} />
					{errorOf(fields.closingDate)}
				</div>
				<p className="form-actions">
					<button type="submit" name={fields.publish.name} value="publish" className="button" disabled={submitting}>
						Publish opportunity
					</button>{' '}
					<button type="submit" name={fields.publish.name} value="draft" className="button button--outline" disabled={submitting}>
						Save as draft
					</button>
				</p>
			</Form>
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
