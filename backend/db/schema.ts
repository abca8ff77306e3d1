/**
 * The database schema: every entity of the three spec documents (section 3 of each).
 *
 * Conventions:
 * - Every page-like entity has `slug` (unique) and, when the site search covers it,
 *   a generated `search` tsvector (title weighted A, summary B, body C) with a GIN index.
 * - Cards (spec "items"/"componentItems") and slices belong to any page-like owner
 *   through (owner_kind, owner_id), so one card renderer serves pages, entities and contexts.
 * - Many-valued enumerations that are only ever shown or filtered (project categories,
 *   company services...) are text arrays; things with their own page are tables.
 */
import { sql, type SQL } from 'drizzle-orm'
import {
	bigserial,
	boolean,
	customType,
	date,
	doublePrecision,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	serial,
	text,
	timestamp,
	uniqueIndex,
	type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { CARD_POSITIONS, CARD_WIDTHS } from '../../contract/cards.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

const weighted = (text: SQL, weight: 'A' | 'B' | 'C') => sql`setweight(to_tsvector('english', coalesce(${text}, '')), ${sql.raw(`'${weight}'`)})`

/** Weighted full-text vector: A = title, B = summary, C = body. */
export function searchVector(a: SQL, b: SQL = sql`''`, c: SQL = sql`''`) {
	return tsvector('search').generatedAlwaysAs(sql`${weighted(a, 'A')} || ${weighted(b, 'B')} || ${weighted(c, 'C')}`)
}

/**
 * A kind the site search covers: its `search` vector, which a search matches (GIN indexed),
 * and `search_head`, the title and summary alone, which Relevance ranks. Ranking `search`
 * read every match's body vector out of TOAST (a few kB compressed each: a tenth of a second
 * per 25,000 matches); the head is small enough to stay in the row the match already read.
 */
export function siteSearchColumns(a: SQL, b: SQL = sql`''`, c: SQL = sql`''`) {
	return { search: searchVector(a, b, c), searchHead: tsvector('search_head').generatedAlwaysAs(sql`${weighted(a, 'A')} || ${weighted(b, 'B')}`) }
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** Taxonomy tables share a shape: a named, slugged page with an optional description. */
function taxonomy<N extends string>(name: N) {
	return pgTable(
		name,
		{
			id: serial('id').primaryKey(),
			slug: text('slug').notNull().unique(),
			name: text('name').notNull(),
			description: text('description'),
			bodyText: text('body_text'),
			updatedAt: updatedAt(),
			...siteSearchColumns(sql.raw('name'), sql.raw('description'), sql.raw('body_text')),
		},
		(t) => [index(`${name}_search_idx`).using('gin', t.search)],
	)
}

// ---------------------------------------------------------------- taxonomies

/** Countries and the regions xa..xe (isRegion). Slug is the country or region code. */
export const geographies = pgTable(
	'geographies',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		isRegion: boolean('is_region').notNull().default(false),
		regionId: integer('region_id').references((): AnyPgColumn => geographies.id),
		description: text('description'),
		bodyText: text('body_text'),
		updatedAt: updatedAt(),
		...siteSearchColumns(sql.raw('name'), sql.raw('description'), sql.raw('body_text')),
	},
	(t) => [index('geographies_search_idx').using('gin', t.search), index('geographies_region_idx').on(t.regionId)],
)

export const industries = taxonomy('industries')
export const technologies = taxonomy('technologies')
export const topics = taxonomy('topics')
export const applications = taxonomy('applications')
export const industrialSubsectors = taxonomy('industrial_subsectors')
export const articleTypes = taxonomy('article_types')
export const blogTypes = taxonomy('blog_types')

/** Technology tree below a technology: TechnologyType > TechnologySubType > TechnologySubSubType. */
export const technologyTypes = pgTable(
	'technology_types',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		nodeType: text('node_type', { enum: ['TechnologyType', 'TechnologySubType', 'TechnologySubSubType'] }).notNull(),
		technologyId: integer('technology_id')
			.notNull()
			.references(() => technologies.id),
		parentId: integer('parent_id').references((): AnyPgColumn => technologyTypes.id),
		description: text('description'),
		bodyText: text('body_text'),
		updatedAt: updatedAt(),
		search: searchVector(sql.raw('name'), sql.raw('description'), sql.raw('body_text')),
	},
	(t) => [index('technology_types_search_idx').using('gin', t.search), index('technology_types_parent_idx').on(t.parentId)],
)

export const authors = pgTable(
	'authors',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		photo: text('photo'),
		jobTitle: text('job_title'),
		description: text('description'),
		biography: text('biography'),
		updatedAt: updatedAt(),
		...siteSearchColumns(sql.raw('name'), sql.raw('description'), sql.raw('biography')),
	},
	(t) => [index('authors_search_idx').using('gin', t.search)],
)

// ---------------------------------------------------------------- pages, cards, menus

