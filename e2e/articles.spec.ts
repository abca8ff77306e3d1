import { expect, test, type Page } from '@playwright/test'

const teasers = (page: Page) => page.locator('.article-list .teaser')

test('a visitor pages through the article list and changes the page size', async ({ page, javaScriptEnabled }) => {
	await page.goto('/articles')
	await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible()
	await expect(page.locator('.list-page__count')).toHaveText(/^[\d,]+ articles$/)
	await expect(teasers(page)).toHaveCount(10)
	// Previous is disabled on page 1.
	await expect(page.locator('.pagination [aria-disabled="true"]', { hasText: 'Previous' })).toBeVisible()

	const firstHeadline = await teasers(page).first().locator('.teaser__headline').textContent()
	await page.getByRole('link', { name: 'Next', exact: true }).click()
	await page.waitForURL(/\/articles\?page=2$/)
	await expect(page.getByText('Page 2 of')).toBeVisible()
	expect(await teasers(page).first().locator('.teaser__headline').textContent()).not.toBe(firstHeadline)

	// Changing the page size goes back to page 1.
	await page.getByLabel('Per page').selectOption('20')
	// With scripts the change submits itself; without them the reader presses Show.
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Show', exact: true }).click()
	await expect(page).toHaveURL(/\/articles\?pageSize=20$/)
	await expect(teasers(page)).toHaveCount(20)
})

test('garbage paging parameters land on the canonical list', async ({ page }) => {
	await page.goto('/articles?page=abc&pageSize=10000')
	await expect(page).toHaveURL(/\/articles$/)
	await expect(teasers(page)).toHaveCount(10)
	await page.goto('/articles?page=-3')
	await expect(page).toHaveURL(/\/articles$/)
	// A page beyond the last is clamped to the last.
	await page.goto('/articles?page=999999')
	await expect(page).toHaveURL(/\/articles\?page=\d+$/)
	await expect(page.locator('.pagination [aria-disabled="true"]', { hasText: 'Next' })).toBeVisible()
})
