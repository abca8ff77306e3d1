/**
 * One number format (spec 001 §9: "Numbers with one decimal, en-GB format"), with scripts and
 * without: a database chart card's figures read the same in its table and on /data, where its
 * "Explore data" link leads.
 */
import { expect, test } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

const ONE_DECIMAL = /^-?\d{1,3}(,\d{3})*\.\d$/

test('a figure reads the same on the card and on /data', async ({ page }) => {
	// Two pages of figures on a machine shared with other runs.
	test.slow()
	await signIn(page, 'strategist@example.com', undefined, '/pages/water-market-data')
	const card = page.locator('.card--database-chart', { hasText: 'Global water spending forecast' })
	// The panel's and the explorer's addresses, as a reader (or a link shared with one) opens them.
	await page.goto((await card.getByRole('link', { name: 'Data table' }).getAttribute('href'))!)
	const cardTotal = card.getByRole('region', { name: 'Data table' }).locator('tr', { hasText: 'Total' }).last().locator('td')
	await expect(cardTotal.first()).toHaveText(ONE_DECIMAL)
	const onCard = (await cardTotal.allTextContents()).map((text) => text.trim())

	await page.goto((await card.getByRole('link', { name: 'Explore data' }).getAttribute('href'))!)
	await expect(page).toHaveURL(/\/data\?/)
	const dataTotal = page.locator('.forecast__table tfoot tr td')
	await expect(dataTotal.first()).toHaveText(ONE_DECIMAL)
	const onData = (await dataTotal.allTextContents()).map((text) => text.trim())
	// Every year and the CAGR, each with one decimal, alike on both pages.
	for (const figure of onCard) expect(figure).toMatch(ONE_DECIMAL)
	expect(onData).toEqual(onCard)
})
