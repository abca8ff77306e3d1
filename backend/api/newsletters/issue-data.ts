/**
 * One newsletter issue as the site and the email export read it (contract/newsletters.ts):
 * the issue, its access, and its components resolved from newsletter_components. Access is
 * decided here: without it no component leaves the API (the site shows a placeholder and
 * an upsell), and an article's body leaves only when the reader may read the issue AND the
 * article (BodyTextOnly lists, or every list with the `full` flag).
 */
import { sql } from 'drizzle-orm'
import {
	ARTICLE_DISPLAY_TYPES,
	ARTICLE_VARIANTS,
	cutStandfirst,
	IMAGE_SIZES,
	PROJECT_CATEGORY_LABELS,
	PROJECTS_PER_CATEGORY,
	presentationVersionOf,
	trackerQueryFor,
	type ArticleDisplayType,
	type ArticleVariant,
	type ImageSize,
	type Newsletter,
	type NewsletterArticle,
	type NewsletterComponent,
	type NewsletterProject,
} from '../../../contract/newsletters.ts'
import type { Db } from '../../db/client.ts'
import type { ViewerAccess } from '../access.ts'
import { accessInput, ARTICLE_SUMMARY_COLUMNS, ARTICLE_SUMMARY_JOINS, type ArticleSummaryRow } from '../article-data.ts'
import { ENTITY_KINDS, entityAccess } from '../entity-kinds.ts'
import { iso, textArray } from '../sql.ts'

type IssueRow = {
	id: number
	slug: string
	name: string
	edition: string
	is_draft: boolean
	preview_secret: string | null
	published: string
	banner_image: string | null
	cover_image: string | null
	theme_colour: string | null
	presentation_version: string
	see_more_link: string | null
	definition_name: string
	definition_slug: string
	definition_colour: string
	definition_banner: string | null
	publication_frequency: 'Weekly' | 'Monthly'
	permission_levels: string[]
}

type ComponentRow = { id: number; component_type: string; config: Record<string, unknown> }

const ISSUE_COLUMNS = sql`n.id, n.slug, n.name, n.edition, n.is_draft, n.preview_secret, n.published, n.banner_image, n.cover_image,
	n.theme_colour, n.presentation_version, n.see_more_link,
	d.name as definition_name, d.slug as definition_slug, d.theme_colour as definition_colour, d.banner_image as definition_banner,
	d.publication_frequency, d.permission_levels`

export async function findIssue(db: Db, slug: string): Promise<IssueRow | undefined> {
	const { rows } = await db.execute<IssueRow>(sql`select ${ISSUE_COLUMNS} from newsletters n join newsletter_definitions d on d.id = n.definition_id where n.slug = ${slug}`)
	return rows[0]
}

/** "Latest issue": the most recently published issue of any newsletter (drafts never). */
export async function findLatestIssue(db: Db): Promise<IssueRow | undefined> {
	const { rows } = await db.execute<IssueRow>(
		sql`select ${ISSUE_COLUMNS} from newsletters n join newsletter_definitions d on d.id = n.definition_id
			where not n.is_draft and n.published <= now() order by n.published desc, n.id desc limit 1`,
	)
	return rows[0]
}

/** "trial users get 2 weeks of newsletters": the same rule as the newsletter kind's list and cards. */
export const issueAccess = (access: ViewerAccess, row: IssueRow) => entityAccess(ENTITY_KINDS.newsletters, access, row.permission_levels, row.published)

export function toNewsletter(row: IssueRow, hasAccess: boolean): Newsletter {
	return {
		id: row.id,
		name: row.name,
		slug: row.slug,
		isDraft: row.is_draft,
		published: iso(row.published)!,
		edition: row.edition,
		bannerImage: row.banner_image ?? row.definition_banner,
		coverImage: row.cover_image,
		themeColour: row.theme_colour ?? row.definition_colour,
		publicationFrequency: row.publication_frequency,
		presentationVersion: presentationVersionOf(row.presentation_version),
		seeMoreLink: row.see_more_link,
		definition: { name: row.definition_name, slug: row.definition_slug },
		hasAccess,
	}
}

// ---------------------------------------------------------------- config readers

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null)
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined => (values as readonly unknown[]).includes(value) ? (value as T) : undefined

