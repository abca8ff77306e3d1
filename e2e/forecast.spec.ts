/**
 * The forecast explorer (spec 001 §2, §4, §5, §8): a Strategist changes the report type, adds,
 * reorders and removes groups, switches the chart type, downloads every format and saves,
 * renames and deletes a forecast, with scripts and without; the chart is drawn on the server
 * (an SVG without scripts, Highcharts once they run); visitors and Executives are sent to /.
 */
import { expect, test, type Page } from '@playwright/test'
import { exclusive } from './support/exclusive.ts'
import { signIn } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

const CAPEX_BY_REGION_SECTOR = '/data?reportType=CAPEX&groupBy=Region~Sector&globalForecast=true&techForecast=false'

test('a visitor and an Executive are redirected from /data to /', async ({ page }) => {
	await page.goto('/data')
	await expect(page).toHaveURL(/\/$/)
	await signIn(page, 'executive@example.com')
	await page.goto('/data')
	await expect(page).toHaveURL(/\/$/)
})

test('a Strategist changes the report type, adds a group and downloads the xlsx', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, '/data')
	await expect(page).toHaveURL(/\/data\?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Forecasts' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Total spending by Region' })).toBeVisible()
	if (javaScriptEnabled) {
		// Highcharts replaces the server's drawing once it has loaded.
		await expect(page.locator('.forecast__canvas .highcharts-container')).toBeVisible()
		await expect(page.locator('.forecast__svg')).toHaveCount(0)
		await page.locator('.forecast__menu > summary').click()
		await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible()
		await page.locator('.forecast__menu > summary').click()
	} else {
		await expect(page.locator('.forecast__svg svg[role="img"]')).toBeVisible()
		await expect(page.locator('.forecast__svg svg rect[fill="#2d62b2"]').first()).toBeVisible()
		await expect(page.getByRole('button', { name: 'Fullscreen' })).toHaveCount(0)
	}
	await expect(page.locator('.forecast__table tfoot th')).toHaveText('Total')

	await page.getByLabel('Report type').selectOption('CAPEX')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible()
	await expect(page).toHaveURL(/reportType=CAPEX&groupBy=Region/)
	await expect(page.getByRole('heading', { name: 'CAPEX by Region' })).toBeVisible()
	await expect(page.getByText('Parts and services only not available')).toBeVisible()

	await page.getByRole('link', { name: '+ Sector' }).click()
	await expect(page).toHaveURL(/groupBy=Region~Sector/)
	await expect(page.getByRole('heading', { name: 'CAPEX by Region, Sector' })).toBeVisible()
	// Aggregate rows fold their rows away until opened.
	const europe = page.locator('.forecast__aggregate summary', { hasText: 'Europe' })
	await expect(page.locator('.forecast__child').first()).toBeHidden()
	await europe.click()
	await expect(page.locator('.forecast__block:has(details[open]) .forecast__child').first()).toBeVisible()

	// Up/down reorder the groups; the table's first column follows.
	await page.getByRole('link', { name: 'Move Sector up' }).click()
	await expect(page).toHaveURL(/groupBy=Sector~Region/)
	await expect(page.getByRole('heading', { name: 'CAPEX by Sector, Region' })).toBeVisible()
	await expect(page.locator('.forecast__table thead th').first()).toHaveText(/Sector/)
	await page.getByRole('link', { name: 'Move Sector down' }).click()
	await expect(page).toHaveURL(/groupBy=Region~Sector/)
	// The address changes before React renders the new page, whose form (keyed by the state)
	// replaces the old one: a choice made in the old form before that would be lost.
	await expect(page.getByRole('heading', { name: 'CAPEX by Region, Sector' })).toBeVisible()

	// Another chart type: the server draws lines (polylines), Highcharts a line series.
	await page.getByLabel('Chart type').selectOption('line')
	await page.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/chartType=line/)
	if (javaScriptEnabled) await expect(page.locator('.forecast__canvas .highcharts-line-series').first()).toBeAttached()
	else await expect(page.locator('.forecast__svg svg polyline').first()).toBeAttached()

	// Removing a group clears it (and its values) from the URL.
	await page.getByRole('link', { name: 'Remove Region' }).click()
	await expect(page).toHaveURL(/groupBy=Sector&/)
	await expect(page.getByRole('heading', { name: 'CAPEX by Sector' })).toBeVisible()
	await page.goBack()
	await expect(page).toHaveURL(/groupBy=Region~Sector/)

	// Reset all: the defaults, in the URL and in the form's fields.
	await page.getByRole('link', { name: 'Reset all' }).click()
	await expect(page).toHaveURL(/\/data\?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false$/)
	await expect(page.getByLabel('Report type')).toHaveValue('TotalSpending')
	await page.goBack()
	await expect(page).toHaveURL(/groupBy=Region~Sector/)
	await expect(page.getByLabel('Report type')).toHaveValue('CAPEX')

	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download .xlsx' }).click()])
	expect(download.suggestedFilename()).toMatch(/^forecastDownload_\d+\.xlsx$/)
	if (javaScriptEnabled) {
		// With scripts the download reports in a banner that closes.
		await expect(page.getByRole('status').filter({ hasText: 'Forecast data successfully downloaded' })).toBeVisible()
		await page.getByRole('link', { name: 'Close' }).click()
		await expect(page.getByText('Forecast data successfully downloaded')).toHaveCount(0)
	}
})

