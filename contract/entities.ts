/**
 * Entities (spec 000 §2 "Entity pages", §3; 001 company and project fields): GET /{kind},
 * GET /{kind}/slug/{slug}, its related articles, GET /geographies/slugList/{slugs} and
 * GET /companies/slug/{slug}/indicators. An entity's `details` have one shape per kind:
 * ENTITY_DETAILS names it, so a caller that names the kind gets its details typed.
 */
import { z } from 'zod'
import { ArticleSummarySchema } from './articles.ts'
import { LinkSchema, SeoPropertiesSchema } from './common.ts'
import { SliceSchema } from './pages.ts'
import { pageNumParam, pageSizeParam, searchTermParam } from './query.ts'

/** A node of a company's technology tree (spec 001 §3). */
export type TechnologyNode = {
	slug: string
	name: string
	nodeType: 'Technology' | 'TechnologyType' | 'TechnologySubType' | 'TechnologySubSubType'
	children: TechnologyNode[]
}
export const TECHNOLOGY_NODE_TYPES = ['Technology', 'TechnologyType', 'TechnologySubType', 'TechnologySubSubType'] as const
export const TechnologyNodeSchema: z.ZodType<TechnologyNode> = z.object({
	slug: z.string(),
	name: z.string(),
	nodeType: z.enum(TECHNOLOGY_NODE_TYPES),
	get children() {
		return z.array(TechnologyNodeSchema)
	},
})

const ExpertiseSchema = z.object({ name: z.string(), pageSlug: z.string().nullable() })

/** `details` of GET /companies/slug/{slug}. Water revenue only for Strategists. */
export const CompanyDetailsSchema = z.object({
	fullCompanyName: z.string().nullable(),
	companyNameAlias: z.string().nullable(),
	legacyId: z.number().nullable(),
	website: z.string().nullable(),
	primaryExchange: z.string().nullable(),
	logo: z.string().nullable(),
	showAsPage: z.boolean(),
	isPartner: z.boolean(),
	chemicals: z.array(z.string()),
	engineeringProjectTypes: z.array(z.string()),
	services: z.array(z.string()),
	digitalProducts: z.array(z.string()),
	lastModifiedDate: z.string().nullable(),
	headquartersCountry: LinkSchema.nullable(),
	expertises: z.array(ExpertiseSchema),
	industries: z.array(LinkSchema),
	technologyTree: z.array(TechnologyNodeSchema),
	waterRevenue: z.number().nullish(),
	waterRevenueCurrency: z.string().nullish(),
	waterRevenueDollars: z.number().nullish(),
	articles: z.array(ArticleSummarySchema).optional(),
})
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>

/** GET /companies/slug/{slug}/indicators: the latest year of each financial indicator, with its history. */
export const FinancialIndicatorSchema = z.object({
	indicator: z.string(),
	indicatorDisplayName: z.string(),
	year: z.number(),
	value: z.number(),
	currency: z.string(),
	roundedValue: z.number(),
	roundedUnit: z.string(),
	unitDisplayName: z.string(),
	roundedValueUSD: z.number(),
	roundedUnitUSD: z.string(),
	footnote: z.string().nullable(),
	fullDate: z.string().nullable(),
	lastUpdated: z.string().nullable(),
	/** Every year of the indicator, oldest first, in millions of `currency`: the page's revenue chart. */
	history: z.array(z.object({ year: z.number(), value: z.number() })),
})
export type FinancialIndicator = z.infer<typeof FinancialIndicatorSchema>

export const PROJECT_CAPACITY_UNITS = ['m3/d', 'PE', 'Dry tonnes/year', 'MGD'] as const