/** Custom pages (home, privacypolicy, archive...) and the CMS-managed shells of entity pages. */
export const pages = pgTable(
	'pages',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		headline: text('headline'),
		description: text('description'),
		bodyText: text('body_text'),
		bannerImage: text('banner_image'),
		thumbnail: text('thumbnail'),
		/** Permission slugs of which the user needs one; empty = public. */
		permissionLevels: text('permission_levels').array().notNull().default(sql`'{}'::text[]`),
		seo: jsonb('seo').$type<{ title?: string; description?: string; keywords?: string }>(),
		publicationDate: timestamp('publication_date', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: updatedAt(),
		...siteSearchColumns(sql.raw('name'), sql.raw('description'), sql.raw('body_text')),
	},
	(t) => [index('pages_search_idx').using('gin', t.search)],
)

export const OWNER_KINDS = [
	'page',
	'article-type',
	'author',
	'company',
	'blog-type',
	'geography',
	'industry',
	'technology',
	'topic',
	'application',
	'industrial-subsector',
	'technology-type',
	'utility',
	'context',
	'event',
] as const
export type OwnerKind = (typeof OWNER_KINDS)[number]

/** A named section of an entity page (strategist layout), with its own access. */
export const slices = pgTable(
	'slices',
	{
		id: serial('id').primaryKey(),
		ownerKind: text('owner_kind', { enum: OWNER_KINDS }).notNull(),
		ownerId: integer('owner_id').notNull(),
		slug: text('slug').notNull(),
		name: text('name').notNull(),
		sortOrder: integer('sort_order').notNull().default(0),
		visibility: text('visibility', { enum: ['standard', 'expanded', 'hidden'] }).notNull().default('standard'),
		permissionLevels: text('permission_levels').array().notNull().default(sql`'{}'::text[]`),
	},
	(t) => [index('slices_owner_idx').on(t.ownerKind, t.ownerId)],
)

/** A card placed on a page (or in a slice of it). `config` holds the card type's own fields. */
export const cards = pgTable(
	'cards',
	{
		id: serial('id').primaryKey(),
		ownerKind: text('owner_kind', { enum: OWNER_KINDS }).notNull(),
		ownerId: integer('owner_id').notNull(),
		sliceId: integer('slice_id').references(() => slices.id, { onDelete: 'cascade' }),
		cardType: text('card_type').notNull(),
		position: text('position', { enum: CARD_POSITIONS }).notNull().default('Centre'),
		width: text('width', { enum: CARD_WIDTHS }).notNull().default('Full'),
		sortOrder: integer('sort_order').notNull().default(0),
		config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
	},
	(t) => [index('cards_owner_idx').on(t.ownerKind, t.ownerId)],
)

export const menus = pgTable('menus', {
	id: serial('id').primaryKey(),
	slug: text('slug').notNull().unique(),
	name: text('name').notNull(),
})

export const menuItems = pgTable(
	'menu_items',
	{
		id: serial('id').primaryKey(),
		menuId: integer('menu_id')
			.notNull()
			.references(() => menus.id, { onDelete: 'cascade' }),
		/** Set for the page links inside a PageLinkList item. */
		parentId: integer('parent_id').references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		link: text('link'),
		menuItemType: text('menu_item_type', { enum: ['PageLink', 'PageLinkList'] }).notNull(),
		isExternal: boolean('is_external').notNull().default(false),
		/** Permissions of which the user needs one for hasAccess; empty = everyone. */
		requiredPermissions: text('required_permissions').array().notNull().default(sql`'{}'::text[]`),
		displayWithStrategistTag: boolean('display_with_strategist_tag').notNull().default(false),
		submenuNameOverride: text('submenu_name_override'),
		/** Which part of the shell shows it: the header menu or a footer column. */
		placement: text('placement', { enum: ['header', 'footer'] }).notNull().default('header'),
		sortOrder: integer('sort_order').notNull().default(0),
	},
	(t) => [index('menu_items_menu_idx').on(t.menuId)],
)

/** No-access messages chosen by slug, with a 'default' fallback. */
export const noAccessMessages = pgTable('no_access_messages', {
	id: serial('id').primaryKey(),
	slug: text('slug').notNull().unique(),
	message: text('message').notNull(),
})

export const adverts = pgTable('adverts', {
	id: serial('id').primaryKey(),
	name: text('name').notNull(),
	link: text('link').notNull(),
	image: text('image').notNull(),
	placement: text('placement', { enum: ['Right', 'Banner'] }).notNull().default('Right'),
})

// ---------------------------------------------------------------- companies, utilities, mergers

