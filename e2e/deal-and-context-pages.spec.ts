/**
 * The pages the mergers index and the site search link to (spec 001 §3), with scripts and
 * without: a Strategist follows a deal of /mergers to its record and on to a party's company
 * page; a visitor follows a Contexts hit of /search to the context's locked view.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

test('a Strategist opens a deal from the mergers index and follows its parties', async ({ page }) => {
	await signIn(page, 'strategist@example.com', undefined, '/mergers')
	await page.goto('/mergers')
	const deal = page.locator('table a[href^="/mergers/"]').first()
	const target = (await deal.textContent())!.trim()
	await deal.click()
	await expect(page).toHaveURL(/\/mergers\/[^/?]+$/)
	await expect(page.getByRole('heading', { level: 1 })).toContainText(target)
	const facts = page.getByRole('definition')
	await expect(page.getByLabel('Deal details')).toBeVisible()
	await expect(page.getByLabel('Deal details')).toContainText('Acquiror')
	await expect(page.getByLabel('Deal details')).toContainText('Percent acquired')
	expect(await facts.count()).toBeGreaterThan(4)
	// A linked party is a company page, not a 404.
	const company = page.getByLabel('Deal details').locator('a[href^="/companies/"]').first()
	if ((await company.count()) > 0) {
		await Promise.all([page.waitForURL(/\/companies\//), company.click()])
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(page.getByText('Page not found')).toHaveCount(0)
	}
})

test('every deal link of the first mergers page answers 200', async ({ page, request }) => {
	await signIn(page, 'strategist@example.com', undefined, '/mergers')
	await page.goto('/mergers')
	const hrefs = await page.locator('table a[href^="/mergers/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
	expect(hrefs.length).toBeGreaterThan(0)
	for (const href of hrefs) {
		const response = await page.request.get(href)
		expect(response.status(), href).toBe(200)
	}
	// A visitor is sent to the home page, as from the index itself.
	const visitor = await request.get(hrefs[0], { maxRedirects: 0 })
	expect(visitor.status()).toBe(302)
	expect(visitor.headers().location).toBe('/')
})

test('a visitor follows a Contexts hit of the site search to its locked view', async ({ page }) => {
	await page.goto('/search?searchTerm=operating%20expenditure')
	const hit = page.locator('a[href^="/contexts/"]').first()
	await expect(hit).toBeVisible()
	const name = (await hit.textContent())!.trim()
	await hit.click()
	await expect(page).toHaveURL(/\/contexts\/[^/?]+$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
	await expect(page.getByText('Available with GWI Strategist Membership.')).toBeVisible()
	await expect(page.getByText('Labour, energy, chemicals')).toHaveCount(0)
})