/** `details` of GET /projects/slug/{slug}: everything past `projectTypes` only with access (read:project). */
export const ProjectDetailsSchema = z.object({
	name: z.string(),
	country: LinkSchema.nullable(),
	projectTypes: z.array(z.string()),
	status: z.string().nullish(),
	shortStatus: z.string().nullish(),
	structure: z.string().nullish(),
	progress: z.string().optional(),
	categories: z.array(z.string()).optional(),
	subcategories: z.array(z.string()).optional(),
	buildType: z.string().nullish(),
	capacityM3d: z.number().nullish(),
	capacityPeople: z.number().nullish(),
	capacityUnit: z.enum(PROJECT_CAPACITY_UNITS).nullish(),
	disposalRoutes: z.array(z.string()).optional(),
	treatmentLevels: z.array(z.string()).optional(),
	clientName: z.string().nullish(),
	region: z.string().nullish(),
	state: z.string().nullish(),
	dateAdded: z.string().nullish(),
	dateLastModified: z.string().nullish(),
	isArchived: z.boolean().optional(),
	utility: LinkSchema.nullish(),
	expectedCost: z
		.object({ cost: z.number().nullable(), costLocalCurrency: z.number().nullable(), localCurrency: z.string().nullable(), description: z.string().nullable() })
		.nullish(),
	contacts: z.array(z.object({ name: z.string(), organisation: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() })).optional(),
	history: z.array(z.object({ date: z.string(), cost: z.number().nullable(), status: z.string().nullable(), progress: z.string().nullable() })).optional(),
	technologies: z.array(LinkSchema).optional(),
	companies: z.array(LinkSchema.extend({ role: z.string() })).optional(),
	articles: z.array(ArticleSummarySchema).optional(),
})
export type ProjectDetails = z.infer<typeof ProjectDetailsSchema>

/** `details` of GET /geographies/slug/{slug}. */
export const GeographyDetailsSchema = z.object({ isRegion: z.boolean(), region: LinkSchema.nullable(), countries: z.array(LinkSchema) })
export type GeographyDetails = z.infer<typeof GeographyDetailsSchema>

/** `details` of GET /technologies/slug/{slug}: its top-level technology types. */
export const TechnologyDetailsSchema = z.object({ technologyTypes: z.array(LinkSchema) })
export type TechnologyDetails = z.infer<typeof TechnologyDetailsSchema>

/** `details` of GET /technology-types/slug/{slug}: its place in the technology tree. */
export const TechnologyTypeDetailsSchema = z.object({
	nodeType: z.enum(TECHNOLOGY_NODE_TYPES).exclude(['Technology']),
	technology: LinkSchema.nullable(),
	parent: LinkSchema.nullable(),
	/** Every ancestor node, the top one first. */
	ancestors: z.array(LinkSchema),
	children: z.array(LinkSchema),
})
export type TechnologyTypeDetails = z.infer<typeof TechnologyTypeDetailsSchema>

/** `details` of GET /events/slug/{slug}. */
export const EventDetailsSchema = z.object({
	startDate: z.string(),
	endDate: z.string(),
	location: z.string().nullable(),
	projectRegion: z.string().nullable(),
	websiteUrl: z.string().nullable(),
	registerUrl: z.string().nullable(),
	contactEmail: z.string().nullable(),
	logo: z.string().nullable(),
	heroImage: z.string().nullable(),
	isPartnerEvent: z.boolean(),
	country: LinkSchema.nullable(),
})
export type EventDetails = z.infer<typeof EventDetailsSchema>

/** `details` of GET /utilities/slug/{slug}: everything but the country only with access (Strategist). */
export const UtilityDetailsSchema = z.object({
	headquartersCountry: LinkSchema.nullable(),
	utilityState: z.string().nullish(),
	projectRegion: z.string().nullish(),
	utilityOwnershipType: z.string().nullish(),
	utilityServices: z.array(z.string()).optional(),
	waterPopulation: z.number().nullish(),
	wastewaterPopulation: z.number().nullish(),
	nonRevenueWater: z.number().nullish(),
	website: z.string().nullish(),
	lastModifiedDate: z.string().nullish(),
})
export type UtilityDetails = z.infer<typeof UtilityDetailsSchema>

/**
 * `details` of GET /mergers/slug/{slug}: a deal (spec 001 §3 merger hit). Without access the
 * API sends only the year and the two names the index shows everyone.
 */
