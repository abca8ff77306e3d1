/**
 * Reading articles as the site shows them in lists (ArticleSummary), shared by the article
 * list, article list cards and entity pages. One query per page of summaries: type, blog
 * type and sponsor are joined, authors aggregated in the same statement (no N+1).
 */
import { sql, type SQL } from 'drizzle-orm'
import type { ArticleSummary } from '../../contract/articles.ts'
import type { Db } from '../db/client.ts'
import type { ViewerAccess } from './access.ts'
import { plainText } from './content-html.ts'
import { readPublicRows } from './hot-data.ts'
import { and, dayAfter, dayStart, iso, textArray } from './sql.ts'

/** The tag tables of articles: what an article mentions, and what lists articles by tag. */
export const ARTICLE_TAGS = {
	companies: { joinTable: 'article_companies', column: 'company_id', table: 'companies' },
	events: { joinTable: 'article_events', column: 'event_id', table: 'events' },
	geographies: { joinTable: 'article_geographies', column: 'geography_id', table: 'geographies' },
	industries: { joinTable: 'article_industries', column: 'industry_id', table: 'industries' },
	projects: { joinTable: 'article_projects', column: 'project_id', table: 'projects' },
	technologies: { joinTable: 'article_technologies', column: 'technology_id', table: 'technologies' },
	topics: { joinTable: 'article_topics', column: 'topic_id', table: 'topics' },
} as const
export type ArticleTagKind = keyof typeof ARTICLE_TAGS

/** What selects articles for a list. Slugs name things; ids are for callers that hold a row. */
export type ArticleFilter = {
	articleTypeSlug?: string
	articleTypeId?: number
	blogTypeSlug?: string
	blogTypeId?: number
	authorSlug?: string
	authorId?: number
	/** Articles tagged with this entity (by id or slug). */
	tag?: { kind: ArticleTagKind; id?: number; slug?: string }
	editorsPick?: boolean
	partnerContent?: boolean
	sponsored?: boolean
	/** YYYY-MM-DD, inclusive. */
	publishedFrom?: string
	publishedTo?: string
	/** Exactly these articles, in this order (newsletter and curated cards). */
	slugs?: string[]
	excludeSlugs?: string[]
}

/** Published articles (never drafts) matching the filter; `a` is the articles row. */
export function articleWhere(filter: ArticleFilter): SQL {
	const tag = filter.tag ? ARTICLE_TAGS[filter.tag.kind] : undefined
	return and([
		sql`not a.is_draft`,
		filter.articleTypeId !== undefined && sql`a.article_type_id = ${filter.articleTypeId}`,
		filter.articleTypeSlug !== undefined && sql`a.article_type_id = (select id from article_types where slug = ${filter.articleTypeSlug})`,
		filter.blogTypeId !== undefined && sql`a.blog_type_id = ${filter.blogTypeId}`,
		filter.blogTypeSlug !== undefined && sql`a.blog_type_id = (select id from blog_types where slug = ${filter.blogTypeSlug})`,
		filter.authorId !== undefined && sql`a.id in (select article_id from article_authors where author_id = ${filter.authorId})`,
		filter.authorSlug !== undefined &&
			sql`a.id in (select aa.article_id from article_authors aa join authors au on au.id = aa.author_id where au.slug = ${filter.authorSlug})`,
		tag &&
			filter.tag!.id !== undefined &&
			sql`a.id in (select article_id from ${sql.raw(tag.joinTable)} where ${sql.raw(tag.column)} = ${filter.tag!.id})`,
		tag &&
			filter.tag!.id === undefined &&
			sql`a.id in (select t.article_id from ${sql.raw(tag.joinTable)} t join ${sql.raw(tag.table)} e on e.id = t.${sql.raw(tag.column)} where e.slug = ${filter.tag!.slug ?? ''})`,
		filter.editorsPick !== undefined && sql`a.is_editors_pick = ${filter.editorsPick}`,
		filter.partnerContent !== undefined && sql`a.is_partner_content = ${filter.partnerContent}`,
		filter.sponsored !== undefined && (filter.sponsored ? sql`a.sponsor_company_id is not null` : sql`a.sponsor_company_id is null`),
		filter.publishedFrom !== undefined && sql`a.publication_date >= ${dayStart(filter.publishedFrom)}::timestamptz`,
		filter.publishedTo !== undefined && sql`a.publication_date < ${dayAfter(filter.publishedTo)}::timestamptz`,
		filter.slugs !== undefined && sql`a.slug = any(${textArray(filter.slugs)})`,
		Boolean(filter.excludeSlugs?.length) && sql`a.slug <> all(${textArray(filter.excludeSlugs!)})`,
	])
}

