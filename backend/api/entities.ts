/**
 * The generic entity calls of spec 000 §7, for every kind of entity-kinds.ts:
 *   GET /{entity}                          paged EntitySummary list (searchTerm, the kind's filters)
 *   GET /{entity}/slug/{slug}              Entity with its cards (componentItems) and slices; the
 *                                          page's query (card pages, date filters) goes to its cards
 *   GET /{entity}/slug/draft/{slug}        a draft (documents, newsletters) with `PreviewToken`
 *   GET /{entity}/slugList/{a,b,...}       summaries of the named entities, in that order
 *   GET /{entity}/slug/{slug}/articles     the entity's related articles, paged (entity pages)
 * Mounted last, so the specific resources (articles, pages, menus, search) win.
 */
import { sql, type SQL } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { Card } from '../../contract/cards.ts'
import { ENTITY_LIST_QUERY, type Entity, type EntitySummary } from '../../contract/entities.ts'
import { ARTICLE_LIST_LIMIT } from '../../contract/constants.ts'
import { countArticles, listArticleSummaries } from './article-data.ts'
import { loadCards, loadSlices, resolveCards, type CardContext, type OwnerSlices } from './cards.ts'
import { previewSecretOpens } from './preview-secret.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemsResponse, listResponse, pageResponse } from './envelope.ts'
import { entityAccess, entityKind, entityKindName, type EntityData, type EntityKind } from './entity-kinds.ts'
import { badRequest, notFound } from './errors.ts'
import { dateOrderWarnings, MAX_PAGE_SIZE, pagingSchema } from '../../contract/query.ts'
import { fetchPage, parseQuery } from './query.ts'
import { plainText, safeHtml, truncate } from './content-html.ts'
import { readPublicRows } from './hot-data.ts'
import { and, iso, textArray } from './sql.ts'

/** SEO descriptions are cut to this length. */
const SEO_DESCRIPTION_LENGTH = 300

type SummaryRow = {
	id: number
	slug: string
	name: string
	description: string | null
	thumbnail: string | null
	publication_date: string | null
	permission_levels: string[] | null
	/** The kind's extra list fields (`summaryDetails`): for everyone, and for readers with access. */
	details_public: EntityData | null
	details_with_access: EntityData | null
}
type DetailRow = SummaryRow & { headline: string | null; body_text: string | null; banner_image: string | null; data: EntityData }

const summaryColumns = (kind: EntityKind) => sql`
	e.id, e.slug,
	${kind.name ?? sql`e.name`} as name,
	${kind.description ?? sql`e.description`} as description,
	${kind.thumbnail ?? sql`null::text`} as thumbnail,
	${kind.publicationDate ?? sql`null::timestamptz`} as publication_date,
	${kind.permissionLevels ?? sql`'{}'::text[]`} as permission_levels,
	${kind.summaryDetails?.public ?? sql`null::jsonb`} as details_public,
	${kind.summaryDetails?.withAccess ?? sql`null::jsonb`} as details_with_access`

const detailColumns = (kind: EntityKind) => sql`${summaryColumns(kind)},
	${kind.headline ?? sql`null::text`} as headline,
	${kind.bodyText ?? sql`e.body_text`} as body_text,
	${kind.bannerImage ?? sql`null::text`} as banner_image,
	to_jsonb(e) - 'search' as data`

const from = (kind: EntityKind) => sql`${sql.raw(`"${kind.table}"`)} e`

function toSummary(kind: EntityKind, row: SummaryRow, hasAccess: boolean): EntitySummary {
	const summary: EntitySummary = {
		id: row.id,
		name: row.name,
		slug: row.slug,
		description: hasAccess || !kind.hideDescriptionWithoutAccess ? plainText(row.description) : null,
		thumbnail: row.thumbnail,
		publicationDate: iso(row.publication_date),
		hasAccess,
	}
	// Paid list fields leave only for readers with access.
	if (kind.summaryDetails) summary.details = { ...row.details_public, ...(hasAccess ? row.details_with_access : null) }
	return summary
}

/** searchTerm of an entity list: full-text on the kind's search vector, or a name match. */
function searchTermWhere(kind: EntityKind, term: string | undefined): SQL | undefined {
	if (!term || term === '*') return undefined
	const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
	return sql`(e.search @@ websearch_to_tsquery('english', ${term}) or ${kind.name ?? sql`e.name`} ilike ${pattern})`
}

const baseListQuery = ENTITY_LIST_QUERY

