import { Link } from '@remix-run/react'
import { MESSAGES } from '~/lib/constants.ts'
import { formatShortDate } from '~/lib/format.ts'

/** Text card: CMS HTML, optionally on a coloured theme and sticky in its column. */
export function TextCard({ config }: { config: { title?: string; bodyText?: string; theme?: string; sticky?: boolean } }) {
	return (
		<section className={`card card--text${config.theme ? ` theme-${config.theme.toLowerCase()}` : ''}${config.sticky ? ' card--sticky' : ''}`}>
			{config.title ? <h2>{config.title}</h2> : null}
			{config.bodyText ? <div className="prose" dangerouslySetInnerHTML={{ __html: config.bodyText }} /> : null}
		</section>
	)
}

export function LinkCard({ config }: { config: { title?: string; description?: string; linkUrl?: string; linkText?: string; image?: string } }) {
	return (
		<section className="card card--link">
			{config.image ? <img src={config.image} alt="" loading="lazy" width="320" height="180" /> : null}
			{config.title ? <h2>{config.title}</h2> : null}
			{config.description ? <p>{config.description}</p> : null}
			{config.linkUrl ? (
				<Link to={config.linkUrl} className="button">
					{config.linkText ?? 'Find out more'}
				</Link>
			) : null}
		</section>
	)
}

/** Advert: name, link, image; "max 336 px" wide in the right column (spec 000 §9). */
export function AdvertCard({ config }: { config: { name?: string; link?: string; image?: string } }) {
	if (!config.link || !config.image) return null
	return (
		<aside className="card card--advert" aria-label="Advertisement">
			<a href={config.link} rel="sponsored noopener" target="_blank">
				<img src={config.image} alt={config.name ?? 'Advertisement'} loading="lazy" width="336" height="280" />
			</a>
		</aside>
	)
}

type EventItem = { name: string; slug: string; startDate: string; endDate?: string; location?: string | null; isPartnerEvent?: boolean }

export function EventSearchCard({ config }: { config: { title?: string; events?: EventItem[] } }) {
	const events = config.events ?? []
	return (
		<section className="card card--events">
			<h2>{config.title ?? 'Events'}</h2>
			{events.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<ul className="event-list">
					{events.map((event) => (
						<li key={event.slug}>
							<span className="tag">{event.isPartnerEvent ? 'Partner Event' : 'GWI Event'}</span>
							<Link to={`/events/${event.slug}`}>{event.name}</Link>
							<span className="event-list__meta">
								{formatShortDate(event.startDate)}
								{event.location ? ` · ${event.location}` : ''}
							</span>
						</li>
					))}
				</ul>
			)}
			<Link to="/events" className="card__more">
				All events
			</Link>
		</section>
	)
}
