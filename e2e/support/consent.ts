import { expect, type Page } from '@playwright/test'

/**
 * Answers the cookie banner with "Reject all" and waits until its answer has landed: the form's
 * post and the page it returns to. Going elsewhere before then, the banner's own navigation
 * (back to the page it was on) interrupts the next one.
 */
export async function rejectCookies(page: Page) {
	await page.getByRole('button', { name: 'Reject all', exact: true }).first().click()
	await expect(page.getByRole('button', { name: 'Reject all', exact: true })).toHaveCount(0)
	await page.waitForLoadState()
}