export const companies = pgTable(
	'companies',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		/** The legacy numeric company id used by company-id redirects. */
		legacyId: integer('legacy_id').unique(),
		name: text('name').notNull(),
		fullCompanyName: text('full_company_name'),
		companyNameAlias: text('company_name_alias'),
		headquartersCountryId: integer('headquarters_country_id').references(() => geographies.id),
		description: text('description'),
		bodyText: text('body_text'),
		waterRevenue: doublePrecision('water_revenue'),
		waterRevenueCurrency: text('water_revenue_currency'),
		waterRevenueDollars: doublePrecision('water_revenue_dollars'),
		/** Spec 001 §6 "Include estimates": the water revenue is GWI's estimate, not a reported figure. */
		waterRevenueIsEstimate: boolean('water_revenue_is_estimate').notNull().default(false),
		website: text('website'),
		primaryExchange: text('primary_exchange'),
		logo: text('logo'),
		showAsPage: boolean('show_as_page').notNull().default(true),
		isPartner: boolean('is_partner').notNull().default(false),
		chemicals: text('chemicals').array().notNull().default(sql`'{}'::text[]`),
		engineeringProjectTypes: text('engineering_project_types').array().notNull().default(sql`'{}'::text[]`),
		services: text('services').array().notNull().default(sql`'{}'::text[]`),
		digitalProducts: text('digital_products').array().notNull().default(sql`'{}'::text[]`),
		lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
		/** When the company joined the index: an alert reports it as new after this. */
		dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
		...siteSearchColumns(sql.raw('name'), sql.raw("coalesce(company_name_alias, '') || ' ' || coalesce(description, '')"), sql.raw('body_text')),
	},
	(t) => [
		index('companies_search_idx').using('gin', t.search),
		index('companies_hq_idx').on(t.headquartersCountryId),
		index('companies_name_idx').on(t.name),
		// The companies index's default order (lower(name), id): a page of it is a walk that stops
		// at the page, not a sort of every company the filters keep.
		index('companies_name_order_idx').on(sql`lower(${t.name})`, t.id),
		// The companies index reads these columns of every company: from this index alone, not the wide rows
		// (every column the table engine reads, the estimate flag too, or PostgreSQL reads all 80 MB of rows at scale 10).
		index('companies_index_columns_idx').on(t.id, t.showAsPage, t.headquartersCountryId, t.waterRevenueDollars, t.waterRevenueIsEstimate, t.lastModifiedDate, t.name, t.digitalProducts),
		// Company cards list the largest water revenue first: walked in this order, a card's first
		// matches are found without sorting every company (a parallel scan of all of them at scale 10).
		index('companies_water_revenue_idx').on(t.waterRevenueDollars.desc().nullsLast(), t.name, t.id),
	],
)

/** Expertise tags on a company; each may link to an expertise page. */
export const companyExpertises = pgTable(
	'company_expertises',
	{
		companyId: integer('company_id')
			.notNull()
			.references(() => companies.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		pageSlug: text('page_slug'),
	},
	(t) => [
		primaryKey({ columns: [t.companyId, t.name] }),
		// The companies of one expertise (cards and filters), read from the index alone.
		index('company_expertises_name_idx').on(t.name, t.companyId),
	],
)

export const companyIndustries = pgTable(
	'company_industries',
	{
		companyId: integer('company_id')
			.notNull()
			.references(() => companies.id, { onDelete: 'cascade' }),
		industryId: integer('industry_id')
			.notNull()
			.references(() => industries.id),
	},
	(t) => [primaryKey({ columns: [t.companyId, t.industryId] })],
)

/** The leaves of a company's technology tree; the tree is these nodes plus their ancestors. */
export const companyTechnologyTypes = pgTable(
	'company_technology_types',
	{
		companyId: integer('company_id')
			.notNull()
			.references(() => companies.id, { onDelete: 'cascade' }),
		technologyTypeId: integer('technology_type_id')
			.notNull()
			.references(() => technologyTypes.id),
	},
	(t) => [primaryKey({ columns: [t.companyId, t.technologyTypeId] })],
)

/** Financial indicators of a company (revenue, EBITDA, ...) by year. */
export const companyIndicators = pgTable(
	'company_indicators',
	{
		id: serial('id').primaryKey(),
		companyId: integer('company_id')
			.notNull()
			.references(() => companies.id, { onDelete: 'cascade' }),
		indicator: text('indicator').notNull(),
		indicatorDisplayName: text('indicator_display_name').notNull(),
		year: integer('year').notNull(),
		value: doublePrecision('value').notNull(),
		currency: text('currency').notNull(),
		valueUsd: doublePrecision('value_usd').notNull(),
		unit: text('unit').notNull().default('m'),
		footnote: text('footnote'),
		fullDate: date('full_date'),
	},
	(t) => [index('company_indicators_company_idx').on(t.companyId, t.indicator, t.year)],
)

export const utilities = pgTable(
	'utilities',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		description: text('description'),
		bodyText: text('body_text'),
		headquartersCountryId: integer('headquarters_country_id').references(() => geographies.id),
		utilityState: text('utility_state'),
		/** Project region names: Asia Pacific, Europe, Latin America, Middle East & Africa, North America. */
		projectRegion: text('project_region'),
		utilityOwnershipType: text('utility_ownership_type'),
		utilityServices: text('utility_services').array().notNull().default(sql`'{}'::text[]`),
		waterPopulation: integer('water_population'),
		wastewaterPopulation: integer('wastewater_population'),
		/** Percent of water put into the network that is not billed. */
		nonRevenueWater: doublePrecision('non_revenue_water'),
		website: text('website'),
		lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
		/** When the utility joined the index: an alert reports it as new after this. */
		dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
		...siteSearchColumns(sql.raw('name'), sql.raw('description'), sql.raw('body_text')),
	},
	(t) => [index('utilities_search_idx').using('gin', t.search), index('utilities_country_idx').on(t.headquartersCountryId)],
)

