import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type ChangeEvent } from 'react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { Pagination } from '~/components/Pagination.tsx'
import { FilterSidebar } from '~/components/tables/FilterSidebar.tsx'
import { SavedSearches } from '~/components/tables/SavedSearches.tsx'
import tableStyles from '~/components/tables/tables.css?url'
import { formatDate } from '~/lib/format.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import {
	EVENT_DATE_DEBOUNCE_MS,
	EVENT_FILTERS,
	EVENT_LABELS,
	EVENT_MESSAGES,
	EVENTS_PATH,
	EVENTS_TABLE,
	type EventDate,
	type EventHit,
} from '../../../contract/events.ts'
import { filterParam } from '../../../contract/tables.ts'
import { loadEvents } from './data.server.ts'

/** The events page (spec 001 §2): featured GWI events, filters, 'All Events' with pagination. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: tableStyles }]

export async function loader(args: LoaderFunctionArgs) {
	return loadEvents(args)
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({ title: 'Events', canonical: absoluteUrl(data.origin, EVENTS_PATH) })
}

/** With scripts, ticks apply at once and dates 1000 ms after the last change; without them, Apply filters. No pageNum in the form: every change is page 1. */
function useAutoSubmit() {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	return (event: ChangeEvent<HTMLFormElement>) => {
		const form = event.currentTarget
		const input = event.target as unknown as HTMLInputElement
		clearTimeout(timer.current)
		if (input.type === 'date') timer.current = setTimeout(() => submit(form, { replace: true }), EVENT_DATE_DEBOUNCE_MS)
		else submit(form)
	}
}

function DateField({ name, date, min }: { name: string; date: EventDate; min: string }) {
	const id = `event-${name.replace(/\s+/g, '-').toLowerCase()}`
	return (
		<label className="table-filter__field" htmlFor={id}>
			<span>{name}</span>
			<input
				id={id}
				type="date"
				name={filterParam(name)}
				defaultValue={date.input}
				min={min}
				aria-invalid={date.error ? true : undefined}
				aria-describedby={date.error ? `${id}-error` : undefined}
			/>
			{date.error ? (
				<span id={`${id}-error`} className="warning">
					{date.error}
				</span>
			) : null}
		</label>
	)
}

function EventCard({ event }: { event: EventHit }) {
	return (
		<li className="event-card">
			{event.articleThumbnailPath ? <img src={event.articleThumbnailPath} alt="" width={160} height={90} loading="lazy" /> : null}
			<p className="event-card__label">{event.isPartnerEvent ? EVENT_LABELS.partner : EVENT_LABELS.gwi}</p>
			<h3>
				<Link to={`/events/${event.slug}`}>{event.name}</Link>
			</h3>
			<p>
				{/* A one-day event reads as its day, not "6 December 2026 – 6 December 2026". */}
				{formatDate(event.startDate)}
				{event.endDate && formatDate(event.endDate) !== formatDate(event.startDate) ? ` – ${formatDate(event.endDate)}` : ''}
				{event.eventLocation ? ` · ${event.eventLocation}` : ''}
			</p>
		</li>
	)
}

export default function Events() {
	const { query, dates, today, result, savedSearches, savedSearchMessage, savedSearchName } = useLoaderData<typeof loader>()
	const onChange = useAutoSubmit()
	return (
		<div className="events-page">
			<h1>Events</h1>
			{/* Apart from the filters' GET form: the panel's saves and alert controls are forms of their own. */}
			<SavedSearches kind="events" searches={savedSearches} message={savedSearchMessage} typedName={savedSearchName} />
			{result.featured.length ? (
				<section aria-labelledby="featured-events">
					{/* For the outline: the cards' h3s sit under an h2, as those of All Events do (axe heading-order). */}
					<h2 id="featured-events" className="visually-hidden">
						Featured events
					</h2>
					<ul className="event-grid event-grid--featured">
						{result.featured.map((event) => (
							<EventCard key={event.slug} event={event} />
						))}
					</ul>
				</section>
			) : null}
			<Form method="get" action={EVENTS_PATH} className="table-layout" onChange={onChange}>
				<FilterSidebar
					config={EVENTS_TABLE}
					query={query}
					aggregations={result.aggregations}
					minMaxAggregations={[]}
					disabled={false}
					latestDate=""
					firstDate=""
					resetHref={EVENTS_PATH}
				>
					<fieldset className="table-filter">
						<legend>Dates</legend>
						<DateField name={EVENT_FILTERS.startDate} date={dates.start} min={today} />
						<DateField name={EVENT_FILTERS.endDate} date={dates.end} min={dates.start.value || today} />
					</fieldset>
				</FilterSidebar>
				<section aria-label={EVENT_MESSAGES.allEvents}>
					<h2>{EVENT_MESSAGES.allEvents}</h2>
					<p className="table-results__count">{EVENT_MESSAGES.total(result.totalHits)}</p>
					{result.searchHits.length === 0 ? (
						<p className="empty">{EVENT_MESSAGES.noEvents}</p>
					) : (
						<ul className="event-grid">
							{result.searchHits.map((event) => (
								<EventCard key={event.slug} event={event} />
							))}
						</ul>
					)}
				</section>
			</Form>
			<Pagination
				page={result.pageNum}
				pageSize={result.pageSize}
				totalPages={result.totalPages}
				totalHits={result.totalHits}
				pageParam="pageNum"
				sizeOptions={EVENTS_TABLE.pageSizes}
			/>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
