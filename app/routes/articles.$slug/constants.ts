/**
 * Words and limits of the article page (spec 000 §4, §6, §8). Quoted spec strings are
 * verbatim; the others are our choice, marked so.
 */

/** The no-access message slug of articles (GET /noaccesses). */
export const ARTICLE_NO_ACCESS_SLUG = 'article'

/** Spec 000 §8 "Unlock" and §4. */
export const UNLOCK_MESSAGES = {
	pending: 'Unlocking article',
	success: 'Successfully unlocked article',
	usedUp: 'You have read your free Market Map',
	noPermission: 'Sorry, you do not have permission to unlock articles',
	failed: (message: string) => `Failed to unlock article: ${message}`,
	notRetrieved: 'Article could not be retrieved',
} as const

/** Id of the place the body or the paywall stands; the unlock's answer shows there. */
export const ACCESS_ANCHOR = 'article-access'

/** Spec 002 §2: "trial eligibility begins 12 months after" the last trial request. */
export const TRIAL_REQUEST_WINDOW_MONTHS = 12

export const ARTICLE_TEXT = {
	/** Our wording of the unlock offer. */
	unlockOffer: 'Your free trial includes one Market Map of your choice.',
	unlockButton: 'Unlock this Market Map',
	unlockUsedUp: UNLOCK_MESSAGES.usedUp,
	requestAccess: 'Request access',
	requestAccessLead: 'Need this article for your work?',
	requestAccessBody: (headline: string, url: string, email: string | null) =>
		`Please could I have access to "${headline}" (${url})?${email ? `\n\nMy account: ${email}` : ''}`,
	related: 'Related articles',
	moreOfType: (typeName: string) => `More ${typeName}`,
	seeMore: 'See more',
	sponsoredBy: 'Sponsored by',
	draftNotice: 'Draft preview: this article is not published yet.',
} as const

/** The reader's state that picks the subject of the request-access mail (spec 000 §6). */
export type ReaderState = 'trial' | 'expiredTrial' | 'member' | 'expiredMember' | 'organisation' | 'free'

/** Our wording of the request-access mail subject, by the reader's state. */
export const REQUEST_ACCESS_SUBJECTS: Record<ReaderState, (headline: string) => string> = {
	trial: (headline) => `Free trial access request: ${headline}`,
	expiredTrial: (headline) => `Access request after my free trial: ${headline}`,
	member: (headline) => `Member access request: ${headline}`,
	expiredMember: (headline) => `Membership renewal and access request: ${headline}`,
	organisation: (headline) => `Organisation access request: ${headline}`,
	free: (headline) => `Access request: ${headline}`,
}
