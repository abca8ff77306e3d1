/** The mergers and acquisitions index (spec 001 §2-§9): its configuration of the table engine (contract/tables.ts) and its hits. */
import { z } from 'zod'

import { tableResultSchema } from './tables.ts'

// What the browser needs without zod lives apart (mergers-table.ts).
export * from './mergers-table.ts'

export const MergerHitSchema = z.object({
	slug: z.string(),
	name: z.string(),
	year: z.number().int(),
	targetName: z.string(),
	acquirorName: z.string(),
	targetCountry: z.string().nullable(),
	priceDollars: z.number().nullable(),
	/** Spec 001 §6 "Include estimates": the price is GWI's estimate (false without financial data). */
	priceIsEstimate: z.boolean(),
	dealCompleted: z.boolean(),
	hasAccess: z.boolean(),
})
export type MergerHit = z.infer<typeof MergerHitSchema>
export const MergerSearchResultSchema = tableResultSchema(MergerHitSchema).extend({ canViewFinancialData: z.boolean() })

