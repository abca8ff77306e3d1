/**
 * The forecast explorer (spec 001 §2, §4): a Strategist changes the report type, adds a group
 * and downloads the xlsx, with scripts and without; the chart is drawn on the server (an SVG
 * without scripts, Highcharts once they run); visitors and Executives are sent to /.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

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
		await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible()
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
		await page.getByRole('button', { name: 'Close' }).click()
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
