/**
 * The sitemaps (sitemaps.org protocol 0.9): /sitemap.xml is an index of per-type sitemaps,
 * /sitemaps/{type}.xml, split into /sitemaps/{type}-1.xml, -2, ... when a type holds more
 * than SITEMAP_MAX_URLS URLs. The API (GET /sitemap, GET /sitemap/{type}) says what to list;
 * this module writes the XML with absolute URLs.
 */
import { SITEMAP_MAX_URLS, type SitemapEntry, type SitemapType } from '../../contract/pages.ts'
import { escapeXml, w3cDatetime } from './crawler.server.ts'


export type SitemapFile = { path: string; lastmod: string | null }

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** The files of the index: one per type, numbered files when a type needs several. Empty types are left out. */
export function sitemapFiles(types: SitemapType[]): SitemapFile[] {
	return types.flatMap(({ type, count, lastmod }) => {
		const files = Math.ceil(count / SITEMAP_MAX_URLS)
		if (files === 0) return []
		if (files === 1) return [{ path: `/sitemaps/${type}.xml`, lastmod }]
		return Array.from({ length: files }, (_, index) => ({ path: `/sitemaps/${type}-${index + 1}.xml`, lastmod }))
	})
}

/** `articles.xml` → { type: 'articles', page: 1 }; `articles-2.xml` → page 2; anything else → null. */
export function parseSitemapFile(file: string): { type: string; page: number } | null {
	const match = /^([a-z]+(?:-[a-z]+)*)(?:-(\d{1,4}))?\.xml$/.exec(file)
	if (!match) return null
	const page = match[2] === undefined ? 1 : Number(match[2])
	return page >= 1 ? { type: match[1]!, page } : null
}

const lastmodElement = (lastmod: string | null) => {
	const value = lastmod ? w3cDatetime(lastmod) : null
	return value ? `<lastmod>${value}</lastmod>` : ''
}

export function sitemapIndexXml(origin: string, files: SitemapFile[]): string {
	const entries = files.map((file) => `<sitemap><loc>${escapeXml(`${origin}${file.path}`)}</loc>${lastmodElement(file.lastmod)}</sitemap>`)
	return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`, ...entries, '</sitemapindex>', ''].join('\n')
}

/** Absolute URL of a site path; paths whose slugs carry odd characters are percent-encoded. */
export function absoluteLoc(origin: string, path: string): string {
	return new URL(path, `${origin}/`).href
}

export function urlsetXml(origin: string, entries: SitemapEntry[]): string {
	const urls = entries.map((entry) => `<url><loc>${escapeXml(absoluteLoc(origin, entry.loc))}</loc>${lastmodElement(entry.lastmod)}</url>`)
	return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...urls, '</urlset>', ''].join('\n')
}
