/**
 * The companies, utilities and mergers indexes (spec 001 §2-§9): what they share, each one's
 * configuration of the table engine (contract/tables.ts) and hits, and their endpoints. The
 * browser imports an index's own module (companies-index.ts...), never this gathering of all three.
 */
import { z } from 'zod'
import { CompanySearchResultSchema } from './companies-index.ts'
import { envelope } from './envelope.ts'
import { MergerSearchResultSchema } from './mergers-index.ts'
import { UtilitySearchResultSchema } from './utilities-index.ts'

export * from './companies-index.ts'
export * from './index-common.ts'
export * from './mergers-index.ts'
export * from './utilities-index.ts'

const IndexApiQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]))

export const INDEX_ENDPOINTS = {
	'indexes.companies': { method: 'GET', path: '/searchCompanies', query: IndexApiQuerySchema, response: envelope(CompanySearchResultSchema) },
	'indexes.mergers': { method: 'GET', path: '/searchMergers', query: IndexApiQuerySchema, response: envelope(MergerSearchResultSchema) },
	'indexes.utilities': { method: 'GET', path: '/searchUtilities', query: IndexApiQuerySchema, response: envelope(UtilitySearchResultSchema) },
} as const
/** GET /downloadEntities?entityType=...: the xlsx file itself. */
export const DOWNLOAD_ENTITIES_API_PATH = '/downloadEntities'
