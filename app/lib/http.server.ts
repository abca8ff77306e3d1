import type { HeadersFunction } from '@remix-run/node'
import { isPersonalised } from './session.server.ts'

/**
 * Cache-Control presets. Anonymous public pages may be kept by a CDN (s-maxage) and served
 * stale while it refetches; anything that depends on who is asking is private.
 * `Vary: Cookie` keeps a CDN from handing one reader's page to another.
 */
export const CACHE_CONTROL = {
	publicPage: 'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
	privatePage: 'private, no-cache',
	noStore: 'no-store',
} as const

/** Headers for a page loader: public for anonymous readers, private once signed in. */
export function pageCacheHeaders(request: Request, { personal = false }: { personal?: boolean } = {}) {
	const isPrivate = personal || isPersonalised(request)
	return { 'Cache-Control': isPrivate ? CACHE_CONTROL.privatePage : CACHE_CONTROL.publicPage, Vary: 'Cookie' }
}

/** A route's `headers` export: keep the loader's caching headers (kentcdodds.com's reuseUsefulLoaderHeaders). */
export const reuseLoaderHeaders: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
	const source = errorHeaders ?? loaderHeaders
	const headers = new Headers()
	for (const name of ['Cache-Control', 'Vary']) {
		const value = source.get(name)
		if (value) headers.set(name, value)
	}
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', CACHE_CONTROL.privatePage)
	return headers
}

/** A form's action-only route opened by address (GET): 405, with a sentence saying where the form is, rather than an error page. */
export function postOnly(whereTheFormIs: string): Response {
	return new Response(whereTheFormIs, { status: 405, headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' } })
}
