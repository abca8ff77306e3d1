import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link as RouterLink, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { Facts } from '~/components/entities/Facts.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { detailsOf, entityPath } from '~/lib/entity-pages.ts'
import { formatDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl } from '~/lib/seo.ts'

/** Spec 001 §2: event cards are labelled "Partner Event" or "GWI Event". */
const EVENT_LABELS = { partner: 'Partner Event', gwi: 'GWI Event' } as const

/** An event (spec 000 §3 Event), linked from every event card; the /events list is the data area's. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return entityPageMeta(data, error)
	const details = detailsOf('events', data.entity)
	const url = absoluteUrl(data.origin, data.canonicalPath)
	return entityPageMeta(data, error, {
		collection: false,
		image: details.heroImage ?? data.entity.thumbnail,
		jsonLd: [
			{
				'@context': 'https://schema.org',
				'@type': 'Event',
				name: data.entity.name,
				description: data.entity.description ?? undefined,
				startDate: details.startDate,
				endDate: details.endDate,
				eventStatus: 'https://schema.org/EventScheduled',
				eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
				url,
				image: details.heroImage ? [absoluteUrl(data.origin, details.heroImage)] : undefined,
				location: {
					'@type': 'Place',
					name: details.location ?? details.country?.name ?? undefined,
					address: details.location ?? details.country?.name ?? undefined,
				},
				organizer: details.isPartnerEvent
					? { '@type': 'Organization', name: 'Event partner', url: details.websiteUrl ?? undefined }
					: { '@type': 'Organization', name: PRODUCT_NAME, url: absoluteUrl(data.origin, '/') },
				offers: details.registerUrl ? { '@type': 'Offer', url: details.registerUrl, availability: 'https://schema.org/InStock' } : undefined,
			},
		],
	})
}

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'events')
}

export default function Event() {
	const page = useLoaderData<typeof loader>()
	const details = detailsOf('events', page.entity)
	const sameDay = formatDate(details.startDate) === formatDate(details.endDate)
	return (
		<EntityPageView
			page={page}
			eyebrow={details.isPartnerEvent ? EVENT_LABELS.partner : EVENT_LABELS.gwi}
			image={details.logo}
			articlesTitle="Related articles"
			headerExtra={
				<>
					<Facts
						label="Event details"
						facts={[
							[
								'When',
								<>
									<time dateTime={details.startDate}>{formatDate(details.startDate)}</time>
									{sameDay ? null : (
										<>
											{' – '}
											<time dateTime={details.endDate}>{formatDate(details.endDate)}</time>
										</>
									)}
								</>,
							],
							['Where', details.location],
							['Country', details.country ? <RouterLink to={entityPath('geographies', details.country.slug)}>{details.country.name}</RouterLink> : null],
							['Contact', details.contactEmail ? <a href={`mailto:${details.contactEmail}`}>{details.contactEmail}</a> : null],
						]}
					/>
					<p className="entity-header__actions">
						{details.registerUrl ? (
							<a className="button" href={details.registerUrl} target="_blank" rel="noopener noreferrer">
								Register
							</a>
						) : null}
						{details.websiteUrl ? (
							<a className="button button--outline" href={details.websiteUrl} target="_blank" rel="noopener noreferrer">
								Event website
							</a>
						) : null}
					</p>
				</>
			}
		/>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
