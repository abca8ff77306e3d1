/**
 * Articles (spec 000 §3, §4, §7):
 *   GET /articles                       paged ArticleSummary list, newest first
 *   GET /articles/slug/{slug}           one published article
 *   GET /articles/slug/draft/{slug}     a draft, with header `PreviewToken: <preview secret>`
 *   GET /articles/slugList/{a,b,...}    summaries of the named articles, in that order
 *   GET /articles/slug/{slug}/related   articles sharing the most tags with it (not itself)
 *   POST /articles/slug/{slug}/unlock   a trial member's one Market Map (article-unlock.ts)
 * Without access an article's `bodyText` is null and only its first paragraph
 * (`previewText`) is sent: paywalled text never leaves the API.
 */
import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { ArticleListQuerySchema, RelatedArticlesQuerySchema, type Article } from '../../contract/articles.ts'
import type { Link } from '../../contract/common.ts'
import {
	accessInput,
	ARTICLE_SUMMARY_COLUMNS,
	ARTICLE_SUMMARY_JOINS,
	ARTICLE_TAGS,
	countArticles,
	listArticleSummaries,
	toArticleSummary,
	type ArticleFilter,
	type ArticleSummaryRow,
	type ArticleTagKind,
} from './article-data.ts'
import { unlockArticle } from './article-unlock.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse, itemsResponse, listResponse } from './envelope.ts'
import { badRequest, notFound } from './errors.ts'
import { dateOrderWarnings, MAX_PAGE_SIZE } from '../../contract/query.ts'
import { fetchPage, parseQuery } from './query.ts'
import { firstParagraph, plainText, safeHtml } from './content-html.ts'
import { readPublicRows } from './hot-data.ts'
import { iso } from './sql.ts'
import { previewSecretOpens } from './preview-secret.ts'

/**
 * How much one shared tag of each kind says about two articles being related (our choice):
 * a shared project or company is specific, a shared country or sector is broad.
 */
export const RELATED_TAG_WEIGHTS: Record<ArticleTagKind, number> = {
	projects: 4,
	companies: 3,
	events: 3,
	technologies: 2,
	topics: 2,
	industries: 1,
	geographies: 1,
}

const relatedQuery = RelatedArticlesQuerySchema
const listQuery = ArticleListQuerySchema

type ArticleRow = ArticleSummaryRow & {
	alternate_standfirst: string | null
	lead_in: string | null
	body_text: string
	section: string | null
	updated_at: string
	is_draft: boolean
	preview_secret: string | null
} & Record<ArticleTagKind, Link[]>

/** Every tag list of the article in the same statement: {name, slug} by name. */
const TAG_COLUMNS = sql.join(
	Object.entries(ARTICLE_TAGS).map(
		([kind, tag]) => sql`coalesce((
			select json_agg(json_build_object('name', e.name, 'slug', e.slug) order by e.name)
			from ${sql.raw(tag.joinTable)} t join ${sql.raw(tag.table)} e on e.id = t.${sql.raw(tag.column)}
			where t.article_id = a.id
		), '[]'::json) as ${sql.raw(kind)}`,
	),
	sql`, `,
)