export const entities: Resource = ({ db }) => {
	function kindOf(c: Context<ApiEnv>): EntityKind {
		const name = c.req.param('entity') ?? ''
		const kind = entityKind(name)
		if (!kind) throw notFound(name)
		return kind
	}

	/** The stored entity, the same for every reader (kept hot); access is worked out per request. */
	async function findRow(kind: EntityKind, slug: string) {
		const rows = await readPublicRows<DetailRow>(db, `entity ${entityKindName(kind)} ${slug}`, () => sql`select ${detailColumns(kind)} from ${from(kind)} where e.slug = ${slug}`)
		return rows[0]
	}

	async function respond(c: Context<ApiEnv>, kind: EntityKind, row: DetailRow, { preview = false } = {}) {
		const access = c.get('access')
		const hasAccess = preview || entityAccess(kind, access, row.permission_levels, row.publication_date)
		const owner = kind.ownerKind ? { kind: kind.ownerKind, id: row.id } : undefined
		const ownerArticles = kind.articles?.(row.id)
		// The page's query reaches its cards (their pages and date filters), as on custom pages.
		const cardContext: CardContext = { db, access, ownerArticles, params: new URL(c.req.url).searchParams }
		const noSlices: OwnerSlices = { slices: [], hidden: new Set(), slugById: new Map() }
		const [slices, details, articles] = await Promise.all([
			owner ? loadSlices(db, access, owner) : noSlices,
			kind.details ? kind.details({ db, access, id: row.id, data: row.data, hasAccess }) : {},
			ownerArticles ? listArticleSummaries(db, access, ownerArticles, { limit: ARTICLE_LIST_LIMIT }) : undefined,
		])
		// Content without access leaves without its body and cards.
		let cards: Card[] = []
		if (hasAccess && kind.components) cards = await resolveCards(cardContext, await kind.components({ ...cardContext, id: row.id }))
		else if (hasAccess && owner) cards = await loadCards(cardContext, owner, slices)
		const summary = toSummary(kind, row, hasAccess)
		const item: Entity = {
			...summary,
			headline: row.headline,
			bodyText: hasAccess ? safeHtml(row.body_text) : null,
			bannerImage: row.banner_image,
			seoProperties: { title: row.name, description: truncate(summary.description, SEO_DESCRIPTION_LENGTH) },
			slices: slices.slices,
			details: articles ? { ...details, articles } : details,
		}
		return pageResponse(c, item, cards, { pageType: kind.pageType, pageName: row.name, slug: row.slug })
	}

	return new Hono<ApiEnv>()
		.get('/:entity', async (c) => {
			const kind = kindOf(c)
			const query = parseQuery(c, z.object({ ...baseListQuery, ...kind.listFilters?.shape })) as z.output<z.ZodObject<typeof baseListQuery>> & Record<string, unknown>
			const access = c.get('access')
			const where = and([kind.published, searchTermWhere(kind, query.searchTerm), ...(kind.listFilters?.where(query) ?? [])])
			const page = await fetchPage(
				query,
				async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${from(kind)} where ${where}`)).rows[0].n,
				async (limit, offset) => {
					const { rows } = await db.execute<SummaryRow>(sql`
						select ${summaryColumns(kind)} from ${from(kind)} where ${where}
						order by ${kind.orderBy ?? sql`lower(${kind.name ?? sql`e.name`}), e.id`}
						limit ${limit} offset ${offset}`)
					return rows.map((row) => toSummary(kind, row, entityAccess(kind, access, row.permission_levels, row.publication_date)))
				},
			)
			return listResponse(c, page, dateOrderWarnings(query as { publishedFrom?: string; publishedTo?: string }))
		})
		.get('/:entity/slug/draft/:slug', async (c) => {
			const kind = kindOf(c)
			const slug = c.req.param('slug')
			const row = kind.hasDrafts ? await findRow(kind, slug) : undefined
			const secret = row?.data.preview_secret
			const token = c.req.header('PreviewToken') ?? ''
			if (!(await previewSecretOpens(db, c, token, row?.data.is_draft === true && typeof secret === 'string' ? secret : null)) || !row) throw notFound(`draft ${kind.label} ${slug}`)
			return respond(c, kind, row, { preview: true })
		})
		.get('/:entity/slug/:slug', async (c) => {
			const kind = kindOf(c)
			const slug = c.req.param('slug')
			const row = await findRow(kind, slug)
			if (!row || row.data.is_draft === true) throw notFound(`${kind.label} ${slug}`)
			return respond(c, kind, row)
		})
		.get('/:entity/slug/:slug/articles', async (c) => {
			const kind = kindOf(c)
			const slug = c.req.param('slug')
			if (!kind.articles) throw notFound(`articles of ${kind.label} ${slug}`)
			const query = parseQuery(c, pagingSchema)
			const rows = await readPublicRows<{ id: number }>(db, `published-entity-id ${entityKindName(kind)} ${slug}`, () => sql`select e.id from ${from(kind)} where ${and([kind.published, sql`e.slug = ${slug}`])}`)
			if (!rows[0]) throw notFound(`${kind.label} ${slug}`)
			const filter = kind.articles(rows[0].id)
			const access = c.get('access')
			const page = await fetchPage(
				query,
				() => countArticles(db, filter),
				(limit, offset) => listArticleSummaries(db, access, filter, { limit, offset }),
			)
			return listResponse(c, page)
		})
		.get('/:entity/slugList/:slugs', async (c) => {
			const kind = kindOf(c)
			const slugs = [...new Set(c.req.param('slugs').split(',').map((slug) => slug.trim()).filter(Boolean))]
			if (slugs.length > MAX_PAGE_SIZE) throw badRequest(`At most ${MAX_PAGE_SIZE} slugs may be listed`)
			const access = c.get('access')
			// The country picker's names on every page, among others: kept hot.
			const rows = await readPublicRows<SummaryRow>(db, `entity-summaries ${entityKindName(kind)} ${JSON.stringify(slugs)}`, () => sql`
				select ${summaryColumns(kind)} from ${from(kind)}
				where ${and([kind.published, sql`e.slug = any(${textArray(slugs)})`])}
				order by array_position(${textArray(slugs)}, e.slug)`)
			return itemsResponse(
				c,
				rows.map((row) => toSummary(kind, row, entityAccess(kind, access, row.permission_levels, row.publication_date))),
			)
		})
}

