/**
 * /memberships (spec 002 §2): plans and pricing, with the offers of §4 decided by the API.
 * Its one post starts a free trial (data.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { BenefitsSection, ContactSection, DataSection, FreeTrialBanner, NEWSLETTER_TABS, NewslettersSection, PlansSection, ProjectTrackerPromo, TariffSurveyPromo, TestimonialsSection } from '~/components/commerce/MembershipSections.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { MARKETING_FIGURES } from '../../../contract/commerce.ts'
import { TITLE_SUFFIX } from '../../../contract/constants.ts'
import { loadMemberships, startTrial } from './data.server.ts'

export const MEMBERSHIPS_TITLE = 'Memberships'
export const links = commerceLinks
export const headers = reuseLoaderHeaders
export const meta: MetaFunction = () => [{ title: `${MEMBERSHIPS_TITLE}${TITLE_SUFFIX}` }, { name: 'description', content: 'Executive, Executive Multi-office and Strategist memberships of Global Water Intelligence.' }]

export async function loader(args: LoaderFunctionArgs) {
	return loadMemberships(args)
}

export async function action(args: ActionFunctionArgs) {
	return startTrial(args)
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
