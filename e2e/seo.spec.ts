import { expect, test } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'

test('a reader following an old news link lands on the article', async ({ page, request }) => {
	const response = await request.get('/api/articles?pageSize=50')
	const { items } = (await response.json()) as { items: ArticleSummary[] }
	const article = items.find((a) => a.hasAccess)!
	const legacy = await page.request.get(`/news/${article.slug}?utm_source=old-site`, { maxRedirects: 0 })
	expect(legacy.status()).toBe(301)
	expect(legacy.headers()['location']).toBe(`/articles/${article.slug}?utm_source=old-site`)

	await page.goto(`/news/${article.slug}`)
	await expect(page).toHaveURL(new RegExp(`/articles/${article.slug}$`))
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.headline)
})

test('an old company link is a permanent redirect to the company page', async ({ page }) => {
	const { items } = (await (await page.request.get('/api/sitemap/companies?pageSize=1')).json()) as { items: { loc: string }[] }
	const companyPath = items[0]!.loc
	const slug = companyPath.split('/').pop()!
	const response = await page.request.get(`/company/${slug}`, { maxRedirects: 0 })
	expect(response.status()).toBe(301)
	expect(response.headers()['location']).toBe(`/companies/${slug}`)
})

test('an open-redirect attempt is the not-found page, not a redirect', async ({ page }) => {
	const response = await page.request.get('/company/%2F%2Fevil.com', { maxRedirects: 0 })
	expect(response.status()).toBe(404)
})

test('crawlers get robots.txt, the sitemap index and a type sitemap', async ({ page, baseURL }) => {
	const robots = await page.request.get('/robots.txt')
	expect(robots.status()).toBe(200)
	const robotsText = await robots.text()
	expect(robotsText).toContain('Disallow: /profile')
	expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

	const index = await page.request.get('/sitemap.xml')
	expect(index.status()).toBe(200)
	expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8')
	const indexText = await index.text()
	expect(indexText).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
	expect(indexText).toContain(`<loc>${baseURL}/sitemaps/articles.xml</loc>`)

	const articles = await page.request.get('/sitemaps/articles.xml')
	expect(articles.status()).toBe(200)
	const articlesText = await articles.text()
	expect(articlesText).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
	expect(articlesText).toMatch(new RegExp(`<url><loc>${baseURL}/articles/[a-z0-9-]+</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod></url>`))
})

test('the article list advertises its RSS feed, and the feed is RSS 2.0', async ({ page }) => {
	await page.goto('/articles')
	const alternate = page.locator('link[rel="alternate"][type="application/rss+xml"]')
	await expect(alternate).toHaveAttribute('href', '/articles/rss.xml')
	const feed = await page.request.get('/articles/rss.xml')
	expect(feed.status()).toBe(200)
	expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
	expect(await feed.text()).toContain('<rss version="2.0"')
})
