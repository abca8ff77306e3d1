/**
 * Cookies a loader must set without owning the response: a session refreshed on the way to
 * an API call is committed on whatever this request answers (a page, data for a client
 * navigation, a redirect, a file). server.ts provides `setCookie`, which adds the header to
 * the Express response before Remix writes its own (so a route that commits the session
 * itself, like /logout, still has the last word). Without server.ts (remix-serve), the
 * cookies wait here and entry.server.tsx adds them to pages and data responses.
 */
import type { AppLoadContext } from '@remix-run/node'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/** Sets a Set-Cookie header on this request's response, replacing one of the same cookie name. */
		setCookie?: (header: string) => void
	}
}

const waiting = new WeakMap<object, Map<string, string>>()

const cookieName = (header: string) => header.slice(0, header.indexOf('=')).trim()

export function queueSetCookie(context: AppLoadContext, header: string) {
	if (context.setCookie) return context.setCookie(header)
	const cookies = waiting.get(context) ?? new Map<string, string>()
	cookies.set(cookieName(header), header)
	waiting.set(context, cookies)
}

/** For entry.server.tsx: adds the cookies still waiting, unless the response sets that cookie itself. */
export function applyQueuedCookies(context: AppLoadContext, headers: Headers) {
	const cookies = waiting.get(context)
	if (!cookies) return
	const own = new Set(headers.getSetCookie().map(cookieName))
	for (const [name, header] of cookies) if (!own.has(name)) headers.append('Set-Cookie', header)
	waiting.delete(context)
}

/** server.ts's `setCookie`: replaces an earlier header for the same cookie on this response. */
export function replaceSetCookie(current: string | string[] | number | undefined, header: string): string[] {
	const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)]
	const name = cookieName(header)
	return [...list.filter((existing) => cookieName(existing) !== name), header]
}
