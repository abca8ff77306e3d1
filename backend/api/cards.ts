/**
 * Cards (the spec's componentItems) and slices of a page-like owner. A card's `config`
 * leaves the API with the lists it shows already resolved (articles, events, projects),
 * so the site renders without further calls. Cards resolve concurrently and one failing
 * card only marks itself (`config.error = true`; the site shows the spec's card error text).
 * Cards of a slice the viewer may not see never leave the API.
 */
import { sql } from 'drizzle-orm'
import type { Card, CardPosition, CardWidth } from '../../contract/cards.ts'
import type { Slice } from '../../contract/pages.ts'
import type { Db } from '../db/client.ts'
import type { OwnerKind } from '../db/schema.ts'
import type { ViewerAccess } from './access.ts'
import { ARTICLE_CARD_RESOLVERS } from './card-resolvers/article-cards.ts'
import { CONTENT_CARD_RESOLVERS } from './card-resolvers/content-cards.ts'
import type { CardConfig, CardContext, CardResolver, StoredCard } from './card-resolvers/context.ts'
import { DATA_CARD_RESOLVERS } from './card-resolvers/data-cards.ts'
import { INDEX_CARD_RESOLVERS } from './card-resolvers/index-cards.ts'
import { LIST_CARD_RESOLVERS } from './card-resolvers/list-cards.ts'
import { contextSearchCard, searchCard } from './card-resolvers/search-cards.ts'
import { describeError } from './errors.ts'
import { readPublicRows } from './hot-data.ts'
import { intArray, textArray } from './sql.ts'
import { logger } from '../logger.ts'

export type { CardContext, StoredCard } from './card-resolvers/context.ts'
export { articleFilterOf } from './card-resolvers/article-cards.ts'

const POSITIONS: CardPosition[] = ['Top', 'Left', 'Centre', 'Right', 'Bottom']

export type Owner = { kind: OwnerKind; id: number }

export type OwnerSlices = { slices: Slice[]; hidden: Set<number>; slugById: Map<number, string> }
const NO_SLICES: OwnerSlices = { slices: [], hidden: new Set(), slugById: new Map() }

/** The owner's slices with the viewer's access to each. */
export async function loadSlices(db: Db, access: ViewerAccess, owner: Owner): Promise<OwnerSlices> {
	const rows = await readPublicRows<{ id: number; slug: string; name: string; visibility: Slice['visibility']; permission_levels: string[] }>(
		db,
		'slices',
		() => sql`
		select id, slug, name, visibility, permission_levels from slices
		where owner_kind = ${owner.kind} and owner_id = ${owner.id}
		order by sort_order, id`,
	)
	const hidden = new Set<number>()
	const slices = rows.map((row) => {
		const hasAccess = access.hasAny(row.permission_levels)
		if (!hasAccess) hidden.add(row.id)
		return { name: row.name, slug: row.slug, hasAccess, visibility: row.visibility, permissionLevels: row.permission_levels.map((slug) => ({ slug })) }
	})
	return { slices, hidden, slugById: new Map(rows.map((row) => [row.id, row.slug])) }
}

/** The owner's cards, resolved, without those of slices the viewer may not see. */
export async function loadCards(context: CardContext, owner: Owner, slices: OwnerSlices): Promise<Card[]> {
	return (await loadCardsOfOwners(context, owner.kind, [owner.id], slices)).get(owner.id) ?? []
}

/**
 * The cards of several owners of one kind (a context search card's contexts), read in one
 * statement and resolved at once, by owner; without those of slices the viewer may not see.
 */
export async function loadCardsOfOwners(context: CardContext, kind: OwnerKind, ids: number[], slices: OwnerSlices = NO_SLICES): Promise<Map<number, Card[]>> {
	if (ids.length === 0) return new Map()
	const rows = await readPublicRows<{
		id: number
		owner_id: number
		card_type: string
		position: CardPosition
		width: CardWidth
		sort_order: number
		slice_id: number | null
		config: CardConfig
	}>(
		context.db,
		'cards',
		() => sql`
		select id, owner_id, card_type, position, width, sort_order, slice_id, config from cards
		where owner_kind = ${kind} and owner_id = any(${intArray(ids)})
		order by array_position(${textArray(POSITIONS)}, position), sort_order, id`,
	)
	const visible = rows.filter((row) => row.slice_id === null || !slices.hidden.has(row.slice_id))
	const resolved = await resolveCards(
		context,
		visible.map((row) => ({
			id: row.id,
			cardType: row.card_type,
			position: row.position,
			width: row.width,
			sortOrder: row.sort_order,
			sliceSlug: row.slice_id === null ? null : (slices.slugById.get(row.slice_id) ?? null),
			config: row.config ?? {},
		})),
	)
	const byOwner = new Map<number, Card[]>(ids.map((id) => [id, []]))
	visible.forEach((row, index) => byOwner.get(row.owner_id)!.push(resolved[index]!))
	return byOwner
}

/** Resolves every card's lists at once; a failure marks that card only. */
export function resolveCards(context: CardContext, cards: StoredCard[]): Promise<Card[]> {
	return Promise.all(
		cards.map(async (card) => {
			const resolve = CARD_RESOLVERS[card.cardType]
			if (!resolve) return card
			try {
				return { ...card, config: await resolve(card.config, context, card) }
			} catch (error) {
				logger.error(`[api] card ${card.id} (${card.cardType}) failed: ${describeError(error)}`)
				return { ...card, config: { ...card.config, error: true } }
			}
		}),
	)
}

/** Every card type whose config the API completes; the others (TableCard, ChartCard, LinkCard...) pass through. */
const CARD_RESOLVERS: Record<string, CardResolver> = {
	...ARTICLE_CARD_RESOLVERS,
	...LIST_CARD_RESOLVERS,
	...INDEX_CARD_RESOLVERS,
	...DATA_CARD_RESOLVERS,
	...CONTENT_CARD_RESOLVERS,
	ContextSearchCard: contextSearchCard((context, ids) => loadCardsOfOwners(context, 'context', ids)),
	SearchCard: searchCard,
}
