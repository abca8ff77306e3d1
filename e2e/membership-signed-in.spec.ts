/**
 * Signed-in readers' banners, dialogs, profile and strategist view. Signs in through the
 * identity provider's own form (e2e/support/sign-in.ts).
 */
import { expect, test } from '@playwright/test'
import { exclusive } from './support/exclusive.ts'
import { DEMO_PASSWORD, newReader, signIn, signUp } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

/** Decide cookies first so the consent banner is out of the way. */
test.beforeEach(async ({ page }) => {
	await page.goto('/')
	await rejectCookies(page)
})

test('the trial user sees the trial banner, closes it, and it stays closed', async ({ page }) => {
	await signIn(page, 'trial@example.com')
	await page.goto('/articles')
	const trialBanner = page.getByRole('region', { name: 'Free trial' })
	await expect(trialBanner).toContainText('Your free trial ends in 5 days.')
	await trialBanner.getByRole('button', { name: 'Close free trial message', exact: true }).click()
	await expect(page).toHaveURL(/\/articles$/)
	await expect(page.getByRole('region', { name: 'Free trial' })).toHaveCount(0)
	await page.goto('/')
	await expect(page.getByRole('region', { name: 'Free trial' })).toHaveCount(0)
})

test('the expired member sees the membership-expired dialog on the home page, closes it, and signs out', async ({ page }) => {
	await signIn(page, 'expired@example.com')
	await page.goto('/')
	const dialog = page.getByRole('dialog')
	await expect(dialog).toContainText('Your membership has expired and your account has been reverted to a base account.')
	await dialog.getByRole('button', { name: 'Close', exact: true }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await page.goto('/')
	await expect(page.getByRole('dialog')).toHaveCount(0)

	await page.locator('.profile-menu > summary').click()
	await page.getByRole('button', { name: 'Logout', exact: true }).click()
	await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})

test('staff switch between the strategist and executive views', async ({ page }) => {
	await signIn(page, 'staff@example.com')
	const mainMenu = page.getByRole('navigation', { name: 'Main' })
	const openProfileMenu = async () => {
		if ((await page.locator('.profile-menu[open]').count()) === 0) await page.locator('.profile-menu > summary').click()
	}
	const switchTo = async (label: string) => {
		await openProfileMenu()
		await page.getByRole('button', { name: label }).click()
		await expect(page).toHaveURL(/\/$/)
	}
	// The view is stored in staff@'s profile, which the other project's run of this test changes too.
	await exclusive('staff-view', async () => {
		// The seed stores the strategy menu for staff, and each run ends where it began.
		await page.goto('/')
		await expect(mainMenu).toContainText('Sectors')
		await switchTo('Switch to executive view')
		// The main (executive) menu replaces the strategy menu.
		await expect(mainMenu).not.toContainText('Sectors')
		await switchTo('Switch to strategist view')
		await expect(mainMenu).toContainText('Sectors')
		await openProfileMenu()
		await expect(page.getByRole('button', { name: 'Switch to executive view', exact: true })).toBeVisible()
	})
})

test('a member changes the password: wrong old password, mismatch, then success', async ({ page, browser }) => {
	// Sign-up, four password checks and a second sign-in: a long flow on a busy machine.
	test.slow()
	// A reader of its own: both projects run this at once, and a demo account's password is shared.
	const reader = newReader('password')
	await signUp(page, reader, '/profile')
	await expect(page).toHaveURL(/\/profile$/)
	const form = page.locator('form#change-password')
	const fill = async (oldPassword: string, newPassword: string, confirmPassword: string) => {
		await form.getByLabel('Old password').fill(oldPassword)
		await form.getByLabel('New password', { exact: true }).fill(newPassword)
		await form.getByLabel('Confirm new password').fill(confirmPassword)
		await form.getByRole('button', { name: 'Change password', exact: true }).click()
	}
	const NEW_PASSWORD = 'Fresh-Water-2027!'

	await fill('Not-The-Password-1!', NEW_PASSWORD, NEW_PASSWORD)
	await expect(form).toContainText('Failed to change password: please ensure old password is correct')

	await fill(reader.password, NEW_PASSWORD, 'Something-Else-1!')
	await expect(form).toContainText('New password and confirmed password must match')

	await fill(reader.password, NEW_PASSWORD, NEW_PASSWORD)
	await expect(form).toContainText('Password successfully changed')

	// The new password is the one that signs in now, in a browser of its own: clearing this one's
	// cookies races the page's own requests still under way, which may set the session again.
	const elsewhere = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled })
	try {
		await signIn(await elsewhere.newPage(), reader.email, NEW_PASSWORD)
	} finally {
		await elsewhere.close()
	}
})

test("the profile shows the trial's days left with a warning", async ({ page }) => {
	await signIn(page, 'trial@example.com', DEMO_PASSWORD, '/profile')
	const trial = page.locator('.profile-roles__item', { hasText: 'Executive - Trial' })
	await expect(trial.locator('.days-left--warning')).toHaveText('5 days left')
})
