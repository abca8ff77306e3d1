/**
 * Articles and access (spec 000 §3, §4, §7, §8): GET /articles, GET /articles/slug/{slug},
 * its draft and related articles, GET /noaccesses and POST /articles/slug/{slug}/unlock.
 */
import { z } from 'zod'
import { LinkSchema, SeoPropertiesSchema } from './common.ts'
import { dateParam, pageNumParam, pageSizeParam } from './query.ts'

// What the browser needs without zod lives apart (article-messages.ts).
export * from './article-messages.ts'

export const AuthorSummarySchema = z.object({ name: z.string(), slug: z.string(), photo: z.string().nullable() })
export type AuthorSummary = z.infer<typeof AuthorSummarySchema>
export const SponsorSchema = z.object({ name: z.string(), slug: z.string(), logo: z.string().nullable() })
export type Sponsor = z.infer<typeof SponsorSchema>

export const ArticleSummarySchema = z.object({
	id: z.number(),
	slug: z.string(),
	headline: z.string(),
	standfirst: z.string().nullable(),
	thumbnail: z.string().nullable(),
	imageUrl: z.string().nullable(),
	publicationDate: z.string(),
	articleType: LinkSchema,
	blogType: LinkSchema.nullable(),
	author: z.array(AuthorSummarySchema),
	sponsor: SponsorSchema.nullable(),
	isEditorsPick: z.boolean(),
	isPartnerContent: z.boolean(),
	hasAccess: z.boolean(),
})
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>

/** GET /noaccesses: a no-access message and the slug that chooses it ('default' is the fallback). */
export const NoAccessMessageSchema = z.object({ slug: z.string(), message: z.string() })
export type NoAccessMessage = z.infer<typeof NoAccessMessageSchema>

export const MeteredAccessItemSchema = z.object({ articleTypeSlug: z.string(), description: z.string(), fullSlug: z.string(), dateAccessGranted: z.string() })
export type MeteredAccessItem = z.infer<typeof MeteredAccessItemSchema>

export const ArticleSchema = ArticleSummarySchema.extend({
	alternateStandfirst: z.string().nullable(),
	leadIn: z.string().nullable(),
	/** Full HTML body; null unless the reader has access (paywalled text never leaves the API). */
	bodyText: z.string().nullable(),
	/** True when the article needs no membership at all (schema.org isAccessibleForFree). */
	isAccessibleForFree: z.boolean(),
	/** The opening paragraph shown above the paywall when bodyText is null. */
	previewText: z.string().nullable(),
	hasMeteredAccess: z.boolean(),
	isPermittedArticleTypeForUnlocking: z.boolean(),
	isOutsideTrialDatesRange: z.boolean(),
	meteredAccessItems: z.array(MeteredAccessItemSchema),
	section: z.string().nullable(),
	updatedAt: z.string(),
	seoProperties: SeoPropertiesSchema,
	companies: z.array(LinkSchema),
	events: z.array(LinkSchema),
	geographies: z.array(LinkSchema),
	industries: z.array(LinkSchema),
	projects: z.array(LinkSchema),
	technologies: z.array(LinkSchema),
	topics: z.array(LinkSchema),
})
export type Article = z.infer<typeof ArticleSchema>

/** GET /article-types/slug/{slug}: an article type (its RSS feed's title and description). */
export const ArticleTypeSchema = z.object({ name: z.string(), slug: z.string(), description: z.string().nullable() })
export type ArticleType = z.infer<typeof ArticleTypeSchema>

// ---------------------------------------------------------------- queries

/** GET /articles/slug/{slug}/related */
export const RelatedArticlesQuerySchema = z.object({ pageSize: pageSizeParam })

/** Article lists sort by date only ('Relevance' is a search notion; here it means the same). */
export const ARTICLE_SORTS = ['Date', 'Relevance'] as const

const slugParam = z
	.string()
	.trim()
	.optional()
	.transform((value) => value || undefined)

/** GET /articles: a page of articles, newest first, of a type, author or blog, between dates. */
export const ArticleListQuerySchema = z.object({
	pageNum: pageNumParam,
	pageSize: pageSizeParam,
	sortBy: z
		.string()
		.optional()
		.transform((value) => value || 'Date')
		.pipe(z.enum(ARTICLE_SORTS, { error: `sortBy must be one of: ${ARTICLE_SORTS.join(', ')}` })),
	articleType: slugParam,
	author: slugParam,
	blogType: slugParam,
	publishedFrom: dateParam('publishedFrom'),
	publishedTo: dateParam('publishedTo'),
})
