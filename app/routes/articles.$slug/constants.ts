/**
 * Words and limits of the article page (spec 000 §4, §6, §8). Quoted spec strings are
 * verbatim; the others are our choice, marked so.
 */

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

export const ARTICLE_TEXT = {
	/** Our wording of the unlock offer. */
	unlockOffer: 'Your free trial includes one Market Map of your choice.',
	unlockButton: 'Unlock this Market Map',
	unlockUsedUp: UNLOCK_MESSAGES.usedUp,
	related: 'Related articles',
	moreOfType: (typeName: string) => `More ${typeName}`,
	seeMore: 'See more',
	sponsoredBy: 'Sponsored by',
	draftNotice: 'Draft preview: this article is not published yet.',
} as const
