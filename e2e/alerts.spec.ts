/**
 * Alerts (issue 38), with and without scripts: a member saves a Project Tracker search, turns
 * it into a weekly alert on /profile and pauses it there, every step a form post.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

test('a member turns a saved tracker search into a weekly alert and pauses it on /profile', async ({ page, javaScriptEnabled }) => {
	test.slow()
	await signIn(page, 'executive@example.com', undefined, '/projecttracker')
	const name = `Desal alert ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now()}`
	await page.goto('/projecttracker?filters%5BProject%20category%5D=Desal')
	// Saving needs a consent decision; any decision grants functionality cookies.
	const reject = page.getByRole('button', { name: 'Reject all' }).first()
	if (await reject.isVisible()) {
		await reject.click()
		await expect(page.getByRole('button', { name: 'Reject all' })).toHaveCount(0)
	}
	const panel = page.locator('#saved-searches')
	if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
	await panel.getByLabel('Name', { exact: true }).fill(name)
	await panel.getByRole('button', { name: 'Save search' }).click()
	await expect(panel).not.toHaveAttribute('open')

	await page.goto('/profile')
	const alerts = page.locator('section[aria-labelledby="profile-alerts"]')
	await expect(alerts.getByRole('heading', { name: 'Alerts' })).toBeVisible()
	const item = alerts.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await item.getByRole('button', { name: `Weekly alert: ${name}` }).click()
	await expect(item.getByText('On, weekly')).toBeVisible()
	await item.getByRole('button', { name: `Pause: ${name}` }).click()
	await expect(item.getByText('Paused', { exact: true })).toBeVisible()
	await expect(item.getByRole('button', { name: `Weekly alert: ${name}` })).toBeVisible()

	// Tidy: the alert, then the saved search (from the tracker's panel).
	await item.getByRole('button', { name: `Delete alert: ${name}` }).click()
	await expect(item.getByText('Paused', { exact: true })).toHaveCount(0)
	await page.goto('/projecttracker?savedSearches=all')
	await page.locator('#saved-searches').getByRole('button', { name: `Delete ${name}` }).click()
})

test('a member at 375 px sees the Alerts section without sideways scroll', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await signIn(page, 'executive@example.com', undefined, '/profile')
	await page.goto('/profile')
	await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})
