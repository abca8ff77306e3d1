/**
 * The memberships page's sections (spec 002 §2 "Memberships page", in order). Static
 * marketing content comes from contract/commerce.ts's plans and figures; the offers are the
 * server's decision (GET /memberships/offers).
 */
import { Form, Link } from '@remix-run/react'
import { CURRENCIES, formatPrice, MARKETING_FIGURES, OFFER_LABELS, PLANS, TRIAL_BENEFITS, type Currency, type MembershipOffers, type Plan } from '../../../contract/commerce.ts'
import { MEMBERSHIP_LINKS } from '../../../contract/membership.ts'
import { FigureGrid, OfferCard } from './MarketingBlocks.tsx'

export const NEWSLETTER_TABS = [
	{ key: 'overview', label: 'Overview', text: 'Members receive our weekly newsletter and the monthly magazine: the deals, projects and people moving the water industry, with analysis from our 40+ analysts.' },
	{ key: 'gwi', label: 'Global Water Intelligence', text: 'Global Water Intelligence, the monthly magazine: market analysis, Market Maps, project intelligence and interviews with the industry’s leaders.' },
	{ key: 'technology', label: 'Technology', text: 'Our technology newsletter: membranes, treatment processes, digital water and the companies commercialising them, with CTO briefings.' },
] as const
export type NewsletterTab = (typeof NEWSLETTER_TABS)[number]['key']

export const TRIAL_INTENT = 'start-trial'

export function StartTrialForm({ label = OFFER_LABELS.trial, secondary = false, returnPath }: { label?: string; secondary?: boolean; returnPath?: string }) {
	return (
		<Form method="post" action="/memberships">
			{/* Where the reader was when the membership gate offered the trial: the trial's confirmation leads back there. */}
			{returnPath ? <input type="hidden" name="returnPath" value={returnPath} /> : null}
			<button type="submit" name="intent" value={TRIAL_INTENT} className={secondary ? 'button button--secondary' : 'button'}>
				{label}
			</button>
		</Form>
	)
}

function PlanCard({ plan, currency, offers }: { plan: Plan; currency: Currency; offers: MembershipOffers }) {
	const actions = plan.buyOnline ? (
		<>
			{offers.buy ? (
				<Link className="button" to={`/checkout?plan=${plan.key}&currency=${currency}${offers.buy === OFFER_LABELS.renew ? '&isRenewal=true' : ''}`}>
					{offers.buy}
				</Link>
			) : null}
			{offers.trial ? <StartTrialForm secondary /> : null}
		</>
	) : (
		<a className="button button--secondary" href={`mailto:${MEMBERSHIP_LINKS.salesEmail}?subject=${encodeURIComponent(`${plan.name} membership`)}`}>
			{OFFER_LABELS.contact}
		</a>
	)
	return (
		<OfferCard as="li" id={`plan-${plan.key}`} title={plan.name} actions={actions}>
			<p className="plan-card__price">
				{formatPrice(plan, currency)} <small>per year</small>
			</p>
			{/* Spec 002 §1 gives every plan in £ and $: the other currency too, with or without scripts. */}
			<p className="plan-card__price-other">
				{CURRENCIES.filter((code) => code !== currency)
					.map((code) => formatPrice(plan, code))
					.join(', ')}{' '}
				per year
			</p>
			<p>{plan.summary}</p>
			<ul>
				{plan.features.map((feature) => (
					<li key={feature}>{feature}</li>
				))}
			</ul>
		</OfferCard>
	)
}

export function PlansSection({ currency, offers }: { currency: Currency; offers: MembershipOffers }) {
	return (
		<section aria-labelledby="plans">
			<h2 id="plans">Choose your membership</h2>
			<p>
				Prices per year in{' '}
				{(['GBP', 'USD'] as const).map((code, i) => (
					<span key={code}>
						{i > 0 ? ' or ' : null}
						{code === currency ? <strong>{code}</strong> : <Link to={`?currency=${code}#plans`}>{code}</Link>}
					</span>
				))}
				.
			</p>
			{offers.trialMessage && !offers.isExecutive ? <p className="notice">{offers.trialMessage}</p> : null}
			<ul className="plan-cards">
				{PLANS.map((plan) => (
					<PlanCard key={plan.key} plan={plan} currency={currency} offers={offers} />
				))}
			</ul>
		</section>
	)
}