/** The columns of an ArticleSummary; `a` is the articles row. */
export const ARTICLE_SUMMARY_COLUMNS = sql`
	a.id, a.slug, a.headline, a.standfirst, a.thumbnail, a.image_url, a.publication_date,
	a.is_editors_pick, a.is_partner_content, a.permission_levels,
	at.name as type_name, at.slug as type_slug,
	bt.name as blog_type_name, bt.slug as blog_type_slug,
	sc.name as sponsor_name, sc.slug as sponsor_slug, sc.logo as sponsor_logo,
	coalesce((
		select json_agg(json_build_object('name', au.name, 'slug', au.slug, 'photo', au.photo) order by aa.sort_order, au.name)
		from article_authors aa join authors au on au.id = aa.author_id
		where aa.article_id = a.id
	), '[]'::json) as authors`

export const ARTICLE_SUMMARY_JOINS = sql`
	join article_types at on at.id = a.article_type_id
	left join blog_types bt on bt.id = a.blog_type_id
	left join companies sc on sc.id = a.sponsor_company_id`

export type ArticleSummaryRow = {
	id: number
	slug: string
	headline: string
	standfirst: string | null
	thumbnail: string | null
	image_url: string | null
	publication_date: string
	is_editors_pick: boolean
	is_partner_content: boolean
	permission_levels: string[]
	type_name: string
	type_slug: string
	blog_type_name: string | null
	blog_type_slug: string | null
	sponsor_name: string | null
	sponsor_slug: string | null
	sponsor_logo: string | null
	authors: { name: string; slug: string; photo: string | null }[]
}

/**
 * Summaries made from a kept row (readPublicRows), by the reader's access: every reader with
 * the same access gets the same object, instead of a new one with its dates and text worked
 * out again on every page. Frozen, since every page that lists the article shares it.
 */
const summariesOf = new WeakMap<ArticleSummaryRow, { withAccess?: ArticleSummary; withoutAccess?: ArticleSummary }>()

export function toArticleSummary(row: ArticleSummaryRow, hasAccess: boolean): ArticleSummary {
	let summaries = summariesOf.get(row)
	if (!summaries) summariesOf.set(row, (summaries = {}))
	const kind = hasAccess ? 'withAccess' : 'withoutAccess'
	return (summaries[kind] ??= Object.freeze(newArticleSummary(row, hasAccess)))
}

function newArticleSummary(row: ArticleSummaryRow, hasAccess: boolean): ArticleSummary {
	return {
		id: row.id,
		slug: row.slug,
		headline: row.headline,
		standfirst: plainText(row.standfirst),
		thumbnail: row.thumbnail,
		imageUrl: row.image_url,
		publicationDate: iso(row.publication_date)!,
		articleType: { name: row.type_name, slug: row.type_slug },
		blogType: row.blog_type_slug ? { name: row.blog_type_name!, slug: row.blog_type_slug } : null,
		author: row.authors,
		sponsor: row.sponsor_slug ? { name: row.sponsor_name!, slug: row.sponsor_slug, logo: row.sponsor_logo } : null,
		isEditorsPick: row.is_editors_pick,
		isPartnerContent: row.is_partner_content,
		hasAccess,
	}
}

export const accessInput = (row: Pick<ArticleSummaryRow, 'id' | 'permission_levels' | 'type_slug' | 'publication_date'>) => ({
	id: row.id,
	permissionLevels: row.permission_levels,
	articleTypeSlug: row.type_slug,
	publicationDate: row.publication_date,
})

/** Rows to summaries with each article's access for this viewer. */
export async function summarise(access: ViewerAccess, rows: ArticleSummaryRow[]): Promise<ArticleSummary[]> {
	const decisions = await access.articles(rows.map(accessInput))
	return rows.map((row, index) => toArticleSummary(row, decisions[index].hasAccess))
}

/** A page of summaries, newest first (or in the order of `filter.slugs`). */
export async function listArticleSummaries(
	db: Db,
	access: ViewerAccess,
	filter: ArticleFilter,
	{ limit, offset = 0 }: { limit: number; offset?: number },
): Promise<ArticleSummary[]> {
	// The page's ids first, so joins and authors are read for its rows only (not for the offset).
	const position = filter.slugs ? sql`array_position(${textArray(filter.slugs)}, a.slug)` : sql`null::int`
	const order = filter.slugs ? sql`position` : sql`publication_date desc, id desc`
	// The rows are the same for every reader (kept hot); access is this reader's.
	const rows = await readPublicRows<ArticleSummaryRow>(db, `article-summaries ${JSON.stringify(filter)} ${limit} ${offset}`, () => sql`
		with page as (
			select a.id, a.publication_date, ${position} as position from articles a
			where ${articleWhere(filter)}
			order by ${order}
			limit ${limit} offset ${offset}
		)
		select ${ARTICLE_SUMMARY_COLUMNS}
		from page join articles a on a.id = page.id ${ARTICLE_SUMMARY_JOINS}
		order by ${filter.slugs ? sql`page.position` : sql`page.publication_date desc, page.id desc`}`)
	return summarise(access, rows)
}

export async function countArticles(db: Db, filter: ArticleFilter): Promise<number> {
	const rows = await readPublicRows<{ n: number }>(db, `article-count ${JSON.stringify(filter)}`, () => sql`select count(*)::int as n from articles a where ${articleWhere(filter)}`)
	return rows[0].n
}