export const articles: Resource = ({ db }) => {
	/** The stored article, the same for every reader (kept hot); access is worked out per request. */
	async function findArticle(slug: string) {
		const rows = await readPublicRows<ArticleRow>(db, `article ${slug}`, () => sql`
			select ${ARTICLE_SUMMARY_COLUMNS},
				a.alternate_standfirst, a.lead_in, a.body_text, a.section, a.updated_at, a.is_draft, a.preview_secret,
				${TAG_COLUMNS}
			from articles a ${ARTICLE_SUMMARY_JOINS}
			where a.slug = ${slug}`)
		return rows[0]
	}

	async function respond(c: Context<ApiEnv>, row: ArticleRow, { preview = false } = {}) {
		const access = c.get('access')
		const decision = await access.article(accessInput(row))
		// A preview link is the editor's: whoever holds its secret reads the whole draft.
		const hasAccess = preview || decision.hasAccess
		const metered = c.get('viewer') ? await access.meteredAccess() : { items: [] }
		const article: Article = {
			...toArticleSummary(row, hasAccess),
			alternateStandfirst: plainText(row.alternate_standfirst),
			leadIn: plainText(row.lead_in),
			bodyText: hasAccess ? safeHtml(row.body_text) : null,
			isAccessibleForFree: decision.isAccessibleForFree,
			previewText: hasAccess ? null : firstParagraph(row.body_text),
			hasMeteredAccess: decision.hasMeteredAccess,
			isPermittedArticleTypeForUnlocking: decision.isPermittedArticleTypeForUnlocking,
			isOutsideTrialDatesRange: decision.isOutsideTrialDatesRange,
			meteredAccessItems: metered.items,
			section: row.section,
			updatedAt: iso(row.updated_at)!,
			seoProperties: { title: row.headline, description: plainText(row.standfirst) },
			companies: row.companies,
			events: row.events,
			geographies: row.geographies,
			industries: row.industries,
			projects: row.projects,
			technologies: row.technologies,
			topics: row.topics,
		}
		return itemResponse(c, article)
	}

	return new Hono<ApiEnv>()
		.get('/', async (c) => {
			const query = parseQuery(c, listQuery)
			const filter: ArticleFilter = {
				articleTypeSlug: query.articleType,
				authorSlug: query.author,
				blogTypeSlug: query.blogType,
				publishedFrom: query.publishedFrom,
				publishedTo: query.publishedTo,
			}
			const access = c.get('access')
			const page = await fetchPage(
				query,
				() => countArticles(db, filter),
				(limit, offset) => listArticleSummaries(db, access, filter, { limit, offset }),
			)
			return listResponse(c, page, dateOrderWarnings(query))
		})
		.get('/slug/draft/:slug', async (c) => {
			const slug = c.req.param('slug')
			const row = await findArticle(slug)
			const token = c.req.header('PreviewToken') ?? ''
			// Wrong or missing secret: the draft does not exist for this caller.
			if (!(await previewSecretOpens(db, c, token, row?.is_draft ? row.preview_secret : null)) || !row) throw notFound(`draft article ${slug}`)
			return respond(c, row, { preview: true })
		})
		.get('/slug/:slug', async (c) => {
			const slug = c.req.param('slug')
			const row = await findArticle(slug)
			if (!row || row.is_draft) throw notFound(`article ${slug}`)
			return respond(c, row)
		})
		.get('/slug/:slug/related', async (c) => {
			const slug = c.req.param('slug')
			const { pageSize } = parseQuery(c, relatedQuery)
			// Only its id: the page reads the article itself alongside (articles.bySlug), not twice.
			const found = await readPublicRows<{ id: number }>(db, `published-article-id ${slug}`, () => sql`select id from articles where slug = ${slug} and not is_draft`)
			const row = found[0]
			if (!row) throw notFound(`article ${slug}`)
			// Shared tags, weighted by kind; the newest first among equals.
			const shared = () => sql.join(
				Object.entries(ARTICLE_TAGS).map(
					([kind, tag]) => sql`
						select t.article_id, ${RELATED_TAG_WEIGHTS[kind as ArticleTagKind]}::int as weight
						from ${sql.raw(tag.joinTable)} t
						where t.${sql.raw(tag.column)} in (select ${sql.raw(tag.column)} from ${sql.raw(tag.joinTable)} where article_id = ${row.id})`,
				),
				sql` union all `,
			)
			// The scores come from the tag indexes alone; only the articles that can still make the
			// list (a score at least the pageSize-th best) are read, not every article sharing a
			// broad tag. Should drafts thin that set below pageSize, every scored article is read.
			const relatedSlugs = (bounded: boolean) => sql`
				with scores as materialized (
					select article_id, sum(weight)::int as score from (${shared()}) s where article_id <> ${row.id} group by article_id
				)
				select a.slug from scores s join articles a on a.id = s.article_id
				where not a.is_draft ${bounded ? sql`and s.score >= (select coalesce(min(score), 0) from (select score from scores order by score desc limit ${pageSize}) best)` : sql``}
				order by s.score desc, a.publication_date desc, a.id desc
				limit ${pageSize}`
			const related = (bounded: boolean) => readPublicRows<{ slug: string }>(db, `related-slugs ${row.id} ${pageSize} ${bounded}`, () => relatedSlugs(bounded))
			let rows = await related(true)
			if (rows.length < pageSize) rows = await related(false)
			const slugs = rows.map((related) => related.slug)
			const items = slugs.length ? await listArticleSummaries(db, c.get('access'), { slugs }, { limit: slugs.length }) : []
			return itemsResponse(c, items)
		})
		.post('/slug/:slug/unlock', async (c) => itemResponse(c, await unlockArticle(db, c.get('access'), c.req.param('slug'))))
		.get('/slugList/:slugs', async (c) => {
			const slugs = [...new Set(c.req.param('slugs').split(',').map((slug) => slug.trim()).filter(Boolean))]
			if (slugs.length > MAX_PAGE_SIZE) throw badRequest(`At most ${MAX_PAGE_SIZE} slugs may be listed`)
			const items = slugs.length ? await listArticleSummaries(db, c.get('access'), { slugs }, { limit: slugs.length }) : []
			return itemsResponse(c, items)
		})
}

