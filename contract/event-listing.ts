/** The events page's table, filters and messages, without zod (events.ts has the schemas). */
import { PROJECT_REGIONS } from './index-common.ts'
import { ASCENDING, type TableConfig } from './table-params.ts'

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
	defaultSort: { sortBy: 'startDate', sortOrder: ASCENDING },
	pageSizes: [EVENTS_PAGE_SIZE],
}

export type EventDate = { input: string; value: string; error: string | null }

export type EventDates = { start: EventDate; end: EventDate }

export const todayOf = (now: Date) => now.toISOString().slice(0, 10)
