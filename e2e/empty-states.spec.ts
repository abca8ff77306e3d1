/**
 * Spec 000 §8's empty states where a reader meets them, with and without scripts: a new
 * trial's profile lists what it unlocked ('No unlocked articles' before anything), the
 * tracker's saved filters say 'No filters saved' while there are none, and 'You are not
 * logged in' to an organisation signed in by network address (saved searches are a person's).
 */
import { expect, test } from '@playwright/test'
import { MESSAGES } from '../contract/constants.ts'
import { DEMO_ORGANISATION } from '../backend/seed/demo-accounts.ts'
import { newReader, signIn, signUp } from './support/sign-in.ts'

test("a new trial's profile says it has unlocked no articles yet", async ({ page }) => {
	const reader = newReader('empty-unlocked')
	await signUp(page, reader)
	await page.goto('/join?joinType=gwi-trial')
	await page.getByRole('button', { name: 'Start free trial' }).click()
	await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible()
	await page.goto('/profile')
	const unlocked = page.locator('section', { has: page.getByRole('heading', { name: 'Unlocked articles' }) })
	await expect(unlocked.getByText(MESSAGES.noUnlockedArticles, { exact: true })).toBeVisible()

	// The welcome after joining names the reader with no space before its full stop.
	await page.goto('/join/complete')
	await expect(page.locator('.join-page p').first()).toHaveText(`Welcome, ${reader.firstName} ${reader.lastName}.`)
})

test("a member's tracker with no saved filters says so", async ({ page }) => {
	// The one demo account seeded with no saved search (the others have an alert's).
	await signIn(page, 'multi-office@example.com', undefined, '/projecttracker')
	await page.goto('/projecttracker')
	const panel = page.locator('#saved-searches')
	await panel.locator('summary').click()
	await expect(panel.getByText(MESSAGES.noFiltersSaved, { exact: true })).toBeVisible()
})

test("an organisation's tracker, with no person signed in, says 'You are not logged in' where saved filters would be", async ({ page }) => {
	const response = await page.request.get(`/ip-login?debugIPAddress=${DEMO_ORGANISATION.sampleIp}`)
	expect(response.status()).toBe(200)
	await page.goto('/projecttracker')
	const panel = page.locator('#saved-searches')
	await panel.locator('summary').click()
	await expect(panel.getByText(MESSAGES.notLoggedIn, { exact: true })).toBeVisible()
	await expect(panel.getByText(MESSAGES.noFiltersSaved)).toHaveCount(0)
	await expect(panel.getByRole('button', { name: 'Save search' })).toHaveCount(0)
	await expect(panel.getByRole('link', { name: 'Login' })).toHaveAttribute('href', /^\/login\?returnUrl=%2Fprojecttracker/)
})
