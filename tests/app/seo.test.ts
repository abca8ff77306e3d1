/**
 * Crawler resources against the seeded database: robots.txt, the sitemap index and the
 * per-type sitemaps, the RSS feeds, and the home page's site search box (JSON-LD).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { loader as articleTypeFeedLoader } from '../../app/routes/article-types.$slug.rss[.]xml.ts'
import { links as articlesLinks } from '../../app/routes/articles._index.tsx'
import { loader as articlesFeedLoader } from '../../app/routes/articles.rss[.]xml.ts'
import { meta as homeMeta } from '../../app/routes/_index.tsx'
import { loader as robotsLoader } from '../../app/routes/robots[.]txt.ts'
import { loader as sitemapIndexLoader } from '../../app/routes/sitemap[.]xml.ts'
import { loader as sitemapFileLoader } from '../../app/routes/sitemaps.$file.ts'
import { escapeXml, rfc822Date, w3cDatetime } from '../../app/lib/crawler.server.ts'
import { SITEMAP_MAX_URLS } from '../../contract/pages.ts'
import { parseSitemapFile, sitemapFiles } from '../../app/lib/sitemap.server.ts'
import { useTestDatabase } from '../support/database.ts'
import { loaderArgs, SITE } from '../support/site.ts'
import { childrenNamed, childText, parseXml, type XmlElement } from '../support/xml.ts'

const database = useTestDatabase()

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** Runs a resource route's loader; a thrown Response (404...) is returned like any other. */
async function fetchResource(loader: (args: any) => Promise<Response> | Response, path: string, params: Record<string, string> = {}) {
	try {
		return await loader(loaderArgs(database.db, path, params))
	} catch (error) {
		if (error instanceof Response) return error
		throw error
	}
}

async function sitemapFile(file: string) {
	return fetchResource(sitemapFileLoader, `/sitemaps/${file}`, { file })
}

const locs = (urlset: XmlElement) => childrenNamed(urlset, 'url').map((url) => childText(url, 'loc')!)

describe('the XML reader the tests rely on', () => {
	test('refuses what is not well-formed', () => {
		const declaration = '<?xml version="1.0" encoding="UTF-8"?>'
		expect(() => parseXml(`${declaration}<a><b></a></b>`)).toThrow()
		expect(() => parseXml(`${declaration}<a>fish & chips</a>`)).toThrow()
		expect(() => parseXml(`${declaration}<a><b></b>`)).toThrow()
		expect(() => parseXml(`${declaration}<a/><b/>`)).toThrow()
		expect(parseXml(`${declaration}<a x="1"><b>fish &amp; chips</b></a>`).children[0]!.text).toBe('fish & chips')
	})

	test('escapeXml makes any text safe, including characters XML forbids', () => {
		const text = `Tom's "R&D" <b>\u0001`
		const element = parseXml(`<?xml version="1.0" encoding="UTF-8"?><t a="${escapeXml(text)}">${escapeXml(text)}</t>`)
		expect(element.text).toBe(`Tom's "R&D" <b>`)
		expect(element.attributes.a).toBe(`Tom's "R&D" <b>`)
		expect(w3cDatetime('2026-11-23T09:15:00.123Z')).toBe('2026-11-23T09:15:00Z')
		expect(rfc822Date('2026-11-23T09:15:00Z')).toBe('Mon, 23 Nov 2026 09:15:00 GMT')
	})
})

describe('/robots.txt', () => {
	test('opens the public site, closes personal, sign-in, API, search and draft paths, names the sitemap', async () => {
		const response = await fetchResource(robotsLoader, '/robots.txt')
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=3600/)
		const lines = (await response.text()).split('\n')
		expect(lines[0]).toBe('User-agent: *')
		expect(lines).toContain('Allow: /')
		for (const path of ['/profile', '/logout', '/login', '/auth/', '/search?*', '/api/', '/oidc/', '/articles/draft/', '/newsletters/draft/', '/documents/draft/', '/opportunities/draft/']) {
			expect(lines).toContain(`Disallow: ${path}`)
		}
		expect(lines).not.toContain('Disallow: /')
		expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
	})
})

