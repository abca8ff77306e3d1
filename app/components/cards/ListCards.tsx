/** Event and project cards: event search results (spec 001 §2), project lists and Project Tracker results. */
import { Link } from '@remix-run/react'
import type { CardEvent, CardProject } from '../../../contract/cards.ts'
import { MESSAGES } from '../../../contract/constants.ts'
import { formatShortDate } from '~/lib/format.ts'
import { CardHeader } from './parts.tsx'
import type { CardProps } from './types.ts'
import { resultsCount } from '../../../contract/format.ts'

/** Spec 001 §2, §8 labels and empty states of event cards. */
export const EVENT_LABELS = { partner: 'Partner Event', gwi: 'GWI Event' } as const
export const NO_EVENTS = 'No events found'
export const NO_RELATED_EVENTS = 'No related events found'
/** "Event cards in a grid of 1, 2 or 4 columns (options two or four)." */
const EVENT_COLUMNS = [1, 2, 4] as const

type EventConfig = { title?: string; events?: CardEvent[]; columns?: number; isPartnerEvent?: boolean; related?: boolean; seeMoreLink?: string }

/** Where "see more" of an event list goes: /events with the list's own filters. */
export function eventsLink(config: EventConfig) {
	const params = new URLSearchParams()
	if (config.isPartnerEvent !== undefined) params.set('isPartnerEvent', String(config.isPartnerEvent))
	const query = params.toString()
	return `/events${query ? `?${query}` : ''}`
}

export function EventSearchCard({ config }: CardProps<EventConfig>) {
	const events = config.events ?? []
	const columns = EVENT_COLUMNS.find((option) => option === config.columns) ?? 1
	return (
		<section className="card card--events">
			<CardHeader title={config.title ?? 'Events'} seeMoreLink={config.seeMoreLink ?? eventsLink(config)} seeMoreText="All events" />
			{events.length === 0 ? (
				<p className="empty">{config.related ? NO_RELATED_EVENTS : NO_EVENTS}</p>
			) : (
				<ul className={`event-grid event-grid--${columns}`}>
					{events.map((event) => (
						<li key={event.slug} className="event-card">
							{columns > 1 && event.thumbnail ? <img src={event.thumbnail} alt="" width="320" height="180" loading="lazy" /> : null}
							<span className={`tag${event.isPartnerEvent ? ' tag--partner' : ''}`}>{event.isPartnerEvent ? EVENT_LABELS.partner : EVENT_LABELS.gwi}</span>
							<Link to={`/events/${event.slug}`} className="event-card__name">
								{event.name}
							</Link>
							<span className="event-card__meta">
								<time dateTime={event.startDate}>{formatShortDate(event.startDate)}</time>
								{event.endDate && formatShortDate(event.endDate) !== formatShortDate(event.startDate) ? <> – {formatShortDate(event.endDate)}</> : null}
								{event.location ? ` · ${event.location}` : ''}
							</span>
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

/** Spec 000 §8 empty state of project lists. */
export const NO_PROJECTS = 'No projects found'

function ProjectTable({ projects }: { projects: CardProject[] }) {
	if (projects.length === 0) return <p className="empty">{NO_PROJECTS}</p>
	const details = projects.some((project) => project.hasAccess)
	return (
		<div className="data-table">
			{/* A table wider than a phone scrolls sideways: focusable, so a keyboard can scroll it. */}
			<div className="data-table__scroll" tabIndex={0} role="region" aria-label="Projects table">
				<table>
					<thead>
						<tr>
							<th scope="col">Project</th>
							<th scope="col">Country</th>
							<th scope="col">Type</th>
							{details ? (
								<>
									<th scope="col">Progress</th>
									<th scope="col">Updated</th>
								</>
							) : null}
						</tr>
					</thead>
					<tbody>
						{projects.map((project) => (
							<tr key={project.slug}>
								<th scope="row">
									<Link to={`/projects/${project.slug}`}>{project.name}</Link>
								</th>
								<td>{project.country ?? '-'}</td>
								<td>{project.projectTypes.join(', ') || '-'}</td>
								{details ? (
									<>
										<td>{project.progress ?? '-'}</td>
										<td>{project.dateLastModified ? formatShortDate(project.dateLastModified) : '-'}</td>
									</>
								) : null}
							</tr>
						))}
					</tbody>
				</table>
			</div>
			{details ? null : (
				<p className="card__locked">
					{MESSAGES.projectTrackerExclusive}. <Link to="/memberships">Become a member</Link>
				</p>
			)}
		</div>
	)
}

type ProjectListConfig = { title?: string; name?: string; projects?: CardProject[]; projectCategory?: string; seeMoreLink?: string }

/** Projects by name or the latest updated of a category, with a "View all" link to the Project Tracker. */
export function ProjectListCard({ config }: CardProps<ProjectListConfig>) {
	const viewAll = config.seeMoreLink ?? (config.projectCategory ? `/projecttracker?${new URLSearchParams({ 'filters[Project category]': config.projectCategory })}` : '/projecttracker')
	return (
		<section className="card card--projects">
			<CardHeader title={config.title ?? config.name} seeMoreLink={viewAll} seeMoreText="View all" />
			<ProjectTable projects={config.projects ?? []} />
		</section>
	)
}

type ProjectSearchConfig = { title?: string; projects?: CardProject[]; totalHits?: number; projectTypes?: string[]; geographySlug?: string; seeMoreLink?: string }

/** Project Tracker results for a preset query, with the count and a link to the tracker. */
export function ProjectSearchCard({ config }: CardProps<ProjectSearchConfig>) {
	const projects = config.projects ?? []
	const query = new URLSearchParams()
	for (const type of config.projectTypes ?? []) query.append('filters[Project category]', type)
	return (
		<section className="card card--projects">
			<CardHeader title={config.title ?? 'Projects'} seeMoreLink={config.seeMoreLink ?? `/projecttracker${query.size ? `?${query}` : ''}`} seeMoreText="Open the Project Tracker" />
			{config.totalHits !== undefined && projects.length > 0 ? (
				<p className="card__count">
					{resultsCount(projects.length, config.totalHits)}
				</p>
			) : null}
			<ProjectTable projects={projects} />
		</section>
	)
}

