import type { ArticleSummary } from '../../contract/articles.ts'
import type { Card } from '../../contract/cards.ts'
import type { Entity, EntityDetails, EntitySummary } from '../../contract/entities.ts'
import type { Slice } from '../../contract/pages.ts'
import type { Crumb, ShownCrumb } from './breadcrumbs.ts'
import { PERMISSION } from './capabilities.ts'
import { formatCount } from './format.ts'
import { NO_ACCESS_SLUG, type AccessGate } from './no-access.ts'
import type { SliceState } from './slice-state.ts'

/**
 * The entity pages and list pages of spec 000 §2's route table, as ONE table: the site path
 * of each kind, the content API kind it reads (GET /{api}, /{api}/slug/{slug}), its list
 * title and count nouns, and who may open it. Route modules name their kind by key.
 */

export type EntityPageKind = {
	/** Site path of the index and of each page (`${path}/${slug}`). */
	path: string
	/** The content API's entity kind: GET /{api}, its details typed by contract/entities.ts ENTITY_DETAILS. */
	api: string
	/** List page title (and the breadcrumb of the index). */
	title: string
	/** Count line nouns: "1 topic", "12 topics". */
	noun: readonly [singular: string, plural: string]
	/** List page meta description (our wording). */
	description: string
	/** Spec 000 §2: strategist-only indexes and pages redirect to / for readers without strategy access. */
	strategistOnly?: boolean
	/** The kind's slices show in strategist mode only; otherwise the standard page (spec 001 §2 utilities). */
	slicesInStrategistMode?: boolean
	/** No index page at `path` (spec 000 route table: /blogs/{slug} only): the trail names the kind without a link. */
	withoutIndex?: boolean
	/** The page lists the entity's related articles (GET /{api}/slug/{slug}/articles). */
	hasArticles: boolean
	/** The spec's default message when the kind cannot be loaded (else the generic one). */
	loadError?: string
	/** The no-access message of a page without access (GET /noaccesses, by slug; else the default). */
	noAccessSlug?: string
}

/** Spec 002 §8: "Geography load failure: the server message, else 'An error has occurred loading the geography data'". */
export const GEOGRAPHY_LOAD_ERROR = 'An error has occurred loading the geography data'

export const ENTITY_PAGE_KINDS = {
	'article-types': {
		path: '/article-types',
		api: 'article-types',
		title: 'Article types',
		noun: ['article type', 'article types'],
		description: 'News, analysis, Market Maps, interviews, tariff surveys and every other kind of Global Water Intelligence article.',
		hasArticles: true,
	},
	authors: {
		path: '/authors',
		api: 'authors',
		title: 'Authors',
		noun: ['author', 'authors'],
		description: 'The journalists and analysts who write Global Water Intelligence.',
		hasArticles: true,
	},
	blogs: {
		path: '/blogs',
		api: 'blog-types',
		title: 'Blogs',
		noun: ['blog', 'blogs'],
		description: 'Blogs from the Global Water Intelligence team.',
		hasArticles: true,
		withoutIndex: true,
	},
	industries: {
		path: '/industries',
		api: 'industries',
		title: 'Industries',
		noun: ['industry', 'industries'],
		description: 'Water and wastewater in every industrial sector: news, analysis and market intelligence.',
		hasArticles: true,
	},
	technologies: {
		path: '/technologies',
		api: 'technologies',
		title: 'Technologies',
		noun: ['technology', 'technologies'],
		description: 'Desalination, membranes, disinfection, networks, digital water and every other water technology market.',
		hasArticles: true,
	},
	topics: {
		path: '/topics',
		api: 'topics',
		title: 'Topics',
		noun: ['topic', 'topics'],
		description: 'The issues shaping the water industry: finance, regulation, drought, PFAS, privatisation and more.',
		hasArticles: true,
	},
	geographies: {
		path: '/geographies',
		api: 'geographies',
		title: 'Geographies',
		noun: ['geography', 'geographies'],
		description: 'Water markets by region and country: spending, projects, utilities and companies.',
		hasArticles: true,
		loadError: GEOGRAPHY_LOAD_ERROR,
	},
	events: {
		path: '/events',
		api: 'events',
		title: 'Events',
		noun: ['event', 'events'],
		description: 'Global Water Intelligence and partner events for the water industry.',
		hasArticles: true,
	},
	projects: {
		path: '/projects',
		api: 'projects',
		title: 'Projects',
		noun: ['project', 'projects'],
		description: 'Water and wastewater projects tracked by Global Water Intelligence, most recently updated first.',
		hasArticles: true,
		noAccessSlug: NO_ACCESS_SLUG.projectTracker,
	},
	companies: {
		path: '/companies',
		api: 'companies',
		title: 'Companies',
		noun: ['company', 'companies'],
		description: 'Water companies: activities, technologies, projects, deals and financial performance.',
		hasArticles: true,
	},
	utilities: {
		path: '/utilities',
		api: 'utilities',
		title: 'Utilities',
		noun: ['utility', 'utilities'],
		description: 'Water and wastewater utilities worldwide.',
		hasArticles: false,
		// "shows name and description, or slices in strategist mode"
		slicesInStrategistMode: true,
	},
	applications: {
		path: '/applications',
		api: 'applications',
		title: 'Applications',
		noun: ['application', 'applications'],
		description: 'Where water technology is applied: market data and suppliers by application.',
		strategistOnly: true,
		hasArticles: false,
	},
	'industrial-subsectors': {
		path: '/industrial-subsectors',
		api: 'industrial-subsectors',
		title: 'Industrial subsectors',
		noun: ['industrial subsector', 'industrial subsectors'],
		description: 'Water use and treatment spending by industrial subsector.',
		strategistOnly: true,
		hasArticles: false,
	},
	'technology-types': {
		path: '/technology-types',
		api: 'technology-types',
		title: 'Technology types',
		noun: ['technology type', 'technology types'],
		description: 'Technology types, subtypes and their suppliers and market data.',
		strategistOnly: true,
		hasArticles: false,
	},
} as const satisfies Record<string, EntityPageKind>