export const mergers = pgTable(
	'mergers',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		year: integer('year').notNull(),
		announcedDate: date('announced_date'),
		targetName: text('target_name').notNull(),
		vendorName: text('vendor_name'),
		acquirorName: text('acquiror_name').notNull(),
		acquirorType: text('acquiror_type'),
		mergerSector: text('merger_sector'),
		targetCountryId: integer('target_country_id').references(() => geographies.id),
		vendorCountryId: integer('vendor_country_id').references(() => geographies.id),
		acquirorCountryId: integer('acquiror_country_id').references(() => geographies.id),
		percentAcquired: doublePrecision('percent_acquired'),
		priceLocal: doublePrecision('price_local'),
		priceCurrency: text('price_currency'),
		priceDollars: doublePrecision('price_dollars'),
		/** Spec 001 §6 "Include estimates": the price is GWI's estimate, not one the parties disclosed. */
		priceIsEstimate: boolean('price_is_estimate').notNull().default(false),
		revenue: doublePrecision('revenue'),
		revenueCurrency: text('revenue_currency'),
		profit: doublePrecision('profit'),
		profitCurrency: text('profit_currency'),
		dealCompleted: boolean('deal_completed').notNull().default(true),
		description: text('description'),
		/** When the deal joined the index, and when it last changed (a trigger moves it on any update that does not set it). */
		dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
		dateLastModified: timestamp('date_last_modified', { withTimezone: true }).notNull().defaultNow(),
		...siteSearchColumns(sql.raw("target_name || ' ' || acquiror_name"), sql.raw('vendor_name'), sql.raw('description')),
	},
	(t) => [index('mergers_search_idx').using('gin', t.search), index('mergers_year_idx').on(t.year)],
)

export const MERGER_PARTY_ROLES = ['target', 'vendor', 'acquiror'] as const
export const mergerCompanies = pgTable(
	'merger_companies',
	{
		mergerId: integer('merger_id')
			.notNull()
			.references(() => mergers.id, { onDelete: 'cascade' }),
		companyId: integer('company_id')
			.notNull()
			.references(() => companies.id),
		role: text('role', { enum: MERGER_PARTY_ROLES }).notNull(),
	},
	(t) => [primaryKey({ columns: [t.mergerId, t.companyId, t.role] })],
)

// ---------------------------------------------------------------- projects

export const PROJECT_PROGRESS = [
	'Conceptual stage',
	'Design stage',
	'Prequalification',
	'RFP issued',
	'Bids submitted',
	'Contract awarded',
	'Pre-financial close',
	'Cancelled',
	'No longer tracked',
] as const

export const projects = pgTable(
	'projects',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		description: text('description'),
		status: text('status'),
		shortStatus: text('short_status'),
		structure: text('structure'),
		progress: text('progress', { enum: PROJECT_PROGRESS }).notNull(),
		/** Opportunity categories: Build, Operate, Finance, Industrial, DFI (+ Advanced, Reuse, Sludge codes). */
		categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
		subcategories: text('subcategories').array().notNull().default(sql`'{}'::text[]`),
		/** Utility, Desal, WTP, WWTP, Water transfer, Sludge. */
		projectTypes: text('project_types').array().notNull().default(sql`'{}'::text[]`),
		buildType: text('build_type'),
		capacityM3d: doublePrecision('capacity_m3d'),
		capacityPeople: integer('capacity_people'),
		capacityUnit: text('capacity_unit', { enum: ['m3/d', 'PE', 'Dry tonnes/year', 'MGD'] }),
		disposalRoutes: text('disposal_routes').array().notNull().default(sql`'{}'::text[]`),
		treatmentLevels: text('treatment_levels').array().notNull().default(sql`'{}'::text[]`),
		clientName: text('client_name'),
		utilityId: integer('utility_id').references(() => utilities.id),
		region: text('region'),
		countryId: integer('country_id').references(() => geographies.id),
		state: text('state'),
		dateAdded: timestamp('date_added', { withTimezone: true }).notNull(),
		dateLastModified: timestamp('date_last_modified', { withTimezone: true }).notNull(),
		isArchived: boolean('is_archived').notNull().default(false),
		...siteSearchColumns(sql.raw('name'), sql.raw("coalesce(client_name, '') || ' ' || coalesce(short_status, '')"), sql.raw("coalesce(description, '') || ' ' || coalesce(status, '')")),
	},
	(t) => [
		index('projects_search_idx').using('gin', t.search),
		index('projects_country_idx').on(t.countryId),
		index('projects_modified_idx').on(t.dateLastModified),
		// The Project Tracker reads these columns of every live project: from this index alone, not the wide rows.
		index('projects_tracker_columns_idx').on(t.dateLastModified, t.id, t.isArchived, t.countryId, t.capacityM3d, t.progress, t.categories, t.projectTypes, t.subcategories, t.name),
	],
)

/** Expected cost of a project (spec: expectedCost). */
export const projectCosts = pgTable('project_costs', {
	projectId: integer('project_id')
		.primaryKey()
		.references(() => projects.id, { onDelete: 'cascade' }),
	costUsd: doublePrecision('cost_usd'),
	costLocalCurrency: doublePrecision('cost_local_currency'),
	localCurrency: text('local_currency'),
	description: text('description'),
})

