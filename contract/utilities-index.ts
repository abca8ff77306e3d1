/** The utilities index (spec 001 §2-§9): its configuration of the table engine (contract/tables.ts) and its hits. */
import { z } from 'zod'

import { tableResultSchema } from './tables.ts'

// What the browser needs without zod lives apart (utilities-table.ts).
export * from './utilities-table.ts'

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

