/**
 * Cards (spec 000 §2, §3; 001 §2; 002 §2): a page's or entity's `componentItems`, and the
 * `config` of each card type once the API has resolved it. A card's config keeps the CMS
 * fields and gains the lists it shows. `error: true` marks a card whose data failed to load;
 * `hasAccess: false` one whose content the reader may not see. The rules both sides apply
 * to cards are in card-rules.ts.
 */
import { z } from 'zod'
import { ArticleSummarySchema } from './articles.ts'
import { LinkSchema } from './common.ts'

export const CARD_POSITIONS = ['Top', 'Left', 'Centre', 'Right', 'Bottom'] as const
export const CardPositionSchema = z.enum(CARD_POSITIONS)
export type CardPosition = z.infer<typeof CardPositionSchema>
export const CARD_WIDTHS = ['Full', 'Half', 'Third', 'Quarter', 'TwoThirds', 'ThreeQuarters', 'Sixth'] as const
export const CardWidthSchema = z.enum(CARD_WIDTHS)
export type CardWidth = z.infer<typeof CardWidthSchema>

/**
 * A card. `cardType` names the renderer (ArticleListCard, TextCard, LinkCard, AdvertCard,
 * EventSearchCard, ChartCard, TableCard, ...); `config` holds its fields, with any list
 * the card shows (articles, events, ...) already resolved by the API.
 */
export const CardSchema = z.object({
	id: z.number(),
	cardType: z.string(),
	position: CardPositionSchema,
	width: CardWidthSchema,
	sortOrder: z.number(),
	sliceSlug: z.string().nullable(),
	config: z.record(z.string(), z.unknown()),
})
export type Card = z.infer<typeof CardSchema>

/** An event in an event search card (spec 001 §2 Event cards). */
export const CardEventSchema = z.object({
	name: z.string(),
	slug: z.string(),
	startDate: z.string(),
	endDate: z.string().nullable(),
	location: z.string().nullable(),
	isPartnerEvent: z.boolean(),
	thumbnail: z.string().nullable(),
})
export type CardEvent = z.infer<typeof CardEventSchema>

/** A project row of project list and project search cards; details only with read:project. */
export const CardProjectSchema = z.object({
	name: z.string(),
	slug: z.string(),
	country: z.string().nullable(),
	projectTypes: z.array(z.string()),
	hasAccess: z.boolean(),
	progress: z.string().optional(),
	shortStatus: z.string().nullish(),
	dateLastModified: z.string().optional(),
	isArchived: z.boolean().optional(),
})
export type CardProject = z.infer<typeof CardProjectSchema>

/** A cover in a document or newsletter search card's grid. */
export const CoverItemSchema = z.object({
	name: z.string(),
	slug: z.string(),
	/** Where the cover leads: /documents/{slug} or /newsletters/{slug}. */
	url: z.string(),
	image: z.string().nullable(),
	publicationDate: z.string(),
	/** Document type or newsletter title. */
	label: z.string().nullable(),
	hasAccess: z.boolean(),
	hasSampleAccess: z.boolean().optional(),
})
export type CoverItem = z.infer<typeof CoverItemSchema>

/** Document and newsletter search cards (spec 002 §2): one page of covers and its date filter. */
export const CoverGridResultSchema = z.object({
	items: z.array(CoverItemSchema),
	totalHits: z.number(),
	totalPages: z.number(),
	pageNum: z.number(),
	pageSize: z.number(),
	rowsPerPage: z.number(),
	publishedFrom: z.string(),
	publishedTo: z.string(),
	/** The date-order warning when 'from' is after 'to'. */
	warning: z.string().nullable(),
})
export type CoverGridResult = z.infer<typeof CoverGridResultSchema>

/** A context (spec 001 §3 Context item) in a context search card. */
export const CardContextItemSchema = z.object({
	slug: z.string(),
	name: z.string(),
	htmlDescription: z.string().nullable(),
	/** Null without access. */
	bodyText: z.string().nullable(),
	publicationDate: z.string(),
	authorNames: z.array(z.string()),
	hasAccess: z.boolean(),
	isExpanded: z.boolean(),
	/** "Available with" and the membership that opens it, when locked. */
	availableWith: z.string().nullable(),
	/** Its chart, table or database-chart cards (empty without access). */
	contextComponents: z.array(CardSchema),
})
export type CardContextItem = z.infer<typeof CardContextItemSchema>

export const CompanyHitSchema = z.object({
	name: z.string(),
	slug: z.string(),
	headquartersCountry: z.string().nullable(),
	expertises: z.array(z.string()),
	/** Strategist readers only (company financial data). */
	waterRevenueDollars: z.number().nullish(),
})
export type CompanyHit = z.infer<typeof CompanyHitSchema>

export const UtilityHitSchema = z.object({
	name: z.string(),
	slug: z.string(),
	headquartersCountry: z.string().nullable(),
	hasAccess: z.boolean(),
	utilityState: z.string().nullish(),
	utilityOwnershipType: z.string().nullish(),
	waterPopulation: z.number().nullish(),
	wastewaterPopulation: z.number().nullish(),
	nonRevenueWater: z.number().nullish(),
})
export type UtilityHit = z.infer<typeof UtilityHitSchema>

export const MergerHitSchema = z.object({
	name: z.string(),
	slug: z.string(),
	year: z.number(),
	targetName: z.string(),
	acquirorName: z.string(),
	targetCountry: z.string().nullable(),
	hasAccess: z.boolean(),
	status: z.enum(['Complete', 'Pending']).optional(),
	percentAcquired: z.number().nullish(),
	priceDollars: z.number().nullish(),
})
export type MergerHit = z.infer<typeof MergerHitSchema>

/** A stats tile (spec 000 §3 stats item). */
export const StatItemSchema = z.object({
	label: z.string(),
	value: z.union([z.string(), z.number()]).nullable(),
	unit: z.string().nullish(),
	currency: z.string().nullish(),
	/** 'Currency' shows the value as money; anything else as a plain figure. */
	layout: z.string().nullish(),
	subtitle: z.string().nullish(),
	tileFooter: z.string().nullish(),
	tileFooterRight: z.string().nullish(),
})
export type StatItem = z.infer<typeof StatItemSchema>

/** Company details and activities (spec 001 §2 Company cards). */
export const CompanyInfoSchema = z.object({
	name: z.string(),
	slug: z.string(),
	fullCompanyName: z.string().nullable(),
	companyNameAlias: z.string().nullable(),
	headquartersCountry: LinkSchema.nullable(),
	description: z.string().nullable(),
	website: z.string().nullable(),
	primaryExchange: z.string().nullable(),
	logo: z.string().nullable(),
	/** Strategist readers only. */
	waterRevenue: z.number().nullish(),
	waterRevenueCurrency: z.string().nullish(),
	waterRevenueDollars: z.number().nullish(),
	expertises: z.array(z.object({ name: z.string(), pageSlug: z.string().nullable() })),
	industries: z.array(LinkSchema),
	chemicals: z.array(z.string()),
	engineeringProjectTypes: z.array(z.string()),
	services: z.array(z.string()),
})
export type CompanyInfo = z.infer<typeof CompanyInfoSchema>

/** A blog card's post: the full text only for readers with access (Read More). */
export const BlogPostSchema = ArticleSummarySchema.extend({ bodyText: z.string().nullable() })
export type BlogPost = z.infer<typeof BlogPostSchema>
