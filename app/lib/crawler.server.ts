import { MESSAGES } from '../../contract/constants.ts'
import { routeError } from './errors.server.ts'

/**
 * Shared pieces of the crawler resources (robots.txt, sitemaps, RSS feeds): XML escaping,
 * the date formats their standards ask for, and responses that a CDN may keep for an hour.
 */

/** Crawler resources change with publishing, not per reader: an hour in browsers and CDNs. */
export const CRAWLER_CACHE_CONTROL = 'public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400'

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Text safe inside an XML element or attribute. Characters XML 1.0 forbids (control
 * characters pasted from a CMS) are dropped: one of them would make the whole feed invalid.
 */
export function escapeXml(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!)
}

/** W3C Datetime for sitemap <lastmod>: 2026-11-23T09:15:00Z (seconds, UTC). */
export function w3cDatetime(value: string | Date): string | null {
	const date = value instanceof Date ? value : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** RFC 822 date for RSS 2.0 <pubDate>: Mon, 23 Nov 2026 09:15:00 GMT. */
export function rfc822Date(value: string | Date): string | null {
	const date = value instanceof Date ? value : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date.toUTCString()
}

export function xmlResponse(body: string, { contentType = 'application/xml' }: { contentType?: string } = {}) {
	return new Response(body, {
		headers: { 'Content-Type': `${contentType}; charset=utf-8`, 'Cache-Control': CRAWLER_CACHE_CONTROL },
	})
}

export function textResponse(body: string) {
	return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CRAWLER_CACHE_CONTROL } })
}

/** Resource routes answer errors as plain text: a crawler gets the status, not an HTML page. */
export function plainError(message: string, status: number) {
	return new Response(message, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': status === 404 ? 'public, max-age=0, s-maxage=60' : 'no-store' },
	})
}

export const notFoundResponse = () => plainError(MESSAGES.notFound, 404)

/**
 * An API call of a resource route: failures map like a page's (routeError: 404 stays 404,
 * a broken content service is 503) and are thrown as plain-text Responses.
 */
export async function crawlerApiCall<T>(call: Promise<T>, request: Request): Promise<T> {
	try {
		return await call
	} catch (error) {
		try {
			routeError(error, request)
		} catch (mapped) {
			const value = mapped as { type?: string; data?: unknown; init?: ResponseInit | null }
			if (value?.type === 'DataWithResponseInit') throw plainError(String(value.data), value.init?.status ?? 500)
			throw mapped
		}
	}
}
