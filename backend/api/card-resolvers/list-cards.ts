/**
 * Search-result cards of events, projects, documents and newsletters (spec 000 §1; 001 §2
 * Event cards; 002 §2 Document and newsletter search cards). Each reads its own table with
 * the filters of its config; access is decided per row as the entity pages decide it.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { CardEvent, CardProject, CoverGridResult, CoverItem } from '../../../contract/cards.ts'
import {
	COVER_GRID_PARAMS,
	coverGridPageSize,
	pageNumberOf,
	rowsPerPageOf,
	SEARCH_CARD_DEFAULT_COUNT,
} from '../../../contract/card-rules.ts'
import { validDate } from '../../../contract/search-params.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import { DATE_ORDER_WARNING } from '../../../contract/query.ts'
import { fetchPage } from '../query.ts'
import { and, dayAfter, dayStart, iso, textArray } from '../sql.ts'
import { bool, count, nowOf, paramsOf, publicRows, str, strings, termMatch, type CardContext, type CardResolver } from './context.ts'
import { keptCount } from './card-counts.ts'

/** Rows in a country, or in any country of a region, named by the geography's slug. */
export const inGeography = (column: SQL, slug: string) =>
	sql`${column} in (select g.id from geographies g where g.slug = ${slug} or g.region_id = (select r.id from geographies r where r.slug = ${slug} and r.is_region))`

async function events(config: Record<string, unknown>, context: CardContext): Promise<CardEvent[]> {
	const limit = count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)
	const partner = bool(config.isPartnerEvent)
	const geography = str(config.geographySlug)
	const slugs = strings(config.eventSlugs)
	const exclude = str(config.excludeSlug)
	const rows = await publicRows<{
		name: string
		slug: string
		start_date: string
		end_date: string
		location: string | null
		is_partner_event: boolean
		thumbnail: string | null
	}>(context, 'event search card', sql`
		select name, slug, start_date, end_date, location, is_partner_event, thumbnail from events e
		where ${and([
			partner !== undefined && sql`is_partner_event = ${partner}`,
			geography && inGeography(sql`e.country_id`, geography),
			slugs && sql`slug = any(${textArray(slugs)})`,
			exclude && sql`slug <> ${exclude}`,
			bool(config.upcoming) === true && sql`end_date >= now()`,
		])}
		order by end_date < now(), case when end_date >= now() then start_date end asc, start_date desc, id
		limit ${limit}`)
	return rows.map((row) => ({
		name: row.name,
		slug: row.slug,
		startDate: iso(row.start_date)!,
		endDate: iso(row.end_date),
		location: row.location,
		isPartnerEvent: row.is_partner_event,
		thumbnail: row.thumbnail,
	}))
}

type ProjectRow = {
	name: string
	slug: string
	country: string | null
	project_types: string[]
	progress: string
	short_status: string | null
	date_last_modified: string
	is_archived: boolean
}

/** Project rows; progress and status are Project Tracker content (read:project). */
function toCardProjects(rows: ProjectRow[], context: CardContext): CardProject[] {
	const hasAccess = context.access.has(PERMISSIONS.readProject)
	return rows.map((row) => ({
		name: row.name,
		slug: row.slug,
		country: row.country,
		projectTypes: row.project_types,
		hasAccess,
		...(hasAccess ? { progress: row.progress, shortStatus: row.short_status, dateLastModified: iso(row.date_last_modified)!, isArchived: row.is_archived } : {}),
	}))
}

const PROJECT_COLUMNS = sql`p.name, p.slug, g.name as country, p.project_types, p.progress, p.short_status, p.date_last_modified, p.is_archived`

