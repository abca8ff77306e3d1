import { GEOGRAPHY_LOAD_ERROR } from './entity-pages.ts'
import { NO_ACCESS_SLUG } from './no-access.ts'

/**
 * The entity pages and list pages of spec 000 §2's route table, as ONE table: the content API
 * kind each reads (GET /{api}, /{api}/slug/{slug}), its list title and count nouns, and who may
 * open it. Route modules name their kind by key; its site path is the key (entity-pages.ts
 * kindPath).
 *
 * Only the server and the list pages read this table: an entity page's scripts link to other
 * pages by key alone, without the texts of every kind (client JavaScript ≤ 100 kB gzip).
 */
export type EntityPageKind = {
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
	/** No index page at its path (spec 000 route table: /blogs/{slug} only): the trail names the kind without a link. */
	withoutIndex?: boolean
	/** The kind has no slices: its page is its own record, never "No data found". */
	withoutSlices?: boolean
	/** The page lists the entity's related articles (GET /{api}/slug/{slug}/articles). */
	hasArticles: boolean
	/** The spec's default message when the kind cannot be loaded (else the generic one). */
	loadError?: string
	/** The no-access message of a page without access (GET /noaccesses, by slug; else the default). */
	noAccessSlug?: string
}

export const ENTITY_PAGE_KINDS = {
	'article-types': {
		api: 'article-types',
		title: 'Article types',
		noun: ['article type', 'article types'],
		description: 'News, analysis, Market Maps, interviews, tariff surveys and every other kind of Global Water Intelligence article.',
		hasArticles: true,
	},
	authors: {
		api: 'authors',
		title: 'Authors',
		noun: ['author', 'authors'],
		description: 'The journalists and analysts who write Global Water Intelligence.',
		hasArticles: true,
	},
	blogs: {
		api: 'blog-types',
		title: 'Blogs',
		noun: ['blog', 'blogs'],
		description: 'Blogs from the Global Water Intelligence team.',
		hasArticles: true,
		withoutIndex: true,
	},
	industries: {
		api: 'industries',
		title: 'Industries',
		noun: ['industry', 'industries'],
		description: 'Water and wastewater in every industrial sector: news, analysis and market intelligence.',
		hasArticles: true,
	},
	technologies: {
		api: 'technologies',
		title: 'Technologies',
		noun: ['technology', 'technologies'],
		description: 'Desalination, membranes, disinfection, networks, digital water and every other water technology market.',
		hasArticles: true,
	},
	topics: {
		api: 'topics',
		title: 'Topics',
		noun: ['topic', 'topics'],
		description: 'The issues shaping the water industry: finance, regulation, drought, PFAS, privatisation and more.',
		hasArticles: true,
	},
	geographies: {
		api: 'geographies',
		title: 'Geographies',
		noun: ['geography', 'geographies'],
		description: 'Water markets by region and country: spending, projects, utilities and companies.',
		hasArticles: true,
		loadError: GEOGRAPHY_LOAD_ERROR,
	},
	events: {
		api: 'events',
		title: 'Events',
		noun: ['event', 'events'],
		description: 'Global Water Intelligence and partner events for the water industry.',
		hasArticles: true,
	},
	projects: {
		api: 'projects',
		title: 'Projects',
		noun: ['project', 'projects'],
		description: 'Water and wastewater projects tracked by Global Water Intelligence, most recently updated first.',
		hasArticles: true,
		noAccessSlug: NO_ACCESS_SLUG.projectTracker,
	},
	companies: {
		api: 'companies',
		title: 'Companies',
		noun: ['company', 'companies'],
		description: 'Water companies: activities, technologies, projects, deals and financial performance.',
		hasArticles: true,
	},
	utilities: {
		api: 'utilities',
		title: 'Utilities',
		noun: ['utility', 'utilities'],
		description: 'Water and wastewater utilities worldwide.',
		hasArticles: false,
		// "shows name and description, or slices in strategist mode"
		slicesInStrategistMode: true,
	},
	// A deal of the mergers index (spec 001 §3): under the index's rule, strategy access.
	mergers: {
		api: 'mergers',
		title: 'Mergers and acquisitions',
		noun: ['deal', 'deals'],
		description: 'Mergers and acquisitions in the water industry.',
		strategistOnly: true,
		withoutSlices: true,
		hasArticles: false,
		noAccessSlug: NO_ACCESS_SLUG.strategist,
	},
	// Explanatory notes (spec 001 §3 context item); they have pages but no index.
	contexts: {
		api: 'contexts',
		title: 'Contexts',
		noun: ['context', 'contexts'],
		description: 'Explanatory notes on Global Water Intelligence data.',
		hasArticles: false,
		withoutIndex: true,
	},
	applications: {
		api: 'applications',
		title: 'Applications',
		noun: ['application', 'applications'],
		description: 'Where water technology is applied: market data and suppliers by application.',
		strategistOnly: true,
		hasArticles: false,
	},
	'industrial-subsectors': {
		api: 'industrial-subsectors',
		title: 'Industrial subsectors',
		noun: ['industrial subsector', 'industrial subsectors'],
		description: 'Water use and treatment spending by industrial subsector.',
		strategistOnly: true,
		hasArticles: false,
	},
	'technology-types': {
		api: 'technology-types',
		title: 'Technology types',
		noun: ['technology type', 'technology types'],
		description: 'Technology types, subtypes and their suppliers and market data.',
		strategistOnly: true,
		hasArticles: false,
	},
} as const satisfies Record<string, EntityPageKind>

