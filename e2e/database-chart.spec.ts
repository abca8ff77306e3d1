/**
 * Database chart cards (spec 001 §2, §4 "Chart card") and the company revenue chart (issue
 * 11), with scripts and without: the chart is the server's SVG until Highcharts draws it; the
 * panels open one at a time, the sunburst year and Reset are links.
 */
import { expect, test, type Locator } from '@playwright/test'
import { signIn } from './support/sign-in.ts'
import { SCRIPT_LOAD_MS } from './support/hydrated.ts'

const MARKET_DATA = '/pages/water-market-data'

/** A chart card's open panels (the table inside one is a scrolling region of its own). */
const panels = (card: Locator) => card.getByRole('region', { name: /^(Trends|Methodology|Definitions|Data table)$/ })

/** The server's drawing without scripts; Highcharts' once they run. */
async function expectChart(card: Locator, javaScriptEnabled: boolean) {
	if (javaScriptEnabled) {
		await expect(card.locator('.chart__canvas .highcharts-root')).toBeVisible({ timeout: SCRIPT_LOAD_MS })
		await expect(card.locator('.chart__svg')).toHaveCount(0)
	} else {
		await expect(card.locator('.chart__svg svg[role="img"]')).toBeVisible()
		await expect(card.locator('.chart__svg svg path, .chart__svg svg rect[fill="#2d62b2"]').first()).toBeVisible()
	}
}

test('a database chart card’s panels open one at a time', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, MARKET_DATA)
	const card = page.locator('.card--database-chart', { hasText: 'Global water spending forecast' })
	await expect(card.getByText(/^Updated [A-Z][a-z]+ \d{4}$/)).toBeVisible()
	await expect(card.getByText('Total spending | Global | 2022-2029 | $ million')).toBeVisible()
	await expectChart(card, javaScriptEnabled)
	await expect(panels(card)).toHaveCount(0)
	// Fullscreen needs scripts (the Fullscreen API): offered only once the chart is drawn.
	await expect(card.getByRole('button', { name: 'Fullscreen' })).toHaveCount(javaScriptEnabled ? 1 : 0)

	await card.getByRole('link', { name: 'Trends' }).click()
	await expect(card.getByRole('region', { name: 'Trends' })).toContainText('Total spending (Global) moves from')
	await expect(card.getByRole('link', { name: 'Trends' })).toHaveAttribute('aria-expanded', 'true')

	await card.getByRole('link', { name: 'Methodology' }).click()
	await expect(card.getByRole('region', { name: 'Methodology' })).toContainText('How the forecasts are built')
	await expect(panels(card)).toHaveCount(1)

	await card.getByRole('link', { name: 'Data table' }).click()
	await expect(card.getByRole('region', { name: 'Data table' }).locator('table tfoot, table tr').last()).toContainText('Total')
	await expect(panels(card)).toHaveCount(1)

	// Its button again closes the open panel.
	await card.getByRole('link', { name: 'Data table' }).click()
	await expect(panels(card)).toHaveCount(0)
	await expectChart(card, javaScriptEnabled)
	await expect(card.getByRole('link', { name: 'Explore data' })).toHaveAttribute('href', /^\/data\?reportType=TotalSpending/)

	// The chart menu: the explorer's exports of the card's query.
	await card.locator('.card__menu > summary').click()
	const [png] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'PNG' }).click()])
	expect(png.suggestedFilename()).toBe('GWI-chart.png')
	await expect(card.getByRole('link', { name: 'Ask an analyst' })).toHaveAttribute('href', /^mailto:/)
})

test('a sunburst card’s year selector and Reset', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, MARKET_DATA)
	const card = page.locator('.card--database-chart', { hasText: 'Water spending by region' })
	const years = card.getByRole('navigation', { name: 'Sunburst year' })
	// TableChart: the table is open at first; the sunburst shows the server's defaultYear.
	await expect(card.getByRole('region', { name: 'Data table' })).toBeVisible()
	await expect(years.locator('[aria-current="true"]')).toHaveText('2024')
	await expectChart(card, javaScriptEnabled)
	if (!javaScriptEnabled) await expect(card.locator('.chart__svg svg text', { hasText: /^2024$/ })).toBeVisible()

	await years.getByRole('link', { name: '2026' }).click()
	await expect(years.locator('[aria-current="true"]')).toHaveText('2026')
	await expect(page).toHaveURL(/chartYear-\d+=2026/)
	if (javaScriptEnabled) await expect(card.locator('.highcharts-subtitle')).toHaveText('2026')
	else await expect(card.locator('.chart__svg svg text', { hasText: /^2026$/ })).toBeVisible()

	await card.getByRole('link', { name: 'Data table' }).click()
	await expect(panels(card)).toHaveCount(0)

	await card.getByRole('link', { name: 'Reset' }).click()
	await expect(years.locator('[aria-current="true"]')).toHaveText('2024')
	await expect(card.getByRole('region', { name: 'Data table' })).toBeVisible()
	await expect(page).not.toHaveURL(/chart(Year|Panel)-/)
	await expect(card.getByText('Regions as GWI defines them; totals may not add up because of rounding.')).toBeVisible()
})

test('a company page has its revenue chart, drawn on the server', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, '/companies/nereus-pumps')
	const stats = page.locator('.financial-stats')
	await expect(stats.getByRole('heading', { name: 'Revenue' })).toBeVisible()
	const chart = stats.locator('.chart--revenue')
	if (javaScriptEnabled) await expect(chart.locator('.highcharts-root')).toBeVisible({ timeout: SCRIPT_LOAD_MS })
	else await expect(chart.locator('.chart__svg svg[role="img"]')).toHaveAttribute('aria-label', /^Revenue, [A-Z]{3} million$/)
	await stats.getByText('Data table').click()
	await expect(stats.locator('table caption')).toHaveText(/^Revenue \([A-Z]{3} million\)$/)
})

test('a chart card is drawn on the server too, and replaced by Highcharts with scripts', async ({ page, javaScriptEnabled }) => {
	await page.goto(MARKET_DATA)
	const card = page.locator('.card--chart').filter({ hasText: 'GWI water stocks index' })
	if (javaScriptEnabled) {
		await expect(card.locator('.chart__canvas .highcharts-root')).toBeVisible({ timeout: SCRIPT_LOAD_MS })
		await expect(card.locator('.chart__svg')).toHaveCount(0)
	} else {
		await expect(card.locator('.chart__svg svg[role="img"]')).toHaveAttribute('aria-label', 'GWI water stocks index')
		await expect(card.locator('.chart__svg svg polyline').first()).toBeVisible()
	}
})
