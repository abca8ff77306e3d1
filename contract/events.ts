/**
 * The events page (spec 001 §2-§9): its configuration of the table engine
 * (contract/tables.ts), its date rules and messages, its hit and endpoint.
 */
import { z } from 'zod'
import { envelope } from './envelope.ts'
import { PROJECT_REGIONS } from './index-common.ts'
import { isCalendarDate } from './query.ts'
import { filterParam, tableResultSchema, type TableConfig } from './tables.ts'

export const EVENTS_PATH = '/events'
/** Spec 001 §9 "Events search page size 10; featured events 2". */
export const EVENTS_PAGE_SIZE = 10
export const FEATURED_EVENTS = 2
/** Spec 001 §5 "date inputs debounced 1000 ms". */
export const EVENT_DATE_DEBOUNCE_MS = 1000

export const EVENT_LABELS = { partner: 'Partner Event', gwi: 'GWI Event' } as const
export const EVENT_FILTERS = { region: 'Project region', type: 'Event type', startDate: 'Start date', endDate: 'End date' } as const

export const EVENT_MESSAGES = {
	invalidDate: 'Invalid date format',
	startBeforeToday: 'Start date cannot be earlier than today',
	startAfterEnd: 'Start date must not exceed end date',
	noEvents: 'No events found',
	total: (n: number) => `Total ${n} item(s)`,
	allEvents: 'All Events',
} as const

export const EVENTS_TABLE: TableConfig = {
	facets: [
		{ name: EVENT_FILTERS.region, options: PROJECT_REGIONS },
		{ name: EVENT_FILTERS.type, options: [EVENT_LABELS.gwi, EVENT_LABELS.partner] },
	],
	ranges: [],
	flags: [],
	sortColumns: ['startDate'],
	defaultSort: { sortBy: 'startDate', sortOrder: 'asc' },
	pageSizes: [EVENTS_PAGE_SIZE],
}

export type EventDate = { input: string; value: string; error: string | null }
export type EventDates = { start: EventDate; end: EventDate }

/**
 * Spec 001 §5: YYYY-MM-DD ("Invalid date format"); the start not before today; a start
 * after the end is an error on both fields. A date in error is not applied ("an invalid
 * typed date removes the filter"). `today` is YYYY-MM-DD (UTC).
 */
export function eventDates(params: URLSearchParams, today: string): EventDates {
	const read = (name: string): EventDate => {
		const input = (params.get(filterParam(name)) ?? '').trim()
		if (input === '') return { input, value: '', error: null }
		return isCalendarDate(input) ? { input, value: input, error: null } : { input, value: '', error: EVENT_MESSAGES.invalidDate }
	}
	const start = read(EVENT_FILTERS.startDate)
	const end = read(EVENT_FILTERS.endDate)
	if (start.value && start.value < today) Object.assign(start, { value: '', error: EVENT_MESSAGES.startBeforeToday })
	if (start.value && end.value && start.value > end.value) {
		Object.assign(start, { value: '', error: EVENT_MESSAGES.startAfterEnd })
		Object.assign(end, { value: '', error: EVENT_MESSAGES.startAfterEnd })
	}
	return { start, end }
}

export const todayOf = (now: Date) => now.toISOString().slice(0, 10)

export const EventHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	description: z.string().nullable(),
	startDate: z.string(),
	endDate: z.string(),
	eventLocation: z.string().nullable(),
	isPartnerEvent: z.boolean(),
	projectRegion: z.string().nullable(),
	articleThumbnailPath: z.string().nullable(),
})
export type EventHit = z.infer<typeof EventHitSchema>
export const EventSearchResultSchema = tableResultSchema(EventHitSchema).extend({ featured: z.array(EventHitSchema) })
export type EventSearchResult = z.infer<typeof EventSearchResultSchema>

export const EVENT_ENDPOINTS = {
	'events.search': { method: 'GET', path: '/searchEvents', query: z.record(z.string(), z.union([z.string(), z.array(z.string())])), response: envelope(EventSearchResultSchema) },
} as const
