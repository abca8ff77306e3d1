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

// ---------------------------------------------------------------- constants (spec 002 §9)

/** "Newsletter standfirst cut: 160 characters." */
export const NEWSLETTER_STANDFIRST_LENGTH = 160
/** "Newsletter project lists: at most 5 per category." */
export const PROJECTS_PER_CATEGORY = 5
/** "Email layout width: about 700 px." */
export const EMAIL_WIDTH_PX = 700
/** "Auto-print delay: 200 ms." */
export const AUTO_PRINT_DELAY_MS = 200
/** "An object URL is revoked after 40 seconds." */
export const OBJECT_URL_REVOKE_MS = 40_000
/** "The export page title is fixed (value not shown)": the exported email's <title>. */
export const EXPORT_PAGE_TITLE = 'Global Water Intelligence newsletter'
/** The full view's query parameter that prints as soon as the page is ready. */
export const PRINT_PARAM = 'print'

/** "Theme colours: Blue 00B1EE, BluePrimary 2D62B2, Violet CD3C7E, Green 6CB411, Brown DF5620, Orange EFA724, Teal 00A390." */
export const THEME_COLOURS = {
	Blue: '#00B1EE',
	BluePrimary: '#2D62B2',
	Violet: '#CD3C7E',
	Green: '#6CB411',
	Brown: '#DF5620',
	Orange: '#EFA724',
	Teal: '#00A390',
} as const
export type ThemeColour = keyof typeof THEME_COLOURS
/** A newsletter without a (known) theme colour is drawn in the brand blue. */
export const DEFAULT_THEME_COLOUR: ThemeColour = 'BluePrimary'
export const themeOf = (name: string | null | undefined): ThemeColour => (name && Object.hasOwn(THEME_COLOURS, name) ? name : DEFAULT_THEME_COLOUR) as ThemeColour
export const themeColourOf = (name: string | null | undefined): string => THEME_COLOURS[themeOf(name)]

/** "imageSize (Small, Medium, Large), mapped to 33, 50 and 100 percent width." */
export const IMAGE_SIZE_PERCENT = { Small: 33, Medium: 50, Large: 100 } as const
export const IMAGE_SIZES = Object.keys(IMAGE_SIZE_PERCENT) as (keyof typeof IMAGE_SIZE_PERCENT)[]
export type ImageSize = keyof typeof IMAGE_SIZE_PERCENT
/** An article whose size the editor left unset fills a third of the column, like a thumbnail. */
export const DEFAULT_IMAGE_SIZE: ImageSize = 'Small'
export const imageSizeOf = (size: string | null | undefined): ImageSize => (size && Object.hasOwn(IMAGE_SIZE_PERCENT, size) ? size : DEFAULT_IMAGE_SIZE) as ImageSize
export const imageWidthPercent = (size: string | null | undefined) => IMAGE_SIZE_PERCENT[imageSizeOf(size)]

export const ARTICLE_DISPLAY_TYPES = ['Full', 'BodyTextOnly', 'HeadlineOnly', 'HeadlineStandfirst'] as const
export type ArticleDisplayType = (typeof ARTICLE_DISPLAY_TYPES)[number]
/** Per-article presentation (spec 002 §3 "Newsletter article" displayType). */
export const ARTICLE_VARIANTS = ['Thumbnail', 'AuthorPhoto', 'Interview', 'Opinion', 'PartnerContent', 'HeadlineOnly'] as const
export type ArticleVariant = (typeof ARTICLE_VARIANTS)[number]

/** "presentationVersion (V2 or other)": V2 and the older one, each with its own renderer. */
export const PRESENTATION_VERSIONS = ['V2', 'Legacy'] as const
export type PresentationVersion = (typeof PRESENTATION_VERSIONS)[number]
/** Any stored version other than V2 is the older presentation. */
export const presentationVersionOf = (stored: string | null | undefined): PresentationVersion => (stored === 'V2' ? 'V2' : 'Legacy')

/** Spec 002 §3 project categories and the tracker's label for each ('Project category' filter). */
export const PROJECT_CATEGORY_LABELS: Record<string, string> = { Desal: 'Desal', WWTP: 'WWTP', WTP: 'WTP', WaterTransfer: 'Water transfer', Sludge: 'Sludge', Utility: 'Utility' }
/** The Project Tracker's filter a 'View all' link sets. */
export const TRACKER_CATEGORY_FILTER = 'filters[Project category]'
export const TRACKER_PATH = '/projecttracker'

// ---------------------------------------------------------------- messages (spec 002 §8)

