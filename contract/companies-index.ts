/** The companies index (spec 001 §2-§9): its configuration of the table engine (contract/tables.ts) and its hits. */
import { z } from 'zod'

import { tableResultSchema } from './tables.ts'

// What the browser needs without zod lives apart (companies-table.ts).
export * from './companies-table.ts'

export const CompanyHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	headquartersCountry: z.string().nullable(),
	/** Only for readers who may view company financial data. */
	waterRevenueDollars: z.number().nullable(),
	/** Spec 001 §6 "Include estimates": the water revenue is GWI's estimate (false without financial data). */
	waterRevenueIsEstimate: z.boolean(),
	lastModifiedDate: z.string(),
	hasAccess: z.boolean(),
})
export type CompanyHit = z.infer<typeof CompanyHitSchema>
export const CompanySearchResultSchema = tableResultSchema(CompanyHitSchema).extend({ canViewFinancialData: z.boolean() })
export type CompanySearchResult = z.infer<typeof CompanySearchResultSchema>