/** Dates of the page's filter (applied as the site search applies its own) and the date-order warning (spec 000 §5, 002 §5). */
function dateFilter(context: CardContext) {
	const params = paramsOf(context)
	const now = nowOf(context)
	const date = (name: string) => validDate(params.get(name)?.trim() ?? null, now)
	const publishedFrom = date(COVER_GRID_PARAMS.publishedFrom)
	const publishedTo = date(COVER_GRID_PARAMS.publishedTo)
	const reversed = Boolean(publishedFrom && publishedTo && publishedFrom > publishedTo)
	const where = (column: SQL) =>
		and([publishedFrom && sql`${column} >= ${dayStart(publishedFrom)}::timestamptz`, publishedTo && sql`${column} < ${dayAfter(publishedTo)}::timestamptz`])
	return { publishedFrom, publishedTo, reversed, where, requestedPage: pageNumberOf(params.get(COVER_GRID_PARAMS.page)) }
}

/** One page of a cover grid: its count and rows, the page clamped to the last one. */
async function coverGrid(
	config: Record<string, unknown>,
	context: CardContext,
	query: { count: (dates: (column: SQL) => SQL) => Promise<number>; rows: (dates: (column: SQL) => SQL, limit: number, offset: number) => Promise<CoverItem[]> },
): Promise<CoverGridResult> {
	const rowsPerPage = rowsPerPageOf(config.rowsPerPage)
	const pageSize = coverGridPageSize(config.rowsPerPage)
	const dates = dateFilter(context)
	const base = { rowsPerPage, pageSize, publishedFrom: dates.publishedFrom, publishedTo: dates.publishedTo }
	// "If from is later than to ... no results will be displayed."
	if (dates.reversed) return { ...base, items: [], totalHits: 0, totalPages: 0, pageNum: 1, warning: DATE_ORDER_WARNING }
	const page = await fetchPage(
		{ pageNum: dates.requestedPage, pageSize },
		() => query.count(dates.where),
		(limit, offset) => query.rows(dates.where, limit, offset),
	)
	return { ...base, ...page, warning: null }
}

