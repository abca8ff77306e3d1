/**
 * The Project Tracker (spec 002 §2-§9) as members and visitors use it, with and without
 * scripts: filter, sort by a header, page, download projects.xlsx (exactly the table's
 * rows); the members-only gate for visitors.
 */
import ExcelJS from 'exceljs'
import { expect, test, type Page } from '@playwright/test'
import { settled } from './support/settled.ts'
import { signIn } from './support/sign-in.ts'

const count = async (page: Page) => (await page.locator('.table-results__count').textContent())!
const total = async (page: Page) => Number((await count(page)).match(/of ([\d,]+) results/)![1].replace(/,/g, ''))
const names = (page: Page) => page.locator('.results-table tbody tr td:first-child').allTextContents()
const params = (page: Page) => new URL(page.url()).searchParams

test('a Strategist filters, sorts, pages and downloads the tracker', async ({ page, javaScriptEnabled }) => {
	const apply = async () => {
		if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	}
	await signIn(page, 'strategist@example.com', undefined, '/projecttracker')
	await page.goto('/projecttracker')
	await expect(page.getByRole('heading', { name: 'Project Tracker', level: 1 })).toBeVisible()
	const everything = await total(page)
	await expect(page.locator('.table-results__count')).toHaveText(`10 of ${everything.toLocaleString('en-GB')} results`)

	// Page 2, then a filter: back to page 1.
	await page.getByRole('link', { name: 'Next' }).click()
	await expect(page).toHaveURL(/pageNum=2/)
	await page
		.getByRole('group', { name: 'Project category' })
		.getByRole('checkbox', { name: /^Desal/ })
		.check()
	await apply()
	await expect(page).toHaveURL(/Desal/)
	expect(params(page).get('pageNum')).toBeNull()
	await expect.poll(() => total(page)).toBeLessThan(everything)
	await page
		.getByRole('group', { name: 'Project type' })
		.getByRole('checkbox', { name: /^Operate/ })
		.check()
	await apply()
	await expect(page).toHaveURL(/Operate/)
	await page.getByLabel('Minimum cost').fill('10')
	if (javaScriptEnabled) await page.getByLabel('Minimum cost').blur()
	await apply()
	await expect(page).toHaveURL(/Minimum\+cost%5D=10|Minimum%20cost%5D=10/)
	const filtered = await settled(() => total(page))
	expect(filtered).toBeGreaterThan(0)

	// Header link: first click ascending by name.
	await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click()
	await expect(page).toHaveURL(/sortBy=name&sortOrder=Ascending/)
	await settled(() => total(page))
	const sorted = await names(page)
	expect([...sorted].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(sorted)
	expect(await total(page)).toBe(filtered)

	// 100 per page shows the whole query; the download holds exactly those rows.
	await page.getByLabel('Per page').selectOption('100')
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Show' }).click()
	await expect(page).toHaveURL(/pageSize=100/)
	await expect.poll(async () => (await names(page)).length).toBe(Math.min(filtered, 100))
	const shown = await names(page)
	expect(shown.length).toBe(Math.min(filtered, 100))
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download projects.xlsx' }).click()])
	expect(download.suggestedFilename()).toBe('projects.xlsx')
	const workbook = new ExcelJS.Workbook()
	await workbook.xlsx.readFile((await download.path())!)
	const rows: string[] = []
	workbook.worksheets[0].eachRow((row, index) => {
		if (index > 1) rows.push(String(row.getCell(1).value))
	})
	expect(rows.length).toBe(filtered)
	expect(rows.slice(0, shown.length)).toEqual(shown)

	// Reset clears everything.
	await page.getByRole('link', { name: 'Reset' }).click()
	await expect(page).toHaveURL(/\/projecttracker$/)
	expect(await total(page)).toBe(everything)
})

test("a trial member meets the members-only message: the tracker is 'available exclusively to full members'", async ({ page }) => {
	await signIn(page, 'trial@example.com', undefined, '/projecttracker')
	await page.goto('/projecttracker')
	await expect(page.getByText('The Project Tracker is available exclusively to full members')).toBeVisible()
	await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0)
	// The file itself is refused too: back to the tracker.
	await page.goto('/projecttracker.xlsx')
	await expect(page).toHaveURL(/\/projecttracker\?downloadError=/)
	await expect(page.getByText('The Project Tracker is available exclusively to full members')).toBeVisible()
})

