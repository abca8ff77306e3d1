import type { MetaDescriptor } from '@remix-run/node'
import { isRouteErrorResponse } from '@remix-run/react'
import { PRODUCT_DESCRIPTION, PRODUCT_NAME, TITLE_SUFFIX } from '../../contract/constants.ts'

export type SeoInput = {
	title: string
	description?: string | null
	/** Absolute canonical URL. */
	canonical: string
	image?: string | null
	type?: 'website' | 'article'
	jsonLd?: Record<string, unknown> | Record<string, unknown>[]
	noindex?: boolean
}

/**
 * Tracking parameters (campaign tags, ad click ids) say how a reader arrived, not which page
 * this is: a canonical URL or og:url keeping them would split one page into many for crawlers.
 */
const TRACKING_PARAMETER = /^(utm_.*|gclid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl)$/i

/** `url` without tracking parameters (absolute in, absolute out). */
export function withoutTracking(url: string): string {
	const parsed = new URL(url)
	for (const name of [...parsed.searchParams.keys()]) if (TRACKING_PARAMETER.test(name)) parsed.searchParams.delete(name)
	return parsed.href
}

/** Title with the product suffix, description, canonical, Open Graph, Twitter and JSON-LD. */
export function seoMeta({ title, description, canonical: pageUrl, image, type = 'website', jsonLd, noindex }: SeoInput): MetaDescriptor[] {
	const canonical = withoutTracking(pageUrl)
	const fullTitle = title.endsWith(TITLE_SUFFIX) ? title : `${title}${TITLE_SUFFIX}`
	const text = truncate(description || PRODUCT_DESCRIPTION, 300)
	const imageUrl = image ? new URL(image, canonical).href : null
	return [
		{ title: fullTitle },
		{ name: 'description', content: text },
		{ tagName: 'link', rel: 'canonical', href: canonical },
		{ property: 'og:site_name', content: PRODUCT_NAME },
		{ property: 'og:type', content: type },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: text },
		{ property: 'og:url', content: canonical },
		...(imageUrl ? [{ property: 'og:image', content: imageUrl }] : []),
		{ name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: text },
		...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
		...(jsonLd ? [{ 'script:ld+json': jsonLd }] : []),
	] as MetaDescriptor[]
}

/** Descriptions arrive as plain text (the API reads content HTML with a parser); only white space is folded here. */
export function truncate(text: string, length: number) {
	const plain = text.replace(/\s+/g, ' ').trim()
	return plain.length <= length ? plain : `${plain.slice(0, length - 1).trimEnd()}…`
}

export function absoluteUrl(origin: string, path: string) {
	return new URL(path, `${origin}/`).href
}

/**
 * Meta of a page whose loader failed: Remix still calls `meta`, with no data, before it
 * renders the error page. Without this a meta that needs data turns a 404 or 503 into a 500.
 */
export function errorMeta(error: unknown): MetaDescriptor[] {
	const title = isRouteErrorResponse(error) && error.status === 404 ? 'Page not found' : 'Error'
	return [{ title: `${title}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]
}
