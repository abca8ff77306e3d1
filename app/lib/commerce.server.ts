/**
 * Server helpers of the membership and commerce pages. Signed-in pages use the
 * site's guards (guards.server.ts: requireReader).
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { API_TIMEOUT_MS } from '../../contract/constants.ts'
import { apiTransport } from './api.server.ts'
import { getEnv } from './env.server.ts'
import { getReaderToken } from './session-refresh.server.ts'
import { loginUrl } from './return-url.ts'

/** Sign in first, then back to `returnUrl`. */
export const signInFirst = (returnUrl: string) => redirect(loginUrl(returnUrl))

/**
 * A file from the content API (a document download): not JSON, so not through the typed
 * client; the reader's token (renewed when stale) and the same transport. The API's answer
 * is passed on as it is, streamed.
 */
export async function fetchApiFile({ request, context }: { request: Request; context: AppLoadContext }, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
	const bearer = await getReaderToken({ request, context })
	const base = (getEnv().API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	return apiTransport(context)(
		new Request(`${base}${pathAndQuery}`, {
			headers: { ...headers, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
			signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
		}),
	)
}
