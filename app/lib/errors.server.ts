import { data } from '@remix-run/node'
import { ApiError } from './api.server.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { log } from './log.ts'

/**
 * Turns a failed API call into the response a route throws: 404 shows the not-found page,
 * an expired login the expired-session message, anything else the error page (503: the
 * content service failed) — logged here, without a stack trace for the reader.
 */
export function routeError(error: unknown, request: Request): never {
	if (error instanceof Response) throw error
	if (error instanceof ApiError) {
		if (error.isNotFound) throw data(error.message, { status: 404 })
		if (error.isExpiredLogin) throw data(MESSAGES.expiredSession, { status: 401 })
		if (error.status === 401 || error.status === 403) throw data(MESSAGES.noAccess, { status: error.status })
		if (error.status === 400) throw data(error.message, { status: 400 })
		// Too many attempts from this address (wrong preview secrets): said plainly, with when to try again.
		if (error.status === 429) throw data(error.message, { status: 429, headers: error.retryAfter ? { 'Retry-After': error.retryAfter } : {} })
	}
	if (request.signal.aborted) throw error
	const { pathname } = new URL(request.url)
	log.error({ err: error }, `[error] ${request.method} ${pathname}: content API failed`)
	throw data(MESSAGES.genericError, { status: 503 })
}

/** Whether a loader threw the not-found page (routeError's 404, or a 404 Response). */
export function isNotFoundThrown(error: unknown): boolean {
	if (error instanceof Response) return error.status === 404
	return typeof error === 'object' && error !== null && 'init' in error && (error as { init?: ResponseInit | null }).init?.status === 404
}