test('the chart is in the server HTML as SVG, without scripts', async ({ page }) => {
	await signIn(page, 'strategist@example.com')
	const response = await page.request.get('/data?reportType=OPEX&groupBy=Region&globalForecast=true&techForecast=false&chartType=line')
	expect(response.status()).toBe(200)
	const html = await response.text()
	expect(html).toMatch(/<div class="forecast__svg"><svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*role="img" aria-label="OPEX by Region"/)
	expect(html).toContain('<polyline')
	expect(html).toContain('Please use a larger device, such as a tablet or desktop computer, to view this page.')
	// The chart images of the production build (resvg's native binary outside the bundle).
	const png = await page.request.get('/data/export/png?reportType=OPEX&groupBy=Region&globalForecast=true&techForecast=false&chartType=line')
	expect(png.headers()['content-disposition']).toBe('attachment; filename="GWI-chart.png"')
	expect((await png.body()).subarray(1, 4).toString()).toBe('PNG')
})

test('on a small screen only the larger-device message shows', async ({ page }) => {
	await signIn(page, 'strategist@example.com')
	await page.setViewportSize({ width: 600, height: 900 })
	await page.goto('/data?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false')
	await expect(page.getByText('Please use a larger device, such as a tablet or desktop computer, to view this page.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: 'Forecasts' })).toBeHidden()
	await page.setViewportSize({ width: 1280, height: 900 })
	await expect(page.getByRole('heading', { level: 1, name: 'Forecasts' })).toBeVisible()
	await expect(page.getByText('Please use a larger device, such as a tablet or desktop computer, to view this page.')).toBeHidden()
})

/** Clicks a toolbar link and returns the download's file name. */
async function downloadName(page: Page, label: string) {
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label, exact: true }).click()])
	return download.suggestedFilename()
}

test('a Strategist downloads every format: the table from the API, the chart drawn on the server', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, CAPEX_BY_REGION_SECTOR)
	await expect(page.getByRole('heading', { name: 'CAPEX by Region, Sector' })).toBeVisible()
	expect(await downloadName(page, 'Download .xlsx')).toMatch(/^forecastDownload_\d+\.xlsx$/)
	expect(await downloadName(page, 'Download .csv')).toMatch(/^forecastDownload_\d+\.csv$/)
	// The chart menu (spec 001 §2 "Charts"): the chart's formats, the workbook, methodology, definitions, Ask an analyst.
	const menu = page.locator('.forecast__menu')
	await menu.locator('summary').click()
	for (const [label, extension] of [['PNG', 'png'], ['JPG', 'jpg'], ['SVG', 'svg'], ['PDF', 'pdf'], ['PPT', 'pptx']]) expect(await downloadName(page, label)).toBe(`GWI-chart.${extension}`)
	expect(await downloadName(page, 'XLSX')).toMatch(/^forecastDownload_\d+\.xlsx$/)
	await expect(menu.getByRole('link', { name: 'Ask an analyst' })).toHaveAttribute('href', /^mailto:/)
	await menu.getByRole('link', { name: 'Methodology' }).click()
	await expect(page).toHaveURL(/#methodology$/)
	await expect(page.getByRole('heading', { name: 'Methodology and sources' })).toBeInViewport()
	if (javaScriptEnabled) await expect(page.getByRole('status').filter({ hasText: 'Forecast data successfully downloaded' })).toBeVisible()
})

test('a download that fails comes back to the page with "Failed to download forecast data" in a banner that closes', async ({ page }) => {
	await signIn(page, 'strategist@example.com')
	// The tech variant has no figures in the seed: its workbook cannot be made.
	await page.goto('/data/export/xlsx?reportType=OPEX&groupBy=Region&globalForecast=false&techForecast=true')
	await expect(page).toHaveURL(/\/data\?.*downloadError=/)
	const banner = page.getByRole('alert').filter({ hasText: 'Failed to download forecast data' })
	await expect(banner).toBeVisible()
	await banner.getByRole('link', { name: 'Close' }).click()
	await expect(page.getByText('Failed to download forecast data')).toHaveCount(0)
	await expect(page).not.toHaveURL(/downloadError/)
})

test('the filter panel is closed by default at 1024 px and below, open above', async ({ page }) => {
	await signIn(page, 'strategist@example.com')
	await page.setViewportSize({ width: 1000, height: 900 })
	await page.goto(CAPEX_BY_REGION_SECTOR)
	await expect(page.getByRole('heading', { name: 'CAPEX by Region, Sector' })).toBeVisible()
	await expect(page.getByLabel('Report type')).toBeHidden()
	await page.locator('#filters > summary').click()
	await expect(page.getByLabel('Report type')).toBeVisible()
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.goto(CAPEX_BY_REGION_SECTOR)
	await expect(page.getByLabel('Report type')).toBeVisible()
})

