/**
 * Words and limits of the article page (spec 000 §4, §6, §8). Quoted spec strings are
 * verbatim; the others are our choice, marked so.
 */
import { UNLOCK_MESSAGES } from '../../../contract/articles.ts'

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

/** How the page's two lists show their articles (the loader sends each only what its teaser shows). */
export const LIST_VARIANT = { related: 'grid', moreOfType: 'headline' } as const