test('a visitor sees the members-only gate: sample rows, filters disabled, no search, download or pagination', async ({ page }) => {
	await page.goto('/projecttracker?filters%5BProject%20category%5D=Desal&pageNum=2')
	await expect(page.getByText('The Project Tracker is available exclusively to full members')).toBeVisible()
	await expect(page.locator('.results-table tbody tr')).toHaveCount(10)
	await expect(page.getByRole('group', { name: 'Project category' }).getByRole('checkbox').first()).toBeDisabled()
	// A long facet is a preview the visitor cannot scroll: its first values only (NO_ACCESS_PREVIEW_VALUES).
	await expect(page.getByRole('group', { name: 'Countries' }).getByRole('checkbox')).toHaveCount(12)
	await expect(page.locator('.table-page').getByRole('searchbox')).toHaveCount(0)
	await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Next' })).toHaveCount(0)
})


test('saved filters are merged into the address once, on the first load; Reset still resets', async ({ page, context, javaScriptEnabled }) => {
	// One member per project: the two projects run side by side and each member's filters are their own.
	await signIn(page, javaScriptEnabled ? 'multi-office@example.com' : 'incomplete@example.com', undefined, '/projecttracker')
	await page.goto('/projecttracker?filters%5BProject%20type%5D=DFI')
	await expect(page.getByRole('group', { name: 'Project type' }).getByRole('checkbox', { name: /^DFI/ })).toBeChecked()
	const dfi = await settled(() => total(page))

	// A new browser session (the session-only cookie gone, still signed in): the plain address opens on the saved filters.
	await context.clearCookies({ name: 'gwi_tracker_filters' })
	await page.goto('/projecttracker')
	await expect(page).toHaveURL(/filters%5BProject\+type%5D=DFI|filters%5BProject%20type%5D=DFI/)
	await expect(page.getByRole('group', { name: 'Project type' }).getByRole('checkbox', { name: /^DFI/ })).toBeChecked()
	expect(await settled(() => total(page))).toBe(dfi)

	// Only once: Reset is the plain tracker, and stays so.
	await page.getByRole('link', { name: 'Reset' }).click()
	await expect(page).toHaveURL(/\/projecttracker$/)
	await expect(page.getByRole('group', { name: 'Project type' }).getByRole('checkbox', { name: /^DFI/ })).not.toBeChecked()
	expect(await settled(() => total(page))).toBeGreaterThan(dfi)

	// Reset is remembered too: the next session starts plain.
	await context.clearCookies({ name: 'gwi_tracker_filters' })
	await page.goto('/projecttracker')
	await expect(page).toHaveURL(/\/projecttracker$/)
})

test('choosing a range type resets the other range filters', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, '/projecttracker')
	await page.goto('/projecttracker?filters%5BMinimum%20cost%5D=50&filters%5BMinimum%20capacity%5D=100000')
	await page.getByLabel('Range type').selectOption('Capacity (m3/d)')
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/Range\+type%5D=Capacity|Range%20type%5D=Capacity/)
	await expect(page).not.toHaveURL(/Minimum\+cost|Minimum%20cost/)
	await expect(page.getByLabel('Minimum capacity')).toHaveValue('100000')
	await expect(page.getByLabel('Minimum cost')).toHaveCount(0)
})

test('a page size of 1 to 9 in the address is kept (spec 000 §5, 002 §5)', async ({ page }) => {
	await signIn(page, 'strategist@example.com', undefined, '/projecttracker')
	await page.goto('/projecttracker?pageSize=7')
	await expect(page.locator('.results-table tbody tr')).toHaveCount(7)
	await expect(page.locator('.table-results__count')).toHaveText(/^7 of /)
})
