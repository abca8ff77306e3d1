/**
 * The Project Tracker (spec 002 §2-§9): its configuration of the table engine
 * (contract/tables.ts), its hit, its messages and its endpoints.
 */
import { z } from 'zod'
import { envelope } from './envelope.ts'

import { tableResultSchema } from './tables.ts'
import { MAX_TRACKER_FILTERS_LENGTH } from './tracker-table.ts'

// What the browser needs without zod lives apart (tracker-table.ts).
export * from './tracker-table.ts'

/** Spec 002 §3 "Project search hit". */
export const ProjectHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	projectCategories: z.array(z.string()),
	projectTypes: z.array(z.string()),
	projectCountry: z.string().nullable(),
	projectCapacityM3d: z.number().nullable(),
	projectCostUsd: z.number().nullable(),
	projectLastModifiedDate: z.string(),
	projectProgress: z.string(),
	projectDateAdded: z.string(),
	projectIsArchived: z.boolean(),
	hasAccess: z.boolean(),
})
export type ProjectHit = z.infer<typeof ProjectHitSchema>
export const ProjectSearchResultSchema = tableResultSchema(ProjectHitSchema)
export type ProjectSearchResult = z.infer<typeof ProjectSearchResultSchema>

/** The query is the URL's own parameters (tableQuerySchema parses them on the API). */
const TrackerApiQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]))
/**
 * Spec 002 §2 "Saved filters ... are merged into the URL once on first load": the member's
 * last tracker query, as canonical URL parameters without the page number (a first load
 * starts at page 1). Kept on the server, so it follows the member across devices.
 */
export const TrackerFiltersSchema = z.object({ params: z.string() })
export const TrackerFiltersBodySchema = z.object({ params: z.string().max(MAX_TRACKER_FILTERS_LENGTH, { error: `params must be at most ${MAX_TRACKER_FILTERS_LENGTH} characters` }) })

export const TRACKER_ENDPOINTS = {
	'tracker.search': {
		method: 'GET',
		path: '/searchProjects',
		query: TrackerApiQuerySchema,
		response: envelope(ProjectSearchResultSchema),
	},
	'tracker.filters': { method: 'GET', path: '/trackerfilters', response: envelope(TrackerFiltersSchema) },
	'tracker.saveFilters': { method: 'PUT', path: '/trackerfilters', body: TrackerFiltersBodySchema, response: envelope(TrackerFiltersSchema) },
} as const
