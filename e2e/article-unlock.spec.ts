/**
 * A trial member unlocks the one Market Map of their choice (spec 000 §4), with and without
 * scripts, signed in through the identity provider's own form (e2e/support/sign-in.ts).
 * Each project unlocks with its own trial account (one unlock per trial, one database per
 * run): trial@ with scripts, trial2@ without.
 */
import { expect, test } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import { signIn } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

test('the trial member unlocks a Market Map, reads it, and has no unlock left', async ({ page, request, javaScriptEnabled }) => {
	const email = javaScriptEnabled ? 'trial@example.com' : 'trial2@example.com'
	const { items } = (await (await request.get('/api/articles?articleType=market-map&pageSize=2')).json()) as { items: ArticleSummary[] }
	const [chosen, other] = items

	await page.goto('/')
	await rejectCookies(page)
	await signIn(page, email)

	await page.goto(`/articles/${chosen.slug}`)
	await expect(page.getByRole('heading', { name: 'This article is available exclusively to full members' })).toBeVisible()
	await expect(page.locator('.article__body')).toHaveCount(0)
	await expect(page.getByText('Already have a free account or membership?')).toHaveCount(0)
	await page.getByRole('button', { name: 'Unlock this Market Map', exact: true }).click()

	await expect(page.getByRole('status')).toHaveText('Successfully unlocked article')
	await expect(page).toHaveURL(new RegExp(`/articles/${chosen.slug}(#article-access)?$`))
	await expect(page.locator('.article__body p').first()).toBeVisible()
	await expect(page.getByText('You have read your free Market Map')).toBeVisible()
	await expect(page.locator('.paywall')).toHaveCount(0)

	// Reading it again needs no unlock; another Market Map is closed with the used-up message.
	await page.goto(`/articles/${chosen.slug}`)
	await expect(page.locator('.article__body p').first()).toBeVisible()
	await page.goto(`/articles/${other.slug}`)
	await expect(page.getByRole('heading', { name: 'You have read your free Market Map' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Unlock this Market Map', exact: true })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Request access', exact: true })).toHaveAttribute('href', /^mailto:.*subject=Free%20trial%20access%20request/)
})
