/**
 * /advertise (spec 002 §2 "Advertise page"): hero, media kit card, sales contacts, audience
 * statistics, content partner section and audience section, with the ad image limits of §9.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { FigureGrid, OfferCard } from '~/components/commerce/MarketingBlocks.tsx'
import { commerceLinks } from '~/components/commerce/styles.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { AD_IMAGE_LIMITS, MARKETING_FIGURES } from '../../contract/commerce.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'

export const ADVERTISE_TITLE = 'Advertise with Global Water Intelligence'
/** Our choice: the advertising team's addresses. */
export const ADVERTISING_CONTACTS = [
	{ name: 'Advertising sales', email: 'advertising@globalwaterintel.example' },
	{ name: 'Content partnerships', email: 'partnerships@globalwaterintel.example' },
] as const

export const links = commerceLinks
export const headers = reuseLoaderHeaders
export const meta: MetaFunction = () => [{ title: `Advertise${TITLE_SUFFIX}` }, { name: 'description', content: 'Reach the decision-makers of the international water industry.' }]

export async function loader({ request }: LoaderFunctionArgs) {
	return data(null, { headers: pageCacheHeaders(request) })
}

export default function AdvertisePage() {
	return (
		<article className="advertise">
			<section className="advertise-hero" aria-labelledby="advertise-title">
				<h1 id="advertise-title">{ADVERTISE_TITLE}</h1>
				<p>Put your company in front of the people who plan, finance, build and operate the world’s water infrastructure.</p>
			</section>
			<section aria-labelledby="media-kit">
				<h2 id="media-kit">Media kit</h2>
				<OfferCard
					id="media-kit-card"
					actions={
						<a className="button" href={`mailto:${ADVERTISING_CONTACTS[0].email}?subject=${encodeURIComponent('Media kit request')}`}>
							Request the media kit
						</a>
					}
				>
					<p>Our media kit sets out audiences, formats, rates and the editorial calendar.</p>
					<p className="ad-limits">
						Display adverts: right-hand position at most {AD_IMAGE_LIMITS.rightMaxWidthPx} px wide; banners at most {AD_IMAGE_LIMITS.bannerMaxHeightPx} px tall.
					</p>
				</OfferCard>
			</section>
			<section aria-labelledby="sales-contacts">
				<h2 id="sales-contacts">Sales contacts</h2>
				<ul className="contact-grid">
					{ADVERTISING_CONTACTS.map((contact) => (
						<li key={contact.email}>
							<strong>{contact.name}</strong>
							<br />
							<a href={`mailto:${contact.email}`}>{contact.email}</a>
						</li>
					))}
				</ul>
			</section>
			<section aria-labelledby="audience-statistics">
				<h2 id="audience-statistics">Audience statistics</h2>
				<FigureGrid
					figures={[
						{ value: MARKETING_FIGURES.annualUsers, label: 'annual users' },
						{ value: MARKETING_FIGURES.pageViews, label: 'page views' },
						{ value: MARKETING_FIGURES.countries, label: 'countries' },
						{ value: MARKETING_FIGURES.decisionMakers, label: 'decision-makers' },
					]}
				/>
			</section>
			<section aria-labelledby="content-partners">
				<h2 id="content-partners">Content partners</h2>
				<p>Partner content and white papers reach our readers alongside our own analysis, clearly labelled, and are promoted in our newsletters.</p>
			</section>
			<section aria-labelledby="audience">
				<h2 id="audience">Our audience</h2>
				<p>Utilities, industrial water users, EPC contractors, technology suppliers, investors and governments in {MARKETING_FIGURES.countries} countries.</p>
			</section>
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
