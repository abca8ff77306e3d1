/**
 * Documents (spec 002 §2 "Document pages", §4 "Document access", §8): what a reader may do
 * with a document, decided the same way by the page and the download endpoint.
 */
import { z } from 'zod'

// What the browser needs without zod lives apart (document-messages.ts).
export * from './document-messages.ts'

/**
 * Spec 002 §3: a document's "permissionLevels (each with slug, for example executive-trial),
 * samplePermissionLevels". A level's slug is the permission it needs without its `read:`
 * (read:executive-trial → executive-trial).
 */
export const PermissionLevelSchema = z.object({ slug: z.string() })

/** The document fields of GET /documents/slug/{slug}'s details. */
export const DocumentDetailsSchema = z.object({
	documentType: z.string(),
	extension: z.string().nullable().optional(),
	isHyperlink: z.boolean().nullable().optional(),
	hasSample: z.boolean().optional(),
	hasSampleAccess: z.boolean().optional(),
	permissionLevels: z.array(PermissionLevelSchema).optional(),
	samplePermissionLevels: z.array(PermissionLevelSchema).optional(),
})

/** POST /documents/slug/{slug}/access: recorded; a hyperlink document's address to go on to. */
export const DocumentAccessRecordedSchema = z.object({ url: z.string().nullable() })

/** GET /documents/slug/{slug}/download and GET /download: isSample, and the file's names. */
export const DocumentDownloadQuerySchema = z.object({ isSample: z.enum(['true', 'false']).optional() })
export const FileDownloadQuerySchema = z.object({ internalFileName: z.string().min(1).max(300), publicFileName: z.string().min(1).max(200).optional() })