/** An editor may set an article's image size and display type; `articles: [{ slug, imageSize, displayType }]`. */
type ArticleChoice = { slug: string; imageSize?: ImageSize; displayType?: ArticleVariant }
function articleChoices(config: Record<string, unknown>): ArticleChoice[] {
	if (Array.isArray(config.articles))
		return config.articles.flatMap((entry): ArticleChoice[] => {
			if (!entry || typeof entry !== 'object') return []
			const { slug, imageSize, displayType } = entry as Record<string, unknown>
			return typeof slug === 'string' ? [{ slug, imageSize: oneOf(IMAGE_SIZES, imageSize), displayType: oneOf(ARTICLE_VARIANTS, displayType) }] : []
		})
	return strings(config.articleSlugs).map((slug) => ({ slug }))
}

/** Unset image sizes: the lead story of a Full list spans the column, the others sit beside their text. */
export const LEAD_IMAGE_SIZE: ImageSize = 'Large'
export const OTHER_IMAGE_SIZE: ImageSize = 'Small'
/** Interviews are the article type of this slug. */
const INTERVIEW_TYPE_SLUG = 'interview'

/** Unset display types follow from the article itself and the list's display type. */
function variantOf(row: ArticleSummaryRow, listType: ArticleDisplayType): ArticleVariant {
	if (listType === 'HeadlineOnly') return 'HeadlineOnly'
	if (row.is_partner_content || row.sponsor_slug) return 'PartnerContent'
	if (row.type_slug === INTERVIEW_TYPE_SLUG) return 'Interview'
	if (row.blog_type_slug) return 'Opinion'
	if (!row.thumbnail && row.authors[0]?.photo) return 'AuthorPhoto'
	return 'Thumbnail'
}

// ---------------------------------------------------------------- components

type ResolveContext = { db: Db; access: ViewerAccess; full: boolean }

async function articleList(component: ComponentRow, { db, access, full }: ResolveContext): Promise<NewsletterComponent> {
	const articleDisplayType = oneOf(ARTICLE_DISPLAY_TYPES, component.config.articleDisplayType) ?? 'Full'
	const choices = articleChoices(component.config)
	const withBody = full || articleDisplayType === 'BodyTextOnly'
	const { rows } = choices.length
		? await db.execute<ArticleSummaryRow & { lead_in: string | null; body_text: string; geographies: { name: string; slug: string }[] }>(sql`
			select ${ARTICLE_SUMMARY_COLUMNS}, a.lead_in, ${withBody ? sql`a.body_text` : sql`null::text`} as body_text,
				coalesce((select json_agg(json_build_object('name', g.name, 'slug', g.slug) order by g.name)
					from article_geographies ag join geographies g on g.id = ag.geography_id where ag.article_id = a.id), '[]'::json) as geographies
			from articles a ${ARTICLE_SUMMARY_JOINS}
			where not a.is_draft and a.slug = any(${textArray(choices.map((choice) => choice.slug))})`)
		: { rows: [] }
	const decisions = await access.articles(rows.map(accessInput))
	const bySlug = new Map(rows.map((row, index) => [row.slug, { row, hasAccess: decisions[index].hasAccess }]))
	const articles: NewsletterArticle[] = choices.flatMap((choice, index) => {
		const found = bySlug.get(choice.slug)
		if (!found) return []
		const { row, hasAccess } = found
		const author = row.authors[0]
		return [
			{
				slug: row.slug,
				headline: row.headline,
				standfirst: cutStandfirst(row.standfirst),
				thumbnail: row.thumbnail ?? row.image_url,
				author: author ? { name: author.name, slug: author.slug } : null,
				imageSize: choice.imageSize ?? (articleDisplayType === 'Full' && index === 0 ? LEAD_IMAGE_SIZE : OTHER_IMAGE_SIZE),
				displayType: choice.displayType ?? variantOf(row, articleDisplayType),
				subjectName: author?.name ?? null,
				leadIn: row.lead_in,
				sponsor: row.sponsor_slug ? { name: row.sponsor_name!, slug: row.sponsor_slug, logo: row.sponsor_logo } : null,
				articleType: { name: row.type_name, slug: row.type_slug },
				blogType: row.blog_type_slug ? { name: row.blog_type_name!, slug: row.blog_type_slug } : null,
				geographies: row.geographies,
				publicationDate: iso(row.publication_date)!,
				hasAccess,
				// The body of an article the reader may not read never leaves the API.
				bodyText: withBody && hasAccess ? row.body_text : null,
			},
		]
	})
	return { id: component.id, type: 'ArticleListCard', name: text(component.config.name), articleDisplayType, articles }
}

