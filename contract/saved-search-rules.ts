/** Saved searches' kinds, limits and messages, without zod (saved-searches.ts has the schemas). */

export const SAVED_SEARCH_KINDS = ['projects', 'companies', 'utilities', 'mergers', 'forecasts', 'search', 'events', 'opportunities'] as const

export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number]

/** "Most recent" shows this many before "Load N more". */
export const SAVED_SEARCHES_SHOWN = 4

export const MAX_SAVED_SEARCH_NAME = 120

export const MAX_SAVED_SEARCH_URL = 2000

export const SAVED_SEARCH_MESSAGES = {
	nameInUse: 'This name is already in use.',
	noSearches: 'No searches found',
	mostRecent: 'Most recent',
	loadMore: (n: number) => `Load ${n} more`,
	/** The tag of the saved search in edit mode (spec 001 §2). */
	editing: 'editing',
	/** Spec 001 §5: saving needs functionality-cookie consent. */
	consentNeeded: (what: 'searches' | 'forecasts') => `You need to consent to using functionality cookies to save ${what}`,
	notFound: 'Not found: saved search',
	/** Our words: the panel's name field stops at MAX_SAVED_SEARCH_NAME; a post that is longer is told so. */
	nameTooLong: `A saved search's name can be at most ${MAX_SAVED_SEARCH_NAME} characters.`,
	nameRequired: 'Please enter a name for the saved search.',
} as const

/** "Company search dd-MM-yyyy - HH:mm": the default name by entity type (forecasts are named by their report title). */
const DEFAULT_NAME_PREFIX: Record<Exclude<SavedSearchKind, 'forecasts'>, string> = {
	projects: 'Project search',
	companies: 'Company search',
	utilities: 'Utility search',
	mergers: 'Merger search',
	search: 'Search',
	events: 'Event search',
	opportunities: 'Opportunity search',
}

const two = (n: number) => String(n).padStart(2, '0')

export function defaultSavedSearchName(kind: Exclude<SavedSearchKind, 'forecasts'>, at: Date) {
	return `${DEFAULT_NAME_PREFIX[kind]} ${two(at.getUTCDate())}-${two(at.getUTCMonth() + 1)}-${at.getUTCFullYear()} - ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`
}

/**
 * Saved searches belong to a person: a reader beside a table with no person's sign-in (an
 * organisation signed in by network address) has none, and the panel says 'You are not logged in'.
 */
export const SAVED_SEARCHES_SIGNED_OUT = 'signed-out'
