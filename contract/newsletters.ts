/**
 * Newsletters (spec 002 §2-§9): an issue with its components, as the API sends it and both
 * renderers (V2 and legacy) and the email export read it, and the rules both sides apply:
 * the standfirst cut, projects per category, the '[First Name]' placeholder, the image
 * sizes, the theme colours and the spec's messages and constants.
 */
import { z } from 'zod'
import { AnalyticsPageInfoSchema, LinkSchema } from './common.ts'
import { envelope } from './envelope.ts'
import { booleanParam } from './query.ts'
import { CLIENT_ADDRESS_HEADER } from './identity.ts'
import { IMAGE_SIZES, type ImageSize, ARTICLE_DISPLAY_TYPES, ARTICLE_VARIANTS, PRESENTATION_VERSIONS } from './newsletter-rules.ts'

// What the browser needs without zod lives apart (newsletter-rules.ts).
export * from './newsletter-rules.ts'

// ---------------------------------------------------------------- the response

export const NewsletterArticleSchema = z.object({
	slug: z.string(),
	headline: z.string(),
	/** Already cut to NEWSLETTER_STANDFIRST_LENGTH. */
	standfirst: z.string(),
	thumbnail: z.string().nullable(),
	author: LinkSchema.nullable(),
	imageSize: z.enum(IMAGE_SIZES as [ImageSize, ...ImageSize[]]),
	displayType: z.enum(ARTICLE_VARIANTS),
	subjectName: z.string().nullable(),
	leadIn: z.string().nullable(),
	sponsor: z.object({ name: z.string(), slug: z.string(), logo: z.string().nullable() }).nullable(),
	articleType: LinkSchema,
	blogType: LinkSchema.nullable(),
	geographies: z.array(LinkSchema),
	publicationDate: z.string(),
	hasAccess: z.boolean(),
	/** The article's HTML, only for BodyTextOnly lists (and the full view) and only with access. */
	bodyText: z.string().nullable(),
})
export type NewsletterArticle = z.infer<typeof NewsletterArticleSchema>

export const NewsletterProjectSchema = z.object({
	slug: z.string(),
	name: z.string(),
	country: z.string().nullable(),
	categories: z.array(z.string()),
	shortStatus: z.string().nullable(),
	progress: z.string(),
	dateLastModified: z.string(),
})
export type NewsletterProject = z.infer<typeof NewsletterProjectSchema>

const base = { id: z.number().int() }
export const TextCardSchema = z.object({ ...base, type: z.literal('TextCard'), bodyText: z.string(), graduatedBackground: z.boolean() })
export const LinkCardSchema = z.object({
	...base,
	type: z.literal('LinkCard'),
	name: z.string().nullable(),
	image: z.string().nullable(),
	title: z.string().nullable(),
	description: z.string().nullable(),
	footer: z.string().nullable(),
	linkUrl: z.string().nullable(),
	linkText: z.string().nullable(),
	linkIcon: z.string().nullable(),
	imageType: z.string().nullable(),
})
export const ArticleListCardSchema = z.object({ ...base, type: z.literal('ArticleListCard'), name: z.string().nullable(), articleDisplayType: z.enum(ARTICLE_DISPLAY_TYPES), articles: z.array(NewsletterArticleSchema) })
export const AdvertCardSchema = z.object({ ...base, type: z.literal('AdvertCard'), image: z.string().nullable(), link: z.string().nullable() })
export const ProjectListCardSchema = z.object({
	...base,
	type: z.literal('ProjectListCard'),
	name: z.string().nullable(),
	/** At most PROJECTS_PER_CATEGORY. */
	projects: z.array(NewsletterProjectSchema),
	projectCategory: z.string(),
	/** How many projects the category holds in all (the 'View all' link shows when more). */
	resultCount: z.number().int(),
	categoryList: z.array(z.string()),
	projectTrackerSearchQuery: z.string(),
})
export const OpportunityListCardSchema = z.object({ ...base, type: z.literal('OpportunityListCard') })
/** A component type neither renderer knows: shown as unsupportedComponentMessage(componentType). */
export const UnsupportedComponentSchema = z.object({ ...base, type: z.literal('Unsupported'), componentType: z.string() })

export const NewsletterComponentSchema = z.discriminatedUnion('type', [
	TextCardSchema,
	LinkCardSchema,
	ArticleListCardSchema,
	AdvertCardSchema,
	ProjectListCardSchema,
	OpportunityListCardSchema,
	UnsupportedComponentSchema,
])
export type NewsletterComponent = z.infer<typeof NewsletterComponentSchema>
export type ComponentOf<T extends NewsletterComponent['type']> = Extract<NewsletterComponent, { type: T }>

export const NewsletterSchema = z.object({
	id: z.number().int(),
	name: z.string(),
	slug: z.string(),
	isDraft: z.boolean(),
	published: z.string(),
	edition: z.string(),
	bannerImage: z.string().nullable(),
	coverImage: z.string().nullable(),
	themeColour: z.string(),
	publicationFrequency: z.enum(['Weekly', 'Monthly']),
	presentationVersion: z.enum(PRESENTATION_VERSIONS),
	seeMoreLink: z.string().nullable(),
	definition: LinkSchema,
	/** "hasAccess shows the full content and the PDF button." Without it componentItems is empty. */
	hasAccess: z.boolean(),
	/** As an article's: a trial member is refused an issue published before the trial's window. */
	isOutsideTrialDatesRange: z.boolean().optional(),
})
export type Newsletter = z.infer<typeof NewsletterSchema>

/** "A newsletter response carries item and componentItems (plus analyticsPageInfo)." */
export const newsletterEnvelope = envelope(NewsletterSchema).extend({
	item: NewsletterSchema,
	componentItems: z.array(NewsletterComponentSchema),
	analyticsPageInfo: AnalyticsPageInfoSchema,
})
export type NewsletterResponse = z.infer<typeof newsletterEnvelope>

/** "Newsletter fetch: slug, draft flag, secret, full flag": full adds every article's body (with access). */
export const NewsletterQuerySchema = z.object({ full: booleanParam('full') })

export const NEWSLETTER_ENDPOINTS = {
	'newsletters.bySlug': { method: 'GET', path: '/newsletters/issue/:slug', query: NewsletterQuerySchema, response: newsletterEnvelope },
	'newsletters.draft': { method: 'GET', path: '/newsletters/issue/draft/:slug', query: NewsletterQuerySchema, response: newsletterEnvelope, headers: ['PreviewToken', CLIENT_ADDRESS_HEADER] },
	'newsletters.latest': { method: 'GET', path: '/newsletters/latest', query: NewsletterQuerySchema, response: newsletterEnvelope },
} as const
