/**
 * The Desalination beta member (desal@example.com, read:desal-beta and read:forecast-data) on
 * /desaldata (spec 001 §2 "Desalination data page"): the figures and the chart, never the
 * no-access panel; /data stays the Strategists'.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

test('the Desalination beta member sees /desaldata with its figures and chart', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'desal@example.com', undefined, '/desaldata')
	await expect(page).toHaveURL(/\/desaldata\?reportType=Desal&groupBy=Region$/)
	await expect(page.getByText('This content requires a GWI Strategist Membership')).toHaveCount(0)
	await expect(page.locator('.forecast__table tfoot th')).toHaveText('Total')
	expect(await page.locator('.forecast__table tbody tr').count()).toBeGreaterThan(0)
	if (javaScriptEnabled) await expect(page.locator('.forecast__canvas .highcharts-container')).toBeVisible()
	else await expect(page.locator('.forecast__svg svg[role="img"]')).toBeVisible()
	await page.goto('/data')
	await expect(page).toHaveURL(/\/$/)
})
