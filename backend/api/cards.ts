/**
 * Cards (the spec's componentItems) and slices of a page-like owner. A card's `config`
 * leaves the API with the lists it shows already resolved (articles, events, projects),
 * so the site renders without further calls. Cards resolve concurrently and one failing
 * card only marks itself (`config.error = true`; the site shows the spec's card error text).
 * Cards of a slice the viewer may not see never leave the API.
 */
import { sql } from 'drizzle-orm'
import type { Card, CardPosition, CardWidth, Slice } from '../../app/lib/api-types.ts'
import type { Db } from '../db/client.ts'
import type { OwnerKind } from '../db/schema.ts'
import { PERMISSIONS } from '../identity/roles.ts'
import type { ViewerAccess } from './access.ts'
import { listArticleSummaries, type ArticleFilter, type ArticleTagKind } from './article-data.ts'
import { describeError } from './errors.ts'
import { MAX_PAGE_SIZE } from './params.ts'
import { iso, textArray } from './sql.ts'

/** "default list limit 10" (spec 000 §9). */
export const ARTICLE_LIST_CARD_DEFAULT_COUNT = 10
/** "Search cards default maxRecordCount 5" (spec 000 §9). */
export const SEARCH_CARD_DEFAULT_COUNT = 5

const POSITIONS: CardPosition[] = ['Top', 'Left', 'Centre', 'Right', 'Bottom']

export type Owner = { kind: OwnerKind; id: number }

/** What a card resolver may use: the database, the viewer, and the page it sits on. */
export type CardContext = {
	db: Db
	access: ViewerAccess
	/** On an entity page, the articles related to that entity (used when a list card names none). */
	ownerArticles?: ArticleFilter
}

type CardConfig = Record<string, unknown>
type CardResolver = (config: CardConfig, context: CardContext) => Promise<CardConfig>

/** A card as stored, before its lists are resolved. */
export type StoredCard = Omit<Card, 'config'> & { config: CardConfig }

export type OwnerSlices = { slices: Slice[]; hidden: Set<number>; slugById: Map<number, string> }

/** The owner's slices with the viewer's access to each. */
export async function loadSlices(db: Db, access: ViewerAccess, owner: Owner): Promise<OwnerSlices> {
	const { rows } = await db.execute<{ id: number; slug: string; name: string; visibility: Slice['visibility']; permission_levels: string[] }>(sql`
		select id, slug, name, visibility, permission_levels from slices
		where owner_kind = ${owner.kind} and owner_id = ${owner.id}
		order by sort_order, id`)
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
	const { rows } = await context.db.execute<{
		id: number
		card_type: string
		position: CardPosition
		width: CardWidth
		sort_order: number
		slice_id: number | null
		config: CardConfig
	}>(sql`
		select id, card_type, position, width, sort_order, slice_id, config from cards
		where owner_kind = ${owner.kind} and owner_id = ${owner.id}
		order by array_position(${textArray(POSITIONS)}, position), sort_order, id`)
	const visible = rows.filter((row) => row.slice_id === null || !slices.hidden.has(row.slice_id))
	return resolveCards(
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
}

/** Resolves every card's lists at once; a failure marks that card only. */
export function resolveCards(context: CardContext, cards: StoredCard[]): Promise<Card[]> {
	return Promise.all(
		cards.map(async (card) => {
			const resolve = CARD_RESOLVERS[card.cardType]
			if (!resolve) return card
			try {
				return { ...card, config: await resolve(card.config, context) }
			} catch (error) {
				console.error(`[api] card ${card.id} (${card.cardType}) failed: ${describeError(error)}`)
				return { ...card, config: { ...card.config, error: true } }
			}
		}),
	)
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined)
const bool = (value: unknown) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined)
const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.length > 0) : undefined)
function count(value: unknown, fallback: number) {
	const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN
	return Number.isInteger(number) && number >= 1 ? Math.min(number, MAX_PAGE_SIZE) : fallback
}

