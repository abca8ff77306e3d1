/**
 * The context search card (explanatory accordions with their chart, table or database-chart
 * cards; spec 001 §2) and the site search card (site search results for a preset query).
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Card, CardContextItem } from '../../../contract/cards.ts'
import type { Envelope } from '../../../contract/envelope.ts'
import type { SearchResult } from '../../../contract/search.ts'
import { availableWith, SEARCH_CARD_DEFAULT_COUNT } from '../../../contract/card-rules.ts'
import { safeHtml } from '../content-html.ts'
import type { ApiEnv } from '../context.ts'
import { search } from '../search.ts'
import { iso, textArray } from '../sql.ts'
import { count, publicRows, str, strings, termMatch, type CardContext, type CardResolver } from './context.ts'

/** Loads the cards of contexts, by context (cards.ts's loadCardsOfOwners, passed in to keep the modules acyclic). */
export type ContextCardsLoader = (context: CardContext, contextIds: number[]) => Promise<Map<number, Card[]>>

/** Contexts by `contextSlugs` (in that order) or matching `searchTerm`, newest first. */
export function contextSearchCard(loadContextCards: ContextCardsLoader): CardResolver {
	return async (config, context) => {
		const slugs = strings(config.contextSlugs)
		const term = str(config.searchTerm)
		const limit = count(config.maxRecordCount, slugs?.length || SEARCH_CARD_DEFAULT_COUNT)
		const rows = await publicRows<{
			id: number
			slug: string
			name: string
			display_name: string | null
			html_description: string | null
			body_text: string | null
			publication_date: string
			author_names: string[]
			permission_levels: string[]
			is_expanded: boolean
		}>(
			context,
			'context search card',
			sql`
			select id, slug, name, display_name, html_description, body_text, publication_date, author_names, permission_levels, is_expanded
			from contexts e
			where ${slugs ? sql`slug = any(${textArray(slugs)})` : (termMatch(sql`e.search`, term) ?? sql`true`)}
			order by ${slugs ? sql`array_position(${textArray(slugs)}, slug)` : sql`publication_date desc, id desc`}
			limit ${limit}`,
		)
		// Per-context hasAccess false shows the locked view: no body and no cards leave the API.
		const open = rows.filter((row) => context.access.hasAny(row.permission_levels))
		const cards = await loadContextCards(
			context,
			open.map((row) => row.id),
		)
		const contexts: CardContextItem[] = rows.map((row) => {
			const hasAccess = open.includes(row)
			return {
				slug: row.slug,
				name: row.display_name ?? row.name,
				htmlDescription: safeHtml(row.html_description),
				bodyText: hasAccess ? safeHtml(row.body_text) : null,
				publicationDate: iso(row.publication_date)!,
				authorNames: row.author_names,
				hasAccess,
				isExpanded: row.is_expanded,
				availableWith: hasAccess ? null : availableWith(row.permission_levels),
				contextComponents: cards.get(row.id) ?? [],
			}
		})
		return { ...config, contexts }
	}
}

/** Site search filters a search card may preset (the names of GET /search). */
const SEARCH_FILTER_NAMES = ['Page type', 'Article type', 'Countries', 'Has sponsor'] as const

/** The query of the site search a search card shows: its config's term, sort and filters. */
export function searchCardQuery(config: Record<string, unknown>): URLSearchParams {
	const query = new URLSearchParams()
	query.set('searchTerm', str(config.searchTerm) ?? '*')
	query.set('sortBy', str(config.sortBy) === 'Date' ? 'Date' : 'Relevance')
	const filters = (typeof config.filters === 'object' && config.filters !== null ? config.filters : {}) as Record<string, unknown>
	for (const name of SEARCH_FILTER_NAMES) for (const value of strings(filters[name]) ?? []) query.append(`filters[${name}]`, value)
	return query
}

/**
 * Site search results for a preset query, read through the site search itself (GET /search,
 * run in-process as this viewer), so ranking and access are exactly the search page's.
 */
export const searchCard: CardResolver = async (config, context) => {
	const query = searchCardQuery(config)
	// "See more" opens the search page on the card's query; the card reads the first few hits.
	const seeMoreQuery = query.toString()
	query.set('pageSize', String(count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)))
	query.set('includeAggregations', 'false')
	const app = new Hono<ApiEnv>()
		.use(async (c, next) => {
			c.set('access', context.access)
			c.set('viewer', context.access.viewer)
			await next()
		})
		.route('/', search({ db: context.db }))
	const response = await app.request(`/?${query}`)
	const body = (await response.json()) as Envelope<SearchResult>
	if (!response.ok || !body.success || !body.item) throw new Error(`site search failed: ${body.errors?.join('; ') || response.status}`)
	return { ...config, searchHits: body.item.searchHits, totalHits: body.item.totalHits, seeMoreQuery }
}
