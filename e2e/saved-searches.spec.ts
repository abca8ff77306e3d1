/**
 * Saved searches (spec 001 §2, §5), kept on the server, with and without scripts:
 * save the current companies search, see it under "Most recent", a duplicate name refused,
 * edit mode and Cancel, rename, delete, the dialog closing after each; saving without a consent decision is refused with the spec's message.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

test('a Strategist saves, renames and deletes a companies search', async ({ page, javaScriptEnabled }) => {
	// A dozen page loads of the companies index, one after another.
	test.slow()
	await signIn(page, 'strategist@example.com', undefined, '/companies')
	const name = `Desal ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now()}`
	await page.goto('/companies?filters%5BExpertise%5D=Desalination')
	const panel = page.locator('#saved-searches')
	await panel.locator('summary').click()
	// Without a consent decision the search is not saved.
	await panel.getByLabel('Name', { exact: true }).fill(name)
	await panel.getByRole('button', { name: 'Save search' }).click()
	await expect(page.getByText('You need to consent to using functionality cookies to save searches')).toBeVisible()
	await expect(panel.getByLabel('Name', { exact: true })).toHaveValue(name)

	// Any consent decision grants functionality cookies: the banner's Reject all is enough.
	await rejectCookies(page)
	if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
	await panel.getByLabel('Name', { exact: true }).fill(name)
	await panel.getByRole('button', { name: 'Save search' }).click()
	// Saving closes the dialog (spec 001 §2); the search is listed when it opens again.
	await expect(panel.getByRole('link', { name, exact: true })).toBeHidden()
	await expect(panel).not.toHaveAttribute('open')
	await panel.locator('summary').click()
	await expect(panel.getByRole('link', { name, exact: true })).toBeVisible()
	await expect(panel.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/companies?filters%5BExpertise%5D=Desalination')

	// The same name again is refused, the dialog open with the name kept.
	await panel.getByLabel('Name', { exact: true }).fill(name)
	await panel.getByRole('button', { name: 'Save search' }).click()
	await expect(page.getByText('This name is already in use.')).toBeVisible()
	await expect(panel.getByLabel('Name', { exact: true })).toHaveValue(name)

	// Edit mode: an "editing" tag and Cancel, which goes back to save mode.
	await panel.getByRole('link', { name: `Edit ${name}` }).click()
	await expect(panel.locator('.tag', { hasText: 'editing' }).first()).toBeVisible()
	await panel.getByRole('link', { name: 'Cancel' }).click()
	await expect(panel.locator('.tag', { hasText: 'editing' })).toHaveCount(0)
	await expect(panel.getByRole('button', { name: 'Save search' })).toBeVisible()

	await panel.getByRole('link', { name: `Edit ${name}` }).click()
	await panel.getByLabel(`New name for ${name}`).fill(`${name} renamed`)
	await panel.getByRole('button', { name: `Rename ${name}` }).click()
	await expect(panel).not.toHaveAttribute('open')
	await panel.locator('summary').click()
	await expect(panel.getByRole('link', { name: `${name} renamed`, exact: true })).toBeVisible()
	// Deleting closes the dialog too.
	await panel.getByRole('button', { name: `Delete ${name} renamed` }).click()
	await expect(panel).not.toHaveAttribute('open')
	await panel.locator('summary').click()
	await expect(panel.getByRole('link', { name: `${name} renamed`, exact: true })).toHaveCount(0)
})