export function DataSection() {
	return (
		<section aria-labelledby="data-analysis">
			<h2 id="data-analysis">Data and analysis</h2>
			<FigureGrid
				figures={[
					{ value: MARKETING_FIGURES.trackedProjects, label: 'tracked projects' },
					{ value: MARKETING_FIGURES.analysts, label: 'analysts' },
					{ value: MARKETING_FIGURES.tariffSurveyCities, label: `cities in ${MARKETING_FIGURES.tariffSurveyCountries} countries in the Tariff Survey` },
				]}
			/>
		</section>
	)
}

export function NewslettersSection({ tab }: { tab: NewsletterTab }) {
	const current = NEWSLETTER_TABS.find((item) => item.key === tab) ?? NEWSLETTER_TABS[0]
	return (
		<section aria-labelledby="newsletters-heading" id="newsletters">
			<h2 id="newsletters-heading">Newsletters</h2>
			{/* Tabs as links: each is an address, so they work without scripts. */}
			<ul className="tabs__list" aria-label="Newsletters">
				{NEWSLETTER_TABS.map((item) => (
					<li key={item.key}>
						<Link to={`?tab=${item.key}#newsletters`} aria-current={item.key === current.key ? 'page' : undefined} preventScrollReset>
							{item.label}
						</Link>
					</li>
				))}
			</ul>
			<div role="region" aria-label={current.label}>
				<p>{current.text}</p>
			</div>
		</section>
	)
}

export function ProjectTrackerPromo() {
	return (
		<section aria-labelledby="project-tracker">
			<h2 id="project-tracker">Project Tracker</h2>
			<p>Follow {MARKETING_FIGURES.trackedProjects} water and wastewater projects from conceptual stage to contract award, with costs, capacities, contacts and the companies involved.</p>
		</section>
	)
}

export function TariffSurveyPromo() {
	return (
		<section aria-labelledby="tariff-survey">
			<h2 id="tariff-survey">Tariff Survey</h2>
			<p>
				Water and wastewater tariffs in {MARKETING_FIGURES.tariffSurveyCities} cities in {MARKETING_FIGURES.tariffSurveyCountries} countries, with year-on-year changes and affordability analysis.
			</p>
		</section>
	)
}

export function BenefitsSection() {
	const benefits = ['The Quarterly Review', 'The full article and Market Map archive', 'CTO briefings', 'Member events and webinars', 'Up to 10 users in one office']
	return (
		<section aria-labelledby="benefits">
			<h2 id="benefits">More member benefits</h2>
			<ul className="benefit-grid">
				{benefits.map((benefit) => (
					<li key={benefit}>{benefit}</li>
				))}
			</ul>
		</section>
	)
}

export function TestimonialsSection() {
	const quotes = [
		{ quote: 'GWI is the first thing our business development team reads every week.', who: 'Director of strategy, international water company' },
		{ quote: 'The Project Tracker found us three bids we would otherwise have missed.', who: 'Sales manager, membrane supplier' },
	]
	return (
		<section aria-labelledby="testimonials">
			<h2 id="testimonials">What our members say</h2>
			<ul className="testimonial-grid">
				{quotes.map((item) => (
					<li key={item.who}>
						<blockquote>
							<p>“{item.quote}”</p>
							<footer>{item.who}</footer>
						</blockquote>
					</li>
				))}
			</ul>
		</section>
	)
}

/** Spec 002 §2: "Free-trial banners, shown only to non-executive users who are eligible for a trial." */
export function FreeTrialBanner({ offers }: { offers: MembershipOffers }) {
	if (!offers.trial) return null
	return (
		<section aria-labelledby="free-trial-title" id="free-trial">
			<div className="trial-banner">
				<h2 id="free-trial-title">Try it free for 2 weeks</h2>
				<ul>
					{TRIAL_BENEFITS.map((benefit) => (
						<li key={benefit}>{benefit}</li>
					))}
				</ul>
				<StartTrialForm />
			</div>
		</section>
	)
}

export function ContactSection() {
	return (
		<section aria-labelledby="contact">
			<h2 id="contact">Talk to us</h2>
			<p>
				For multi-office and Strategist memberships, or any question about your membership, email <a href={`mailto:${MEMBERSHIP_LINKS.salesEmail}`}>{MEMBERSHIP_LINKS.salesEmail}</a>.
			</p>
		</section>
	)
}
