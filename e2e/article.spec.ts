import { expect, test, type APIRequestContext } from '@playwright/test'
import type { ArticleSummary } from '../app/lib/api-types.ts'

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
	const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
	expect(jsonLd['@type']).toBe('NewsArticle')
	expect(jsonLd.isAccessibleForFree).toBe(true)
})

test('a visitor hits the paywall on a members-only article', async ({ page, request }) => {
	const article = await findArticle(request, (a) => !a.hasAccess)
	await page.goto(`/articles/${article.slug}`)
	await expect(page.getByRole('heading', { name: 'This article is available exclusively to full members' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Join' }).last()).toBeVisible()
	await expect(page.getByRole('link', { name: 'Start free trial' })).toBeVisible()
	await expect(page.getByText('Already have a free account or membership?')).toBeVisible()
	// The members-only body never reaches this reader's HTML.
	await expect(page.locator('.article__body')).toHaveCount(0)
	const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
	expect(jsonLd.isAccessibleForFree).toBe(false)
	expect(jsonLd.hasPart.cssSelector).toBe('.paywalled-content')
})

test('an unknown page shows the not-found page with status 404', async ({ page }) => {
	const response = await page.goto('/no-such-page/at-all')
	expect(response?.status()).toBe(404)
	await expect(page.getByText('Sorry, there has been an error. Please click here to return to the home page.')).toBeVisible()
	await page.getByRole('link', { name: 'click here' }).click()
	await expect(page).toHaveURL(/\/$/)
})

test('an unknown article is a 404', async ({ page }) => {
	const response = await page.goto('/articles/no-such-article-anywhere')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('link', { name: 'click here' })).toBeVisible()
})
