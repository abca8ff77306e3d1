/**
 * Where a reader may be sent back to (returnUrl, returnPath, redirectTo...): one rule for
 * every such parameter, cookie and form field. The value is parsed by the URL parser against
 * the site's origin, exactly as a browser would resolve it, and kept only when the result is
 * on that origin; what comes back is the normalised path, query and hash.
 *
 * Checking the text before resolving is not enough: `/.//evil.example`, `/x/..//evil.example`
 * and `/%2e//evil.example` resolve to the path `//evil.example`, which a browser reads in a
 * Location header as another host. A resolved path therefore never leaves with more than one
 * leading slash.
 */

/** Stands for the site's origin when the caller does not name it (only equality matters). */
const PROBE_ORIGIN = 'http://same-origin.invalid'

/** Control characters: browsers strip tabs and newlines inside URLs, which hides a `//`. */
// eslint-disable-next-line no-control-regex -- these are the characters looked for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

export function safeReturnUrl(value: unknown, fallback = '/', siteOrigin: string = PROBE_ORIGIN): string {
	if (typeof value !== 'string' || value === '' || CONTROL_CHARACTERS.test(value)) return fallback
	let origin: string
	let url: URL
	try {
		origin = new URL(siteOrigin).origin
		url = new URL(value, `${origin}/`)
	} catch {
		return fallback
	}
	if (url.origin !== origin) return fallback
	// A bare relative path ('profile') would resolve against wherever the reader stands now.
	if (!value.startsWith('/') && !value.startsWith(`${origin}/`) && value !== origin) return fallback
	const path = url.pathname.replace(/^\/{2,}/, '/')
	return `${path}${url.search}${url.hash}`
}

export const LOGIN_PATH = '/login'
export const RETURN_URL_PARAM = 'returnUrl'

/** The sign-in address that comes back to `returnUrl` (a path on this site) afterwards. */
export function loginUrl(returnUrl: string, origin = ''): string {
	return `${origin}${LOGIN_PATH}?${new URLSearchParams({ [RETURN_URL_PARAM]: safeReturnUrl(returnUrl) })}`
}
