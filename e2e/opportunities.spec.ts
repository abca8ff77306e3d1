/**
 * The opportunity exchange (spec 000 §2, §8), with and without scripts: browsing the exchange
 * on the table engine, adding an opportunity (bad input keeps what was typed and is refused;
 * good input is published with 'Successfully created ...'), a draft behind its secret link,
 * and the members-only note for accounts that may not post.
 */
import crypto from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { settled } from './support/settled.ts'
import { signIn } from './support/sign-in.ts'

const total = async (page: Page) => Number((await page.locator('.table-results__count').textContent())!.match(/of ([\d,]+) results/)![1].replace(/,/g, ''))

test('a visitor browses the exchange by category and opens an opportunity', async ({ page, javaScriptEnabled }) => {
	await page.goto('/opportunityexchange')
	await expect(page.getByRole('heading', { name: 'Opportunity exchange', level: 1 })).toBeVisible()
	const everything = await total(page)
	expect(everything).toBeGreaterThan(10)
	await page
		.getByRole('group', { name: 'Category' })
		.getByRole('checkbox', { name: /^Finance/ })
		.check()
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/filters%5BCategory%5D=Finance|filters\[Category\]=Finance/)
	// With scripts the address changes a moment before the filtered results are drawn.
	await expect.poll(() => total(page)).toBeLessThan(everything)
	const finance = await settled(() => total(page))
	expect(finance).toBeGreaterThan(0)
	expect(finance).toBeLessThan(everything)
	const categories = await page.locator('.results-table tbody tr td:nth-child(2)').allTextContents()
	expect(new Set(categories)).toEqual(new Set(['Finance']))

	const first = page.locator('.results-table tbody tr td:first-child a').first()
	const name = (await first.textContent())!
	await first.click()
	await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
	await expect(page.locator('.opportunity-facts')).toContainText('Finance')
	await expect(page.locator('.opportunity-facts a[href^="mailto:"]')).toBeVisible()
})

test('a member adds an opportunity: bad input comes back as typed, good input is published', async ({ page, javaScriptEnabled }) => {
	const name = `Reuse plant operator sought ${javaScriptEnabled ? 'js' : 'no-js'} ${crypto.randomBytes(3).toString('hex')}`
	await signIn(page, 'executive@example.com', undefined, '/opportunities/add')
	await page.goto('/opportunities/add')
	await expect(page.getByRole('heading', { name: 'Post an opportunity', level: 1 })).toBeVisible()
	await page.getByLabel('Title').fill(name)
	await page.getByRole('radio', { name: 'Operate' }).check()
	await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Spain' })
	await page.getByLabel('Organisation').fill('Aguas de Levante')
	await page.getByLabel('Description').fill('Operation and maintenance of a 40,000 m3/d water reuse plant for eight years, with performance guarantees.')
	await page.getByLabel('Contact email').fill('tenders@levante.example.com')
	await page.getByLabel('Estimated value (US$ million, optional)').fill('18.5')
	// A closing date in the past: the browser's own checks let it through; our rules do not.
	await page.getByLabel('Closing date (optional)').fill('2020-03-01')
	const refused = javaScriptEnabled ? null : page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/opportunities/add'))
	await page.getByRole('button', { name: 'Publish opportunity' }).click()
	if (refused) expect((await refused).status()).toBe(400)
	await expect(page.getByText('Enter the closing date as YYYY-MM-DD, today or later')).toBeVisible()
	await expect(page.getByLabel('Title')).toHaveValue(name)
	await expect(page.getByLabel('Organisation')).toHaveValue('Aguas de Levante')
	await expect(page.getByLabel('Country', { exact: true })).toHaveValue('es')
	await expect(page.getByRole('radio', { name: 'Operate' })).toBeChecked()

	await page.getByLabel('Closing date (optional)').fill('')
	await page.getByRole('button', { name: 'Publish opportunity' }).click()
	await expect(page.getByText(`Successfully created opportunity ${name}`)).toBeVisible()
	await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
	await expect(page).toHaveURL(/\/opportunities\/reuse-plant-operator-sought/)

	await page.goto(`/opportunityexchange?searchTerm=${encodeURIComponent(name)}`)
	await expect(page.locator('.results-table tbody tr td:first-child a', { hasText: name })).toBeVisible()
})

test('a draft is seen only through its secret link', async ({ page, javaScriptEnabled }) => {
	const name = `Desalination lenders wanted ${javaScriptEnabled ? 'js' : 'no-js'} ${crypto.randomBytes(3).toString('hex')}`
	await signIn(page, 'strategist@example.com', undefined, '/opportunities/add')
	await page.goto('/opportunities/add')
	await page.getByLabel('Title').fill(name)
	await page.getByRole('radio', { name: 'Finance' }).check()
	await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Morocco' })
	await page.getByLabel('Organisation').fill('Office National de l’Eau')
	await page.getByLabel('Description').fill('Senior lenders are invited for a 300,000 m3/d seawater desalination plant near Casablanca.')
	await page.getByLabel('Contact email').fill('finance@one.example.com')
	await page.getByRole('button', { name: 'Save as draft' }).click()
	await expect(page.getByText(`Successfully created opportunity ${name}`)).toBeVisible()
	await expect(page.getByText('This opportunity is a draft: only people with this link can see it.')).toBeVisible()
	const draftUrl = new URL(page.url())
	expect(draftUrl.pathname).toMatch(/^\/opportunities\/draft\//)
	expect(draftUrl.searchParams.get('secret')).toBeTruthy()

	const slug = draftUrl.pathname.split('/').at(-1)
	expect((await page.goto(`/opportunities/${slug}`))!.status()).toBe(404)
	expect((await page.goto(`/opportunities/draft/${slug}?secret=wrong`))!.status()).toBe(404)
})

test('an account that may not post is told so, with the way to membership', async ({ page }) => {
	await signIn(page, 'free@example.com', undefined, '/opportunities/add')
	await page.goto('/opportunities/add')
	await expect(page.getByText('Posting opportunities is open to Executive and Strategist members.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Publish opportunity' })).toHaveCount(0)
})
