/** The companies index's table, without zod (companies-index.ts has the schemas). */
import { INCLUDE_ESTIMATES, INDEX_PAGE_SIZES } from './index-common.ts'
import { ASCENDING, type TableConfig } from './table-params.ts'

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

export const COMPANY_REVENUE_RANGE = { title: 'Revenue (US$m)', minName: 'Minimum revenue', maxName: 'Maximum revenue', step: 0.1, estimatesName: INCLUDE_ESTIMATES } as const

export const COMPANY_COLUMNS = { name: 'Name', country: 'HQ Country', revenue: 'Water Revenue (US$m)', updated: 'Updated' } as const

export const COMPANIES_TABLE: TableConfig = {
	facets: Object.values(COMPANY_FILTERS).map((name) => ({ name })),
	ranges: [COMPANY_REVENUE_RANGE],
	flags: [],
	sortColumns: Object.keys(COMPANY_COLUMNS),
	financialSortColumns: ['revenue'],
	defaultSort: { sortBy: 'name', sortOrder: ASCENDING },
	pageSizes: INDEX_PAGE_SIZES,
}

export const COMPANIES_PATH = '/companies'

export const COMPANIES_DOWNLOAD_PATH = '/companies.xlsx'