describe('/sitemap.xml and /sitemaps/{type}.xml', () => {
	test('the index lists one absolute sitemap per type, with lastmod from the data', async () => {
		const response = await fetchResource(sitemapIndexLoader, '/sitemap.xml')
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=3600/)
		const index = parseXml(await response.text())
		expect(index.name).toBe('sitemapindex')
		expect(index.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
		const entries = childrenNamed(index, 'sitemap')
		const files = entries.map((entry) => childText(entry, 'loc'))
		for (const type of ['articles', 'pages', 'article-types', 'authors', 'companies', 'events', 'projects', 'geographies', 'industries', 'technologies', 'topics', 'utilities', 'blogs']) {
			expect(files).toContain(`${SITE}/sitemaps/${type}.xml`)
		}
		for (const entry of entries) {
			const lastmod = childText(entry, 'lastmod')
			if (lastmod !== undefined) expect(lastmod).toMatch(W3C_DATETIME)
		}
		// The newest article decides the articles sitemap's lastmod.
		const { rows } = await database.db.execute<{ lastmod: Date }>(sql`select max(greatest(publication_date, updated_at)) as lastmod from articles where not is_draft`)
		const articles = entries.find((entry) => childText(entry, 'loc') === `${SITE}/sitemaps/articles.xml`)!
		expect(childText(articles, 'lastmod')).toBe(w3cDatetime(rows[0]!.lastmod))
	})

	test('every sitemap of the index is valid, with absolute locs on this site and valid lastmods', async () => {
		const index = parseXml(await (await fetchResource(sitemapIndexLoader, '/sitemap.xml')).text())
		for (const entry of childrenNamed(index, 'sitemap')) {
			const file = childText(entry, 'loc')!.replace(`${SITE}/sitemaps/`, '')
			const response = await sitemapFile(file)
			expect(response.status, file).toBe(200)
			const urlset = parseXml(await response.text())
			expect(urlset.name).toBe('urlset')
			expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
			const urls = childrenNamed(urlset, 'url')
			expect(urls.length, file).toBeGreaterThan(0)
			expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
			for (const url of urls) {
				expect(childText(url, 'loc')!.startsWith(`${SITE}/`), file).toBe(true)
				const lastmod = childText(url, 'lastmod')
				if (lastmod !== undefined) expect(lastmod).toMatch(W3C_DATETIME)
			}
		}
	})

	test('the articles sitemap lists every published article and no draft', async () => {
		const urlset = parseXml(await (await sitemapFile('articles.xml')).text())
		const listed = new Set(locs(urlset))
		const { rows } = await database.db.execute<{ slug: string; is_draft: boolean }>(sql`select slug, is_draft from articles`)
		const drafts = rows.filter((row) => row.is_draft)
		expect(drafts.length).toBeGreaterThan(0)
		for (const draft of drafts) expect(listed.has(`${SITE}/articles/${draft.slug}`)).toBe(false)
		expect(listed.size).toBe(rows.length - drafts.length)
		expect(childText(childrenNamed(urlset, 'url')[0]!, 'lastmod')).toMatch(W3C_DATETIME)
	})

	test('slugs with XML-special characters are escaped', async () => {
		await database.db.execute(sql`insert into topics (slug, name) values ('r&d-<water>', 'R&D')`)
		const text = await (await sitemapFile('topics.xml')).text()
		expect(text).toContain('/topics/r&amp;d-%3Cwater%3E')
		expect(locs(parseXml(text))).toContain(`${SITE}/topics/r&d-%3Cwater%3E`)
	})

	test('numbered files exist only as far as the type goes; unknown files are 404', async () => {
		expect((await sitemapFile('articles-1.xml')).status).toBe(200)
		expect((await sitemapFile('articles-2.xml')).status).toBe(404)
		expect((await sitemapFile('mergers.xml')).status).toBe(404)
		expect((await sitemapFile('articles.txt')).status).toBe(404)
		expect((await sitemapFile('articles-0.xml')).status).toBe(404)
	})

	test('a type beyond the file limit is split into numbered files', () => {
		expect(sitemapFiles([{ type: 'articles', count: 25_000, lastmod: null }, { type: 'topics', count: 12, lastmod: null }, { type: 'events', count: 0, lastmod: null }])).toEqual([
			{ path: '/sitemaps/articles-1.xml', lastmod: null },
			{ path: '/sitemaps/articles-2.xml', lastmod: null },
			{ path: '/sitemaps/articles-3.xml', lastmod: null },
			{ path: '/sitemaps/topics.xml', lastmod: null },
		])
		expect(parseSitemapFile('article-types.xml')).toEqual({ type: 'article-types', page: 1 })
		expect(parseSitemapFile('articles-3.xml')).toEqual({ type: 'articles', page: 3 })
		expect(parseSitemapFile('../secret.xml')).toBeNull()
	})
})

