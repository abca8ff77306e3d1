/** The companies index (spec 001 §2-§9): its configuration of the table engine (contract/tables.ts) and its hits. */
import { z } from 'zod'
import { INDEX_PAGE_SIZES } from './index-common.ts'
import { tableResultSchema, type TableConfig } from './tables.ts'

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
export const COMPANIES_PATH = '/companies'
export const COMPANIES_DOWNLOAD_PATH = '/companies.xlsx'