export const projectHistory = pgTable(
	'project_history',
	{
		id: serial('id').primaryKey(),
		projectId: integer('project_id')
			.notNull()
			.references(() => projects.id, { onDelete: 'cascade' }),
		date: timestamp('date', { withTimezone: true }).notNull(),
		costUsd: doublePrecision('cost_usd'),
		status: text('status'),
		progress: text('progress', { enum: PROJECT_PROGRESS }),
	},
	(t) => [index('project_history_project_idx').on(t.projectId, t.date)],
)

export const projectContacts = pgTable(
	'project_contacts',
	{
		id: serial('id').primaryKey(),
		projectId: integer('project_id')
			.notNull()
			.references(() => projects.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		organisation: text('organisation'),
		phone: text('phone'),
		email: text('email'),
	},
	(t) => [index('project_contacts_project_idx').on(t.projectId)],
)

export const projectTechnologies = pgTable(
	'project_technologies',
	{
		projectId: integer('project_id')
			.notNull()
			.references(() => projects.id, { onDelete: 'cascade' }),
		technologyId: integer('technology_id')
			.notNull()
			.references(() => technologies.id),
	},
	(t) => [primaryKey({ columns: [t.projectId, t.technologyId] })],
)

/** Companies involved in a project (contractor, operator, adviser...). */
export const projectCompanies = pgTable(
	'project_companies',
	{
		projectId: integer('project_id')
			.notNull()
			.references(() => projects.id, { onDelete: 'cascade' }),
		companyId: integer('company_id')
			.notNull()
			.references(() => companies.id),
		role: text('role').notNull(),
	},
	(t) => [primaryKey({ columns: [t.projectId, t.companyId, t.role] })],
)

// ---------------------------------------------------------------- events, contexts, definitions

export const events = pgTable(
	'events',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		description: text('description'),
		bodyText: text('body_text'),
		logo: text('logo'),
		heroImage: text('hero_image'),
		thumbnail: text('thumbnail'),
		isPartnerEvent: boolean('is_partner_event').notNull().default(false),
		location: text('location'),
		projectRegion: text('project_region'),
		countryId: integer('country_id').references(() => geographies.id),
		startDate: timestamp('start_date', { withTimezone: true }).notNull(),
		endDate: timestamp('end_date', { withTimezone: true }).notNull(),
		websiteUrl: text('website_url'),
		registerUrl: text('register_url'),
		contactEmail: text('contact_email'),
		// What alerts report as new or updated (a trigger moves date_last_modified on any update that does not set it).
		dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
		dateLastModified: timestamp('date_last_modified', { withTimezone: true }).notNull().defaultNow(),
		...siteSearchColumns(sql.raw('name'), sql.raw("coalesce(location, '') || ' ' || coalesce(description, '')"), sql.raw('body_text')),
	},
	(t) => [index('events_search_idx').using('gin', t.search), index('events_start_idx').on(t.startDate)],
)

/** Explanatory accordions that may hold chart, table or database-chart cards. */
export const contexts = pgTable(
	'contexts',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		displayName: text('display_name'),
		htmlDescription: text('html_description'),
		bodyText: text('body_text'),
		authorNames: text('author_names').array().notNull().default(sql`'{}'::text[]`),
		permissionLevels: text('permission_levels').array().notNull().default(sql`'{}'::text[]`),
		isExpanded: boolean('is_expanded').notNull().default(false),
		publicationDate: timestamp('publication_date', { withTimezone: true }).notNull(),
		...siteSearchColumns(sql.raw("coalesce(display_name, name)"), sql.raw('html_description'), sql.raw('body_text')),
	},
	(t) => [index('contexts_search_idx').using('gin', t.search)],
)

/** Forecast definitions, methodology notes and sources (/forecast-definitions, /resources). */
export const forecastDefinitions = pgTable('forecast_definitions', {
	id: serial('id').primaryKey(),
	slug: text('slug').notNull().unique(),
	kind: text('kind', { enum: ['definition', 'methodology', 'resource'] }).notNull(),
	name: text('name').notNull(),
	description: text('description').notNull(),
	sortOrder: integer('sort_order').notNull().default(0),
})

// ---------------------------------------------------------------- articles

export const articles = pgTable(
	'articles',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		headline: text('headline').notNull(),
		standfirst: text('standfirst'),
		alternateStandfirst: text('alternate_standfirst'),
		leadIn: text('lead_in'),
		/** HTML from the content management system. */
		bodyText: text('body_text').notNull(),
		articleTypeId: integer('article_type_id')
			.notNull()
			.references(() => articleTypes.id),
		blogTypeId: integer('blog_type_id').references(() => blogTypes.id),
		sponsorCompanyId: integer('sponsor_company_id').references(() => companies.id),
		section: text('section'),
		imageUrl: text('image_url'),
		thumbnail: text('thumbnail'),
		isEditorsPick: boolean('is_editors_pick').notNull().default(false),
		isPartnerContent: boolean('is_partner_content').notNull().default(false),
		/** Permission slugs of which a reader needs one; empty = free to read. */
		permissionLevels: text('permission_levels').array().notNull().default(sql`'{}'::text[]`),
		isDraft: boolean('is_draft').notNull().default(false),
		/** Secret of the draft preview link (/articles/draft/{slug}?secret=). */
		previewSecret: text('preview_secret'),
		publicationDate: timestamp('publication_date', { withTimezone: true }).notNull(),
		updatedAt: updatedAt(),
		...siteSearchColumns(sql.raw('headline'), sql.raw("coalesce(standfirst, '') || ' ' || coalesce(lead_in, '')"), sql.raw("regexp_replace(body_text, '<[^>]+>', ' ', 'g')")),
	},
	(t) => [
		index('articles_search_idx').using('gin', t.search),
		index('articles_published_idx').on(t.publicationDate),
		index('articles_type_idx').on(t.articleTypeId, t.publicationDate),
	],
)

