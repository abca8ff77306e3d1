/**
 * An event's own page, with and without scripts: its description reads once (in the header),
 * not again as the body's first paragraph.
 */
import { expect, test } from '@playwright/test'

test('an event page says its description once', async ({ page }) => {
	await page.goto('/events')
	const first = page.locator('.event-card h3 a').first()
	const name = (await first.textContent())!
	await first.click()
	await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
	const description = (await page.locator('.entity-header__description').textContent())!.trim()
	expect(description.length).toBeGreaterThan(0)
	await expect(page.locator('article.entity-page').getByText(description, { exact: true })).toHaveCount(1)
})
