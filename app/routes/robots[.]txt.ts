import type { LoaderFunctionArgs } from '@remix-run/node'
import { textResponse } from '~/lib/crawler.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'

/**
 * What crawlers may fetch. The public site is open; personal pages, sign-in, the APIs,
 * search result pages (endless parameter combinations of pages already in the sitemap) and
 * draft previews are not.
 */
export const ROBOTS_DISALLOWED_PATHS = [
	'/profile',
	'/logout',
	'/login',
	'/ip-login',
	'/auth/',
	'/search?*',
	'/api/',
	'/oidc/',
	'/articles/draft/',
	'/newsletters/draft/',
	'/documents/draft/',
	'/opportunities/draft/',
] as const

export function robotsTxt(origin: string) {
	return [
		'User-agent: *',
		'Allow: /',
		...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	].join('\n')
}

/** The request is not read: the sitemap's address is the configured public origin, never the request's Host. */
export function loader(_args: LoaderFunctionArgs) {
	return textResponse(robotsTxt(publicOrigin()))
}