test('a Strategist saves, renames, opens and deletes a forecast', async ({ page }) => {
	// Each save, rename and delete closes the dialog: it is opened again after each, a page load more.
	test.slow()
	await signIn(page, 'strategist@example.com', undefined, CAPEX_BY_REGION_SECTOR)
	// Both projects share the demo account: one at a time, so the list is theirs alone.
	await exclusive('saved-forecasts', async () => {
		await page.goto(CAPEX_BY_REGION_SECTOR)
		const panel = page.locator('#saved-searches')
		await expect(panel.locator('summary')).toHaveText('Saved forecasts')
		await panel.locator('summary').click()
		await expect(panel.getByText('No searches found')).toBeVisible()

		// Without a consent decision nothing is saved.
		await panel.getByRole('button', { name: 'Save forecast' }).click()
		await expect(page.getByText('You need to consent to using functionality cookies to save forecasts')).toBeVisible()
		await rejectCookies(page)
		if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()

		// No name given: the report title is its name, and the forecast's URL is kept.
		await panel.getByRole('button', { name: 'Save forecast' }).click()
		// Saving closes the dialog (spec 001 §2).
		await expect(panel).not.toHaveAttribute('open')
		await panel.locator('summary').click()
		const saved = panel.getByRole('link', { name: 'CAPEX by Region, Sector', exact: true })
		await expect(saved).toBeVisible()
		await expect(saved).toHaveAttribute('href', CAPEX_BY_REGION_SECTOR)
		await panel.getByRole('button', { name: 'Save forecast' }).click()
		await expect(page.getByText('This name is already in use.')).toBeVisible()

		await panel.getByRole('link', { name: 'Edit CAPEX by Region, Sector' }).click()
		await panel.getByLabel('New name for CAPEX by Region, Sector').fill('Capital spending by sector')
		await panel.getByRole('button', { name: 'Rename CAPEX by Region, Sector' }).click()
		await expect(panel).not.toHaveAttribute('open')
		await panel.locator('summary').click()
		await expect(panel.getByRole('link', { name: 'Capital spending by sector', exact: true })).toBeVisible()
		// Renamed, it still says what it shows: its subtitle.
		await expect(panel.locator('li', { has: page.getByRole('link', { name: 'Capital spending by sector', exact: true }) })).toContainText('CAPEX by Region, Sector')

		// From another forecast, the saved one opens its query.
		await page.goto('/data')
		if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
		await panel.getByRole('link', { name: 'Capital spending by sector', exact: true }).click()
		await expect(page.getByRole('heading', { name: 'CAPEX by Region, Sector' })).toBeVisible()

		if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
		await panel.getByRole('button', { name: 'Delete Capital spending by sector' }).click()
		await expect(panel).not.toHaveAttribute('open')
		await panel.locator('summary').click()
		await expect(panel.getByText('No searches found')).toBeVisible()
	})
})

test('a staff member with preview:data sees unpublished figures only with the setting on', async ({ page }) => {
	await signIn(page, 'staff@example.com')
	const sectors = '/data?reportType=TotalSpending&groupBy=Sector&globalForecast=true&techForecast=false'
	const previewSwitch = page.getByRole('switch', { name: /Preview unpublished data/ })
	const setPreview = async (on: boolean) => {
		await page.goto('/profile')
		if ((await previewSwitch.getAttribute('aria-checked')) !== String(on)) {
			await previewSwitch.click()
			await expect(previewSwitch).toHaveAttribute('aria-checked', String(on))
		}
	}
	// The setting is the demo account's, shared by both projects: one at a time, and left as found.
	await exclusive('staff-preview', async () => {
		await page.goto('/profile')
		const before = (await previewSwitch.getAttribute('aria-checked')) === 'true'
		try {
			await setPreview(false)
			await page.goto(sectors)
			await expect(page.getByRole('heading', { name: 'Total spending by Sector' })).toBeVisible()
			await expect(page.locator('.forecast__table').getByText('Data centres')).toHaveCount(0)
			await setPreview(true)
			await page.goto(sectors)
			await expect(page.locator('.forecast__table').getByText('Data centres').first()).toBeVisible()
		} finally {
			await setPreview(before)
		}
	})
})

test('a Strategist downloads a database chart card’s workbook (POST /forecast/downloadForChart)', async ({ page }) => {
	await signIn(page, 'strategist@example.com', undefined, '/pages/water-market-data')
	const card = page.locator('.card--database-chart', { hasText: 'Global water spending forecast' })
	await expect(card.getByRole('link', { name: 'Explore data' })).toBeVisible()
	const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download .xlsx' }).click()])
	expect(download.suggestedFilename()).toMatch(/^forecastDownload_\d+\.xlsx$/)
})
