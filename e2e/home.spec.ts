import { expect, test, type Locator, type Page } from '@playwright/test'
import { hydrated } from './support/hydrated.ts'

test('a visitor reads the home page: header, cards and footer', async ({ page, request }) => {
	const response = await page.goto('/')
	expect(response?.status()).toBe(200)
	await expect(page).toHaveTitle(/ \| GWI$/)
	await expect(page.getByRole('link', { name: 'GWI Global Water Intelligence home', exact: true })).toBeVisible()
	await expect(page.getByRole('search')).toBeVisible()
	// The home page shows no page-title header, only its cards.
	await expect(page.getByRole('heading', { name: 'Latest news' })).toBeVisible()
	await expect(page.locator('.card--article-list').first().locator('.teaser')).toHaveCount(10)
	await expect(page.getByText('Welcome!')).toHaveCount(0)
	await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy', exact: true })).toBeVisible()

	// Anonymous pages are cacheable by a CDN, per reader cookie.
	expect(response?.headers()['cache-control']).toContain('s-maxage')
	expect(response?.headers()['vary']).toMatch(/Cookie/i)
	// A fresh render splits its time into API and rendering; the server's own copy says so instead.
	const fromPageCache = response?.headers()['x-page-cache'] === 'hit'
	expect(response?.headers()['server-timing']).toMatch(fromPageCache ? /^cache;/ : /api;.*render;/)
	const fresh = await request.get(`/?home-spec=${Date.now()}`)
	expect(fresh.headers()['server-timing']).toMatch(/api;.*render;/)
	expect(response?.headers()['content-security-policy']).toMatch(/script-src[^;]*'nonce-/)
})

test('the header search goes to site search for articles, sorted by relevance', async ({ page }) => {
	await page.goto('/')
	await page.getByRole('searchbox').fill('desalination')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/\/search\?/)
	const url = new URL(page.url())
	expect(url.searchParams.get('searchTerm')).toBe('desalination')
	expect(url.searchParams.get('sortBy')).toBe('Relevance')
	expect(url.searchParams.get('filters[Page type]')).toBe('/articles')
	// The search box is hidden on the search page itself.
	await expect(page.locator('.site-header').getByRole('search')).toHaveCount(0)
})

test('on a narrow screen the menu opens without scripts', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await page.goto('/')
	await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
	await page.getByRole('button', { name: 'Menu', exact: true }).click()
	const events = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events', exact: true })
	await expect(events).toBeVisible()
})

// With scripts links navigate in the page, so the window survives; without, the browser loads the page.
// The mark waits until the link to click has hydrated: before then it is an ordinary link.
const markWindow = async (page: Page, link: Locator) => {
	await hydrated(link)
	await page.evaluate(() => Object.assign(window, { beforeClick: true }))
}
const windowSurvived = (page: Page) => page.evaluate(() => (window as { beforeClick?: boolean }).beforeClick === true)

test('a menu link goes to its page and marks itself as the current page', async ({ page }, testInfo) => {
	await page.goto('/')
	const scripted = testInfo.project.name !== 'no-js'
	const footer = page.getByRole('contentinfo')
	if (scripted) await markWindow(page, footer.getByRole('link', { name: 'Privacy policy', exact: true }))
	await footer.getByRole('link', { name: 'Privacy policy', exact: true }).click()
	await expect(page).toHaveURL(/\/pages\/privacypolicy$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(footer.getByRole('link', { name: 'Privacy policy', exact: true })).toHaveAttribute('aria-current', 'page')
	await expect(footer.locator('[aria-current="page"]')).toHaveCount(1)
	if (scripted) expect(await windowSurvived(page)).toBe(true)
})

test('a teaser’s headline opens its article', async ({ page }, testInfo) => {
	await page.goto('/')
	const scripted = testInfo.project.name !== 'no-js'
	const headline = page.locator('.teaser__headline a').first()
	if (scripted) await markWindow(page, headline)
	const title = (await headline.textContent())!.trim()
	await headline.click()
	await expect(page).toHaveURL(/\/articles\/[^/]+$/)
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	if (scripted) expect(await windowSurvived(page)).toBe(true)
})
