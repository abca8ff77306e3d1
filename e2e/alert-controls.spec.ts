/**
 * Alerts from the tables' saved-search panel, with and without scripts: a member of their own
 * (a new account that buys Executive, so the tracker is theirs) saves a Project Tracker search,
 * turns it into a weekly alert in the panel, and pauses it on /profile; every step a form post.
 */
import { expect, test, type Page } from '@playwright/test'
import { newReader, signUp } from './support/sign-in.ts'

/** A new reader who buys Executive as an individual through the embedded checkout (the tracker is for full members). */
async function newMember(page: Page) {
	await signUp(page, newReader('alerts'), '/memberships')
	await page.getByRole('link', { name: 'Buy now' }).first().click()
	await expect(page.getByRole('heading', { name: 'Buy your membership' })).toBeVisible()
	await page.locator('form.commerce-form').getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
	await page.getByLabel('Card number').fill('4242 4242 4242 4242')
	await page.getByRole('button', { name: /^Pay / }).click()
	await expect(page.getByRole('heading', { name: 'Welcome to your Executive membership' })).toBeVisible()
}

test('a member turns a saved tracker search into a weekly alert in the panel and pauses it on /profile', async ({ page }) => {
	// Sign-up, a purchase and a handful of form posts: a long flow on a busy machine.
	test.slow()
	await newMember(page)
	const name = 'Desalination in the Gulf'
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

	// The saved search offers its alert in the panel: no alert yet, daily or weekly.
	if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
	const item = panel.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await expect(item.getByRole('button', { name: `Daily alert: ${name}` })).toBeVisible()
	await item.getByRole('button', { name: `Weekly alert: ${name}` }).click()
	// Back on the tracker, the panel open, the alert on.
	await expect(page).toHaveURL(/\/projecttracker\?/)
	await expect(panel).toHaveAttribute('open')
	await expect(item.getByText('On, weekly')).toBeVisible()
	await expect(item.getByRole('button', { name: `Weekly alert: ${name}` })).toHaveCount(0)

	// On /profile the same alert, paused there.
	await page.goto('/profile')
	const alerts = page.locator('section[aria-labelledby="profile-alerts"]')
	const row = alerts.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await expect(row.getByText('On, weekly')).toBeVisible()
	await row.getByRole('button', { name: `Pause: ${name}` }).click()
	await expect(row.getByText('Paused', { exact: true })).toBeVisible()

	// The panel shows it paused too, and deletes it.
	await page.goto('/projecttracker?savedSearches=open')
	await expect(item.getByText('Paused', { exact: true })).toBeVisible()
	await item.getByRole('button', { name: `Delete alert: ${name}` }).click()
	await expect(item.getByText('Paused', { exact: true })).toHaveCount(0)
	await expect(item.getByRole('button', { name: `Weekly alert: ${name}` })).toBeVisible()
})
