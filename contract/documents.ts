/**
 * Documents (spec 002 §2 "Document pages", §4 "Document access", §8): what a reader may do
 * with a document, decided the same way by the page and the download endpoint.
 */
import { z } from 'zod'

export const DOCUMENT_MESSAGES = {
	downloading: 'Downloading...',
	/** Spec 002 §8, verbatim. */
	noPermission: 'Sorry, you do not have permission to download this file',
	success: 'Download successful',
	failed: 'Download failed',
	confirmTitle: 'Before you download',
	confirm: 'Continue to download',
	privacyNotice:
		'By downloading this document you agree that Global Water Intelligence and, for partner white papers, the partner who wrote it may contact you about related products and services. You can opt out at any time. See our privacy policy.',
	paywallTitle: 'This document is available to members',
	paywallSignIn: 'Sign in or create a free account to download white papers and samples.',
	sampleState: 'You can download a sample of this document. The full edition is available to members.',
	downloadSample: 'Download sample',
	download: 'Download',
	openLink: 'Open document',
} as const

/**
 * Spec 002 §3: a document's "permissionLevels (each with slug, for example executive-trial),
 * samplePermissionLevels". A level's slug is the permission it needs without its `read:`
 * (read:executive-trial → executive-trial).
 */
export const PermissionLevelSchema = z.object({ slug: z.string() })
export const permissionLevelOf = (permission: string) => ({ slug: permission.replace(/^read:/, '') })
/** Spec 002 §6: "Documents: permission levels decide the trial-style panel (slug executive-trial)". */
export const TRIAL_PERMISSION_LEVEL = 'executive-trial'

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

/**
 * Who a document's paywall speaks to: 'registration' when signing in is all it takes (no
 * permission levels: white papers), 'trial' when a free trial would open it (the
 * executive-trial level), else 'membership'.
 */
export function paywallKind(permissionLevels: readonly { slug: string }[]): 'registration' | 'trial' | 'membership' {
	if (permissionLevels.length === 0) return 'registration'
	return permissionLevels.some((level) => level.slug === TRIAL_PERMISSION_LEVEL) ? 'trial' : 'membership'
}

/** Spec 002 §4: documents whose signed-in downloads are confirmed first (whitepapers; samples of these two). */
export const CONFIRMED_SAMPLE_TYPES = ['tariffsurvey', 'idra-handbook'] as const
/** Spec 002 §2: "A privacy notice modal exists for whitepaper, tariffsurvey and idra-handbook downloads." */
export const PRIVACY_NOTICE_TYPES = ['whitepaper', 'tariffsurvey', 'idra-handbook'] as const

export type DocumentAccessInput = { signedIn: boolean; hasAccess: boolean; hasSample: boolean; hasSampleAccess: boolean; documentType: string }
export type DocumentAccess = {
	/** download: the full file; sample: the sample only (download control of the full file hidden); paywall. */
	state: 'download' | 'sample' | 'paywall'
	/** A signed-in whitepaper download, or a tariff survey / IDRA handbook sample, is confirmed first. */
	needsConfirmation: boolean
	showsPrivacyNotice: boolean
}

/**
 * Spec 002 §4, §6: visitors see samples or the paywall; signed-in readers download what
 * they have access to (free accounts: white papers and samples), else the sample when they
 * have sample access, else the paywall.
 */
export function documentAccess({ signedIn, hasAccess, hasSample, hasSampleAccess, documentType }: DocumentAccessInput): DocumentAccess {
	const full = signedIn && hasAccess
	const sample = !full && hasSample && hasSampleAccess
	const state = full ? 'download' : sample ? 'sample' : 'paywall'
	const needsConfirmation = signedIn && ((state === 'download' && documentType === 'whitepaper') || (state === 'sample' && (CONFIRMED_SAMPLE_TYPES as readonly string[]).includes(documentType)))
	return { state, needsConfirmation, showsPrivacyNotice: state !== 'paywall' && (PRIVACY_NOTICE_TYPES as readonly string[]).includes(documentType) }
}

/** POST /documents/slug/{slug}/access: recorded; a hyperlink document's address to go on to. */
export const DocumentAccessRecordedSchema = z.object({ url: z.string().nullable() })

/** GET /documents/slug/{slug}/download and GET /download: isSample, and the file's names. */
export const DocumentDownloadQuerySchema = z.object({ isSample: z.enum(['true', 'false']).optional() })
export const FileDownloadQuerySchema = z.object({ internalFileName: z.string().min(1).max(300), publicFileName: z.string().min(1).max(200).optional() })

/** A file name safe for Content-Disposition: letters, digits, dot, dash, underscore. */
export function publicFileName(name: string, extension: string): string {
	const base = name
		.normalize('NFKD')
		.replace(/[^\w.-]+/g, '-')
		.replace(/-+/g, '-')
		.replace(/^-|-$/g, '')
		.slice(0, 120)
	return `${base || 'document'}.${extension.replace(/[^a-z0-9]/gi, '') || 'pdf'}`
}
