/**
 * Errors of the content API and their responses (spec 000 §8): every failure is the
 * envelope with `success: false` and the message in `errors`, never a stack trace.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { MESSAGES, TRANSPORT_ERRORS } from '../../contract/constants.ts'
import { databaseUnavailability } from '../db/client.ts'
import type { ApiEnv } from './context.ts'
import { errorEnvelope } from './envelope.ts'
import { logger } from '../logger.ts'

/** The words of spec 000 §8 as the API sends them: the contract's, which the site's client matches. */
export const ERROR_MESSAGES = {
	/** Spec 000 §8: the site maps this exact body to the expired-session message. */
	loginTokenExpired: TRANSPORT_ERRORS.loginTokenExpired,
	unauthorized: TRANSPORT_ERRORS.unauthorized,
	forbidden: TRANSPORT_ERRORS.forbidden,
	generic: MESSAGES.genericError,
} as const

/** An error with an HTTP status and a message the caller may see. */
export class ApiError extends Error {
	constructor(
		readonly status: ContentfulStatusCode,
		message: string,
	) {
		super(message)
		this.name = 'ApiError'
	}
}

/** 404 with the spec's wording: 'Not found: {detail}'. */
export const notFound = (what: string) => new ApiError(404, `Not found: ${what}`)
export const badRequest = (message: string) => new ApiError(400, message)
export const unauthorized = () => new ApiError(401, ERROR_MESSAGES.unauthorized)
/**
 * An expired JWT. We answer JSON like every other error, with the body's `errors` exactly
 * ['Login token expired']: the site's client matches that string (contract/constants.ts)
 * to start a session refresh (spec 000 §4, §8).
 */
export const loginTokenExpired = () => new ApiError(401, ERROR_MESSAGES.loginTokenExpired)
export const forbidden = () => new ApiError(403, ERROR_MESSAGES.forbidden)

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string) {
	return c.json(errorEnvelope(message), status)
}

/**
 * Seconds a client should wait before trying again when the database is overloaded (no free
 * connection, a statement or lock wait beyond its bound): sent as Retry-After, which tells
 * the site not to retry at once and add to the load.
 */
export const OVERLOADED_RETRY_AFTER_SECONDS = 5

/**
 * Known errors answer with their status; a database that is down or overloaded is a 503
 * (the request may succeed later); anything else is logged on one line and is a 500.
 */
export const handleError: ErrorHandler<ApiEnv> = (error, c) => {
	if (error instanceof ApiError) return errorResponse(c, error.status, error.message)
	const unavailable = databaseUnavailability(error)
	if (unavailable) {
		logger.error(`[api] ${c.req.method} ${c.req.path} failed, database ${unavailable}: ${describeError(error)}`)
		if (unavailable === 'overloaded') c.header('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS))
		return errorResponse(c, 503, ERROR_MESSAGES.generic)
	}
	logger.error(`[api] ${c.req.method} ${c.req.path} failed: ${describeError(error)}`)
	return errorResponse(c, 500, ERROR_MESSAGES.generic)
}

/** LOG_LINE_LIMIT characters of what went wrong, on one line (a failed query's own error, not its SQL). */
const LOG_LINE_LIMIT = 500
export function describeError(error: unknown): string {
	const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
	const message = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
	const line = message.replace(/\s+/g, ' ').trim()
	return line.length > LOG_LINE_LIMIT ? `${line.slice(0, LOG_LINE_LIMIT)}…` : line
}

export const handleNotFound: NotFoundHandler<ApiEnv> = (c) => errorResponse(c, 404, `Not found: ${c.req.path}`)
