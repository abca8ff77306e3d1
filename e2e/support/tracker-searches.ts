/**
 * A member of the test's own with a saved Project Tracker search: what the alert tests start from.
 */
import { expect, type Page } from '@playwright/test'
import { newReader, signIn, signOut, signUp, type NewReader } from './sign-in.ts'
import { grantExecutive } from './site-database.ts'
import { rejectCookies } from './consent.ts'

/** A fresh reader made an Executive member, signed in again so the site knows it, on `returnUrl`. */
export async function newMember(page: Page, tag: string, returnUrl: string): Promise<NewReader> {
	const reader = newReader(tag)
	await signUp(page, reader)
	await grantExecutive(reader.email)
	await signOut(page)
	await signIn(page, reader.email, reader.password, returnUrl)
	return reader
}

/** Opens the page at `url` with its saved-search panel open, ready to save: the panel. */
export async function openSavedSearches(page: Page, url: string) {
	await page.goto(url)
	// Saving needs a consent decision; any decision grants functionality cookies.
	if (await page.getByRole('button', { name: 'Reject all' }).first().isVisible()) await rejectCookies(page)
	const panel = page.locator('#saved-searches')
	if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
	return panel
}

/** Saves the search at `url` (the tracker, an index, events, the exchange) under `name` from its page's saved-search panel. */
export async function saveSearch(page: Page, url: string, name: string) {
	const panel = await openSavedSearches(page, url)
	await panel.getByLabel('Name', { exact: true }).fill(name)
	await panel.getByRole('button', { name: 'Save search' }).click()
	await expect(panel).not.toHaveAttribute('open')
}