export const MergerDetailsSchema = z.object({
	year: z.number(),
	targetName: z.string(),
	acquirorName: z.string(),
	announcedDate: z.string().nullish(),
	vendorName: z.string().nullish(),
	acquirorType: z.string().nullish(),
	mergerSector: z.string().nullish(),
	percentAcquired: z.number().nullish(),
	priceLocal: z.number().nullish(),
	priceCurrency: z.string().nullish(),
	priceDollars: z.number().nullish(),
	revenue: z.number().nullish(),
	revenueCurrency: z.string().nullish(),
	profit: z.number().nullish(),
	profitCurrency: z.string().nullish(),
	dealCompleted: z.boolean().nullish(),
	status: z.string().nullish(),
	targetCountry: LinkSchema.nullish(),
	vendorCountry: LinkSchema.nullish(),
	acquirorCountry: LinkSchema.nullish(),
	/** The parties that have company pages, by role (target, vendor, acquiror). */
	companies: z.array(LinkSchema.extend({ role: z.string() })).optional(),
})
export type MergerDetails = z.infer<typeof MergerDetailsSchema>

/** `details` of GET /contexts/slug/{slug} (spec 001 §3 context item). */
export const ContextDetailsSchema = z.object({
	displayName: z.string().nullish(),
	authorNames: z.array(z.string()).optional(),
	isExpanded: z.boolean().optional(),
	/** "Available with ..." (contract/card-rules.ts) when the reader may not open it. */
	lockedLabel: z.string().nullish(),
})
export type ContextDetails = z.infer<typeof ContextDetailsSchema>

/** GET /{kind}: paging and a search term; a kind may filter on more (isPartner, country, ...), its own. */
export const ENTITY_LIST_QUERY = {
	pageNum: pageNumParam,
	pageSize: pageSizeParam,
	searchTerm: searchTermParam.transform((value) => value || undefined),
}
/** What a caller may send to GET /{kind}: the shared parameters and a kind's own filters. */
export const EntityListQuerySchema = z.object(ENTITY_LIST_QUERY).catchall(z.string())

/** Kinds whose `details` carry fields of their own, by the API's kind name; the others send `{}`. */
export const ENTITY_DETAILS = {
	companies: CompanyDetailsSchema,
	projects: ProjectDetailsSchema,
	geographies: GeographyDetailsSchema,
	technologies: TechnologyDetailsSchema,
	'technology-types': TechnologyTypeDetailsSchema,
	events: EventDetailsSchema,
	utilities: UtilityDetailsSchema,
	mergers: MergerDetailsSchema,
	contexts: ContextDetailsSchema,
} as const

/** Any other kind's details: fields the page does not read. */
const OtherDetailsSchema = z.record(z.string(), z.unknown())

/** The details schema of an API entity kind. */
export const entityDetailsSchema = (kind: string) => (ENTITY_DETAILS as Record<string, z.ZodType<Record<string, unknown>>>)[kind] ?? OtherDetailsSchema

export type EntityDetails<K extends string = string> = K extends keyof typeof ENTITY_DETAILS ? z.infer<(typeof ENTITY_DETAILS)[K]> : Record<string, unknown>

/** GET /{entity} and GET /{entity}/slug/{slug} for the generic kinds. */
export const EntitySummarySchema = z.object({
	id: z.number(),
	name: z.string(),
	slug: z.string(),
	description: z.string().nullable(),
	thumbnail: z.string().nullable(),
	publicationDate: z.string().nullable(),
	hasAccess: z.boolean(),
	/** Extra list fields of some kinds (a project's country and types; its progress with access). */
	details: z.record(z.string(), z.unknown()).optional(),
})
export type EntitySummary = z.infer<typeof EntitySummarySchema>

export const EntitySchema = EntitySummarySchema.extend({
	headline: z.string().nullable(),
	bodyText: z.string().nullable(),
	bannerImage: z.string().nullable(),
	seoProperties: SeoPropertiesSchema,
	slices: z.array(SliceSchema),
	/** Fields of the kind (e.g. an event's dates and location, a project's progress): ENTITY_DETAILS. */
	details: z.record(z.string(), z.unknown()),
})

/** An entity of kind K, its details typed by that kind. */
export type Entity<K extends string = string> = Omit<z.infer<typeof EntitySchema>, 'details'> & { details: EntityDetails<K> }

/** The entity schema of one kind, its details validated as that kind's. */
export const entitySchemaOf = (kind: string) => EntitySchema.extend({ details: entityDetailsSchema(kind) })
