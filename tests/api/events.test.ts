/**
 * The events page's rules (spec 001 §5) and GET /searchEvents (spec 001 §7) on the table
 * engine: upcoming events, soonest first, page size 10, facets, dates and the featured GWI events.
 */
import { describe, expect, test } from 'vitest'
import { eventDates, todayOf } from '../../contract/events.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()
const today = todayOf(new Date())
const dates = (query: string) => eventDates(new URLSearchParams(query), '2026-11-24')
const upcoming = async (where = 'true') =>
	(await database.db.$client.query<{ n: number }>(`select count(*)::int as n from events e where e.end_date >= $1::date and ${where}`, [today])).rows[0].n

describe('event date rules', () => {
	test("'Invalid date format', 'Start date cannot be earlier than today', a start after the end on both fields", () => {
		expect(dates('filters[Start date]=2026-13-01').start).toEqual({ input: '2026-13-01', value: '', error: 'Invalid date format' })
		expect(dates('filters[End date]=tomorrow').end.error).toBe('Invalid date format')
		expect(dates('filters[Start date]=2026-11-23').start.error).toBe('Start date cannot be earlier than today')
		expect(dates('filters[Start date]=2026-11-24').start).toEqual({ input: '2026-11-24', value: '2026-11-24', error: null })
		const reversed = dates('filters[Start date]=2027-02-01&filters[End date]=2027-01-01')
		expect([reversed.start.error, reversed.end.error]).toEqual(['Start date must not exceed end date', 'Start date must not exceed end date'])
		expect([reversed.start.value, reversed.end.value]).toEqual(['', ''])
	})
})

describe('GET /searchEvents', () => {
	test('upcoming events, soonest first, 10 a page, with the two next GWI events featured', async () => {
		const { status, body } = await get('/searchEvents')
		expect(status).toBe(200)
		const result = body.item
		expect(result.totalHits).toBe(await upcoming())
		expect(result.pageSize).toBe(10)
		expect(result.searchHits.length).toBe(Math.min(10, result.totalHits))
		const starts = result.searchHits.map((hit: any) => hit.startDate)
		expect([...starts].sort()).toEqual(starts)
		expect(result.featured.length).toBeLessThanOrEqual(2)
		expect(result.featured.every((event: any) => !event.isPartnerEvent)).toBe(true)
		const types = result.aggregations.find((a: any) => a.name === 'Event type').items
		expect(types['Partner Event'] ?? 0).toBe(await upcoming('e.is_partner_event'))
	})

	test('the event type facet and a start date narrow the list', async () => {
		const partner = (await get('/searchEvents?filters[Event type]=Partner Event')).body.item
		expect(partner.totalHits).toBe(await upcoming('e.is_partner_event'))
		const later = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
		const fromLater = (await get(`/searchEvents?filters[Start date]=${later}`)).body.item
		expect(fromLater.totalHits).toBe(await upcoming(`e.start_date >= '${later}'::date`))
	})
})
