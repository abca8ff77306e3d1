import { expect, test } from '@playwright/test'
import { hydrated, SCRIPT_LOAD_MS } from './support/hydrated.ts'

// Cards and custom pages, read by a visitor, with and without scripts.

test('a visitor reads the terms and conditions', async ({ page }) => {
	const response = await page.goto('/pages/terms')
	expect(response?.status()).toBe(200)
	await expect(page).toHaveTitle('Terms and conditions | GWI')
	await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Memberships and free trials' })).toBeVisible()
	await expect(page.getByText('A free trial lasts two weeks')).toBeVisible()
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pages\/terms$/)
	await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
	// The footer leads from one policy to the next.
	await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Cookie policy' })).toBeVisible()
})

test('a visitor filters the partner content hub by partner and resets the filter', async ({ page }) => {
	await page.goto('/pages/partner-content-hub')
	const filter = page.getByRole('form', { name: 'Filter by partner' })
	const about = page.locator('.card--company')
	await expect(about).toHaveCount(0)

	// Submitting with no company selected does nothing.
	await filter.getByRole('button', { name: 'Filter', exact: true }).click()
	await expect(page).toHaveURL(/\/pages\/partner-content-hub$/)

	await filter.getByLabel('Partner').selectOption({ label: 'Nereus Pumps' })
	await filter.getByRole('button', { name: 'Filter', exact: true }).click()
	await expect(page).toHaveURL(/\/pages\/partner-content-hub\?partner-company=nereus-pumps$/)
	await expect(about.getByRole('heading', { name: 'About this partner' })).toBeVisible()
	await expect(about).toContainText('Nereus Pumps A/S')
	await expect(page.locator('.card--article-list .teaser').first()).toBeVisible()
	await expect(filter.getByLabel('Partner')).toHaveValue('nereus-pumps')

	await filter.getByRole('link', { name: 'Reset filter', exact: true }).click()
	await expect(page).toHaveURL(/\/pages\/partner-content-hub$/)
	await expect(about).toHaveCount(0)
})

test('the home page shows its cards: lists, the sponsored article, a blog, events, projects and adverts', async ({ page }) => {
	await page.goto('/')
	await expect(page.locator('.card--article-list').first().locator('.teaser')).toHaveCount(10)
	const sponsored = page.locator('.card--sponsored')
	await expect(sponsored.getByRole('heading', { name: 'Sponsored' })).toBeVisible()
	await expect(sponsored).toContainText('Sponsored by')
	await expect(page.locator('.card--events').getByText(/GWI Event|Partner Event/).first()).toBeVisible()
	const projects = page.locator('.card--projects')
	await expect(projects.locator('tbody tr')).toHaveCount(5)
	await expect(projects).toContainText('The Project Tracker is available exclusively to full members')
	const banner = page.locator('.card--advert-banner img')
	await banner.scrollIntoViewIfNeeded()
	await expect(banner).toBeVisible()
	await expect(page.getByText('Component not yet implemented!')).toHaveCount(0)
	await expect(page.getByText('An error occurred loading this content.')).toHaveCount(0)

	// The blog card: Read More opens a post in place, Read Less closes it; Next pages.
	const blog = page.locator('.card--blog')
	await expect(blog.locator('.blog-post')).toHaveCount(3)
	const post = blog.locator('.blog-post').filter({ has: page.locator('.read-more') }).first()
	const body = post.locator('.read-more .prose')
	await expect(body).toBeHidden()
	await post.getByText('Read More').click()
	await expect(body).toBeVisible()
	await post.getByText('Read Less').click()
	await expect(body).toBeHidden()
	const firstHeadline = await blog.locator('.blog-post h3').first().textContent()
	await blog.getByRole('link', { name: 'Next', exact: true }).click()
	await expect(page).toHaveURL(/blogPage-\d+=2/)
	await expect(blog.getByText(/Page 2 of \d+/)).toBeVisible()
	await expect(blog.locator('.blog-post h3').first()).not.toHaveText(firstHeadline!)
	// In place: the reader is still at the card (its anchor without scripts, the kept scroll with them).
	await expect(blog).toBeInViewport()
})

test('an event card shows each event’s thumbnail once the reader reaches it', async ({ page }) => {
	await page.goto('/pages/desalination-hub')
	const events = page.locator('.card--events')
	// Thumbnails far down the page load lazily (with scripts); until then their box is tinted.
	await events.scrollIntoViewIfNeeded()
	const thumbnails = events.locator('.event-card img')
	await expect(thumbnails).toHaveCount(4)
	for (const thumbnail of await thumbnails.all()) {
		await expect(thumbnail).toBeVisible()
		await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0)
	}
})

