/**
 * The generic entity kinds of GET /{entity} and GET /{entity}/slug/{slug}, as ONE table:
 * URL segment → table, the columns that make an EntitySummary, who may see it, its cards'
 * owner kind, its related articles and its own `details`. Adding a kind is one entry.
 *
 * SQL fragments refer to the kind's row as `e`.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Card } from '../../contract/cards.ts'
import type { Link } from '../../contract/common.ts'
import type { Db } from '../db/client.ts'
import type { OwnerKind } from '../db/schema.ts'
import { PERMISSIONS } from '../identity/roles.ts'
import { STRATEGY_PERMISSIONS, type ViewerAccess } from './access.ts'
import type { ArticleFilter } from './article-data.ts'
import { resolveCards, type CardContext } from './cards.ts'
import { MERGER_NAME } from './merger-name.ts'
import { booleanParam, dateParam } from '../../contract/query.ts'
import { dayAfter, dayStart, iso, textArray } from './sql.ts'

/** Raw columns of the entity's row (snake_case, as to_jsonb gives them). */
export type EntityData = Record<string, unknown>

export type DetailContext = { db: Db; access: ViewerAccess; id: number; data: EntityData; hasAccess: boolean }

export type EntityKind = {
	table: string
	/** Words for messages: 'Not found: company x'. */
	label: string
	/** analyticsPageInfo.pageType */
	pageType: string
	/** Owner kind of the entity's cards and slices, when it has any. */
	ownerKind?: OwnerKind
	name?: SQL
	description?: SQL
	thumbnail?: SQL
	publicationDate?: SQL
	headline?: SQL
	bodyText?: SQL
	bannerImage?: SQL
	/** Permission levels of the row (empty = everyone). */
	permissionLevels?: SQL
	/** Permissions of which the viewer needs one to see the kind at all (besides the row's levels). */
	requires?: readonly string[]
	/** Permissions that open every row of the kind regardless of its levels. */
	alsoGrantedBy?: readonly string[]
	/** Without access the description is hidden too (it is part of the paid content). */
	hideDescriptionWithoutAccess?: boolean
	orderBy?: SQL
	/** Rows that exist for the public (drafts are not). */
	published?: SQL
	/** Has is_draft / preview_secret: GET /{entity}/slug/draft/{slug} with a PreviewToken. */
	hasDrafts?: boolean
	/** Extra fields of list items (`EntitySummary.details`), as jsonb: for everyone, and for readers with access. */
	summaryDetails?: { public?: SQL; withAccess?: SQL }
	/** Extra list filters: a zod shape of query parameters and the SQL they add. */
	listFilters?: { shape: z.ZodRawShape; where: (query: Record<string, unknown>) => (SQL | false | undefined)[] }
	/** The articles related to an entity (entity page list, cards without their own filter). */
	articles?: (id: number) => ArticleFilter
	details?: (context: DetailContext) => Promise<EntityData>
	/** Cards from somewhere other than the cards table (newsletter components). */
	components?: (context: CardContext & { id: number }) => Promise<Card[]>
}

// ---------------------------------------------------------------- helpers

const strategist = STRATEGY_PERMISSIONS
const upcomingFirst = sql`e.end_date < now(), case when e.end_date >= now() then e.start_date end asc, e.start_date desc, e.id`

/** snake_case → camelCase of the named columns, timestamps as ISO. */
function pick(data: EntityData, columns: string[], timestamps: string[] = []): EntityData {
	const out: EntityData = {}
	for (const column of columns) {
		const key = column.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
		const value = data[column]
		out[key] = timestamps.includes(column) ? iso(value as string | null) : (value ?? null)
	}
	return out
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
	return (await db.execute(query)).rows as T[]
}

async function link(db: Db, table: string, id: unknown): Promise<Link | null> {
	if (typeof id !== 'number') return null
	const [row] = await rows<Link>(db, sql`select name, slug from ${sql.raw(table)} where id = ${id}`)
	return row ?? null
}

