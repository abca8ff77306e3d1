import { expect, test, type Page } from '@playwright/test'

/** Cookie consent as a visitor (spec 000 §2, §4): works with and without scripts. */

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' })

async function consentCookie(page: Page) {
	return (await page.context().cookies()).find((cookie) => cookie.name === 'gwi_consent')
}

test('a visitor accepts all cookies: the banner goes, analytics may load, for 150 days', async ({ page }) => {
	await page.goto('/articles')
	await expect(banner(page)).toBeVisible()
	await expect(page.locator('script#analytics-hook')).toHaveCount(0)
	await banner(page).getByRole('button', { name: 'Accept all', exact: true }).click()
	await expect(page).toHaveURL(/\/articles$/)
	await expect(banner(page)).toHaveCount(0)
	await expect(page.locator('script#analytics-hook')).toHaveCount(1)
	const cookie = await consentCookie(page)
	const days = (cookie!.expires - Date.now() / 1000) / 86400
	expect(days).toBeGreaterThan(149)
	expect(days).toBeLessThanOrEqual(150)
})

test('a visitor rejects all cookies: the banner goes and no analytics load', async ({ page }) => {
	await page.goto('/')
	await banner(page).getByRole('button', { name: 'Reject all', exact: true }).click()
	await expect(banner(page)).toHaveCount(0)
	await expect(page.locator('script#analytics-hook')).toHaveCount(0)
	expect(await consentCookie(page)).toBeDefined()
})

test('a visitor customises the selection, then changes it in Cookie settings', async ({ page }) => {
	await page.goto('/articles')
	await banner(page).getByText('Customise selection').click()
	await banner(page).getByRole('checkbox', { name: 'Advertising' }).check()
	await banner(page).getByRole('button', { name: 'Save selection', exact: true }).click()
	await expect(banner(page)).toHaveCount(0)
	// Advertising without analytics: no analytics script.
	await expect(page.locator('script#analytics-hook')).toHaveCount(0)

	await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible()
	await expect(page.getByRole('checkbox', { name: 'Advertising' })).toBeChecked()
	await expect(page.getByRole('checkbox', { name: 'Functionality and security (always on)' })).toBeChecked()
	await page.getByRole('checkbox', { name: 'Analytics' }).check()
	await page.getByRole('button', { name: 'Save selection', exact: true }).click()
	await expect(page.locator('script#analytics-hook')).toHaveCount(1)
})
