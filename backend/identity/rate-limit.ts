/**
 * Fixed-window rate limits kept in PostgreSQL, so every web server shares them
 * (sign-in, sign-up, password change, network-address sign-in, drafts' preview secrets).
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

export type RateLimit = { bucket: string; limit: number; windowSeconds: number }

/** Our choices: generous for people, tight for scripts guessing passwords. */
export const RATE_LIMITS = {
	/** Per client address and account; a successful sign-in forgets the failures. */
	signIn: { bucket: 'sign-in', limit: 10, windowSeconds: 15 * 60 },
	/**
	 * Per account (email), from any address: guesses spread over many addresses still stop.
	 * Looser than per address and account, so a stranger's guesses rarely lock out the owner,
	 * and a successful sign-in forgets them.
	 */
	signInAccount: { bucket: 'sign-in-account', limit: 20, windowSeconds: 15 * 60 },
	/** Per client address, every attempt: an office behind one address still signs in. */
	signInAddress: { bucket: 'sign-in-address', limit: 100, windowSeconds: 15 * 60 },
	signUp: { bucket: 'sign-up', limit: 10, windowSeconds: 60 * 60 },
	passwordReset: { bucket: 'password-reset', limit: 5, windowSeconds: 60 * 60 },
	passwordChange: { bucket: 'password-change', limit: 10, windowSeconds: 15 * 60 },
	ipLogin: { bucket: 'ip-login', limit: 30, windowSeconds: 60 },
	/**
	 * Wrong preview secrets of drafts, per client address: a colleague mistyping a link gets
	 * many tries; a script stops after these, for the rest of the window.
	 */
	previewSecret: { bucket: 'preview-secret', limit: 20, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimit>

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

/**
 * RATE_LIMIT_SCALE multiplies the limits keyed on a client address (default 1). A staging or
 * test host where a whole team, or a browser-test suite, reaches the site from one address
 * raises it; the limits per account stay as they are.
 */
export function rateLimitScale(env: Record<string, string | undefined> = process.env): number {
	const scale = Number(env.RATE_LIMIT_SCALE ?? 1)
	return Number.isFinite(scale) && scale >= 1 ? Math.floor(scale) : 1
}

/** The limits keyed on a client address (scaled by RATE_LIMIT_SCALE); the others are per account. */
const PER_ADDRESS_BUCKETS: ReadonlySet<string> = new Set(
	[RATE_LIMITS.signIn, RATE_LIMITS.signInAddress, RATE_LIMITS.signUp, RATE_LIMITS.passwordReset, RATE_LIMITS.ipLogin, RATE_LIMITS.previewSecret].map((limit) => limit.bucket),
)

const scaledLimit = ({ bucket, limit }: RateLimit) => (PER_ADDRESS_BUCKETS.has(bucket) ? limit * rateLimitScale() : limit)

/** Counts one attempt by `key` (a client address, an email) and says whether it may go on. */
export async function consumeRateLimit(db: Db, rateLimit: RateLimit, key: string): Promise<RateLimitResult> {
	const { bucket, windowSeconds } = rateLimit
	const limit = scaledLimit(rateLimit)
	const { rows } = await db.execute<{ hits: number; retry_after: number }>(sql`
		insert into rate_limits (key, hits, window_ends_at)
		values (${`${bucket}:${key}`}, 1, now() + make_interval(secs => ${windowSeconds}))
		on conflict (key) do update set
			hits = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.hits + 1 end,
			window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at else rate_limits.window_ends_at end
		returning hits, greatest(0, ceil(extract(epoch from window_ends_at - now())))::int as retry_after`)
	const { hits, retry_after } = rows[0]
	return { allowed: hits <= limit, retryAfterSeconds: retry_after }
}

/**
 * Whether `key` may make another attempt, without counting one: false once its window holds
 * `limit` attempts (for limits that count failures only, checked before every attempt).
 */
export async function rateLimitLeft(db: Db, rateLimit: RateLimit, key: string): Promise<RateLimitResult> {
	const { rows } = await db.execute<{ hits: number; retry_after: number }>(sql`
		select hits, greatest(0, ceil(extract(epoch from window_ends_at - now())))::int as retry_after
		from rate_limits where key = ${`${rateLimit.bucket}:${key}`} and window_ends_at > now()`)
	const row = rows[0]
	return { allowed: !row || row.hits < scaledLimit(rateLimit), retryAfterSeconds: row?.retry_after ?? 0 }
}

/** Forgets the attempts by `key` (after a successful sign-in, say). */
export async function resetRateLimit(db: Db, { bucket }: RateLimit, key: string) {
	await db.execute(sql`delete from rate_limits where key = ${`${bucket}:${key}`}`)
}
