/**
 * The companies index (spec 001 §2, §4-§6) with and without scripts: a visitor sees the
 * sample (10 rows, total 3220, filters disabled, access prompt); a Strategist filters by
 * two facets and a revenue range, sorts by a header and downloads companies.xlsx.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from '@playwright/test'
import { settled } from './support/settled.ts'
import { signIn } from './support/sign-in.ts'

const total = async (page: Page) => Number((await page.locator('.table-results__count').textContent())!.match(/of ([\d,]+) results/)![1].replace(/,/g, ''))
const firstCount = async (page: Page, group: string) => {
	const label = page.getByRole('group', { name: group }).locator('label').first()
	return { label: (await label.textContent())!.replace(/\s*\([\d,]+\)\s*$/, '').trim(), count: Number((await label.textContent())!.match(/\(([\d,]+)\)/)![1].replace(/,/g, '')) }
}

test('a visitor sees the sample companies index', async ({ page }) => {
	await page.goto('/companies')
	await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
	await expect(page.locator('.table-results__count')).toHaveText('10 of 3,220 results')
	await expect(page.locator('.results-table tbody tr')).toHaveCount(10)
	await expect(page.getByText('These are sample rows. Become a member to search the full index.')).toBeVisible()
	// Spec 001 §1's panel: the Strategist message, what a membership opens, and a sign-in element for visitors.
	const panel = page.locator('.access-prompt')
	await expect(panel.getByRole('heading', { name: 'This content requires a GWI Strategist Membership' })).toBeVisible()
	await expect(panel.getByText('Get unlimited access to:')).toBeVisible()
	await expect(panel.getByRole('link', { name: 'Login' })).toBeVisible()
	await expect(page.getByRole('group', { name: 'Headquarters Country' }).getByRole('checkbox').first()).toBeDisabled()
	await expect(page.getByLabel('Minimum revenue')).toHaveCount(0)
	await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0)
})

test('a Strategist filters the companies index, sorts and downloads it', async ({ page, javaScriptEnabled }) => {
	const apply = async () => {
		if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	}
	await signIn(page, 'strategist@example.com', undefined, '/companies')
	await page.goto('/companies')
	const everything = await total(page)
	expect(everything).toBeGreaterThan(20)
	await expect(page.getByRole('group', { name: 'Sector' })).toBeVisible()
	const sector = await firstCount(page, 'Sector')
	await page.getByRole('group', { name: 'Sector' }).getByRole('checkbox', { name: sector.label }).check()
	await apply()
	await expect.poll(() => total(page)).toBe(sector.count)
	await page.getByLabel('Minimum revenue').fill('1')
	if (javaScriptEnabled) await page.getByLabel('Minimum revenue').blur()
	await apply()
	await expect(page).toHaveURL(/Minimum\+revenue%5D=1/)
	const filtered = await settled(() => total(page))
	expect(filtered).toBeLessThanOrEqual(sector.count)

	await page.getByRole('columnheader', { name: 'Water Revenue (US$m)' }).getByRole('link').click()
	await expect(page).toHaveURL(/sortBy=revenue&sortOrder=Ascending/)
	await settled(() => total(page))
	const revenues = (await page.locator('.results-table tbody td.numeric').allTextContents()).map((text) => Number(text.replace(/,/g, '').replace(/\s*est\.$/, '')))
	expect([...revenues].sort((a, b) => a - b)).toEqual(revenues)

	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download companies.xlsx' }).click()])
	const workbook = new ExcelJS.Workbook()
	await workbook.xlsx.readFile((await download.path())!)
	expect(workbook.worksheets[0].rowCount - 1).toBe(filtered)
	const shown = await page.locator('.results-table tbody tr td:first-child').allTextContents()
	const names: string[] = []
	workbook.worksheets[0].eachRow((row, index) => {
		if (index > 1) names.push(String(row.getCell(1).value))
	})
	expect(names.slice(0, shown.length)).toEqual(shown)
})

test('a Strategist filters the utilities index by region', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, '/utilities')
	await page.goto('/utilities')
	await expect(page.getByRole('heading', { name: 'Utilities', level: 1 })).toBeVisible()
	await expect(page.getByRole('link', { name: 'About this data' })).toBeVisible()
	const europe = await page.getByRole('group', { name: 'Project region' }).locator('label', { hasText: 'Europe' }).textContent()
	const expected = Number(europe!.match(/\(([\d,]+)\)/)![1].replace(/,/g, ''))
	await page
		.getByRole('group', { name: 'Project region' })
		.getByRole('checkbox', { name: /^Europe/ })
		.check()
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect.poll(() => total(page)).toBe(expected)
	await expect(page.getByRole('group', { name: 'Countries' })).toBeVisible()
})

test('a Strategist filters mergers by price with deals without a price included, under All deals', async ({ page, javaScriptEnabled }) => {
	const apply = async () => {
		if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	}
	await signIn(page, 'strategist@example.com', undefined, '/mergers')
	await page.goto('/mergers')
	await expect(page.getByRole('heading', { name: 'Mergers and acquisitions', level: 1 })).toBeVisible()
	await expect(page.getByLabel('Deal completed')).toHaveValue('Completed')
	await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveCount(0)
	const completed = await total(page)
	await page.getByLabel('Deal completed').selectOption('All')
	await apply()
	await expect(page).toHaveURL(/Deal\+completed%5D=All|Deal%20completed%5D=All/)
	await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible()
	await expect.poll(() => total(page)).toBeGreaterThan(completed)
	const all = await total(page)
	await page.getByLabel('Min price').fill('100')
	if (javaScriptEnabled) await page.getByLabel('Min price').blur()
	await apply()
	await expect(page).toHaveURL(/Min\+price%5D=100/)
	// With scripts the address can change a moment before the new total is drawn: wait for it.
	await expect.poll(() => total(page)).toBeLessThan(all)
	const priced = await settled(() => total(page))
	await page.getByLabel('Include deals without a price').check()
	await apply()
	await expect(page).toHaveURL(/Include\+deals\+without\+a\+price%5D=true/)
	await expect.poll(() => total(page)).toBeGreaterThan(priced)
})


test('the indexes take decimals, offer deals without a price from the first form, and their panel has Reset filters and a close button', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, '/mergers')
	await page.goto('/mergers')
	// Offered before any price range is applied.
	await expect(page.getByLabel('Include deals without a price')).toBeVisible()
	await page.getByLabel('Min price').fill('0.25')
	// The browser's own validity: a step of 0.1 refused 0.25 and the form would not submit.
	expect(await page.getByLabel('Min price').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true)
	await page.goto('/companies')
	await page.getByLabel('Minimum revenue').fill('0.42')
	expect(await page.getByLabel('Minimum revenue').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true)
	await page.goto('/utilities')
	await expect(page.getByRole('link', { name: 'Reset filters', exact: true })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Close filters' })).toBeVisible()
	if (javaScriptEnabled) {
		await page.getByRole('button', { name: 'Close filters' }).click()
		await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden()
	}
})

test('an old sortOrder=desc bookmark lands on sortOrder=Descending', async ({ page }) => {
	await signIn(page, 'strategist@example.com', undefined, '/companies')
	await page.goto('/companies?sortBy=name&sortOrder=desc')
	await expect(page).toHaveURL(/\/companies\?sortBy=name&sortOrder=Descending$/)
	await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending')
	await expect(page.getByLabel('Order')).toHaveValue('Descending')
	const names = await page.locator('.results-table tbody tr td:first-child').allTextContents()
	expect([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()))).toEqual(names)
})

test('an Executive cannot sort the companies index by the revenue they do not see', async ({ page }) => {
	await signIn(page, 'executive@example.com', undefined, '/companies')
	await page.goto('/companies?sortBy=revenue&sortOrder=Descending')
	await expect(page.getByRole('columnheader', { name: 'Water Revenue (US$m)' })).toHaveCount(0)
	await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
	await expect(page.getByRole('link', { name: 'Download companies.xlsx' })).toHaveAttribute('href', '/companies.xlsx')
})

test("a Strategist's revenue and price ranges read reported figures until 'Include estimates' is ticked", async ({ page, javaScriptEnabled }) => {
	const apply = async () => {
		if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	}
	await signIn(page, 'strategist@example.com', undefined, '/companies')
	await page.goto('/companies?filters%5BMinimum%20revenue%5D=1')
	await expect(page.getByLabel('Include estimates')).not.toBeChecked()
	const reported = await settled(() => total(page))
	await page.getByLabel('Include estimates').check()
	await apply()
	await expect(page).toHaveURL(/Include\+estimates%5D=true|Include%20estimates%5D=true/)
	await expect.poll(() => total(page)).toBeGreaterThan(reported)
	await expect(page.locator('.results-table abbr[title="GWI estimate"]').first()).toBeVisible()

	await page.goto('/mergers')
	await expect(page.getByLabel('Include estimates')).toBeVisible()
})
