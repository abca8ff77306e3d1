/**
 * The events page (spec 001 §2-§9): its configuration of the table engine
 * (contract/tables.ts), its date rules and messages, its hit and endpoint.
 */
import { z } from 'zod'
import { envelope } from './envelope.ts'

import { isCalendarDate } from './query.ts'
import { filterParam, tableResultSchema } from './tables.ts'
import { EVENT_FILTERS, EVENT_MESSAGES, type EventDate, type EventDates } from './event-listing.ts'

// What the browser needs without zod lives apart (event-listing.ts).
export * from './event-listing.ts'

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