const taxonomy = (table: string, label: string, pageType: string, ownerKind: OwnerKind, extra: Partial<EntityKind> = {}): EntityKind => ({
	table,
	label,
	pageType,
	ownerKind,
	...extra,
})

const publishedBetween = (column: SQL) => ({
	publishedFrom: dateParam('publishedFrom'),
	publishedTo: dateParam('publishedTo'),
	where: (query: Record<string, unknown>) => [
		typeof query.publishedFrom === 'string' && sql`${column} >= ${dayStart(query.publishedFrom)}::timestamptz`,
		typeof query.publishedTo === 'string' && sql`${column} < ${dayAfter(query.publishedTo)}::timestamptz`,
	],
})

const listOfSlugs = z
	.string()
	.optional()
	.transform((value) => (value ? value.split(',').map((slug) => slug.trim()).filter(Boolean) : undefined))

// ---------------------------------------------------------------- details of the kinds

/** A company's technology tree: its leaf nodes and their ancestors under each technology. */
async function technologyTree(db: Db, companyId: number) {
	type Node = { id: number; slug: string; name: string; node_type: string; parent_id: number | null; technology_id: number }
	const nodes = await rows<Node>(
		db,
		sql`with recursive tree as (
			select tt.id, tt.slug, tt.name, tt.node_type, tt.parent_id, tt.technology_id
			from technology_types tt join company_technology_types ct on ct.technology_type_id = tt.id
			where ct.company_id = ${companyId}
			union
			select p.id, p.slug, p.name, p.node_type, p.parent_id, p.technology_id
			from technology_types p join tree on p.id = tree.parent_id
		) select * from tree order by name`,
	)
	if (nodes.length === 0) return []
	const technologies = await rows<{ id: number; slug: string; name: string }>(
		db,
		sql`select id, slug, name from technologies where id = any(${sql.param([...new Set(nodes.map((node) => node.technology_id))])}::int[]) order by name`,
	)
	type TreeNode = { slug: string; name: string; nodeType: string; children: TreeNode[] }
	const build = (node: Node): TreeNode => ({
		slug: node.slug,
		name: node.name,
		nodeType: node.node_type,
		children: nodes.filter((child) => child.parent_id === node.id).map(build),
	})
	return technologies.map((technology) => ({
		slug: technology.slug,
		name: technology.name,
		nodeType: 'Technology',
		children: nodes.filter((node) => node.parent_id === null && node.technology_id === technology.id).map(build),
	}))
}

const companyDetails = async ({ db, access, id, data }: DetailContext) => {
	const [country, expertises, industries, tree] = await Promise.all([
		link(db, 'geographies', data.headquarters_country_id),
		rows<{ name: string; pageSlug: string | null }>(db, sql`select name, page_slug as "pageSlug" from company_expertises where company_id = ${id} order by name`),
		rows<Link>(db, sql`select i.name, i.slug from company_industries ci join industries i on i.id = ci.industry_id where ci.company_id = ${id} order by i.name`),
		technologyTree(db, id),
	])
	return {
		...pick(data, [
			'full_company_name',
			'company_name_alias',
			'legacy_id',
			'website',
			'primary_exchange',
			'logo',
			'show_as_page',
			'is_partner',
			'chemicals',
			'engineering_project_types',
			'services',
			'digital_products',
			'last_modified_date',
		], ['last_modified_date']),
		headquartersCountry: country,
		expertises,
		industries,
		technologyTree: tree,
		// Company financial data is Strategist content (spec 000 §6).
		...(access.isStrategist ? pick(data, ['water_revenue', 'water_revenue_currency', 'water_revenue_dollars']) : {}),
	}
}