describe('RSS feeds', () => {
	async function bodies(slugs: string[]) {
		const { rows } = await database.db.execute<{ slug: string; body_text: string; is_draft: boolean }>(
			sql`select slug, body_text, is_draft from articles where slug = any(${sql.param(slugs)}::text[])`,
		)
		return rows
	}

	test('/articles/rss.xml: the newest 50 articles, standfirst only, never the body', async () => {
		const response = await fetchResource(articlesFeedLoader, '/articles/rss.xml')
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
		const text = await response.text()
		const rss = parseXml(text)
		expect(rss.name).toBe('rss')
		expect(rss.attributes.version).toBe('2.0')
		const channel = childrenNamed(rss, 'channel')[0]!
		expect(childText(channel, 'link')).toBe(`${SITE}/articles`)
		const self = childrenNamed(channel, 'atom:link')[0]!
		expect(self.attributes).toMatchObject({ href: `${SITE}/articles/rss.xml`, rel: 'self', type: 'application/rss+xml' })
		const items = childrenNamed(channel, 'item')
		expect(items).toHaveLength(50)
		const dates = items.map((item) => Date.parse(childText(item, 'pubDate')!))
		expect([...dates].sort((a, b) => b - a)).toEqual(dates)
		for (const item of items) {
			expect(childText(item, 'pubDate')).toMatch(RFC_822)
			expect(childText(item, 'link')).toMatch(new RegExp(`^${SITE}/articles/[a-z0-9-]+$`))
			expect(childText(item, 'guid')).toBe(childText(item, 'link'))
		}
		const slugs = items.map((item) => childText(item, 'link')!.split('/').pop()!)
		const rows = await bodies(slugs)
		expect(rows).toHaveLength(50)
		for (const row of rows) {
			expect(row.is_draft).toBe(false)
			// A distinctive stretch of the body's text must not be anywhere in the feed.
			const plain = row.body_text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()
			const stretch = plain.slice(Math.floor(plain.length / 2), Math.floor(plain.length / 2) + 60)
			expect(stretch.length).toBeGreaterThan(30)
			expect(text).not.toContain(escapeXml(stretch))
		}
		const { rows: standfirsts } = await database.db.execute<{ standfirst: string | null }>(sql`select standfirst from articles where slug = ${slugs[0]!}`)
		expect(childText(items[0]!, 'description') ?? null).toBe(standfirsts[0]!.standfirst)
	})

	test('/article-types/{slug}/rss.xml: that type only; an unknown type is 404', async () => {
		const response = await fetchResource(articleTypeFeedLoader, '/article-types/market-map/rss.xml', { slug: 'market-map' })
		expect(response.status).toBe(200)
		const channel = childrenNamed(parseXml(await response.text()), 'channel')[0]!
		expect(childText(channel, 'title')).toContain('Market Map')
		expect(childrenNamed(channel, 'atom:link')[0]!.attributes.href).toBe(`${SITE}/article-types/market-map/rss.xml`)
		const items = childrenNamed(channel, 'item')
		expect(items.length).toBeGreaterThan(0)
		for (const item of items) expect(childText(item, 'category')).toBe('Market Map')

		expect((await fetchResource(articleTypeFeedLoader, '/article-types/no-such-type/rss.xml', { slug: 'no-such-type' })).status).toBe(404)
		expect((await fetchResource(articleTypeFeedLoader, '/article-types/%3Cx%3E/rss.xml', { slug: '<x>' })).status).toBe(404)
	})

	test('the article list advertises the feed', () => {
		expect(articlesLinks()).toContainEqual(expect.objectContaining({ rel: 'alternate', type: 'application/rss+xml', href: '/articles/rss.xml' }))
	})
})

describe('the site search box (home page JSON-LD)', () => {
	test('WebSite with a SearchAction into /search with the header search defaults', () => {
		const descriptors = homeMeta({ data: { origin: SITE, page: null, cards: [] } } as any) as any[]
		const jsonLd = descriptors.find((descriptor) => 'script:ld+json' in descriptor)['script:ld+json']
		expect(jsonLd['@type']).toBe('WebSite')
		expect(jsonLd.url).toBe(`${SITE}/`)
		const template: string = jsonLd.potentialAction.target.urlTemplate
		expect(jsonLd.potentialAction['@type']).toBe('SearchAction')
		expect(jsonLd.potentialAction['query-input']).toBe('required name=search_term_string')
		const url = new URL(template.replace('{search_term_string}', 'membranes'))
		expect(url.origin + url.pathname).toBe(`${SITE}/search`)
		expect(url.searchParams.get('searchTerm')).toBe('membranes')
		expect(url.searchParams.get('sortBy')).toBe('Relevance')
		expect(url.searchParams.get('filters[Page type]')).toBe('/articles')
	})
})
