/**
 * The companies, utilities and mergers indexes (spec 001 §2-§9): their configurations of
 * the table engine (contract/tables.ts), hits, sample state and endpoints.
 */
import { z } from 'zod'
import { envelope } from './envelope.ts'
import { tableResultSchema, type TableConfig } from './tables.ts'

/** Spec 001 §9 "Page size options 20, 50, 100 for indexes"; the first is the default (ours: the spec does not show it). */
export const INDEX_PAGE_SIZES = [20, 50, 100] as const
/** Spec 001 §4 "Without access: sample data is shown (10 fake rows, total 3220)". */
export const SAMPLE_ROWS = 10
export const SAMPLE_TOTAL = 3220
/** Spec 001 §5 "Entity download (companies, utilities, mergers only)". */
export const DOWNLOADABLE_ENTITIES = ['companies', 'utilities', 'mergers'] as const
export type DownloadableEntity = (typeof DOWNLOADABLE_ENTITIES)[number]

/** Spec 001 §5 "Range filters are shown only to users who may view company financial data": the index's table for a reader. Both sides apply it. */
export const indexTableFor = (config: TableConfig, canViewFinancialData: boolean): TableConfig => (canViewFinancialData ? config : { ...config, ranges: [] })

export const INDEX_MESSAGES = {
	noResults: 'No results found.',
	invalidEntityType: 'Invalid entity type',
	/** Spec 001 §5: the company revenue filter's helper. */
	revenueHelper: 'To search in thousands or millions, divide by 1,000,000 (420,000 as 0.42; 5,000,000,000 as 5,000).',
	/** Our wording of the access prompt over the sample rows. */
	accessPrompt: 'These are sample rows. Become a member to search the full index.',
	aboutThisData: 'About this data',
} as const

export const COMPANY_FILTERS = {
	country: 'Headquarters Country',
	expertise: 'Expertise',
	industries: 'Industries',
	technologies: 'Technologies',
	technologyType: 'Technology type',
	technologySubtype: 'Technology subtype',
	digitalProducts: 'Digital products',
} as const
/** "Industries (shown as Sector)". */
export const FILTER_LABELS: Record<string, string> = { [COMPANY_FILTERS.industries]: 'Sector' }

export const COMPANY_REVENUE_RANGE = { title: 'Revenue (US$m)', minName: 'Minimum revenue', maxName: 'Maximum revenue', step: 0.1 } as const

export const COMPANY_COLUMNS = { name: 'Name', country: 'HQ Country', revenue: 'Water Revenue (US$m)', updated: 'Updated' } as const

export const COMPANIES_TABLE: TableConfig = {
	facets: Object.values(COMPANY_FILTERS).map((name) => ({ name })),
	ranges: [COMPANY_REVENUE_RANGE],
	flags: [],
	sortColumns: Object.keys(COMPANY_COLUMNS),
	defaultSort: { sortBy: 'name', sortOrder: 'asc' },
	pageSizes: INDEX_PAGE_SIZES,
}

export const CompanyHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	headquartersCountry: z.string().nullable(),
	/** Only for readers who may view company financial data. */
	waterRevenueDollars: z.number().nullable(),
	lastModifiedDate: z.string(),
	hasAccess: z.boolean(),
})
export type CompanyHit = z.infer<typeof CompanyHitSchema>
export const CompanySearchResultSchema = tableResultSchema(CompanyHitSchema).extend({ canViewFinancialData: z.boolean() })
export type CompanySearchResult = z.infer<typeof CompanySearchResultSchema>

// ---------------------------------------------------------------- utilities

export const UTILITY_FILTERS = {
	country: 'Headquarters Country',
	state: 'Utility state',
	ownership: 'Utility ownership type',
	service: 'Utility service type',
	region: 'Project region',
} as const
/** Spec 001 §3: "Headquarters Country (shown as Countries), Utility state (shown as State/Province)". */
export const UTILITY_FILTER_LABELS: Record<string, string> = { [UTILITY_FILTERS.country]: 'Countries', [UTILITY_FILTERS.state]: 'State/Province' }
export const PROJECT_REGIONS = ['Asia Pacific', 'Europe', 'Latin America', 'Middle East & Africa', 'North America'] as const
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
	defaultSort: { sortBy: 'name', sortOrder: 'asc' },
	pageSizes: INDEX_PAGE_SIZES,
}

export const UtilityHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	country: z.string().nullable(),
	state: z.string().nullable(),
	services: z.array(z.string()),
	waterPopulation: z.number().nullable(),
	lastModifiedDate: z.string(),
	hasAccess: z.boolean(),
})
export type UtilityHit = z.infer<typeof UtilityHitSchema>
export const UtilitySearchResultSchema = tableResultSchema(UtilityHitSchema).extend({ canViewFinancialData: z.boolean() })
export type UtilitySearchResult = z.infer<typeof UtilitySearchResultSchema>
export const UTILITIES_PATH = '/utilities'
export const UTILITIES_DOWNLOAD_PATH = '/utilities.xlsx'

// ---------------------------------------------------------------- mergers and acquisitions

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
	price: { title: 'Price (US$m)', minName: 'Min price', maxName: 'Max price', step: 0.1, includeEmptyName: 'Include deals without a price' },
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
	defaultSort: { sortBy: 'year', sortOrder: 'desc' },
	pageSizes: INDEX_PAGE_SIZES,
}

export const MergerHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	year: z.number().int(),
	targetName: z.string(),
	acquirorName: z.string(),
	targetCountry: z.string().nullable(),
	priceDollars: z.number().nullable(),
	dealCompleted: z.boolean(),
	hasAccess: z.boolean(),
})
export type MergerHit = z.infer<typeof MergerHitSchema>
export const MergerSearchResultSchema = tableResultSchema(MergerHitSchema).extend({ canViewFinancialData: z.boolean() })
export const MERGERS_PATH = '/mergers'
export const MERGERS_DOWNLOAD_PATH = '/mergers.xlsx'

const IndexApiQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]))

export const INDEX_ENDPOINTS = {
	'indexes.companies': { method: 'GET', path: '/searchCompanies', query: IndexApiQuerySchema, response: envelope(CompanySearchResultSchema) },
	'indexes.mergers': { method: 'GET', path: '/searchMergers', query: IndexApiQuerySchema, response: envelope(MergerSearchResultSchema) },
	'indexes.utilities': { method: 'GET', path: '/searchUtilities', query: IndexApiQuerySchema, response: envelope(UtilitySearchResultSchema) },
} as const
/** GET /downloadEntities?entityType=...: the xlsx file itself. */
export const DOWNLOAD_ENTITIES_API_PATH = '/downloadEntities'
export const COMPANIES_PATH = '/companies'
export const COMPANIES_DOWNLOAD_PATH = '/companies.xlsx'