const projectDetails = async ({ db, id, data, hasAccess }: DetailContext) => {
	const country = await link(db, 'geographies', data.country_id)
	const basics = { name: data.name, country, projectTypes: data.project_types }
	// Without read:project only what identifies the project leaves the API.
	if (!hasAccess) return basics
	const [utility, cost, contacts, history, technologies, companies] = await Promise.all([
		link(db, 'utilities', data.utility_id),
		rows<{ cost: number | null; costLocalCurrency: number | null; localCurrency: string | null; description: string | null }>(
			db,
			sql`select cost_usd as cost, cost_local_currency as "costLocalCurrency", local_currency as "localCurrency", description from project_costs where project_id = ${id}`,
		),
		rows<{ name: string; organisation: string | null; phone: string | null; email: string | null }>(
			db,
			sql`select name, organisation, phone, email from project_contacts where project_id = ${id} order by id`,
		),
		// "History is shown newest first, excluding entries equal to the last-modified date."
		rows<{ date: string; cost: number | null; status: string | null; progress: string | null }>(
			db,
			sql`select h.date, h.cost_usd as cost, h.status, h.progress from project_history h join projects p on p.id = h.project_id
				where h.project_id = ${id} and h.date <> p.date_last_modified order by h.date desc, h.id desc`,
		),
		rows<Link>(db, sql`select t.name, t.slug from project_technologies pt join technologies t on t.id = pt.technology_id where pt.project_id = ${id} order by t.name`),
		rows<Link & { role: string }>(
			db,
			sql`select c.name, c.slug, pc.role from project_companies pc join companies c on c.id = pc.company_id where pc.project_id = ${id} order by pc.role, c.name`,
		),
	])
	return {
		...basics,
		...pick(
			data,
			[
				'status',
				'short_status',
				'structure',
				'progress',
				'categories',
				'subcategories',
				'build_type',
				'capacity_m3d',
				'capacity_people',
				'capacity_unit',
				'disposal_routes',
				'treatment_levels',
				'client_name',
				'region',
				'state',
				'date_added',
				'date_last_modified',
				'is_archived',
			],
			['date_added', 'date_last_modified'],
		),
		utility,
		expectedCost: cost[0] ?? null,
		contacts,
		history: history.map((entry) => ({ ...entry, date: iso(entry.date) })),
		technologies,
		companies,
	}
}

const geographyDetails = async ({ db, id, data }: DetailContext) => {
	const [region, countries] = await Promise.all([
		link(db, 'geographies', data.region_id),
		data.is_region ? rows<Link>(db, sql`select name, slug from geographies where region_id = ${id} order by name`) : Promise.resolve([]),
	])
	return { isRegion: data.is_region, region, countries }
}

const eventDetails = async ({ db, data }: DetailContext) => ({
	...pick(
		data,
		['start_date', 'end_date', 'location', 'project_region', 'website_url', 'register_url', 'contact_email', 'logo', 'hero_image', 'is_partner_event'],
		['start_date', 'end_date'],
	),
	country: await link(db, 'geographies', data.country_id),
})

const utilityDetails = async ({ db, data, hasAccess }: DetailContext) => {
	const country = await link(db, 'geographies', data.headquarters_country_id)
	if (!hasAccess) return { headquartersCountry: country }
	return {
		headquartersCountry: country,
		...pick(
			data,
			['utility_state', 'project_region', 'utility_ownership_type', 'utility_services', 'water_population', 'wastewater_population', 'non_revenue_water', 'website', 'last_modified_date'],
			['last_modified_date'],
		),
	}
}

const mergerDetails = async ({ db, id, data, hasAccess }: DetailContext) => {
	if (!hasAccess) return pick(data, ['year', 'target_name', 'acquiror_name'])
	const [target, vendor, acquiror, companies] = await Promise.all([
		link(db, 'geographies', data.target_country_id),
		link(db, 'geographies', data.vendor_country_id),
		link(db, 'geographies', data.acquiror_country_id),
		rows<Link & { role: string }>(db, sql`select c.name, c.slug, mc.role from merger_companies mc join companies c on c.id = mc.company_id where mc.merger_id = ${id} order by mc.role, c.name`),
	])
	return {
		...pick(data, [
			'year',
			'announced_date',
			'target_name',
			'vendor_name',
			'acquiror_name',
			'acquiror_type',
			'merger_sector',
			'percent_acquired',
			'price_local',
			'price_currency',
			'price_dollars',
			'revenue',
			'revenue_currency',
			'profit',
			'profit_currency',
			'deal_completed',
		]),
		// Spec 001: merger status shows Complete or Pending.
		status: data.deal_completed ? 'Complete' : 'Pending',
		targetCountry: target,
		vendorCountry: vendor,
		acquirorCountry: acquiror,
		companies,
	}
}

