/** Newsletters' messages, rendering rules and project groups, without zod (newsletters.ts has the schemas). */

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

export const NEWSLETTER_COMPONENT_TYPES = ['TextCard', 'LinkCard', 'ArticleListCard', 'AdvertCard', 'ProjectListCard', 'OpportunityListCard'] as const
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

/**
 * A project list's projects by category, "at most 5 per category, then a 'View all' link"
 * to the tracker filtered by that category: shown when the category holds more than shown.
 */
export function projectGroups<Project extends { categories: string[] }>(card: { projects: Project[]; categoryList: string[]; projectCategory: string; resultCount: number }) {
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
