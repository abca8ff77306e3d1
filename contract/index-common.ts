/**
 * What the companies, utilities and mergers indexes (spec 001 §2-§9) share: page sizes,
 * sample state, messages and the financial-data rule. Each index's own configuration is in
 * its module (companies-index.ts, utilities-index.ts, mergers-index.ts), so an index page's
 * scripts carry only its own; contract/indexes.ts gathers them with the endpoints.
 */
import type { TableConfig } from './tables.ts'

/** Spec 001 §9 "Page size options 20, 50, 100 for indexes"; the first is the default (ours: the spec does not show it). */
export const INDEX_PAGE_SIZES = [20, 50, 100] as const
/** Spec 001 §4 "Without access: sample data is shown (10 fake rows, total 3220)". */
export const SAMPLE_ROWS = 10
export const SAMPLE_TOTAL = 3220
/** Spec 001 §6: the checkbox of the ranges whose figures may be GWI's estimates (companies' revenue, mergers' price). */
export const INCLUDE_ESTIMATES = 'Include estimates'
/** Spec 001 §5 "Entity download (companies, utilities, mergers only)". */
export const DOWNLOADABLE_ENTITIES = ['companies', 'utilities', 'mergers'] as const
export type DownloadableEntity = (typeof DOWNLOADABLE_ENTITIES)[number]

/**
 * The index's table for a reader. Spec 001 §5 "Range filters are shown only to users who may
 * view company financial data", and a column they may not see is no column to sort by: the
 * address cannot order rows by a hidden figure (the page and its xlsx fall back to the default
 * sort). Both sides apply it.
 */
export const indexTableFor = (config: TableConfig, canViewFinancialData: boolean): TableConfig =>
	canViewFinancialData
		? config
		: { ...config, ranges: [], sortColumns: config.sortColumns.filter((column) => !config.financialSortColumns?.includes(column)), financialSortColumns: [] }

export const INDEX_MESSAGES = {
	noResults: 'No results found.',
	invalidEntityType: 'Invalid entity type',
	/** Spec 001 §8: an index's file that could not be made (a refusal keeps the API's own words). */
	downloadFailed: 'Failed to download search results',
	/** Spec 001 §5: the company revenue filter's helper. */
	revenueHelper: 'To search in thousands or millions, divide by 1,000,000 (420,000 as 0.42; 5,000,000,000 as 5,000).',
	/** Our wording of the access prompt over the sample rows. */
	accessPrompt: 'These are sample rows. Become a member to search the full index.',
	aboutThisData: 'About this data',
	/** Spec 001 §2: the indexes' filter panel has a close button and a "Reset filters" button. */
	resetFilters: 'Reset filters',
	/** Our wording of that close button. */
	closeFilters: 'Close filters',
	/** Our marking of a figure that is GWI's estimate, and its spelled-out title. */
	estimateMark: 'est.',
	estimateTitle: 'GWI estimate',
} as const

/** The project regions: a filter's options on the utilities index and on the events list. */
export const PROJECT_REGIONS = ['Asia Pacific', 'Europe', 'Latin America', 'Middle East & Africa', 'North America'] as const
