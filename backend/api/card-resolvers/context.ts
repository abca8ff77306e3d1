/**
 * What a card resolver is and may use, and the readers of CMS config values. A resolver
 * takes the card's stored config and returns it with the lists it shows; it may throw
 * (the card alone is then marked as failed, see cards.ts).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Card } from '../../../contract/cards.ts'
import type { Db } from '../../db/client.ts'
import type { ViewerAccess } from '../access.ts'
import type { ArticleFilter } from '../article-data.ts'
import { readPublicRows } from '../hot-data.ts'
import { MAX_PAGE_SIZE } from '../../../contract/query.ts'

/** What a card resolver may use: the database, the viewer, and the page it sits on. */
export type CardContext = {
	db: Db
	access: ViewerAccess
	/** On an entity page, the articles related to that entity (used when a list card names none). */
	ownerArticles?: ArticleFilter
	/**
	 * The query of the page the cards sit on (its date filters, card pages, partner filter).
	 * Pages pass it on; without it every card shows its first page, unfiltered.
	 */
	params?: URLSearchParams
	/** The moment "this month" is measured from (tests fix it). */
	now?: Date
	/** Random source of the sponsored article and advert picks (tests fix it). */
	random?: () => number
}

/**
 * The rows of a statement that is the same for every reader (no viewer in it), kept with the
 * API's hot data (readPublicRows): a card's lists are the same for everyone, and only what the
 * reader may open is worked out per request. `name` names the statement in the log.
 */
export const publicRows = <T extends Record<string, unknown>>(context: CardContext, name: string, statement: SQL) => readPublicRows<T>(context.db, name, () => statement)

export type CardConfig = Record<string, unknown>
/** A card as stored, before its lists are resolved. */
export type StoredCard = Omit<Card, 'config'> & { config: CardConfig }
export type CardResolver = (config: CardConfig, context: CardContext, card: StoredCard) => Promise<CardConfig>

/** A non-blank string of the config, trimmed. */
export const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
export const bool = (value: unknown) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined)
/** A non-empty list of non-blank strings of the config (an empty list selects nothing, so it is no filter). */
export function strings(value: unknown): string[] | undefined {
	if (!Array.isArray(value)) return undefined
	const items = value.filter((item): item is string => typeof item === 'string' && item.trim().length > 0).map((item) => item.trim())
	return items.length > 0 ? items : undefined
}

/** A positive count of the config (maxRecordCount...), capped at the API's page size. */
export function count(value: unknown, fallback: number) {
	const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN
	return Number.isInteger(number) && number >= 1 ? Math.min(number, MAX_PAGE_SIZE) : fallback
}

/** A year of the config, or the fallback. */
export function year(value: unknown, fallback: number) {
	const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : NaN
	return Number.isInteger(number) && number >= 1900 && number <= 2200 ? number : fallback
}

/** A config's search term on a row's full-text vector; '' and '*' match everything (no condition). */
export const termMatch = (vector: SQL, term: string | undefined) => (term && term !== '*' ? sql`${vector} @@ websearch_to_tsquery('english', ${term})` : undefined)

export const paramsOf = (context: CardContext) => context.params ?? new URLSearchParams()
export const nowOf = (context: CardContext) => context.now ?? new Date()
