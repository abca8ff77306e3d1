/** Documents' messages and rules, without zod (documents.ts has the schemas). */

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
	/** A document a free account may download: the visitor is told a free account is all it takes. */
	freeAccountTitle: 'Download this document with a free account',
	freeAccountLead: 'White papers and samples are free to download once you have created a free account.',
	createFreeAccount: 'Create a free account',
	sampleState: 'You can download a sample of this document. The full edition is available to members.',
	downloadSample: 'Download sample',
	download: 'Download',
	openLink: 'Open document',
} as const

export const permissionLevelOf = (permission: string) => ({ slug: permission.replace(/^read:/, '') })

/** Spec 002 §6: "Documents: permission levels decide the trial-style panel (slug executive-trial)". */
export const TRIAL_PERMISSION_LEVEL = 'executive-trial'

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