const documentDetails = async ({ access, data }: DetailContext) => {
	const sampleLevels = (data.sample_permission_levels as string[] | null) ?? []
	return {
		...pick(data, ['document_type', 'extension', 'is_hyperlink', 'image']),
		hasSample: Boolean(data.sample_file_path),
		hasSampleAccess: Boolean(data.sample_file_path) && access.hasAny(sampleLevels),
	}
}

const newsletterDetails = async ({ db, data }: DetailContext) => {
	const [definition] = await rows<{ name: string; slug: string; publicationFrequency: string; themeColour: string; bannerImage: string | null }>(
		db,
		sql`select name, slug, publication_frequency as "publicationFrequency", theme_colour as "themeColour", banner_image as "bannerImage"
			from newsletter_definitions where id = ${data.definition_id as number}`,
	)
	return {
		...pick(data, ['edition', 'published', 'cover_image', 'theme_colour', 'presentation_version', 'see_more_link'], ['published']),
		definition: definition ?? null,
	}
}

/** A newsletter's components as cards (resolved like page cards). */
async function newsletterComponents(context: CardContext & { id: number }): Promise<Card[]> {
	const components = await rows<{ id: number; component_type: string; sort_order: number; config: Record<string, unknown> }>(
		context.db,
		sql`select id, component_type, sort_order, config from newsletter_components where newsletter_id = ${context.id} order by sort_order, id`,
	)
	return resolveCards(
		context,
		components.map((component) => ({
			id: component.id,
			cardType: component.component_type,
			position: 'Centre',
			width: 'Full',
			sortOrder: component.sort_order,
			sliceSlug: null,
			config: component.config ?? {},
		})),
	)
}

// ---------------------------------------------------------------- the registry

