/**
 * Signing up, in and out through the embedded identity provider, with and without scripts:
 * a new visitor creates an account and comes back signed in where they were, a wrong
 * password is said plainly, a forgotten password is reset through the link the embedded
 * setup writes to its mailbox folder, and Logout ends it all. Demo accounts see what their state calls for.
 */
import { expect, test } from '@playwright/test'
import { lastResetLink } from './support/mailbox.ts'
import { createAccount, DEMO_PASSWORD, newReader, signIn, signOut, signUp } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

const profileMenu = (page: import('@playwright/test').Page) => page.locator('.profile-menu > summary')

/** Decide cookies first so the consent banner is out of the way. */
test.beforeEach(async ({ page }) => {
	await page.goto('/')
	await rejectCookies(page)
})

test('a new visitor creates a free account, sees the registration confirmation, goes on where they were, and signs out', async ({ page }) => {
	const reader = newReader('signup')
	await page.goto('/articles')
	await page.getByRole('link', { name: 'Login', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	await createAccount(page, reader)

	// Spec 002 §1: after registration the reader lands on a confirmation page.
	await expect(page).toHaveURL(/\/join\?joinType=none&returnPath=%2Farticles$/)
	await expect(page.getByRole('heading', { name: 'Welcome to Global Water Intelligence' })).toBeVisible()
	await page.getByRole('link', { name: "Let's get started" }).click()
	await expect(page).toHaveURL(/\/articles$/)
	await expect(profileMenu(page)).toHaveText('Nadia Newcomer')
	// A free account: still offered a membership, and no notices.
	await expect(page.getByRole('banner').getByRole('link', { name: 'Join', exact: true })).toBeVisible()
	await expect(page.locator('[data-banner]')).toHaveCount(0)

	await signOut(page)
	await expect(page).toHaveURL(/\/$/)
	// Signing in again asks for the password (sign-out really ended the sign-in).
	await page.getByRole('link', { name: 'Login', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	await page.getByLabel('Email address').fill(reader.email)
	await page.getByLabel('Password').fill(reader.password)
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(profileMenu(page)).toHaveText('Nadia Newcomer')
	// Only the sign-in that created the account passes the confirmation.
	await expect(page).toHaveURL(/\/$/)
})

test('the sign-up form says what is wrong and keeps what was typed', async ({ page }) => {
	await page.goto('/login')
	await page.getByRole('link', { name: 'Create a free account', exact: true }).click()
	await page.getByLabel('First name').fill('Nadia')
	await page.getByLabel('Last name').fill('Newcomer')
	await page.getByLabel('Email address').fill('free@example.com')
	await page.getByLabel('Password', { exact: true }).fill('weak')
	await page.getByLabel('Confirm password').fill('weak')
	await page.getByRole('button', { name: 'Create account', exact: true }).click()
	await expect(page.getByText('Your password must contain an uppercase letter, a lowercase letter, a number and a symbol, and be at least 8 characters long.')).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveValue('Nadia')
	await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')

	await page.getByLabel('Password', { exact: true }).fill('Fresh-Water-2026!')
	await page.getByLabel('Confirm password').fill('Fresh-Water-2026!')
	await page.getByRole('button', { name: 'Create account', exact: true }).click()
	await expect(page.getByText('An account with this email address already exists.')).toBeVisible()
})

test('a wrong password is said plainly, the email is kept, and the right one returns the reader', async ({ page }) => {
	await page.goto('/login?returnUrl=%2Fevents')
	const response = await page.request.get(page.url())
	expect(await response.text()).not.toMatch(/<script/i)
	await page.getByLabel('Email address').fill('executive@example.com')
	await page.getByLabel('Password').fill('Not-The-Password-1!')
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect.')
	await expect(page.getByLabel('Email address')).toHaveValue('executive@example.com')
	await page.getByLabel('Password').fill(DEMO_PASSWORD)
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page).toHaveURL(/\/events$/)
	await expect(profileMenu(page)).toHaveText('Elena Executive')
})

test('a forgotten password is reset through the link the embedded setup writes to its mailbox', async ({ page }) => {
	const reader = newReader('reset')
	await signUp(page, reader)
	await signOut(page)

	await page.getByRole('link', { name: 'Login', exact: true }).click()
	await page.getByRole('link', { name: 'Forgotten your password?', exact: true }).click()
	await page.getByLabel('Email address').fill(reader.email)
	await page.getByRole('button', { name: 'Send reset link', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()

	await expect.poll(() => lastResetLink(reader.email)).not.toBeNull()
	const link = new URL((await lastResetLink(reader.email))!)
	await page.goto(`${link.pathname}${link.search}`)
	await page.getByLabel('Password', { exact: true }).fill('Renewed-Water-2027!')
	await page.getByLabel('Confirm password').fill('Renewed-Water-2027!')
	await page.getByRole('button', { name: 'Set new password', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible()

	await page.getByRole('link', { name: 'Sign in', exact: true }).click()
	await page.getByLabel('Email address').fill(reader.email)
	await page.getByLabel('Password').fill('Renewed-Water-2027!')
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(profileMenu(page)).toHaveText('Nadia Newcomer')
})

test("/logout: 'Logging out...' and a button, pressed at once when scripts run and the reader came from the site", async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'executive@example.com')
	// Typed in (no site page sent the reader): the reader presses the button.
	await page.goto('/logout')
	await expect(page.getByRole('heading', { name: 'Logging out...' })).toBeVisible()
	if (javaScriptEnabled) {
		// Sent there by one of the site's pages: pressed for them.
		await page.goto('/')
		await page.evaluate(() => window.location.assign('/logout'))
	} else {
		await page.getByRole('button', { name: 'Logout', exact: true }).click()
	}
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
	// Signed out means the profile is no longer reachable.
	await page.goto('/profile')
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
})

test.describe('demo accounts see what their state calls for', () => {
	test('the Executive whose membership ends in 45 days: the renewal banner, no Join', async ({ page }) => {
		await signIn(page, 'expiring@example.com')
		await expect(page.getByRole('region', { name: 'Membership renewal' })).toContainText('Your membership ends on')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Join', exact: true })).toHaveCount(0)
	})

	test('the member with an incomplete profile: the persistent banner asking to contact sales', async ({ page }) => {
		await signIn(page, 'incomplete@example.com')
		const banner = page.getByRole('region', { name: 'Incomplete profile' })
		await expect(banner).toContainText('Please contact our sales team')
		await expect(banner.getByRole('button')).toHaveCount(0)
	})

	test('the Strategist: the strategy menu and the Strategist badge', async ({ page }) => {
		await signIn(page, 'strategist@example.com')
		await profileMenu(page).click()
		await expect(page.getByRole('list', { name: 'Memberships' })).toContainText('Strategist')
		await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Sectors')
	})

	test('the lapsed member with renewal messaging: Renew in the header', async ({ page }) => {
		await signIn(page, 'expired@example.com', DEMO_PASSWORD, '/articles')
		await expect(page.getByRole('banner').getByRole('link', { name: 'Renew', exact: true })).toBeVisible()
	})
})
