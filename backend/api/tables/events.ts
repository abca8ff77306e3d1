/**
 * The events page's table (spec 001 §2-§9): upcoming events (ending today or later) as a
 * `TableSource` of the engine, soonest first; the start and end date filters bound it.
 */
import { sql } from 'drizzle-orm'
import { EVENT_FILTERS, EVENT_LABELS, EVENTS_TABLE, type EventDates, type EventHit } from '../../../contract/events.ts'
import type { Db } from '../../db/client.ts'
import { and, dayAfter, dayStart, intArray, iso } from '../sql.ts'
import { inPageOrder, type TableSource } from './engine.ts'
import { readPublicRows } from '../hot-data.ts'

/** Events that have not ended by `today`, within the chosen dates: starting on or after the start, ending by the end. */
export function eventsSource(dates: EventDates, today: string): TableSource {
	return {
		config: EVENTS_TABLE,
		from: sql`events e`,
		where: () =>
			and([
				sql`e.end_date >= ${dayStart(today)}::timestamptz`,
				dates.start.value && sql`e.start_date >= ${dayStart(dates.start.value)}::timestamptz`,
				dates.end.value && sql`e.end_date < ${dayAfter(dates.end.value)}::timestamptz`,
			]),
		search: sql`e.search`,
		facets: {
			[EVENT_FILTERS.region]: sql`array_remove(array[e.project_region], null)`,
			[EVENT_FILTERS.type]: sql`array[case when e.is_partner_event then ${EVENT_LABELS.partner} else ${EVENT_LABELS.gwi} end]`,
		},
		ranges: {},
		sorts: { startDate: sql`e.start_date` },
		madePerRequest: true,
	}
}

type EventRow = {
	id: number
	slug: string
	name: string
	description: string | null
	start_date: string
	end_date: string
	location: string | null
	is_partner_event: boolean
	project_region: string | null
	thumbnail: string | null
}

const hit = (row: EventRow): EventHit => ({
	slug: row.slug,
	name: row.name,
	description: row.description,
	startDate: iso(row.start_date)!,
	endDate: iso(row.end_date)!,
	eventLocation: row.location,
	isPartnerEvent: row.is_partner_event,
	projectRegion: row.project_region,
	articleThumbnailPath: row.thumbnail,
})

const COLUMNS = sql`e.id, e.slug, e.name, e.description, e.start_date, e.end_date, e.location, e.is_partner_event, e.project_region, e.thumbnail`

export async function eventHits(db: Db, ids: number[]): Promise<EventHit[]> {
	if (ids.length === 0) return []
	const rows = await readPublicRows<EventRow>(db, 'event hits', () => sql`select ${COLUMNS} from events e where e.id = any(${intArray(ids)})`)
	return inPageOrder(ids, rows).map(hit)
}

/** "featured block of GWI events": the next GWI (not partner) events. */
export async function featuredEvents(db: Db, today: string, count: number): Promise<EventHit[]> {
	const { rows } = await db.execute<EventRow>(
		sql`select ${COLUMNS} from events e where not e.is_partner_event and e.end_date >= ${dayStart(today)}::timestamptz order by e.start_date, e.id limit ${count}`,
	)
	return rows.map(hit)
}