test('a chart card shows its table without scripts and draws the chart with them', async ({ page, javaScriptEnabled }) => {
	await page.goto('/pages/water-market-data')
	const card = page.locator('.card--chart').filter({ hasText: 'Water tariffs in selected cities' })
	const table = card.getByRole('table', { name: 'Water tariffs in selected cities' })
	if (!javaScriptEnabled) {
		await expect(table).toBeVisible()
		await expect(table.getByRole('row', { name: /Copenhagen 9\.8\b/ })).toBeVisible()
		await expect(card.locator('.highcharts-root')).toHaveCount(0)
		return
	}
	await expect(card.locator('.highcharts-root')).toBeVisible({ timeout: SCRIPT_LOAD_MS })
	await expect(card.locator('.highcharts-xaxis-labels')).toContainText('Copenhagen')
	// The table folds away under "Data table" and opens on demand.
	await expect(table).toBeHidden()
	await card.getByText('Data table').click()
	await expect(table.getByRole('row', { name: /Copenhagen 9\.8\b/ })).toBeVisible()
})

test('a page’s cards have their code before the page hydrates, so none loses the server’s HTML', async ({ page, javaScriptEnabled }) => {
	test.skip(!javaScriptEnabled, 'about hydrating; without scripts the server’s HTML is all there is')
	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	// A card still waiting for its code while the page hydrates would lose its HTML at the
	// page's first update (React's error 421). So the cards' code is held back here, and the
	// page must not start hydrating (React attaching itself to the header's links) until it has it.
	let requested!: () => void
	const cardCodeRequested = new Promise<void>((resolve) => (requested = resolve))
	let release!: () => void
	const cardCodeReleased = new Promise<void>((resolve) => (release = resolve))
	await page.route(/\/assets\/\w+Cards?-[\w-]+\.js$/, async (route) => {
		requested()
		await cardCodeReleased
		await route.continue()
	})
	await page.goto('/pages/desalination-hub', { waitUntil: 'domcontentloaded' })
	await cardCodeRequested
	const homeLink = page.getByRole('banner').getByRole('link').first()
	expect(await homeLink.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), 'hydrating before the cards’ code arrived').toBe(false)
	release()
	await hydrated(homeLink)
	await hydrated(page.locator('.card--article-list').getByRole('link').first())
	await expect(page.locator('.card--loading')).toHaveCount(0)
	expect(errors).toEqual([])
})

test('a table card pages its rows', async ({ page }) => {
	await page.goto('/pages/water-market-data')
	const card = page.locator('.card--table')
	await expect(card.getByText('Page 1 of 3')).toBeVisible()
	await expect(card.getByRole('row', { name: /Copenhagen/ })).toBeVisible()
	await card.getByRole('link', { name: 'Next', exact: true }).click()
	await expect(card.getByText('Page 2 of 3')).toBeVisible()
	await expect(card.getByRole('row', { name: /Paris/ })).toBeVisible()
	await expect(card.getByRole('row', { name: /Copenhagen/ })).toHaveCount(0)
})

test('the archive filters newsletter issues by date', async ({ page }) => {
	await page.goto('/pages/archive')
	const card = page.locator('.card--newsletters')
	await expect(card.locator('.cover')).toHaveCount(16)
	const count = card.locator('.card__count')
	const totalText = (await count.textContent())!
	const total = Number(totalText.match(/of ([\d,]+) results/)![1].replace(/,/g, ''))
	// Last calendar month: weekly issues always fall in it.
	const now = new Date()
	const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10)
	const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10)
	const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${from}T00:00:00Z`))
	await card.getByLabel('Published from').fill(from)
	await card.getByLabel('Published to').fill(to)
	await card.getByRole('button', { name: 'Filter', exact: true }).click()
	// The URL can change before the filtered list is on the page: wait for the new count,
	// and (without scripts) for the whole new page before reading its dates.
	await page.waitForURL(new RegExp(`publishedFrom=${from}&publishedTo=${to}`))
	await expect(count).not.toHaveText(totalText)
	const filtered = Number((await count.textContent())!.match(/of ([\d,]+) results/)![1].replace(/,/g, ''))
	expect(filtered).toBeGreaterThan(0)
	expect(filtered).toBeLessThan(total)
	for (const date of await card.locator('.cover time').allTextContents()) expect(date).toMatch(new RegExp(`${month}$`))

	// From after to: the spec's warning and no results.
	await card.getByLabel('Published from').fill(`${to.slice(0, 8)}28`)
	await card.getByLabel('Published to').fill(from)
	await card.getByRole('button', { name: 'Filter', exact: true }).click()
	await expect(card.getByText("Warning: the 'from' date is later than the 'to' date and so no results will be displayed.")).toBeVisible()
	await expect(card.locator('.cover')).toHaveCount(0)
})
