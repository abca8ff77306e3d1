/** The unlock's messages, without zod (articles.ts has the schemas). */

/** Spec 000 §8 "Unlock" and §4: the API's answers and the page's words for them. */
export const UNLOCK_MESSAGES = {
	pending: 'Unlocking article',
	success: 'Successfully unlocked article',
	usedUp: 'You have read your free Market Map',
	noPermission: 'Sorry, you do not have permission to unlock articles',
	failed: (message: string) => `Failed to unlock article: ${message}`,
	notRetrieved: 'Article could not be retrieved',
} as const
