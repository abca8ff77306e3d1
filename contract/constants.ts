/**
 * Constants and user-facing strings of the spec (000 sections 2, 5, 8, 9), named as the spec
 * names them. Values the spec leaves to us ("not shown") are marked as our choice.
 */

/** Our choice: the product's short name, used in the title suffix (" | GWI"). */
export const PRODUCT_SHORT_NAME = 'GWI'
export const PRODUCT_NAME = 'Global Water Intelligence'
export const TITLE_SUFFIX = ` | ${PRODUCT_SHORT_NAME}`
/** Our choice: the demo mailbox's name, on its page and in staff's profile menu. */
export const MAILBOX_TITLE = 'Mailbox'
export const PRODUCT_DESCRIPTION =
	'News, analysis, project tracking and market forecasts for the international water industry.'

// ---------------------------------------------------------------- paging (spec 000 §2, §5, §9)
export const DEFAULT_PAGE = 1
export const DEFAULT_PAGE_SIZE = 10
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const
/** "Page size 1 to 9 is kept" (besides the listed options); anything else becomes the default. */
export const SMALL_PAGE_SIZE_MAX = 9

// ---------------------------------------------------------------- lists
/** "default list limit 10 plus the current article" */
export const ARTICLE_LIST_LIMIT = 10
/** "Search cards default maxRecordCount 5" */
export const SEARCH_CARD_MAX_RECORD_COUNT = 5

// ---------------------------------------------------------------- messages (spec 000 §8)
export const MESSAGES = {
	loading: 'Loading...',
	welcome: 'Welcome!',
	notFound: 'Sorry, there has been an error. Please click here to return to the home page.',
	otherError: 'An error has occurred.',
	genericError: 'An error occurred',
	expiredSession: 'Your login session has expired. Please log in again',
	cardError: 'An error occurred loading this content. Click here to refresh the page.',
	unknownCard: 'Component not yet implemented!',
	noResults: 'No results found',
	noContent: 'No content found',
	noRelatedContent: 'No related content found',
	noUnlockedArticles: 'No unlocked articles',
	noFiltersSaved: 'No filters saved',
	notLoggedIn: 'You are not logged in',
	noAccess: 'Sorry, you do not have access to this content.',
	articleExclusive: 'This article is available exclusively to full members',
	projectTrackerExclusive: 'The Project Tracker is available exclusively to full members',
	/** Spec 001 §1: the no-access text of Strategist content. */
	strategistRequired: 'This content requires a GWI Strategist Membership',
	alreadyHaveAccount: 'Already have a free account or membership?',
	notInTrial: 'Sorry, this content is not included in your free trial.',
} as const

/** Transport error texts of spec 000 §8. */
export const TRANSPORT_ERRORS = {
	loginTokenExpired: 'Login token expired',
	unauthorized: 'Unauthorized',
	forbidden: 'Forbidden',
	notFound: 'Not found',
	conflict: 'Conflict',
	badRequest: 'Bad request',
	unknown: 'Unknown error',
} as const

// ---------------------------------------------------------------- API client (spec 000 §4)
/** "otherwise retried up to 3 times" */
export const API_MAX_RETRIES = 3
/** Our choice: how long one API call may take before it counts as failed. */
export const API_TIMEOUT_MS = 10_000

// ---------------------------------------------------------------- join (spec 000 §9)
/** Our choice of the join type keys; both carry the product prefix as the spec requires. */
export const JOIN_TYPE = { membership: 'gwi-membership', trial: 'gwi-trial' } as const
