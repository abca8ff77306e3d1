/**
 * Saved searches (spec 001 §2-§5): kept on the server per user (they follow the
 * member across devices), for the indexes, the tracker and the forecast explorer. Schemas,
 * messages, default names and endpoints.
 */
import { z } from 'zod'
import { envelope, emptyEnvelope } from './envelope.ts'

export const SAVED_SEARCH_KINDS = ['projects', 'companies', 'utilities', 'mergers', 'forecasts'] as const
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
	/** Spec 001 §5: saving needs functionality-cookie consent. */
	consentNeeded: (what: 'searches' | 'forecasts') => `You need to consent to using functionality cookies to save ${what}`,
	notFound: 'Not found: saved search',
} as const

/** "Company search dd-MM-yyyy - HH:mm": the default name by entity type (forecasts are named by their report title). */
const DEFAULT_NAME_PREFIX: Record<Exclude<SavedSearchKind, 'forecasts'>, string> = {
	projects: 'Project search',
	companies: 'Company search',
	utilities: 'Utility search',
	mergers: 'Merger search',
}
const two = (n: number) => String(n).padStart(2, '0')
export function defaultSavedSearchName(kind: Exclude<SavedSearchKind, 'forecasts'>, at: Date) {
	return `${DEFAULT_NAME_PREFIX[kind]} ${two(at.getUTCDate())}-${two(at.getUTCMonth() + 1)}-${at.getUTCFullYear()} - ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`
}

/** A saved search's URL is a path on this site with its query (never another origin). */
const sitePath = z
	.string()
	.trim()
	.max(MAX_SAVED_SEARCH_URL)
	.regex(/^\/(?!\/)[^\s]*$/, { error: 'url must be a path on this site' })

export const SavedSearchSchema = z.object({
	id: z.number().int(),
	kind: z.enum(SAVED_SEARCH_KINDS),
	name: z.string(),
	subtitle: z.string().nullable(),
	url: z.string(),
	lastUpdated: z.string(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>

export const SavedSearchListQuerySchema = z.object({ kind: z.enum(SAVED_SEARCH_KINDS, { error: `kind must be one of: ${SAVED_SEARCH_KINDS.join(', ')}` }) })
export const SaveSearchBodySchema = z.object({
	kind: z.enum(SAVED_SEARCH_KINDS, { error: `kind must be one of: ${SAVED_SEARCH_KINDS.join(', ')}` }),
	name: z.string().trim().max(MAX_SAVED_SEARCH_NAME).optional(),
	subtitle: z.string().trim().max(MAX_SAVED_SEARCH_NAME).optional(),
	url: sitePath,
})
export const RenameSearchBodySchema = z.object({ name: z.string().trim().min(1, { error: 'name is required' }).max(MAX_SAVED_SEARCH_NAME), url: sitePath.optional() })

export const SAVED_SEARCH_ENDPOINTS = {
	'savedSearches.list': { method: 'GET', path: '/savedsearches', query: SavedSearchListQuerySchema, response: envelope(SavedSearchSchema) },
	'savedSearches.save': { method: 'POST', path: '/savedsearches', body: SaveSearchBodySchema, response: envelope(SavedSearchSchema) },
	'savedSearches.rename': { method: 'PUT', path: '/savedsearches/:id', body: RenameSearchBodySchema, response: envelope(SavedSearchSchema) },
	'savedSearches.delete': { method: 'POST', path: '/savedsearches/:id/delete', response: emptyEnvelope },
} as const
