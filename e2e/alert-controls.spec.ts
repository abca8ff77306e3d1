/**
 * Alerts from the tables' saved-search panel, with and without scripts: a member of their own
 * (a new account made Executive, so the tracker is theirs) saves a Project Tracker search,
 * turns it into a weekly alert in the panel, and pauses it on /profile; every step a form post.
 * The same member saves a companies search as a daily alert, listed on /profile by its index.
 */
import { expect, test } from '@playwright/test'
import { newReader, signUp } from './support/sign-in.ts'
import { newMember, openSavedSearches, saveSearch } from './support/tracker-searches.ts'

test('a member turns a saved tracker search into a weekly alert in the panel and pauses it on /profile', async ({ page }) => {
	// Sign-up, two sign-ins and a handful of form posts: a long flow on a busy machine.
	test.slow()
	await newMember(page, 'alert-panel', '/projecttracker')
	const name = 'Desalination in the Gulf'
	await saveSearch(page, '/projecttracker?filters%5BProject%20category%5D=Desal', name)
	const panel = page.locator('#saved-searches')

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

test('a member turns a saved companies search into a daily alert in the panel, and /profile lists it as a Companies alert', async ({ page }) => {
	test.slow()
	await newMember(page, 'alert-companies', '/companies')
	const name = 'Companies in France'
	await saveSearch(page, '/companies?filters%5BHeadquarters%20Country%5D=France', name)
	const panel = page.locator('#saved-searches')

	if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
	const item = panel.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await item.getByRole('button', { name: `Daily alert: ${name}` }).click()
	await expect(page).toHaveURL(/\/companies\?/)
	await expect(item.getByText('On, daily')).toBeVisible()

	await page.goto('/profile')
	const alerts = page.locator('section[aria-labelledby="profile-alerts"]')
	const row = alerts.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await expect(row.getByText('Companies:')).toBeVisible()
	await expect(row.getByText('On, daily')).toBeVisible()
})

test('a new member saves a site search under its default name, turns it into a daily alert in the panel, and /profile lists it as a Search alert', async ({ page }) => {
	test.slow()
	// A plain account: site search is everyone's, so its alerts need no membership.
	const reader = newReader('alert-search')
	await signUp(page, reader)
	const panel = await openSavedSearches(page, '/search?searchTerm=desalination&sortBy=Relevance&filters%5BPage%20type%5D=%2Farticles')
	await panel.getByRole('button', { name: 'Save search' }).click()
	// Back on the same query, the dialog closed; the search is saved under "Search dd-MM-yyyy - HH:mm".
	await expect(page).toHaveURL(/\/search\?searchTerm=desalination&/)
	await expect(panel).not.toHaveAttribute('open')
	await expect(page.getByRole('searchbox')).toHaveValue('desalination')
	await panel.locator('summary').click()
	const saved = panel.getByRole('link', { name: /^Search \d\d-\d\d-\d{4} - \d\d:\d\d$/ })
	await expect(saved).toHaveAttribute('href', '/search?searchTerm=desalination&sortBy=Relevance&filters%5BPage+type%5D=%2Farticles')
	const name = (await saved.textContent())!
	const item = panel.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await item.getByRole('button', { name: `Daily alert: ${name}` }).click()
	await expect(page).toHaveURL(/\/search\?searchTerm=desalination&/)
	await expect(item.getByText('On, daily')).toBeVisible()

	await page.goto('/profile')
	const row = page.locator('section[aria-labelledby="profile-alerts"] li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await expect(row.getByText('Search:')).toBeVisible()
	await expect(row.getByText('On, daily')).toBeVisible()
	await row.getByRole('button', { name: `Pause: ${name}` }).click()
	await expect(row.getByText('Paused', { exact: true })).toBeVisible()
})

test('a new member saves an events search and an opportunity exchange search as weekly alerts, each listed on /profile by its page title', async ({ page }) => {
	test.slow()
	const reader = newReader('alert-tools')
	await signUp(page, reader)
	for (const { url, name, label } of [
		{ url: '/events?filters%5BEvent%20type%5D=GWI%20Event', name: 'GWI events', label: 'Events:' },
		{ url: '/opportunityexchange?filters%5BCategory%5D=Build', name: 'Build opportunities', label: 'Opportunity exchange:' },
	]) {
		await saveSearch(page, url, name)
		const panel = page.locator('#saved-searches')
		await panel.locator('summary').click()
		const item = panel.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
		await item.getByRole('button', { name: `Weekly alert: ${name}` }).click()
		await expect(item.getByText('On, weekly')).toBeVisible()
		await page.goto('/profile')
		const row = page.locator('section[aria-labelledby="profile-alerts"] li').filter({ has: page.getByRole('link', { name, exact: true }) })
		await expect(row.getByText(label)).toBeVisible()
		await expect(row.getByText('On, weekly')).toBeVisible()
	}
	// The pages that gained the panel, open, at 375 px: no sideways scroll.
	await page.setViewportSize({ width: 375, height: 800 })
	for (const url of ['/search?searchTerm=water&sortBy=Relevance&savedSearches=open', '/events?savedSearches=open', '/opportunityexchange?savedSearches=open']) {
		await page.goto(url)
		await expect(page.locator('#saved-searches')).toHaveAttribute('open')
		expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(375)
	}
})