/** Card config keys naming an entity whose tagged articles the card lists. */
const TAG_KEYS: Record<string, ArticleTagKind> = {
	companySlug: 'companies',
	eventSlug: 'events',
	geographySlug: 'geographies',
	industrySlug: 'industries',
	projectSlug: 'projects',
	technologySlug: 'technologies',
	topicSlug: 'topics',
}

/** The articles an ArticleListCard's config selects. */
export function articleFilterOf(config: CardConfig, context: CardContext): ArticleFilter {
	const filter: ArticleFilter = {
		articleTypeSlug: str(config.articleTypeSlug),
		blogTypeSlug: str(config.blogTypeSlug),
		authorSlug: str(config.authorSlug),
		editorsPick: bool(config.editorsPick) || undefined,
		partnerContent: bool(config.partnerContent) || undefined,
		sponsored: bool(config.sponsored),
		slugs: strings(config.articleSlugs),
		excludeSlugs: str(config.excludeSlug) ? [str(config.excludeSlug)!] : undefined,
	}
	for (const [key, kind] of Object.entries(TAG_KEYS)) {
		const slug = str(config[key])
		if (slug) filter.tag = { kind, slug }
	}
	const selects = Object.entries(filter).some(([key, value]) => key !== 'excludeSlugs' && value !== undefined)
	return selects || !context.ownerArticles ? filter : { ...context.ownerArticles, excludeSlugs: filter.excludeSlugs }
}

const CARD_RESOLVERS: Record<string, CardResolver> = {
	/** Articles newest first (or the curated `articleSlugs` in order), never drafts. */
	async ArticleListCard(config, context) {
		const filter = articleFilterOf(config, context)
		const limit = count(config.maxRecordCount, filter.slugs?.length || ARTICLE_LIST_CARD_DEFAULT_COUNT)
		return { ...config, articles: await listArticleSummaries(context.db, context.access, filter, { limit }) }
	},

	/** Upcoming events soonest first, then past ones newest first. */
	async EventSearchCard(config, context) {
		const limit = count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)
		const partner = bool(config.isPartnerEvent)
		const { rows } = await context.db.execute<{
			name: string
			slug: string
			start_date: string
			end_date: string
			location: string | null
			is_partner_event: boolean
			thumbnail: string | null
		}>(sql`
			select name, slug, start_date, end_date, location, is_partner_event, thumbnail from events
			where ${partner === undefined ? sql`true` : sql`is_partner_event = ${partner}`}
			order by end_date < now(), case when end_date >= now() then start_date end asc, start_date desc, id
			limit ${limit}`)
		const events = rows.map((row) => ({
			name: row.name,
			slug: row.slug,
			startDate: iso(row.start_date),
			endDate: iso(row.end_date),
			location: row.location,
			isPartnerEvent: row.is_partner_event,
			thumbnail: row.thumbnail,
		}))
		return { ...config, events }
	},

	/** Projects by slug (newsletters) or the latest updated; details need read:project. */
	async ProjectListCard(config, context) {
		const slugs = strings(config.projectSlugs)
		const limit = count(config.maxRecordCount, slugs?.length || SEARCH_CARD_DEFAULT_COUNT)
		const hasAccess = context.access.has(PERMISSIONS.readProject)
		const { rows } = await context.db.execute<{
			name: string
			slug: string
			country: string | null
			project_types: string[]
			progress: string
			short_status: string | null
			date_last_modified: string
			is_archived: boolean
		}>(sql`
			select p.name, p.slug, g.name as country, p.project_types, p.progress, p.short_status, p.date_last_modified, p.is_archived
			from projects p left join geographies g on g.id = p.country_id
			where ${slugs ? sql`p.slug = any(${textArray(slugs)})` : sql`not p.is_archived`}
			order by ${slugs ? sql`array_position(${textArray(slugs)}, p.slug)` : sql`p.date_last_modified desc, p.id`}
			limit ${limit}`)
		const projects = rows.map((row) => ({
			name: row.name,
			slug: row.slug,
			country: row.country,
			projectTypes: row.project_types,
			hasAccess,
			...(hasAccess ? { progress: row.progress, shortStatus: row.short_status, dateLastModified: iso(row.date_last_modified), isArchived: row.is_archived } : {}),
		}))
		return { ...config, projects }
	},
}