export const articleAuthors = pgTable(
	'article_authors',
	{
		articleId: integer('article_id')
			.notNull()
			.references(() => articles.id, { onDelete: 'cascade' }),
		authorId: integer('author_id')
			.notNull()
			.references(() => authors.id),
		sortOrder: integer('sort_order').notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.articleId, t.authorId] }), index('article_authors_author_idx').on(t.authorId)],
)

/** Join tables tagging articles with the entities they mention. */
function articleTag<N extends string>(name: N, column: string, target: AnyPgColumn) {
	return pgTable(
		name,
		{
			articleId: integer('article_id')
				.notNull()
				.references(() => articles.id, { onDelete: 'cascade' }),
			tagId: integer(column)
				.notNull()
				.references(() => target),
		},
		// (tag, article): related articles and tag pages read a tag's articles from the index alone.
		(t) => [primaryKey({ columns: [t.articleId, t.tagId] }), index(`${name}_tag_idx`).on(t.tagId, t.articleId)],
	)
}
export const articleCompanies = articleTag('article_companies', 'company_id', companies.id)
export const articleGeographies = articleTag('article_geographies', 'geography_id', geographies.id)
export const articleIndustries = articleTag('article_industries', 'industry_id', industries.id)
export const articleProjects = articleTag('article_projects', 'project_id', projects.id)
export const articleTechnologies = articleTag('article_technologies', 'technology_id', technologies.id)
export const articleTopics = articleTag('article_topics', 'topic_id', topics.id)
export const articleEvents = articleTag('article_events', 'event_id', events.id)

// ---------------------------------------------------------------- documents and newsletters

export const DOCUMENT_TYPES = ['whitepaper', 'tariffsurvey', 'idra-handbook', 'cto', 'magazine', 'marketreport', 'newsletter'] as const

export const documents = pgTable(
	'documents',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		name: text('name').notNull(),
		description: text('description'),
		image: text('image'),
		documentType: text('document_type', { enum: DOCUMENT_TYPES }).notNull(),
		extension: text('extension').notNull().default('pdf'),
		filePath: text('file_path'),
		sampleFilePath: text('sample_file_path'),
		isHyperlink: boolean('is_hyperlink').notNull().default(false),
		permissionLevels: text('permission_levels').array().notNull().default(sql`'{}'::text[]`),
		samplePermissionLevels: text('sample_permission_levels').array().notNull().default(sql`'{}'::text[]`),
		isDraft: boolean('is_draft').notNull().default(false),
		previewSecret: text('preview_secret'),
		publicationDate: timestamp('publication_date', { withTimezone: true }).notNull(),
		...siteSearchColumns(sql.raw('name'), sql.raw('description')),
	},
	(t) => [index('documents_search_idx').using('gin', t.search)],
)

/** A newsletter title (e.g. the weekly one), of which newsletters are issues. */
export const newsletterDefinitions = pgTable('newsletter_definitions', {
	id: serial('id').primaryKey(),
	slug: text('slug').notNull().unique(),
	name: text('name').notNull(),
	publicationFrequency: text('publication_frequency', { enum: ['Weekly', 'Monthly'] }).notNull(),
	themeColour: text('theme_colour', { enum: ['Blue', 'BluePrimary', 'Violet', 'Green', 'Brown', 'Orange', 'Teal'] }).notNull(),
	bannerImage: text('banner_image'),
	permissionLevels: text('permission_levels').array().notNull().default(sql`'{}'::text[]`),
})

export const newsletters = pgTable(
	'newsletters',
	{
		id: serial('id').primaryKey(),
		slug: text('slug').notNull().unique(),
		definitionId: integer('definition_id')
			.notNull()
			.references(() => newsletterDefinitions.id),
		name: text('name').notNull(),
		edition: text('edition').notNull(),
		isDraft: boolean('is_draft').notNull().default(false),
		previewSecret: text('preview_secret'),
		published: timestamp('published', { withTimezone: true }).notNull(),
		bannerImage: text('banner_image'),
		coverImage: text('cover_image'),
		themeColour: text('theme_colour'),
		presentationVersion: text('presentation_version').notNull().default('V2'),
		seeMoreLink: text('see_more_link'),
		search: searchVector(sql.raw('name'), sql.raw('edition')),
	},
	(t) => [index('newsletters_search_idx').using('gin', t.search), index('newsletters_published_idx').on(t.published)],
)

