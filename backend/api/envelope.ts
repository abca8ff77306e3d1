/**
 * The response envelope of spec 000 §7: `{ success, item | items, errors, warnings }`; lists
 * add their paging, pages and entities their cards and analytics information.
 * The shapes are the site's contract (contract/).
 */
import type { Context } from 'hono'
import type { Card } from '../../contract/cards.ts'
import type { AnalyticsPageInfo } from '../../contract/common.ts'
import type { Envelope, ListEnvelope, PageEnvelope } from '../../contract/envelope.ts'
import type { PagedResult } from './query.ts'

export function itemResponse<T>(c: Context, item: T, warnings: string[] = []) {
	const body: Envelope<T> = { success: true, item, errors: [], warnings }
	return c.json(body)
}

export function listResponse<T>(c: Context, page: PagedResult<T>, warnings: string[] = []) {
	const body: ListEnvelope<T> = {
		success: true,
		items: page.items,
		errors: [],
		warnings,
		totalHits: page.totalHits,
		totalPages: page.totalPages,
		pageNum: page.pageNum,
		pageSize: page.pageSize,
	}
	return c.json(body)
}

/** Items without paging (lists by slugs). */
export function itemsResponse<T>(c: Context, items: T[]) {
	const body: Envelope<T> = { success: true, items, errors: [], warnings: [] }
	return c.json(body)
}

export function pageResponse<T>(c: Context, item: T, componentItems: Card[], analyticsPageInfo: AnalyticsPageInfo) {
	const body: PageEnvelope<T> = { success: true, item, errors: [], warnings: [], componentItems, analyticsPageInfo }
	return c.json(body)
}

/** A mutation that has nothing to return but its success (POST /log). */
export function successResponse(c: Context) {
	const body: Envelope<never> = { success: true, errors: [], warnings: [] }
	return c.json(body)
}

/** A failure: its message in `errors` (spec 000 §8); also what the server's input guard answers for /api. */
export function errorEnvelope(message: string): Envelope<never> {
	return { success: false, errors: [message], warnings: [] }
}
