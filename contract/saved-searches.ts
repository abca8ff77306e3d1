/**
 * Saved searches (spec 001 §2-§5): kept on the server per user (they follow the
 * member across devices), for the indexes, the tracker and the forecast explorer. Schemas,
 * messages, default names and endpoints.
 */
import { z } from 'zod'
import { AlertSchema, type Alert } from './alerts.ts'
import { envelope, emptyEnvelope } from './envelope.ts'
import { SAVED_SEARCH_KINDS, SAVED_SEARCH_MESSAGES, MAX_SAVED_SEARCH_NAME, MAX_SAVED_SEARCH_URL, type SAVED_SEARCHES_SIGNED_OUT } from './saved-search-rules.ts'

// What the browser needs without zod lives apart (saved-search-rules.ts).
export * from './saved-search-rules.ts'

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

/** A saved search as its list gives it: with its alert (null without one, and on the kinds that cannot be alerts). */
export const ListedSavedSearchSchema = SavedSearchSchema.extend({ alert: AlertSchema.nullable() })

/**
 * A table page's saved searches: the person's list (each with its alert, on the kinds that can
 * be alerts), or that nobody is signed in to have one.
 */
export type SavedSearchList = (SavedSearch & { alert?: Alert | null })[] | typeof SAVED_SEARCHES_SIGNED_OUT

export const SavedSearchListQuerySchema = z.object({ kind: z.enum(SAVED_SEARCH_KINDS, { error: `kind must be one of: ${SAVED_SEARCH_KINDS.join(', ')}` }) })
export const SaveSearchBodySchema = z.object({
	kind: z.enum(SAVED_SEARCH_KINDS, { error: `kind must be one of: ${SAVED_SEARCH_KINDS.join(', ')}` }),
	name: z.string().trim().max(MAX_SAVED_SEARCH_NAME, { error: SAVED_SEARCH_MESSAGES.nameTooLong }).optional(),
	subtitle: z.string().trim().max(MAX_SAVED_SEARCH_NAME).optional(),
	url: sitePath,
})
export const RenameSearchBodySchema = z.object({
	name: z.string().trim().min(1, { error: SAVED_SEARCH_MESSAGES.nameRequired }).max(MAX_SAVED_SEARCH_NAME, { error: SAVED_SEARCH_MESSAGES.nameTooLong }),
	url: sitePath.optional(),
})

export const SAVED_SEARCH_ENDPOINTS = {
	'savedSearches.list': { method: 'GET', path: '/savedsearches', query: SavedSearchListQuerySchema, response: envelope(ListedSavedSearchSchema) },
	'savedSearches.save': { method: 'POST', path: '/savedsearches', body: SaveSearchBodySchema, response: envelope(SavedSearchSchema) },
	'savedSearches.rename': { method: 'PUT', path: '/savedsearches/:id', body: RenameSearchBodySchema, response: envelope(SavedSearchSchema) },
	'savedSearches.delete': { method: 'POST', path: '/savedsearches/:id/delete', response: emptyEnvelope },
} as const
