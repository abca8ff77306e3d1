/**
 * Drafts' preview secrets (articles, documents, newsletters, opportunities: the PreviewToken
 * header). A wrong secret counts against the caller's address in PostgreSQL, shared by every
 * host like sign-in's limits (backend/identity/rate-limit.ts); once an address has used up its
 * wrong guesses it gets 429 for the rest of the window, even with a right secret, so guessing
 * stops there and a guesser learns nothing from the answers.
 */
import type { Context } from 'hono'
import type { Db } from '../db/client.ts'
import { consumeRateLimit, RATE_LIMITS, rateLimitLeft } from '../identity/rate-limit.ts'
import { sameSecret } from './auth.ts'
import { normaliseAddress, readClientAddress } from './client-address.ts'
import { ApiError } from './errors.ts'

export const PREVIEW_SECRET_MESSAGES = {
	tooManyGuesses: 'Too many wrong preview links from this address. Please try again later.',
} as const

/**
 * Whether `presented` is the draft's secret (`stored`; null or undefined when there is no
 * such draft, which is a wrong guess too). Throws 429 when the caller's address has no
 * guesses left. Callers without an address (the site did not say) share one count.
 */
export async function previewSecretOpens(db: Db, c: Context, presented: string, stored: string | null | undefined): Promise<boolean> {
	const address = normaliseAddress(readClientAddress(c).address) ?? 'unknown'
	const tooMany = (retryAfterSeconds: number) => {
		c.header('Retry-After', String(retryAfterSeconds))
		return new ApiError(429, PREVIEW_SECRET_MESSAGES.tooManyGuesses)
	}
	const left = await rateLimitLeft(db, RATE_LIMITS.previewSecret, address)
	if (!left.allowed) throw tooMany(left.retryAfterSeconds)
	if (typeof stored === 'string' && stored !== '' && sameSecret(presented, stored)) return true
	const counted = await consumeRateLimit(db, RATE_LIMITS.previewSecret, address)
	if (!counted.allowed) throw tooMany(counted.retryAfterSeconds)
	return false
}
