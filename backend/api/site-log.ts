/**
 * POST /log?message= (spec 000 §7 "error and redirect logging"): the site reports an
 * error or a redirect, and it lands as ONE line in the server log:
 *   [site-log] <message>
 * The message is untrusted text: control characters (newlines included) and invisible
 * direction marks are removed so it cannot forge extra log lines, and it is cut to
 * SITE_LOG_MAX_LENGTH characters. Rate-limited per client, since anyone may call it.
 */
import { Hono } from 'hono'
import { consumeRateLimit, type RateLimit } from '../identity/rate-limit.ts'
import { normaliseAddress, readClientAddress } from './client-address.ts'
import type { ApiEnv, Resource } from './context.ts'
import { successResponse } from './envelope.ts'
import { ApiError, badRequest } from './errors.ts'
import { logger } from '../logger.ts'

export const SITE_LOG_PREFIX = '[site-log]'
export const SITE_LOG_MAX_LENGTH = 500
/** Generous for a site reporting its own errors, tight enough that nobody floods the log. */
export const SITE_LOG_RATE_LIMIT: RateLimit = { bucket: 'site-log', limit: 120, windowSeconds: 60 }

export const SITE_LOG_MESSAGES = {
	missing: 'Bad request: message is required',
	tooMany: 'Too many log messages. Please try again later.',
} as const

/** One clean line: control and bidi-format characters go, runs of spaces shrink, ≤ 500 characters. */
export function cleanLogMessage(message: string): string {
	const line = message
		.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
		.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
		.replace(/ {2,}/g, ' ')
		.trim()
	return [...line].slice(0, SITE_LOG_MAX_LENGTH).join('')
}

export const siteLog: Resource = ({ db }) =>
	new Hono<ApiEnv>().post('/', async (c) => {
		const message = cleanLogMessage(c.req.query('message') ?? '')
		if (!message) throw badRequest(SITE_LOG_MESSAGES.missing)
		const client = normaliseAddress(readClientAddress(c).address)
		if (client) {
			const limit = await consumeRateLimit(db, SITE_LOG_RATE_LIMIT, client)
			if (!limit.allowed) {
				c.header('Retry-After', String(limit.retryAfterSeconds))
				throw new ApiError(429, SITE_LOG_MESSAGES.tooMany)
			}
		}
		logger.info(`${SITE_LOG_PREFIX} ${message}`)
		return successResponse(c)
	})
