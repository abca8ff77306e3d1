/**
 * Server helpers of the membership and commerce pages (issue 13). The one touch point with
 * sessions: `requireSignedIn` (issue 9's guards replace it at merge).
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { API_TIMEOUT_MS } from '../../contract/constants.ts'
import { apiTransport } from './api.server.ts'
import { getEnv } from './env.server.ts'
import { getReaderToken } from './session-refresh.server.ts'
import { getUserSummary, type UserSummary } from './user.server.ts'

/** A signed-in reader, else the sign-in page, coming back to `returnUrl` (or `fallback` when given: /join sends visitors home). */
export async function requireSignedIn(request: Request, context: AppLoadContext, { fallback }: { fallback?: string } = {}): Promise<UserSummary> {
	const user = await getUserSummary(request, context)
	if (user) return user
	const url = new URL(request.url)
	throw redirect(fallback ?? `/login?returnUrl=${encodeURIComponent(`${url.pathname}${url.search}`)}`)
}

/** Sign in first, then back to `returnUrl`. */
export const signInFirst = (returnUrl: string) => redirect(`/login?returnUrl=${encodeURIComponent(returnUrl)}`)

/**
 * A file from the content API (a document download): not JSON, so not through the typed
 * client; the reader's token (renewed when stale) and the same transport. The API's answer
 * is passed on as it is, streamed.
 */
export async function fetchApiFile({ request, context }: { request: Request; context: AppLoadContext }, pathAndQuery: string): Promise<Response> {
	const bearer = await getReaderToken({ request, context })
	const base = (getEnv().API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	return apiTransport(context)(
		new Request(`${base}${pathAndQuery}`, {
			headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
			signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
		}),
	)
}
