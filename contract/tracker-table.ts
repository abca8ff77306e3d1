/** The Project Tracker's table, paths and messages, without zod (tracker.ts has the schemas). */
import { DEFAULT_PAGE, TRANSPORT_ERRORS } from './constants.ts'
import { DESCENDING, legacySortOrderRedirect, tableParams, type TableConfig, type TableQuery } from './table-params.ts'

export const TRACKER_PATH = '/projecttracker'

/** Spec 002 §9 "Tracker download filename: projects.xlsx". */
export const TRACKER_DOWNLOAD_FILENAME = 'projects.xlsx'

/** The site's download route: the tracker's query, answered with the xlsx file. */
export const TRACKER_DOWNLOAD_PATH = '/projecttracker.xlsx'

export const TRACKER_FILTERS = {
	projectType: 'Project type',
	projectCategory: 'Project category',
	wwtpSubcategory: 'WWTP subcategory',
	progress: 'Progress',
	countries: 'Countries',
	regions: 'Regions',
	updatedFrom: 'Updated from',
	updatedTo: 'Updated to',
	includeArchived: 'Include archived projects',
	/** Our name of the range-type select (spec 002 §4). */
	rangeType: 'Range type',
} as const

/** Spec 002 §2 filter groups, in the spec's order. */
export const PROJECT_TYPES = ['Build', 'Operate', 'Finance', 'Industrial', 'DFI'] as const

export const PROJECT_CATEGORIES = ['Desal', 'Sludge', 'Utility', 'Water transfer', 'WTP', 'WWTP'] as const

export const WWTP_SUBCATEGORIES = ['Advanced', 'Reuse'] as const

export const TRACKER_PROGRESS = ['Bids submitted', 'Conceptual stage', 'Contract awarded', 'Design stage', 'Pre-financial close', 'Prequalification', 'RFP issued'] as const

export const TRACKER_RANGES = {
	cost: {
		title: 'Cost (US$m)',
		minName: 'Minimum cost',
		maxName: 'Maximum cost',
		step: 0.1,
		includeEmptyName: 'Include projects without a cost',
	},
	capacity: {
		title: 'Capacity (m3/d)',
		minName: 'Minimum capacity',
		maxName: 'Maximum capacity',
		step: 1,
		includeEmptyName: 'Include projects without a capacity',
	},
} as const

/** Sortable columns (header links); the default is date updated, descending (spec 002 §4, §9). */
export const TRACKER_COLUMNS = {
	name: 'Name',
	country: 'Country',
	category: 'Category',
	capacity: 'Capacity (m3/d)',
	progress: 'Progress',
	updated: 'Updated',
} as const

export type TrackerColumn = keyof typeof TRACKER_COLUMNS

export const TRACKER_TABLE: TableConfig = {
	facets: [
		{ name: TRACKER_FILTERS.projectType, options: PROJECT_TYPES },
		{ name: TRACKER_FILTERS.projectCategory, options: PROJECT_CATEGORIES },
		{ name: TRACKER_FILTERS.wwtpSubcategory, options: WWTP_SUBCATEGORIES },
		{ name: TRACKER_FILTERS.progress, options: TRACKER_PROGRESS },
		{ name: TRACKER_FILTERS.regions },
		{ name: TRACKER_FILTERS.countries },
	],
	ranges: [TRACKER_RANGES.cost, TRACKER_RANGES.capacity],
	rangeType: { name: TRACKER_FILTERS.rangeType },
	dates: {
		fromName: TRACKER_FILTERS.updatedFrom,
		toName: TRACKER_FILTERS.updatedTo,
	},
	flags: [TRACKER_FILTERS.includeArchived],
	sortColumns: Object.keys(TRACKER_COLUMNS),
	defaultSort: { sortBy: 'updated', sortOrder: DESCENDING },
	pageSizes: [10, 20, 50, 100],
	keepsSmallPageSizes: true,
}

/** The API's errors that mean the reader's session, not the file: spec 000 §8's 401 texts. */
const SESSION_ERRORS: readonly string[] = [TRANSPORT_ERRORS.loginTokenExpired, TRANSPORT_ERRORS.unauthorized]

export const TRACKER_MESSAGES = {
	/** Spec 002 §6. */
	membersOnly: 'The Project Tracker is available exclusively to full members',
	downloadUpgrade: 'This function is not available as part of your current membership package. Upgrade your membership type today to download project data',
	/**
	 * Spec 002 §8 "Failed to download projects" plus ': {first error}', and '. Please refresh your
	 * browser.' when the error is the session's (its sign-in has expired or been refused).
	 */
	downloadFailed: (error: string) => `Failed to download projects: ${error}${SESSION_ERRORS.includes(error) ? '. Please refresh your browser.' : ''}`,
	/** Spec 002 §8 "You are not authorized to download {entity}". */
	notAuthorized: (entity: string) => `You are not authorized to download ${entity}`,
} as const

/** Spec 002 §9: "Debounce: 1000 ms for tracker date filters; 500 ms for range filters". */
export const TRACKER_DATE_DEBOUNCE_MS = 1000

export const TRACKER_RANGE_DEBOUNCE_MS = 500

/** The longest saved tracker query kept (a saved search's URL has the same bound). */
export const MAX_TRACKER_FILTERS_LENGTH = 2000

/** The tracker's saved filters as parameters to store: the query's canonical ones, page number left out. */
export function trackerFilterParams(query: TableQuery): string {
	return tableParams(TRACKER_TABLE, { ...query, pageNum: DEFAULT_PAGE }).toString()
}

/**
 * Merges saved filters into a first load's address: the saved parameters, then the
 * address's own (which win where both name the same parameter). Null when nothing changes.
 */
export function mergeSavedFilters(saved: string, current: URLSearchParams): URLSearchParams | null {
	const merged = new URLSearchParams(saved)
	for (const name of new Set(current.keys())) {
		merged.delete(name)
		for (const value of current.getAll(name)) merged.append(name, value)
	}
	// Filters saved before the spec's sort order values go out with them, so the member is redirected once.
	const canonical = legacySortOrderRedirect(merged) ?? merged
	return canonical.toString() === current.toString() ? null : canonical
}

/** GET /downloadProjects answers with the xlsx file itself, not an envelope: not a JSON endpoint. */
export const DOWNLOAD_PROJECTS_API_PATH = '/downloadProjects'