export const NEWSLETTER_MESSAGES = {
	loading: 'Loading...',
	/** "Newsletter load failure: the server message or a default error." */
	loadFailed: 'An error has occurred loading the newsletter',
	clipboardFailed: 'Failed to copy HTML to clipboard.',
	clipboardCopied: 'HTML copied to clipboard.',
	htmlExportFailed: 'There was an error generating the HTML',
	zipExportFailed: 'There was an error generating the HTML for the zip',
	viewAll: 'View all',
	upsellHeading: 'Read the full newsletter',
	upsellText: 'Newsletters are part of an Executive membership. Start a free trial or join to read every issue.',
	savePdf: 'Save as PDF',
	downloadPdf: 'Download PDF',
	exportHtml: 'Export HTML',
	exportZip: 'Export zip',
} as const

/** "Unknown types show '{type} is not yet supported in newsletters'." */
export const unsupportedComponentMessage = (type: string) => `${type} is not yet supported in newsletters`

// ---------------------------------------------------------------- rules

/** "Newsletter standfirst is cut at 160 characters with an ellipsis" (whole text when it fits). */
export function cutStandfirst(text: string | null | undefined): string {
	const value = (text ?? '').trim()
	if (value.length <= NEWSLETTER_STANDFIRST_LENGTH) return value
	return `${value.slice(0, NEWSLETTER_STANDFIRST_LENGTH).trimEnd()}…`
}

/** The TextCard placeholder of spec 002 §3. */
export const FIRST_NAME_PLACEHOLDER = '[First Name]'
/** What the placeholder becomes in the exported email: the mailing tool's first-name merge tag. */
export const MARKETING_FIRST_NAME_TOKEN = '*|FNAME|*'

/**
 * "'[First Name]' is replaced by the authenticated user's first name and removed when the
 * user is not authenticated." Removing it also drops the space or comma it leaves behind
 * ("Dear [First Name]," → "Dear,"; "[First Name], here is" → "Here is").
 */
export function personalise(html: string, firstName: string | null | undefined, escape: (text: string) => string): string {
	const name = firstName?.trim()
	if (name) return html.split(FIRST_NAME_PLACEHOLDER).join(escape(name))
	return html
		.replace(/(^|>)\s*\[First Name\][,:;]?\s*([a-z])/g, (_match, before: string, letter: string) => `${before}${letter.toUpperCase()}`)
		.replace(/\s*\[First Name\]/g, '')
}

/** On export the placeholder becomes the marketing-email token. */
export const toMarketingToken = (html: string) => html.split(FIRST_NAME_PLACEHOLDER).join(MARKETING_FIRST_NAME_TOKEN)

/** "at most 5 per category, then a 'View all' link" to the tracker filtered by the category. */
export function trackerQueryFor(category: string): string {
	const label = PROJECT_CATEGORY_LABELS[category] ?? category
	return `${TRACKER_PATH}?${new URLSearchParams({ [TRACKER_CATEGORY_FILTER]: label })}`
}

/**
 * A project list's projects by category, "at most 5 per category, then a 'View all' link"
 * to the tracker filtered by that category: shown when the category holds more than shown.
 */
export function projectGroups(card: { projects: NewsletterProject[]; categoryList: string[]; projectCategory: string; resultCount: number }) {
	const categories = card.categoryList.length ? card.categoryList : [card.projectCategory]
	return categories
		.map((category) => {
			const all = card.projects.filter((project) => project.categories.includes(category) || (categories.length === 1 && !project.categories.some((c) => categories.includes(c))))
			const projects = all.slice(0, PROJECTS_PER_CATEGORY)
			const more = all.length > projects.length || (categories.length === 1 ? card.resultCount : all.length) > projects.length
			return { category, label: PROJECT_CATEGORY_LABELS[category] ?? category, projects, viewAll: more ? trackerQueryFor(category) : null }
		})
		.filter((group) => group.projects.length > 0)
}

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
export const NEWSLETTER_COMPONENT_TYPES = ['TextCard', 'LinkCard', 'ArticleListCard', 'AdvertCard', 'ProjectListCard', 'OpportunityListCard'] as const

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
	'newsletters.draft': { method: 'GET', path: '/newsletters/issue/draft/:slug', query: NewsletterQuerySchema, response: newsletterEnvelope, headers: ['PreviewToken'] },
	'newsletters.latest': { method: 'GET', path: '/newsletters/latest', query: NewsletterQuerySchema, response: newsletterEnvelope },
} as const
