import { expect, test, type APIRequestContext } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'

async function findArticle(request: APIRequestContext, wanted: (article: ArticleSummary) => boolean) {
	const response = await request.get('/api/articles?pageSize=100')
	const { items } = (await response.json()) as { items: ArticleSummary[] }
	const article = items.find(wanted)
	if (!article) throw new Error('no such article in the seeded data')
	return article
}

test('a visitor reads a free article with its structured data', async ({ page, request }) => {
	const article = await findArticle(request, (a) => a.hasAccess)
	const response = await page.goto(`/articles/${article.slug}`)
	expect(response?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.headline)
	await expect(page).toHaveTitle(`${article.headline} | GWI`)
	await expect(page.locator('.article__body p').first()).toBeVisible()
	await expect(page.locator('.paywall')).toHaveCount(0)
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/articles/${article.slug}$`))
	await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
	const [jsonLd, breadcrumbs] = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]')
	expect(jsonLd['@type']).toBe('NewsArticle')
	expect(breadcrumbs['@type']).toBe('BreadcrumbList')
	expect(jsonLd.isAccessibleForFree).toBe(true)

	// Related lists, without the article being read.
	const related = page.getByRole('region', { name: 'Related articles' })
	await expect(related.locator('.teaser').first()).toBeVisible()
	const moreOfType = page.getByRole('region', { name: `More ${article.articleType.name}` })
	await expect(moreOfType.locator('.teaser')).toHaveCount(10)
	for (const list of [related, moreOfType]) {
		const links = await list.locator('.teaser__headline a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))
		expect(links).not.toContain(`/articles/${article.slug}`)
	}
	await moreOfType.locator('.teaser__headline a').first().click()
	await expect(page).not.toHaveURL(new RegExp(`/articles/${article.slug}$`))
	await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(article.headline)
})

test('a visitor hits the paywall on a members-only article', async ({ page, request }) => {
	const article = await findArticle(request, (a) => !a.hasAccess)
	await page.goto(`/articles/${article.slug}`)
	await expect(page.getByRole('heading', { name: 'This article is available exclusively to full members' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Join', exact: true }).last()).toBeVisible()
	await expect(page.getByRole('link', { name: 'Start free trial', exact: true })).toBeVisible()
	await expect(page.getByText('Already have a free account or membership?')).toBeVisible()
	// The members-only body never reaches this reader's HTML.
	await expect(page.locator('.article__body')).toHaveCount(0)
	const [jsonLd] = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]')
	expect(jsonLd.isAccessibleForFree).toBe(false)
	expect(jsonLd.hasPart.cssSelector).toBe('.paywalled-content')
	await expect(page.locator('.paywalled-content')).toHaveCount(1)
})

test('the raw HTML of a paywalled article holds its first paragraph only', async ({ request }) => {
	const article = await findArticle(request, (a) => !a.hasAccess)
	const { item } = (await (await request.get(`/api/articles/slug/${article.slug}`)).json()) as { item: { previewText: string; bodyText: string | null } }
	expect(item.bodyText).toBeNull()
	const response = await request.get(`/articles/${article.slug}`)
	expect(response.status()).toBe(200)
	expect(response.headers()['cache-control']).toContain('public')
	const html = await response.text()
	// The preview is the first paragraph; the page (view and loader data) has nothing more of the body.
	const preview = html.match(/<div class="prose article__preview">([\s\S]*?)<\/div>/)
	expect(preview).not.toBeNull()
	expect(preview![1].match(/<p[\s>]/g)).toHaveLength(1)
	expect(html).toContain(item.previewText)
	expect(html).not.toContain('article__body')
	expect(html.match(/class="prose /g)).toHaveLength(1)
})

test('a draft preview with a wrong or missing secret is a 404, never cached or indexed', async ({ page, request }) => {
	const article = await findArticle(request, () => true)
	for (const query of ['', '?secret=not-the-secret']) {
		const response = await page.goto(`/articles/draft/${article.slug}${query}`)
		expect(response?.status()).toBe(404)
		expect(response?.headers()['cache-control']).toBe('no-store')
		expect(response?.headers()['x-robots-tag']).toContain('noindex')
		await expect(page.getByRole('link', { name: 'click here', exact: true })).toBeVisible()
	}
})

test('an unknown page shows the not-found page with status 404', async ({ page }) => {
	const response = await page.goto('/no-such-page/at-all')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('Sorry, there has been an error. Please click here to return to the home page.')).toBeVisible()
	await page.getByRole('link', { name: 'click here', exact: true }).click()
	await expect(page).toHaveURL(/\/$/)
})

test('an unknown article is a 404', async ({ page }) => {
	const response = await page.goto('/articles/no-such-article-anywhere')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('link', { name: 'click here', exact: true })).toBeVisible()
})
