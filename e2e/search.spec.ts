/**
 * Site search (spec 000 §2, §5) as a reader uses it, with and without scripts: search, tick
 * facets, page, sort, and a 'from' date later than the 'to' date. With scripts ticks and
 * choices apply at once (dates after 2000 ms); without them the reader presses a button.
 */
import { expect, test, type Page } from '@playwright/test'

const countOf = async (page: Page) => Number((await page.locator('.list-page__count').textContent())!.replace(/[^\d]/g, ''))
const facet = (page: Page, filter: string, label: RegExp) => page.getByRole('group', { name: filter }).getByRole('checkbox', { name: label })
/** The count a facet value shows in its label: "Projects (166)". */
async function facetCount(page: Page, filter: string, label: RegExp) {
	const text = await page.getByRole('group', { name: filter }).locator('label', { has: page.getByRole('checkbox', { name: label }) }).textContent()
	return Number(text!.match(/\(([\d,]+)\)/)![1].replace(/,/g, ''))
}
const params = (page: Page) => new URL(page.url()).searchParams

test('a reader searches, filters by facets, pages and sorts', async ({ page, javaScriptEnabled }) => {
	const apply = async () => {
		if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters', exact: true }).click()
	}
	// The default query, at /search itself: articles, by relevance.
	await page.goto('/search')
	await expect(page.getByLabel('Sort by')).toHaveValue('Relevance')
	await expect(facet(page, 'Page type', /^Articles/)).toBeChecked()
	await expect(page.locator('.site-header').getByRole('search')).toHaveCount(0)

	const everything = await countOf(page)
	await page.getByRole('searchbox', { name: 'Search term' }).fill('desalination')
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await page.waitForURL(/searchTerm=desalination/)
	// With scripts the page renders just after the URL changes: read it once it has.
	await expect.poll(() => countOf(page)).toBeLessThan(everything)
	const articles = await facetCount(page, 'Page type', /^Articles/)
	expect(await countOf(page)).toBe(articles)
	await expect(page.locator('.search-hit .teaser__type').first()).toHaveText(/Articles|Live update/)

	// Page 2, then a facet: back to page 1 with both page types.
	await page.getByRole('link', { name: 'Next', exact: true }).click()
	await expect(page).toHaveURL(/pageNum=2/)
	await expect(page.getByText(/^Page 2 of/)).toBeVisible()
	const projects = await facetCount(page, 'Page type', /^Projects/)
	await facet(page, 'Page type', /^Projects/).check()
	await apply()
	await expect(page).toHaveURL(/%2Fprojects/)
	expect(params(page).get('pageNum')).toBeNull()
	await expect(page.locator('.list-page__count')).toHaveText(`${(articles + projects).toLocaleString('en-GB')} results`)

	// Article type narrows to articles of that type: exactly its facet's count.
	const news = await facetCount(page, 'Article type', /^News/)
	await facet(page, 'Article type', /^News/).check()
	await apply()
	await expect(page).toHaveURL(/filters%5BArticle\+type%5D=News/)
	await expect(page.locator('.list-page__count')).toHaveText(`${news.toLocaleString('en-GB')} results`)
	await expect(page.locator('.search-hit .teaser__type').first()).toHaveText('Articles')

	// Sort by date: newest first, from page 1.
	await page.getByRole('link', { name: 'Next', exact: true }).click()
	await expect(page).toHaveURL(/pageNum=2/)
	await page.getByLabel('Sort by').selectOption('Date')
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/sortBy=Date/)
	expect(params(page).get('pageNum')).toBeNull()
	await expect(page.getByText(/^Page 1 of/)).toBeVisible()
	const times = async () => (await page.locator('.search-hit .teaser__byline').allTextContents()).map((text) => Date.parse(text))
	await expect.poll(async () => {
		const shown = await times()
		return shown.length === 10 && shown.every((time, index) => index === 0 || shown[index - 1] >= time)
	}).toBe(true)
})

test('a long facet lists its first countries, and all of them on asking; a ticked country stays listed', async ({ page, javaScriptEnabled }) => {
	await page.goto('/search')
	const countries = page.getByRole('group', { name: 'Countries' })
	await expect(countries.getByRole('checkbox')).toHaveCount(12)
	const all = countries.getByRole('link', { name: /^All [\d,]+ countries$/ })
	const total = Number((await all.textContent())!.replace(/[^\d]/g, ''))
	await all.click()
	await expect(page).toHaveURL(/allValues=Countries/)
	// The default query is kept: articles, by relevance.
	await expect(facet(page, 'Page type', /^Articles/)).toBeChecked()
	await expect(countries.getByRole('checkbox')).toHaveCount(total)
	// The last country: not among the first twelve.
	const last = countries.getByRole('checkbox').last()
	const name = (await countries.locator('label').last().textContent())!.replace(/\s*\([\d,]+\)\s*$/, '').trim()
	await last.check()
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters', exact: true }).click()
	await expect(page).toHaveURL(/filters%5BCountries%5D=/)
	expect(params(page).getAll('filters[Countries]')).toEqual([name])
	// The list stays whole through the form, and the ticked country is ticked.
	expect(params(page).getAll('allValues')).toEqual(['Countries'])
	await expect(countries.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) })).toBeChecked()
})

test("a 'from' date later than the 'to' date shows the warning and no results", async ({ page, javaScriptEnabled }) => {
	await page.goto('/search?sortBy=Relevance&searchTerm=water')
	expect(await countOf(page)).toBeGreaterThan(0)
	await page.getByLabel('Published from').fill('2025-06-30')
	await page.getByLabel('Published to').fill('2025-01-01')
	// With scripts the dates apply by themselves, 2000 ms after the last change.
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters', exact: true }).click()
	await expect(page).toHaveURL(/publishedFrom=2025-06-30&publishedTo=2025-01-01/)
	await expect(page.getByRole('alert')).toHaveText("Warning: the 'from' date is later than the 'to' date and so no results will be displayed.")
	await expect(page.getByText('No results found')).toBeVisible()
	await expect(page.getByLabel('Published from')).toHaveValue('2025-06-30')

	// Dates the right way round: results within them.
	await page.getByLabel('Published from').fill('2025-01-01')
	await page.getByLabel('Published to').fill('2025-06-30')
	if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters', exact: true }).click()
	await page.waitForURL(/publishedFrom=2025-01-01&publishedTo=2025-06-30/)
	await expect(page.getByRole('alert')).toHaveCount(0)
	expect(await countOf(page)).toBeGreaterThan(0)
})