export const NEWSLETTER_COMPONENT_TYPES = ['TextCard', 'LinkCard', 'ArticleListCard', 'AdvertCard', 'ProjectListCard', 'OpportunityListCard'] as const
export const newsletterComponents = pgTable(
	'newsletter_components',
	{
		id: serial('id').primaryKey(),
		newsletterId: integer('newsletter_id')
			.notNull()
			.references(() => newsletters.id, { onDelete: 'cascade' }),
		componentType: text('component_type').notNull(),
		sortOrder: integer('sort_order').notNull().default(0),
		config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
	},
	(t) => [index('newsletter_components_newsletter_idx').on(t.newsletterId)],
)

// ---------------------------------------------------------------- forecasts

/**
 * Forecast figures (US$ million) as a fact table. One row per combination of the
 * dimensions of spec 001 section 3 that the model produces, per year. A dimension
 * that does not apply to a measure is the empty string (so it can sit in the unique key).
 */
export const FORECAST_MEASURES = ['TotalSpending', 'CAPEX', 'OPEX', 'Desal'] as const
export const forecastFacts = pgTable(
	'forecast_facts',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		measure: text('measure', { enum: FORECAST_MEASURES }).notNull(),
		countryId: integer('country_id')
			.notNull()
			.references(() => geographies.id),
		expenditureType: text('expenditure_type').notNull().default(''),
		utilityIndustrial: text('utility_industrial').notNull().default(''),
		sector: text('sector').notNull().default(''),
		application: text('application').notNull().default(''),
		industrySubsector: text('industry_subsector').notNull().default(''),
		technology: text('technology').notNull().default(''),
		technologyType: text('technology_type').notNull().default(''),
		marketSubcategory: text('market_subcategory').notNull().default(''),
		chemicalType: text('chemical_type').notNull().default(''),
		productType: text('product_type').notNull().default(''),
		forecastApplication: text('forecast_application').notNull().default(''),
		year: integer('year').notNull(),
		valueUsdM: doublePrecision('value_usd_m').notNull(),
		/** Unpublished figures are visible only in preview mode (preview:data). */
		isPublished: boolean('is_published').notNull().default(true),
	},
	(t) => [
		index('forecast_facts_measure_year_idx').on(t.measure, t.year),
		index('forecast_facts_country_idx').on(t.countryId),
	],
)

/** The picklists of forecast filters: (dimension, value) with display names. */
export const forecastDimensionValues = pgTable(
	'forecast_dimension_values',
	{
		id: serial('id').primaryKey(),
		dimension: text('dimension').notNull(),
		value: text('value').notNull(),
		displayName: text('display_name').notNull(),
		parentValue: text('parent_value'),
		sortOrder: integer('sort_order').notNull().default(0),
	},
	(t) => [uniqueIndex('forecast_dimension_values_key').on(t.dimension, t.value)],
)

/** When each forecast measure was last updated and its year range. */
export const forecastReleases = pgTable('forecast_releases', {
	measure: text('measure', { enum: FORECAST_MEASURES }).primaryKey(),
	publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
	minYear: integer('min_year').notNull(),
	maxYear: integer('max_year').notNull(),
	defaultMinYear: integer('default_min_year').notNull(),
	defaultMaxYear: integer('default_max_year').notNull(),
})

// ---------------------------------------------------------------- users, roles, organisations

export const organisations = pgTable('organisations', {
	id: serial('id').primaryKey(),
	name: text('name').notNull(),
	reference: text('reference').notNull().unique(),
	parentId: integer('parent_id').references((): AnyPgColumn => organisations.id),
	createdAt: createdAt(),
})

/** Network ranges whose visitors sign in as the organisation (/ip-login). */
export const organisationIpRanges = pgTable(
	'organisation_ip_ranges',
	{
		id: serial('id').primaryKey(),
		organisationId: integer('organisation_id')
			.notNull()
			.references(() => organisations.id, { onDelete: 'cascade' }),
		/** CIDR notation, e.g. 198.51.100.0/24. */
		cidr: customType<{ data: string }>({ dataType: () => 'cidr' })('cidr').notNull(),
	},
	(t) => [index('organisation_ip_ranges_org_idx').on(t.organisationId)],
)

/** Roles of spec 000 section 6 with the permissions each grants. */
export const roles = pgTable('roles', {
	id: serial('id').primaryKey(),
	name: text('name').notNull().unique(),
	permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
	isTrial: boolean('is_trial').notNull().default(false),
})