export const ENTITY_KINDS: Record<string, EntityKind> = {
	'article-types': taxonomy('article_types', 'article type', 'ArticleType', 'article-type', { articles: (id) => ({ articleTypeId: id }) }),
	authors: {
		table: 'authors',
		label: 'author',
		pageType: 'Author',
		ownerKind: 'author',
		thumbnail: sql`e.photo`,
		headline: sql`e.job_title`,
		bodyText: sql`e.biography`,
		articles: (id) => ({ authorId: id }),
		details: async ({ data }) => pick(data, ['job_title', 'photo', 'biography']),
	},
	companies: {
		table: 'companies',
		label: 'company',
		pageType: 'Company',
		ownerKind: 'company',
		thumbnail: sql`e.logo`,
		listFilters: {
			shape: { isPartner: booleanParam('isPartner'), country: z.string().trim().optional() },
			where: (query) => [
				typeof query.isPartner === 'boolean' && sql`e.is_partner = ${query.isPartner}`,
				typeof query.country === 'string' && query.country !== '' && sql`e.headquarters_country_id = (select id from geographies where slug = ${query.country})`,
			],
		},
		articles: (id) => ({ tag: { kind: 'companies', id } }),
		details: companyDetails,
	},
	'blog-types': taxonomy('blog_types', 'blog type', 'BlogType', 'blog-type', { articles: (id) => ({ blogTypeId: id }) }),
	projects: {
		table: 'projects',
		label: 'project',
		pageType: 'Project',
		requires: [PERMISSIONS.readProject],
		hideDescriptionWithoutAccess: true,
		bodyText: sql`null::text`,
		publicationDate: sql`e.date_last_modified`,
		orderBy: sql`e.date_last_modified desc, e.id desc`,
		listFilters: {
			shape: { country: z.string().trim().optional(), isArchived: booleanParam('isArchived') },
			where: (query) => [
				typeof query.country === 'string' && query.country !== '' && sql`e.country_id = (select id from geographies where slug = ${query.country})`,
				typeof query.isArchived === 'boolean' && sql`e.is_archived = ${query.isArchived}`,
			],
		},
		// A project list says where and what each project is; its progress is Project Tracker content.
		summaryDetails: {
			public: sql`jsonb_build_object(
				'country', (select jsonb_build_object('name', g.name, 'slug', g.slug) from geographies g where g.id = e.country_id),
				'projectTypes', e.project_types)`,
			withAccess: sql`jsonb_build_object('progress', e.progress, 'shortStatus', e.short_status, 'isArchived', e.is_archived)`,
		},
		articles: (id) => ({ tag: { kind: 'projects', id } }),
		details: projectDetails,
	},
	geographies: {
		table: 'geographies',
		label: 'geography',
		pageType: 'Geography',
		ownerKind: 'geography',
		listFilters: {
			shape: { isRegion: booleanParam('isRegion'), region: z.string().trim().optional() },
			where: (query) => [
				typeof query.isRegion === 'boolean' && sql`e.is_region = ${query.isRegion}`,
				typeof query.region === 'string' && query.region !== '' && sql`e.region_id = (select id from geographies where slug = ${query.region})`,
			],
		},
		articles: (id) => ({ tag: { kind: 'geographies', id } }),
		details: geographyDetails,
	},
	industries: taxonomy('industries', 'industry', 'Industry', 'industry', { articles: (id) => ({ tag: { kind: 'industries', id } }) }),
	technologies: taxonomy('technologies', 'technology', 'Technology', 'technology', {
		articles: (id) => ({ tag: { kind: 'technologies', id } }),
		details: async ({ db, id }) => ({
			technologyTypes: await rows<Link>(db, sql`select name, slug from technology_types where technology_id = ${id} and parent_id is null order by name`),
		}),
	}),
	topics: taxonomy('topics', 'topic', 'Topic', 'topic', { articles: (id) => ({ tag: { kind: 'topics', id } }) }),
	events: {
		table: 'events',
		label: 'event',
		pageType: 'Event',
		ownerKind: 'event',
		thumbnail: sql`e.thumbnail`,
		bannerImage: sql`e.hero_image`,
		publicationDate: sql`e.start_date`,
		orderBy: upcomingFirst,
		listFilters: {
			shape: { isPartnerEvent: booleanParam('isPartnerEvent'), upcoming: booleanParam('upcoming') },
			where: (query) => [
				typeof query.isPartnerEvent === 'boolean' && sql`e.is_partner_event = ${query.isPartnerEvent}`,
				query.upcoming === true && sql`e.end_date >= now()`,
				query.upcoming === false && sql`e.end_date < now()`,
			],
		},
		articles: (id) => ({ tag: { kind: 'events', id } }),
		details: eventDetails,
	},
	applications: taxonomy('applications', 'application', 'Application', 'application', { requires: strategist }),
	'industrial-subsectors': taxonomy('industrial_subsectors', 'industrial subsector', 'IndustrialSubsector', 'industrial-subsector', { requires: strategist }),
	'technology-types': {
		table: 'technology_types',
		label: 'technology type',
		pageType: 'TechnologyType',
		ownerKind: 'technology-type',
		requires: strategist,
		details: async ({ db, id, data }) => {
			const [technology, ancestors, children] = await Promise.all([
				link(db, 'technologies', data.technology_id),
				// The node's ancestors, root first (breadcrumbs of the strategist layout).
				rows<Link>(
					db,
					sql`with recursive chain as (
						select id, name, slug, parent_id, 0 as depth from technology_types where id = ${(data.parent_id as number | null) ?? null}::int
						union all
						select p.id, p.name, p.slug, p.parent_id, chain.depth + 1 from technology_types p join chain on p.id = chain.parent_id
					) select name, slug from chain order by depth desc`,
				),
				rows<Link>(db, sql`select name, slug from technology_types where parent_id = ${id} order by name`),
			])
			return { nodeType: data.node_type, technology, parent: ancestors.at(-1) ?? null, ancestors, children }
		},
	},
	utilities: {
		table: 'utilities',
		label: 'utility',
		pageType: 'Utility',
		ownerKind: 'utility',
		requires: strategist,
		listFilters: {
			shape: { country: z.string().trim().optional() },
			where: (query) => [typeof query.country === 'string' && query.country !== '' && sql`e.headquarters_country_id = (select id from geographies where slug = ${query.country})`],
		},
		details: utilityDetails,
	},
	mergers: {
		table: 'mergers',
		label: 'merger',
		pageType: 'Merger',
		requires: strategist,
		name: MERGER_NAME,
		bodyText: sql`null::text`,
		publicationDate: sql`coalesce(e.announced_date::timestamptz, make_date(e.year, 1, 1)::timestamptz)`,
		orderBy: sql`e.announced_date desc nulls last, e.year desc, e.id desc`,
		listFilters: {
			shape: { dealCompleted: booleanParam('dealCompleted') },
			where: (query) => [typeof query.dealCompleted === 'boolean' && sql`e.deal_completed = ${query.dealCompleted}`],
		},
		details: mergerDetails,
	},
	documents: {
		table: 'documents',
		label: 'document',
		pageType: 'Document',
		thumbnail: sql`e.image`,
		bodyText: sql`null::text`,
		publicationDate: sql`e.publication_date`,
		permissionLevels: sql`e.permission_levels`,
		orderBy: sql`e.publication_date desc, e.id desc`,
		published: sql`not e.is_draft`,
		hasDrafts: true,
		listFilters: (() => {
			const dates = publishedBetween(sql`e.publication_date`)
			return {
				shape: { documentType: z.string().trim().optional(), publishedFrom: dates.publishedFrom, publishedTo: dates.publishedTo },
				where: (query: Record<string, unknown>) => [typeof query.documentType === 'string' && query.documentType !== '' && sql`e.document_type = ${query.documentType}`, ...dates.where(query)],
			}
		})(),
		details: documentDetails,
	},
	newsletters: {
		table: 'newsletters',
		label: 'newsletter',
		pageType: 'Newsletter',
		description: sql`e.edition`,
		thumbnail: sql`e.cover_image`,
		bannerImage: sql`e.banner_image`,
		bodyText: sql`null::text`,
		publicationDate: sql`e.published`,
		permissionLevels: sql`(select d.permission_levels from newsletter_definitions d where d.id = e.definition_id)`,
		// "trial users get 2 weeks of newsletters"
		alsoGrantedBy: [PERMISSIONS.readTrial],
		orderBy: sql`e.published desc, e.id desc`,
		published: sql`not e.is_draft`,
		hasDrafts: true,
		listFilters: (() => {
			const dates = publishedBetween(sql`e.published`)
			return {
				shape: { newsletterDefinitionSlugs: listOfSlugs, publishedFrom: dates.publishedFrom, publishedTo: dates.publishedTo },
				where: (query: Record<string, unknown>) => [
					Array.isArray(query.newsletterDefinitionSlugs) &&
						sql`e.definition_id in (select id from newsletter_definitions where slug = any(${textArray(query.newsletterDefinitionSlugs as string[])}))`,
					...dates.where(query),
				],
			}
		})(),
		details: newsletterDetails,
		components: newsletterComponents,
	},
	contexts: {
		table: 'contexts',
		label: 'context',
		pageType: 'Context',
		ownerKind: 'context',
		name: sql`coalesce(e.display_name, e.name)`,
		description: sql`e.html_description`,
		publicationDate: sql`e.publication_date`,
		permissionLevels: sql`e.permission_levels`,
		orderBy: sql`e.publication_date desc, e.id desc`,
		details: async ({ data }) => pick(data, ['display_name', 'author_names', 'is_expanded']),
	},
}

/** Whether the viewer may see a row of the kind with these permission levels. */
export function entityAccess(kind: EntityKind, access: ViewerAccess, levels: readonly string[] | null) {
	return access.hasAny(kind.requires) && (access.hasAny(levels) || (kind.alsoGrantedBy ?? []).some((permission) => access.has(permission)))
}

export function entityKind(kind: string): EntityKind | undefined {
	return Object.hasOwn(ENTITY_KINDS, kind) ? ENTITY_KINDS[kind] : undefined
}