export type EntityPageKey = keyof typeof ENTITY_PAGE_KINDS

export const entityPath = (key: EntityPageKey, slug: string) => `${ENTITY_PAGE_KINDS[key].path}/${encodeURIComponent(slug)}`

/** "12 topics" (spec 000 §2 "a count line"). */
export function countLine(count: number, [singular, plural]: readonly [string, string]) {
	return `${formatCount(count)} ${count === 1 ? singular : plural}`
}

/** Spec 000 §2 "No data found": a strategist-only page with no slices. */
export const NO_DATA_FOUND = 'No data found'
/** Spec 000 §8 financial stats card messages. */
export const FINANCIAL_STATS_MESSAGES = {
	error: 'Error loading financial indicators',
	noData: 'No data is available for this company',
} as const

// ---------------------------------------------------------------- what the loaders give the pages

/** A slice of Strategist content: it opens with strategy access (its lock says "Strategist"). */
export const isStrategistSlice = (slice: Pick<Slice, 'permissionLevels'>) =>
	slice.permissionLevels.some((level) => level.slug === PERMISSION.readStrategy || level.slug === PERMISSION.readStrategyBeta)

/** A slice as the page shows it: its show more/less state, its cards, or the message of its no-access panel. */
export type SliceView = Slice & { expanded: boolean; cards: Card[]; noAccessMessage: string | null }

/** How the page lays out its content (spec 000 §2, 001 §2). */
export type EntityLayout = 'slices' | 'standard' | 'no-data'

export type RelatedArticles = { items: ArticleSummary[]; totalHits: number; totalPages: number; page: number; pageSize: number }

export type EntityPageData = {
	origin: string
	/** Canonical URL of the page: its path and article paging, without UI state. */
	canonicalPath: string
	kindKey: EntityPageKey
	entity: Entity
	/**
	 * The entity's body text (HTML sanitised by the API) as the page shows it: none when it only
	 * repeats the description, nor in the slice layout, which has its own overview.
	 */
	body: string | null
	/** Cards of the page outside any slice. */
	cards: Card[]
	layout: EntityLayout
	slices: SliceView[]
	sliceState: SliceState
	/** The full trail (structured data); `breadcrumbs` is what strategist mode shows. */
	trail: Crumb[]
	breadcrumbs: ShownCrumb[] | null
	articles: RelatedArticles | null
	/** The no-access panel of a page without access (projects): its message; null with access. */
	noAccessMessage: string | null
	/** What the no-access panels of the page offer the reader (Login or a request-access mail, a trial). */
	gate: AccessGate
	strategistMode: boolean
	canOpenStrategistPages: boolean
	/** Staff with edit:page-layout edit the page in the content management system (CMS_URL). */
	editUrl: string | null
}

/** A list page (app/lib/entity-pages.server.ts loadEntityList). */
export type EntityListData = {
	origin: string
	canonicalPath: string
	kindKey: EntityPageKey
	items: EntitySummary[]
	totalHits: number
	totalPages: number
	page: number
	pageSize: number
}

/** The API kind (contract/entities.ts ENTITY_DETAILS) of a page kind. */
export type ApiKindOf<K extends EntityPageKey> = (typeof ENTITY_PAGE_KINDS)[K]['api']

/**
 * An entity's `details` as its kind's (contract/entities.ts: the kind decides the type, so no
 * page names one by hand). The API client checks them against that kind's schema outside
 * production (contract/endpoints.ts responseSchema).
 */
export const detailsOf = <K extends EntityPageKey>(key: K, entity: { details: unknown }) => entity.details as EntityDetails<ApiKindOf<K>>
