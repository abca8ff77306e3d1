/**
 * Signing in and creating accounts through the identity provider's own pages, as a reader
 * does (works with and without scripts: they are plain forms).
 */
import crypto from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'

export { DEMO_PASSWORD }

/** Signs in at /login and waits until the site shows the profile menu. */
export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD, returnUrl = '/') {
	await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`)
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in', exact: true }).click()
	await expect(page.locator('.profile-menu > summary')).toBeVisible()
	// The header streams in before the rest of the page: callers read the whole page.
	await page.waitForLoadState()
}

export type NewReader = { firstName: string; lastName: string; email: string; password: string }

/** A reader nobody has used yet (unique per test and project). */
export function newReader(tag: string): NewReader {
	return { firstName: 'Nadia', lastName: 'Newcomer', email: `${tag}-${crypto.randomBytes(4).toString('hex')}@example.org`, password: 'Fresh-Water-2026!' }
}

/** From the sign-in page: "Create a free account", filled in and sent. */
export async function createAccount(page: Page, reader: NewReader) {
	await page.getByRole('link', { name: 'Create a free account', exact: true }).click()
	await expect(page.getByRole('heading', { name: 'Create a free account' })).toBeVisible()
	await page.getByLabel('First name').fill(reader.firstName)
	await page.getByLabel('Last name').fill(reader.lastName)
	await page.getByLabel('Email address').fill(reader.email)
	await page.getByLabel('Password', { exact: true }).fill(reader.password)
	await page.getByLabel('Confirm password').fill(reader.password)
	await page.getByRole('button', { name: 'Create account', exact: true }).click()
}

/** Signs up a fresh reader from /login, passes the registration confirmation and comes back signed in. */
export async function signUp(page: Page, reader: NewReader, returnUrl = '/') {
	await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`)
	await createAccount(page, reader)
	await expect(page.getByRole('heading', { name: 'Welcome to Global Water Intelligence' })).toBeVisible()
	await page.getByRole('link', { name: "Let's get started" }).click()
	await expect(page.locator('.profile-menu > summary')).toHaveText(`${reader.firstName} ${reader.lastName}`)
	// As signIn: the header arrives first, callers read the whole page.
	await page.waitForLoadState()
}

/** Logout from the profile menu (a form post). */
export async function signOut(page: Page) {
	await page.locator('.profile-menu > summary').click()
	await page.getByRole('button', { name: 'Logout', exact: true }).click()
	await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
}
