/** The mergers index's table, without zod (mergers-index.ts has the schemas). */
import { INCLUDE_ESTIMATES, INDEX_PAGE_SIZES } from './index-common.ts'
import { DESCENDING, type TableConfig } from './table-params.ts'

export const MERGER_FILTERS = {
	sector: 'Merger sector',
	acquirorType: 'Acquiror type',
	targetCountry: 'Target country',
	vendorCountry: 'Vendor country',
	acquirorCountry: 'Acquiror country',
	dealCompleted: 'Deal completed',
} as const

/** Spec 001 §4 "Mergers deal status defaults to Completed with options Completed, Pending and All". */
export const DEAL_STATUSES = ['Completed', 'Pending', 'All'] as const

export const DEFAULT_DEAL_STATUS = 'Completed'

/** The status column, only under All: "Complete or Pending". */
export const DEAL_STATUS_LABELS = { complete: 'Complete', pending: 'Pending' } as const

export const MERGER_RANGES = {
	year: { title: 'Year', minName: 'Min year', maxName: 'Max year', step: 1 },
	/** Spec 001 §5 "Include deals without a price" (filters[Include deals without a price]=true). */
	price: {
		title: 'Price (US$m)',
		minName: 'Min price',
		maxName: 'Max price',
		step: 0.1,
		includeEmptyName: 'Include deals without a price',
		includeEmptyFromStart: true,
		estimatesName: INCLUDE_ESTIMATES,
	},
} as const

export const MERGER_COLUMNS = { year: 'Year', target: 'Target', acquiror: 'Acquiror', country: 'Target country', price: 'Price (US$m)', status: 'Status' } as const

export const MERGERS_TABLE: TableConfig = {
	facets: [
		{ name: MERGER_FILTERS.sector },
		{ name: MERGER_FILTERS.acquirorType },
		{ name: MERGER_FILTERS.targetCountry },
		{ name: MERGER_FILTERS.vendorCountry },
		{ name: MERGER_FILTERS.acquirorCountry },
	],
	choices: [{ name: MERGER_FILTERS.dealCompleted, options: DEAL_STATUSES, defaultOption: DEFAULT_DEAL_STATUS }],
	ranges: Object.values(MERGER_RANGES),
	flags: [],
	sortColumns: Object.keys(MERGER_COLUMNS).filter((column) => column !== 'status'),
	financialSortColumns: ['price'],
	defaultSort: { sortBy: 'year', sortOrder: DESCENDING },
	pageSizes: INDEX_PAGE_SIZES,
}

export const MERGERS_PATH = '/mergers'

export const MERGERS_DOWNLOAD_PATH = '/mergers.xlsx'
