/**
 * The response envelope of every API call (spec 000 §7): `{ success, item | items, errors,
 * warnings }`, the paged list and the page (or entity) with its cards.
 */
import { z } from 'zod'
import { CardSchema, type Card } from './cards.ts'
import { AnalyticsPageInfoSchema, type AnalyticsPageInfo } from './common.ts'

/** Every response: `{ success, item | items, errors, warnings }`. */
export type Envelope<T> = {
	success: boolean
	item?: T
	items?: T[]
	errors: string[]
	warnings: string[]
}

/** A paged list (GET /{entity}, GET /articles). */
export type ListEnvelope<T> = Envelope<T> & {
	items: T[]
	totalHits: number
	totalPages: number
	pageNum: number
	pageSize: number
}

/** Page and entity responses also carry their cards (componentItems). */
export type PageEnvelope<T> = Envelope<T> & {
	item: T
	componentItems: Card[]
	analyticsPageInfo: AnalyticsPageInfo
}

const messages = { success: z.boolean(), errors: z.array(z.string()), warnings: z.array(z.string()) }

/** A response with one item (GET /userprofile) or an unpaged list of them (GET /noaccesses). */
export const envelope = <T extends z.ZodType>(item: T) => z.object({ ...messages, item: item.optional(), items: z.array(item).optional() })

/** A paged list. */
export const listEnvelope = <T extends z.ZodType>(item: T) =>
	z.object({ ...messages, items: z.array(item), totalHits: z.number().int(), totalPages: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() })

/** A page or entity with its cards. */
export const pageEnvelope = <T extends z.ZodType>(item: T) => z.object({ ...messages, item, componentItems: z.array(CardSchema), analyticsPageInfo: AnalyticsPageInfoSchema })

/** A call that answers with no item (POST /log, POST .../unlock). */
export const emptyEnvelope = z.object({ ...messages, item: z.unknown().optional(), items: z.array(z.unknown()).optional() })
