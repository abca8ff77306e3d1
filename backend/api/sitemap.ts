/**
 * What crawlers may index, for the site's sitemaps (/sitemap.xml and /sitemaps/{type}.xml):
 *   GET /sitemap                                 items: { type, count, lastmod } per sitemap type
 *   GET /sitemap/{type}?pageNum=&pageSize=       paged items: { loc, lastmod } (loc is a site path)
 *
 * Only published pages the public can reach: no drafts, no custom pages behind permission
 * levels, no companies that are not shown as pages, nothing from the strategist-only
 * indexes (applications, industrial subsectors, technology types, mergers), which send
 * everyone else to the home page. Paywalled articles and projects are listed: their pages
 * are public and carry the paywall markup search engines expect.
 *
 * lastmod is the content's own date: an article's last edit, a company's or project's
 * last-modified date, and for a taxonomy page (topic, author, article type...) the newest
 * article it lists, since that is when its page last changed.
 */
import { sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import type { ApiEnv, Resource } from './context.ts'
import { itemsResponse, listResponse } from './envelope.ts'
import { notFound } from './errors.ts'
import { SitemapEntriesQuerySchema } from '../../contract/pages.ts'
import { fetchPage, parseQuery } from './query.ts'
import { iso } from './sql.ts'

/** sitemaps.org allows 50,000 URLs per file; our choice is 10,000 so one file stays quick to build. */

export type SitemapType = { type: string; count: number; lastmod: string | null }
export type SitemapEntry = { loc: string; lastmod: string | null }

/** A select of `loc` (site path) and `lastmod` (timestamptz or null), one row per URL. */
type SitemapSource = SQL

/** Newest published article matching the condition on `a` (a taxonomy page's lastmod). */
const latestArticle = (condition: SQL) => sql`(select max(a.publication_date) from articles a where not a.is_draft and ${condition})`

/** Newest published article tagged with `e` through a join table (read through the join table's tag index). */
const latestTagged = (joinTable: string, column: string) =>
	sql`(select max(a.publication_date) from ${sql.raw(joinTable)} t join articles a on a.id = t.article_id where t.${sql.raw(column)} = e.id and not a.is_draft)`

/** A taxonomy of spec 000's route table: /{route}/{slug}, newest tagged article as lastmod. */
const taggedTaxonomy = (table: string, route: string, joinTable: string, column: string): SitemapSource =>
	sql`select ${sql.raw(`'/${route}/'`)} || e.slug as loc, coalesce(${latestTagged(joinTable, column)}, e.updated_at) as lastmod from ${sql.raw(table)} e`

export const SITEMAP_SOURCES: Record<string, SitemapSource> = {
	articles: sql`select '/articles/' || a.slug as loc, greatest(a.publication_date, a.updated_at) as lastmod from articles a where not a.is_draft`,
	// Custom pages the public may read; the page named home is the site's front page.
	pages: sql`select case when p.slug = 'home' then '/' else '/pages/' || p.slug end as loc, p.updated_at as lastmod
		from pages p where cardinality(p.permission_levels) = 0`,
	'article-types': sql`select '/article-types/' || e.slug as loc, coalesce(${latestArticle(sql`a.article_type_id = e.id`)}, e.updated_at) as lastmod from article_types e`,
	blogs: sql`select '/blogs/' || e.slug as loc, coalesce(${latestArticle(sql`a.blog_type_id = e.id`)}, e.updated_at) as lastmod from blog_types e`,
	authors: sql`select '/authors/' || e.slug as loc, coalesce(${latestTagged('article_authors', 'author_id')}, e.updated_at) as lastmod from authors e`,
	companies: sql`select '/companies/' || c.slug as loc, c.last_modified_date as lastmod from companies c where c.show_as_page`,
	// Events keep no modified date, so their entries have no lastmod (it is optional).
	events: sql`select '/events/' || e.slug as loc, null::timestamptz as lastmod from events e`,
	projects: sql`select '/projects/' || p.slug as loc, p.date_last_modified as lastmod from projects p`,
	geographies: taggedTaxonomy('geographies', 'geographies', 'article_geographies', 'geography_id'),
	industries: taggedTaxonomy('industries', 'industries', 'article_industries', 'industry_id'),
	technologies: taggedTaxonomy('technologies', 'technologies', 'article_technologies', 'technology_id'),
	topics: taggedTaxonomy('topics', 'topics', 'article_topics', 'topic_id'),
	utilities: sql`select '/utilities/' || u.slug as loc, u.last_modified_date as lastmod from utilities u`,
	// Context pages are public: without access they show the locked view.
	contexts: sql`select '/contexts/' || e.slug as loc, e.publication_date as lastmod from contexts e`,
	opportunities: sql`select '/opportunities/' || o.slug as loc, o.date_last_modified as lastmod from opportunities o where not o.is_draft`,
}

const typeQuery = SitemapEntriesQuerySchema

export const sitemap: Resource = ({ db }) =>
	new Hono<ApiEnv>()
		.get('/', async (c) => {
			const types = await Promise.all(
				Object.entries(SITEMAP_SOURCES).map(async ([type, source]) => {
					const { rows } = await db.execute<{ count: number; lastmod: string | null }>(
						sql`select count(*)::int as count, max(s.lastmod) as lastmod from (${source}) s`,
					)
					return { type, count: rows[0]?.count ?? 0, lastmod: iso(rows[0]?.lastmod) } satisfies SitemapType
				}),
			)
			return itemsResponse(c, types)
		})
		.get('/:type', async (c) => {
			const type = c.req.param('type')
			const source = Object.hasOwn(SITEMAP_SOURCES, type) ? SITEMAP_SOURCES[type] : undefined
			if (!source) throw notFound(`sitemap ${type}`)
			const paging = parseQuery(c, typeQuery)
			const page = await fetchPage(
				paging,
				async () => (await db.execute<{ count: number }>(sql`select count(*)::int as count from (${source}) s`)).rows[0]?.count ?? 0,
				async (limit, offset) => {
					// By path: a stable order, so paging through a type sees each URL once.
					const { rows } = await db.execute<{ loc: string; lastmod: string | null }>(
						sql`select s.loc, s.lastmod from (${source}) s order by s.loc limit ${limit} offset ${offset}`,
					)
					return rows.map((row): SitemapEntry => ({ loc: row.loc, lastmod: iso(row.lastmod) }))
				},
			)
			return listResponse(c, page)
		})
