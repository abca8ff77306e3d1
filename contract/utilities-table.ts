/** The utilities index's table, without zod (utilities-index.ts has the schemas). */
import { INDEX_PAGE_SIZES, PROJECT_REGIONS } from './index-common.ts'
import { ASCENDING, type TableConfig } from './table-params.ts'

export const UTILITY_FILTERS = {
	country: 'Headquarters Country',
	state: 'Utility state',
	ownership: 'Utility ownership type',
	service: 'Utility service type',
	region: 'Project region',
} as const

/** Spec 001 §3: "Headquarters Country (shown as Countries), Utility state (shown as State/Province)". */
export const UTILITY_FILTER_LABELS: Record<string, string> = { [UTILITY_FILTERS.country]: 'Countries', [UTILITY_FILTERS.state]: 'State/Province' }

export const UTILITY_RANGES = {
	nonRevenueWater: { title: 'Non-revenue water (%)', minName: 'Min non-revenue water', maxName: 'Max non-revenue water', step: 0.1 },
	waterPopulation: { title: 'Water population', minName: 'Min water population', maxName: 'Max water population', step: 1 },
	wastewaterPopulation: { title: 'Wastewater population', minName: 'Min wastewater population', maxName: 'Max wastewater population', step: 1 },
} as const

export const UTILITY_COLUMNS = {
	name: 'Name',
	country: 'Country',
	state: 'State/Province',
	services: 'Service scope',
	waterPopulation: 'Water population',
	updated: 'Updated',
} as const

export const UTILITIES_TABLE: TableConfig = {
	facets: [
		{ name: UTILITY_FILTERS.country },
		{ name: UTILITY_FILTERS.state },
		{ name: UTILITY_FILTERS.ownership },
		{ name: UTILITY_FILTERS.service },
		{ name: UTILITY_FILTERS.region, options: PROJECT_REGIONS },
	],
	ranges: Object.values(UTILITY_RANGES),
	flags: [],
	sortColumns: Object.keys(UTILITY_COLUMNS),
	defaultSort: { sortBy: 'name', sortOrder: ASCENDING },
	pageSizes: INDEX_PAGE_SIZES,
}

export const UTILITIES_PATH = '/utilities'

export const UTILITIES_DOWNLOAD_PATH = '/utilities.xlsx'