export const users = pgTable(
	'users',
	{
		id: serial('id').primaryKey(),
		email: text('email').notNull(),
		/** scrypt hash, `scrypt$N$r$p$salt$hash`; null for users who only sign in by network address. */
		passwordHash: text('password_hash'),
		firstName: text('first_name'),
		lastName: text('last_name'),
		jobTitle: text('job_title'),
		organisationId: integer('organisation_id').references(() => organisations.id),
		/** Subject identifier at the identity provider (spec: auth0Id). */
		subject: text('subject').notNull().unique(),
		hasCompleteProfile: boolean('has_complete_profile').notNull().default(true),
		hasOptedOutOfUsageReport: boolean('has_opted_out_of_usage_report').notNull().default(false),
		strategyMenuEnabled: boolean('strategy_menu_enabled'),
		previewData: boolean('preview_data').notNull().default(false),
		showRenewalMessaging: boolean('show_renewal_messaging').notNull().default(false),
		lastTrialRequestedAt: timestamp('last_trial_requested_at', { withTimezone: true }),
		/** About-you answers (how did you find us, interests). */
		interests: jsonb('interests').$type<Record<string, unknown>>(),
		createdAt: createdAt(),
	},
	(t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
)

/** Dated roles: a role held between two dates, by a user or by an organisation. */
export const datedRoles = pgTable(
	'dated_roles',
	{
		id: serial('id').primaryKey(),
		userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
		organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
		roleId: integer('role_id')
			.notNull()
			.references(() => roles.id),
		startDate: timestamp('start_date', { withTimezone: true }).notNull(),
		endDate: timestamp('end_date', { withTimezone: true }).notNull(),
		isRenewable: boolean('is_renewable').notNull().default(true),
	},
	(t) => [index('dated_roles_user_idx').on(t.userId), index('dated_roles_org_idx').on(t.organisationId)],
)

/** Articles unlocked through metered access (a trial user's one Market Map). */
export const meteredAccess = pgTable(
	'metered_access',
	{
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		articleId: integer('article_id')
			.notNull()
			.references(() => articles.id, { onDelete: 'cascade' }),
		dateAccessGranted: timestamp('date_access_granted', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.articleId] })],
)

export const SAVED_SEARCH_KINDS = ['projects', 'companies', 'utilities', 'mergers', 'forecasts', 'search', 'events', 'opportunities'] as const
export const savedSearches = pgTable(
	'saved_searches',
	{
		id: serial('id').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: text('kind', { enum: SAVED_SEARCH_KINDS }).notNull(),
		name: text('name').notNull(),
		subtitle: text('subtitle'),
		url: text('url').notNull(),
		preferences: jsonb('preferences').$type<Record<string, unknown>>(),
		lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('saved_searches_user_idx').on(t.userId, t.kind),
		// Names are unique per reader and kind, whatever the case, also when saves race (spec 001 §5).
		uniqueIndex('saved_searches_name_idx').on(t.userId, t.kind, sql`lower(${t.name})`),
	],
)

export const orders = pgTable(
	'orders',
	{
		id: serial('id').primaryKey(),
		userId: integer('user_id').references(() => users.id),
		email: text('email').notNull(),
		joinType: text('join_type').notNull(),
		membership: text('membership').notNull(),
		/** declined: a payment was declined, and the order may still be paid (backend/payments/sandbox.ts). */
		status: text('status', { enum: ['pending', 'declined', 'paid', 'failed', 'cancelled'] }).notNull().default('pending'),
		amount: integer('amount_minor').notNull(),
		currency: text('currency').notNull(),
		buyingAs: text('buying_as', { enum: ['individual', 'organisation'] }).notNull().default('individual'),
		organisationName: text('organisation_name'),
		vatNumber: text('vat_number'),
		address: jsonb('address').$type<Record<string, string>>(),
		paymentReference: text('payment_reference'),
		createdAt: createdAt(),
	},
	(t) => [index('orders_user_idx').on(t.userId)],
)

/** Downloads and hyperlink-access records (POST /{entity}/slug/{slug}/access). */
export const accessLog = pgTable('access_log', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
	entity: text('entity').notNull(),
	slug: text('slug').notNull(),
	isSample: boolean('is_sample').notNull().default(false),
	createdAt: createdAt(),
})

// ---------------------------------------------------------------- identity provider storage

/**
 * What the embedded OpenID provider persists (sessions, grants, authorization codes,
 * refresh tokens...), one row per model instance, so a restart signs nobody out.
 */
export const oidcModels = pgTable(
	'oidc_models',
	{
		id: text('id').notNull(),
		kind: text('kind').notNull(),
		payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
		grantId: text('grant_id'),
		userCode: text('user_code'),
		uid: text('uid'),
		expiresAt: timestamp('expires_at', { withTimezone: true }),
		consumedAt: timestamp('consumed_at', { withTimezone: true }),
	},
	(t) => [
		primaryKey({ columns: [t.kind, t.id] }),
		index('oidc_models_grant_idx').on(t.grantId),
		index('oidc_models_uid_idx').on(t.uid),
		index('oidc_models_expires_idx').on(t.expiresAt),
	],
)

/** Forgotten-password links: only a hash of the token is stored; one use, short-lived. */
export const passwordResets = pgTable(
	'password_resets',
	{
		tokenHash: text('token_hash').primaryKey(),
		userId: integer('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: createdAt(),
	},
	(t) => [index('password_resets_user_idx').on(t.userId)],
)

/** Fixed-window rate limits shared by every web server (sign-in, sign-up, password change). */
export const rateLimits = pgTable('rate_limits', {
	key: text('key').primaryKey(),
	hits: integer('hits').notNull(),
	windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
})

/**
 * Sign-ins ended before their tokens expire (logout, a password change or reset): the API
 * refuses an access token whose `jti`, or whose grant (`grant_id` claim: one sign-in and
 * its refreshes), is listed here. `id` is 'jti:<jti>' or 'grant:<grant id>'; a row is kept
 * until every token it names has expired anyway (`expires_at`), then swept.
 */
export const revokedTokens = pgTable(
	'revoked_tokens',
	{
		id: text('id').primaryKey(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: createdAt(),
	},
	(t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
)
