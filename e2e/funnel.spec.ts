/**
 * From visitor to member without a dead end, on a phone, with and without scripts: the
 * membership gate's Start free trial leads a visitor through creating an account straight on
 * to the trial's start, and back to the article, which then reads in full. Nothing on the
 * way scrolls sideways at 375 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import { formatPrice, PLANS } from '../contract/commerce.ts'
import { INPUT_ERROR_PAGES } from '../contract/request-input.ts'
import { createAccount, newReader, signIn } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

const PHONE = { width: 375, height: 800 }

test.use({ viewport: PHONE })

/** A members-only article a new trial may read: recent, and not a Market Map (those are unlocked instead). */
async function recentMembersOnlyArticle(request: APIRequestContext) {
	const { items } = (await (await request.get('/api/articles?pageSize=100')).json()) as { items: ArticleSummary[] }
	const monthAgo = Date.now() - 20 * 24 * 60 * 60 * 1000
	const article = items.find((item) => !item.hasAccess && new Date(item.publicationDate).getTime() > monthAgo && item.articleType?.slug !== 'market-map')
	if (!article) throw new Error('no recent members-only article in the seeded data')
	return article
}

async function fitsThePhone(page: Page) {
	const width = await page.evaluate(() => document.documentElement.scrollWidth)
	expect(width, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(PHONE.width)
}

test('a visitor meets the paywall, creates an account, starts the free trial and reads the article', async ({ page, request }) => {
	const article = await recentMembersOnlyArticle(request)
	const articlePath = `/articles/${article.slug}`
	await page.goto(articlePath)
	await rejectCookies(page)
	const paywall = page.locator('.paywall')
	await expect(paywall).toBeVisible()
	await fitsThePhone(page)

	// Join goes through sign-in too, to the membership's /join with this page as returnPath.
	const join = new URL((await paywall.getByRole('link', { name: 'Join', exact: true }).getAttribute('href'))!, 'http://site')
	expect(join.pathname).toBe('/login')
	expect(join.searchParams.get('returnUrl')).toBe(`/join?joinType=gwi-membership&returnPath=${encodeURIComponent(articlePath)}`)

	await paywall.getByRole('link', { name: 'Start free trial' }).click()
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	await createAccount(page, newReader('funnel'))

	// Straight on to the trial's start (not the home page, not the registration confirmation).
	await expect(page).toHaveURL(/\/join\?joinType=gwi-trial&returnPath=/)
	await fitsThePhone(page)
	await page.getByRole('button', { name: 'Start free trial' }).click()
	await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible()
	await fitsThePhone(page)
	const form = page.locator('form#about-you')
	await form.getByLabel('How did you find us?').selectOption('Other')
	await form.getByLabel('If other, please specify').fill('The paywall of an article')
	await form.getByRole('button', { name: 'Submit' }).click()
	await page.getByRole('link', { name: "Let's get started" }).click()

	await expect(page).toHaveURL(new RegExp(`${articlePath}$`))
	await expect(page.locator('.paywall')).toHaveCount(0)
	await expect(page.getByRole('heading', { name: article.headline, level: 1 })).toBeVisible()
	await fitsThePhone(page)
})

test("the footer's Start a free trial and Join lead a visitor to sign-in, then to /join", async ({ page }) => {
	await page.goto('/')
	const footer = page.locator('footer')
	for (const [name, join] of [
		['Start a free trial', '/join?joinType=gwi-trial'],
		['Join', '/join'],
	] as const) {
		const href = new URL((await footer.getByRole('link', { name, exact: true }).getAttribute('href'))!, 'http://site')
		expect(href.pathname).toBe('/login')
		expect(href.searchParams.get('returnUrl')).toBe(join)
	}
})

test('the tracker on a phone: the filter panel starts closed and the results come first; wider, the filters show', async ({ page }) => {
	await page.goto('/projecttracker')
	const filters = page.locator('details.table-filters')
	await expect(filters).not.toHaveAttribute('open')
	await expect(filters.getByRole('checkbox').first()).toBeHidden()
	await expect(page.getByRole('region', { name: 'Results' })).toBeInViewport()
	await fitsThePhone(page)
	await filters.locator('summary').click()
	await expect(filters.getByRole('checkbox').first()).toBeVisible()

	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto('/projecttracker')
	await expect(page.locator('details.table-filters').getByRole('checkbox').first()).toBeVisible()
})

test('/memberships gives every plan in pounds and dollars, with or without scripts', async ({ page }) => {
	await page.goto('/memberships')
	for (const plan of PLANS) {
		const card = page.locator('.plan-card', { has: page.locator(`#plan-${plan.key}`) })
		await expect(card).toContainText(formatPrice(plan, 'GBP'))
		await expect(card).toContainText(formatPrice(plan, 'USD'))
	}
	await fitsThePhone(page)
})

test("words in the address are never shown as the site's message; the site's codes are", async ({ page }) => {
	await signIn(page, 'strategist@example.com', undefined, '/projecttracker')
	const crafted = 'Your account is suspended. Call +44 20 0000 0000'
	await page.goto(`/projecttracker?downloadError=${encodeURIComponent(crafted)}&savedSearchMessage=${encodeURIComponent(crafted)}`)
	await expect(page.getByRole('heading', { name: 'Project Tracker', level: 1 })).toBeVisible()
	await expect(page.getByText(crafted)).toHaveCount(0)
	await page.goto('/projecttracker?downloadError=you-are-not-authorized-to-download-projects')
	await expect(page.getByText('Failed to download projects: You are not authorized to download projects')).toBeVisible()
	// A session's error asks the reader to refresh (spec 002 §8).
	await page.goto('/projecttracker?downloadError=login-token-expired')
	await expect(page.getByText('Failed to download projects: Login token expired. Please refresh your browser.')).toBeVisible()
})

test("a form posted to a page without an action gets the site's own message", async ({ request, baseURL }) => {
	const response = await request.post('/articles', { form: { intent: 'x' }, headers: { Origin: baseURL! } })
	expect(response.status()).toBe(405)
	// What the reader sees: the page's main content (the router's own text stays in its hydration data).
	const main = /<main[\s\S]*?<\/main>/.exec(await response.text())?.[0] ?? ''
	expect(main).toContain(INPUT_ERROR_PAGES[405])
	expect(main).not.toContain('did not provide an')
})