export const LIST_CARD_RESOLVERS: Record<string, CardResolver> = {
	/** Upcoming events soonest first, then past ones newest first (spec 001 §2). */
	async EventSearchCard(config, context) {
		return { ...config, events: await events(config, context) }
	},

	/** Projects by slug (newsletters) or the latest updated; details need read:project. */
	async ProjectListCard(config, context) {
		const slugs = strings(config.projectSlugs)
		const category = str(config.projectCategory)
		const limit = count(config.maxRecordCount ?? config.resultCount, slugs?.length || SEARCH_CARD_DEFAULT_COUNT)
		const rows = await publicRows<ProjectRow>(context, 'project list card', sql`
			select ${PROJECT_COLUMNS}
			from projects p left join geographies g on g.id = p.country_id
			where ${slugs ? sql`p.slug = any(${textArray(slugs)})` : and([sql`not p.is_archived`, category && sql`${category} = any(p.project_types)`])}
			order by ${slugs ? sql`array_position(${textArray(slugs)}, p.slug)` : sql`p.date_last_modified desc, p.id`}
			limit ${limit}`)
		return { ...config, projects: toCardProjects(rows, context) }
	},

	/**
	 * Project Tracker results for the config's query (spec 002 §2 filter groups): geography,
	 * project types (Desal, WWTP...), categories (Build, Operate...), progress, a search term.
	 */
	async ProjectSearchCard(config, context) {
		const limit = count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)
		const geography = str(config.geographySlug)
		const types = strings(config.projectTypes)
		const categories = strings(config.categories)
		const progress = strings(config.progress)
		const term = str(config.searchTerm)
		const where = and([
			bool(config.includeArchived) ? undefined : sql`not p.is_archived`,
			geography && inGeography(sql`p.country_id`, geography),
			types && sql`p.project_types && ${textArray(types)}`,
			categories && sql`p.categories && ${textArray(categories)}`,
			progress && sql`p.progress = any(${textArray(progress)})`,
			termMatch(sql`p.search`, term),
		])
		const [rows, total] = await Promise.all([
			publicRows<ProjectRow>(context, 'project search card', sql`
				select ${PROJECT_COLUMNS} from projects p left join geographies g on g.id = p.country_id
				where ${where} order by p.date_last_modified desc, p.id desc limit ${limit}`),
			keptCount(context.db, ['ProjectSearchCard', bool(config.includeArchived), geography, types, categories, progress, term], async () =>
				(await context.db.execute<{ n: number }>(sql`select count(*)::int as n from projects p where ${where}`)).rows[0].n,
			),
		])
		return { ...config, projects: toCardProjects(rows, context), totalHits: total }
	},

	/** Documents of one type (white papers, magazines...), a page of covers with the page's date filter. */
	async DocumentSearchCard(config, context) {
		const documentType = str(config.documentType)
		const where = (dates: (column: SQL) => SQL) => and([sql`not d.is_draft`, documentType && sql`d.document_type = ${documentType}`, dates(sql`d.publication_date`)])
		const result = await coverGrid(config, context, {
			count: async (dates) => (await publicRows<{ n: number }>(context, 'document search card count', sql`select count(*)::int as n from documents d where ${where(dates)}`))[0].n,
			rows: async (dates, limit, offset) => {
				const rows = await publicRows<{
					name: string
					slug: string
					image: string | null
					publication_date: string
					document_type: string
					permission_levels: string[]
					sample_permission_levels: string[]
					sample_file_path: string | null
				}>(context, 'document search card', sql`
					select name, slug, image, publication_date, document_type, permission_levels, sample_permission_levels, sample_file_path
					from documents d where ${where(dates)}
					order by d.publication_date desc, d.id desc limit ${limit} offset ${offset}`)
				return rows.map((row) => ({
					name: row.name,
					slug: row.slug,
					url: `/documents/${row.slug}`,
					image: row.image,
					publicationDate: iso(row.publication_date)!,
					label: row.document_type,
					hasAccess: context.access.hasAny(row.permission_levels),
					hasSampleAccess: Boolean(row.sample_file_path) && context.access.hasAny(row.sample_permission_levels),
				}))
			},
		})
		return { ...config, ...result }
	},

	/** Newsletter issues (of `newsletterDefinitionSlugs`, else all), a page of covers with the page's date filter. */
	async NewsletterSearchCard(config, context) {
		const definitions = strings(config.newsletterDefinitionSlugs)
		const where = (dates: (column: SQL) => SQL) =>
			and([sql`not n.is_draft`, definitions && sql`d.slug = any(${textArray(definitions)})`, dates(sql`n.published`)])
		const from = sql`newsletters n join newsletter_definitions d on d.id = n.definition_id`
		// "trial users get 2 weeks of newsletters": the trial opens every issue, as on the newsletter page.
		const trial = context.access.has(PERMISSIONS.readTrial)
		const result = await coverGrid(config, context, {
			count: async (dates) => (await publicRows<{ n: number }>(context, 'newsletter search card count', sql`select count(*)::int as n from ${from} where ${where(dates)}`))[0].n,
			rows: async (dates, limit, offset) => {
				const rows = await publicRows<{ name: string; slug: string; cover_image: string | null; published: string; title: string; permission_levels: string[] }>(context, 'newsletter search card', sql`
					select n.name, n.slug, n.cover_image, n.published, d.name as title, d.permission_levels
					from ${from} where ${where(dates)}
					order by n.published desc, n.id desc limit ${limit} offset ${offset}`)
				return rows.map((row) => ({
					name: row.name,
					slug: row.slug,
					// Opened from the archive: the issue in its archive view (spec 002 §2 /newsletters/archive/{slug}).
					url: `/newsletters/archive/${row.slug}`,
					image: row.cover_image,
					publicationDate: iso(row.published)!,
					label: row.title,
					hasAccess: trial || context.access.hasAny(row.permission_levels),
				}))
			},
		})
		return { ...config, ...result }
	},
}
