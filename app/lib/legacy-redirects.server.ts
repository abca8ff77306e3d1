import { redirect, type AppLoadContext } from '@remix-run/node'
import { createApiClient } from './api.server.ts'
import { findLegacyRedirect } from './legacy-redirects.ts'
import { log } from './log.ts'

/** Old URLs have moved for good: search engines move their ranking to the new address. */
export const LEGACY_REDIRECT_STATUS = 301

/** The line POST /log records for each redirect (spec 002 §2: source URL, destination and referrer). */
export function redirectLogMessage(source: string, destination: string, referrer: string | null) {
	return `Legacy redirect from ${source} to ${destination} (referrer: ${referrer || 'none'})`
}

/**
 * Records a redirect with POST /log?message= (spec 000 §7) without holding the reader up:
 * the call runs on its own (not tied to the reader's request, which ends with the redirect)
 * and a failure is only noted in the server's log.
 */
export function logRedirect({ request, context }: { request: Request; context: AppLoadContext }, destination: string) {
	const detached = new Request(request.url, { headers: request.headers })
	const api = createApiClient({ request: detached, context })
	const message = redirectLogMessage(request.url, destination, request.headers.get('Referer'))
	void api.post('log.write', { query: { message } }).catch((error: unknown) => {
		log.warn(`[redirect] could not log "${message}": ${error instanceof Error ? error.message : String(error)}`)
	})
}

/** A 301 to where an old URL lives now (logged), or null when the legacy table has no entry. */
export function legacyRedirectResponse(args: { request: Request; context: AppLoadContext }): Response | null {
	const destination = findLegacyRedirect(new URL(args.request.url))
	if (!destination) return null
	logRedirect(args, destination)
	return redirect(destination, { status: LEGACY_REDIRECT_STATUS, headers: { 'Cache-Control': 'public, max-age=86400' } })
}
