/**
 * Cross-site request forgery guard (ARCHITECTURE "SameSite=Lax cookies plus an Origin check
 * on non-GET requests"): server.ts refuses a request that changes something when the browser
 * says it comes from another site. Requests naming no origin at all are not from a browser
 * form (servers calling the token endpoint, the API's own clients) and carry no cookies of
 * a reader's, so they pass.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function originOf(url: string | null | undefined): string | null {
	if (!url) return null
	try {
		return new URL(url).origin
	} catch {
		return 'null'
	}
}

export type OriginCheck = {
	method: string
	/** The Origin header, if any. */
	origin?: string | null
	/** The Referer header, used when a browser sends no Origin. */
	referer?: string | null
	/** Origins this request may come from: its own, and PUBLIC_URL's. */
	allowed: readonly string[]
}

export function isSameOriginRequest({ method, origin, referer, allowed }: OriginCheck): boolean {
	if (SAFE_METHODS.has(method.toUpperCase())) return true
	const source = origin ?? originOf(referer)
	if (source === null || source === undefined) return true
	// "null" is what browsers send from sandboxes, data: URLs and privacy-sensitive redirects.
	return source !== 'null' && allowed.some((candidate) => originOf(candidate) === source)
}
