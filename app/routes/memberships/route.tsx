/**
 * /memberships (spec 002 §2): plans and pricing, with the offers of §4 decided by the API.
 * Its one post starts a free trial (POST /trials) and continues to /join?joinType=(trial key).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { BenefitsSection, ContactSection, DataSection, FreeTrialBanner, NEWSLETTER_TABS, NewslettersSection, PlansSection, ProjectTrackerPromo, TariffSurveyPromo, TestimonialsSection, TRIAL_INTENT } from '~/components/commerce/MembershipSections.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { signInFirst } from '~/lib/commerce.server.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { getUserSummary } from '~/lib/user.server.ts'
import { CURRENCIES, joinUrl, MARKETING_FIGURES, type MembershipOffers } from '../../../contract/commerce.ts'
import { JOIN_TYPE, TITLE_SUFFIX } from '../../../contract/constants.ts'
import { parseUrlParams } from '../../../contract/query.ts'

export const MEMBERSHIPS_TITLE = 'Memberships'
export const links = commerceLinks
export const headers = reuseLoaderHeaders
export const meta: MetaFunction = () => [{ title: `${MEMBERSHIPS_TITLE}${TITLE_SUFFIX}` }, { name: 'description', content: 'Executive, Executive Multi-office and Strategist memberships of Global Water Intelligence.' }]

const PageQuerySchema = z.object({
	tab: z.enum(NEWSLETTER_TABS.map((tab) => tab.key) as [string, ...string[]]).catch('overview'),
	currency: z.enum(CURRENCIES).catch('GBP'),
})

const VISITOR_OFFERS: MembershipOffers = { trial: true, buy: 'Buy now', trialMessage: null, isExecutive: false, hasRecentOrder: false }

export async function loader({ request, context }: LoaderFunctionArgs) {
	const query = parseUrlParams(PageQuerySchema, new URL(request.url).searchParams)
	const user = await getUserSummary(request, context)
	const offers = user ? ((await createApiClient({ request, context }).get('memberships.offers')).item ?? VISITOR_OFFERS) : VISITOR_OFFERS
	return data({ ...query, offers }, { headers: pageCacheHeaders(request, { personal: Boolean(user) }) })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await request.formData()
	if (form.get('intent') !== TRIAL_INTENT) return data({ error: 'Bad request' }, { status: 400 })
	const user = await getUserSummary(request, context)
	if (!user) throw signInFirst('/memberships#free-trial')
	try {
		await createApiClient({ request, context }).post('trials.start', {})
	} catch (error) {
		if (error instanceof ApiError && error.status < 500) return data({ error: error.message }, { status: error.status })
		throw error
	}
	return redirect(joinUrl(JOIN_TYPE.trial))
}

export default function MembershipsPage() {
	const { offers, tab, currency } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<article className="memberships">
			<section className="memberships-hero" aria-labelledby="memberships-title">
				<h1 id="memberships-title">{MEMBERSHIPS_TITLE}</h1>
				<p>
					The intelligence behind the water industry’s decisions: {MARKETING_FIGURES.trackedProjects} tracked projects, {MARKETING_FIGURES.analysts} analysts and a Tariff Survey of {MARKETING_FIGURES.tariffSurveyCities} cities.
				</p>
				{actionData?.error ? (
					<p className="form-error" role="alert">
						{actionData.error}
					</p>
				) : null}
			</section>
			<PlansSection currency={currency} offers={offers} />
			<DataSection />
			<NewslettersSection tab={tab as (typeof NEWSLETTER_TABS)[number]['key']} />
			<ProjectTrackerPromo />
			<TariffSurveyPromo />
			<BenefitsSection />
			<TestimonialsSection />
			<FreeTrialBanner offers={offers} />
			<ContactSection />
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