/** The tracker's category label → the project types column holds it. */
const projectTypeOf = (category: string) => PROJECT_CATEGORY_LABELS[category] ?? category

async function projectList(component: ComponentRow, { db }: ResolveContext): Promise<NewsletterComponent> {
	const projectCategory = text(component.config.projectCategory) ?? 'WWTP'
	const categoryList = strings(component.config.categoryList).length ? strings(component.config.categoryList) : [projectCategory]
	const slugs = strings(component.config.projectSlugs)
	type ProjectRow = { slug: string; name: string; country: string | null; project_types: string[]; short_status: string | null; progress: string; date_last_modified: string }
	const { rows } = await db.execute<ProjectRow>(sql`
		select p.slug, p.name, g.name as country, p.project_types, p.short_status, p.progress, p.date_last_modified
		from projects p left join geographies g on g.id = p.country_id
		where not p.is_archived and ${slugs.length ? sql`p.slug = any(${textArray(slugs)})` : sql`p.project_types && ${textArray(categoryList.map(projectTypeOf))}`}
		order by p.date_last_modified desc, p.id
		limit ${Math.max(slugs.length, PROJECTS_PER_CATEGORY * categoryList.length)}`)
	const { rows: counted } = await db.execute<{ n: number }>(
		sql`select count(*)::int as n from projects p where not p.is_archived and p.project_types && ${textArray(categoryList.map(projectTypeOf))}`,
	)
	const codeOf = new Map(Object.entries(PROJECT_CATEGORY_LABELS).map(([code, label]) => [label, code]))
	const ordered = slugs.length ? slugs.flatMap((slug) => rows.filter((row) => row.slug === slug)) : rows
	// "at most 5 per category": the API sends no more than the site may show.
	const shown = new Map<string, number>()
	const projects: NewsletterProject[] = []
	for (const row of ordered) {
		const categories = row.project_types.map((type) => codeOf.get(type) ?? type)
		const category = categoryList.find((code) => categories.includes(code)) ?? projectCategory
		const count = shown.get(category) ?? 0
		if (count >= PROJECTS_PER_CATEGORY) continue
		shown.set(category, count + 1)
		projects.push({
			slug: row.slug,
			name: row.name,
			country: row.country,
			categories,
			shortStatus: row.short_status,
			progress: row.progress,
			dateLastModified: iso(row.date_last_modified)!,
		})
	}
	return {
		id: component.id,
		type: 'ProjectListCard',
		name: text(component.config.name),
		projects,
		projectCategory,
		resultCount: counted[0]?.n ?? projects.length,
		categoryList,
		projectTrackerSearchQuery: trackerQueryFor(projectCategory),
	}
}

async function resolveComponent(component: ComponentRow, context: ResolveContext): Promise<NewsletterComponent> {
	const { id, config } = component
	switch (component.component_type) {
		case 'TextCard':
			return { id, type: 'TextCard', bodyText: text(config.bodyText) ?? '', graduatedBackground: config.graduatedBackground === true }
		case 'LinkCard':
			return {
				id,
				type: 'LinkCard',
				name: text(config.name),
				image: text(config.image),
				title: text(config.title),
				description: text(config.description),
				footer: text(config.footer),
				linkUrl: text(config.linkUrl),
				linkText: text(config.linkText),
				linkIcon: text(config.linkIcon),
				imageType: text(config.imageType),
			}
		case 'ArticleListCard':
			return articleList(component, context)
		case 'AdvertCard':
			return { id, type: 'AdvertCard', image: text(config.image), link: text(config.link) }
		case 'ProjectListCard':
			return projectList(component, context)
		case 'OpportunityListCard':
			return { id, type: 'OpportunityListCard' }
		default:
			return { id, type: 'Unsupported', componentType: component.component_type }
	}
}

/** The issue's components in order; none without access ("the full text never leaves the API"). */
export async function issueComponents(context: ResolveContext & { issueId: number; hasAccess: boolean }): Promise<NewsletterComponent[]> {
	if (!context.hasAccess) return []
	const { rows } = await context.db.execute<ComponentRow>(
		sql`select id, component_type, config from newsletter_components where newsletter_id = ${context.issueId} order by sort_order, id`,
	)
	return Promise.all(rows.map((row) => resolveComponent({ ...row, config: row.config ?? {} }, context)))
}
