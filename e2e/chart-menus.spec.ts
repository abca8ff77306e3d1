/**
 * Every chart's menu, charts that never drop series silently, and cards that never overlap
 * (spec 001 §2 "Charts", "Forecast table"), with scripts and without: the files are
 * links; the note is on the chart; the geometry is measured, not timed.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

const MARKET_DATA = '/pages/water-market-data'
const SERIES_NOTE = /^24 of \d{2,} series shown; the table and the xlsx hold all$/

type Box = { x: number; y: number; width: number; height: number }
/** Whether two boxes share any area (touching edges do not count; half a pixel of rounding is allowed). */
const intersect = (a: Box, b: Box) => a.x + a.width - 0.5 > b.x && b.x + b.width - 0.5 > a.x && a.y + a.height - 0.5 > b.y && b.y + b.height - 0.5 > a.y

/** The boxes of what `locator` finds, named by their heading (or class), measured at once. */
const boxes = (locator: Locator): Promise<{ name: string; box: Box }[]> =>
	locator.evaluateAll((elements) =>
		elements.flatMap((element) => {
			const { x, y, width, height } = element.getBoundingClientRect()
			const name = element.querySelector('h2')?.textContent ?? element.className
			return width > 0 && height > 0 ? [{ name, box: { x, y, width, height } }] : []
		}),
	)

test('every chart card has the chart menu; its files are the card’s own chart', async ({ page, javaScriptEnabled }) => {
	await page.goto(MARKET_DATA)
	const cards = page.locator('.card--chart')
	await expect(cards).toHaveCount(2)
	for (const card of await cards.all()) {
		await card.locator('.card__menu > summary').click()
		for (const label of ['PNG', 'JPG', 'PDF', 'PPT']) await expect(card.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', /^\/pages\/water-market-data\/chart\/\d+\/(png|jpg|pdf|pptx)$/)
		// Fullscreen needs scripts (the Fullscreen API): offered once the chart is drawn.
		await expect(card.getByRole('button', { name: 'Fullscreen' })).toHaveCount(javaScriptEnabled ? 1 : 0)
	}
	const tariffs = cards.filter({ hasText: 'Water tariffs in selected cities' })
	const [png] = await Promise.all([page.waitForEvent('download'), tariffs.getByRole('link', { name: 'PNG', exact: true }).click()])
	expect(png.suggestedFilename()).toBe('GWI-chart.png')
	const svg = await page.request.get((await tariffs.getByRole('link', { name: 'SVG', exact: true }).getAttribute('href'))!)
	expect(svg.status()).toBe(200)
	expect(await svg.text()).toContain('>Copenhagen</text>')
})

test('a chart that draws 24 of its series says so on the chart and in its PNG', async ({ page, javaScriptEnabled }) => {
	await signIn(page, 'strategist@example.com', undefined, '/data?reportType=TotalSpending&groupBy=Region~Country&globalForecast=true&techForecast=false')
	const note = javaScriptEnabled ? page.locator('.forecast__canvas .highcharts-caption') : page.locator('.forecast__svg svg text.chart-caption')
	await expect(note).toHaveText(SERIES_NOTE)
	const png = await page.request.get(page.url().replace('/data?', '/data/export/png?'))
	expect(png.headers()['content-type']).toBe('image/png')
})

test.describe('at 1280 px', () => {
	test.use({ viewport: { width: 1280, height: 900 } })

	async function expectNoOverlap(page: Page) {
		// The cards of the grid, each with everything it draws: no two share any area.
		const cards = await boxes(page.locator('.card-layout .grid-12 > :not(.card-column), .card-layout .card-column > *'))
		expect(cards.length).toBeGreaterThan(4)
		for (const [i, a] of cards.entries()) for (const b of cards.slice(i + 1)) expect(intersect(a.box, b.box), `${a.name} and ${b.name} overlap`).toBe(false)
		// And nothing of a card reaches outside it (a wide chart or button row would be drawn under its neighbour).
		const overflowing = await page.locator('.card-layout .card').evaluateAll((elements) =>
			elements.flatMap((card) => {
				const outer = card.getBoundingClientRect()
				const out = [...card.querySelectorAll('*')].find((child) => {
					const inner = child.getBoundingClientRect()
					// What a card scrolls (its table's region) is inside it as far as the reader sees it.
					const clipped = child.closest('[role="region"], .table-scroll, .forecast__table-wrap')
					return inner.width > 0 && !clipped && (inner.right > outer.right + 1 || inner.left < outer.left - 1)
				})
				return out ? [`${card.querySelector('h2')?.textContent ?? card.className}: ${out.tagName.toLowerCase()}.${out.getAttribute('class') ?? ''}`] : []
			}),
		)
		expect(overflowing).toEqual([])
	}

	test('the cards of a 12-column custom page never overlap', async ({ page }) => {
		await signIn(page, 'strategist@example.com', undefined, MARKET_DATA)
		await expect(page.locator('.card--database-chart').first()).toBeVisible()
		await expectNoOverlap(page)
		await page.goto('/pages/desalination-hub')
		await expectNoOverlap(page)
	})

	test('the forecast table’s sticky columns never cover a figure', async ({ page }) => {
		// The preset window (spec 001 §9, 2022 to 2029), grouped by two groups: it fits beside the filters at 1280 px.
		await signIn(page, 'strategist@example.com', undefined, '/data?reportType=TotalSpending&groupBy=Region~Country&globalForecast=true&techForecast=false&startYear=2022&endYear=2029')
		const row = page.locator('.forecast__table tbody tr:visible').first()
		await expect(row).toBeVisible()
		for (const tr of [page.locator('.forecast__table thead tr'), row, page.locator('.forecast__table tfoot tr')]) {
			const cells = await boxes(tr.locator(':scope > *'))
			const first = cells[0]
			const last = cells[cells.length - 1]
			for (const cell of cells.slice(1, -1)) {
				expect(intersect(first.box, cell.box)).toBe(false)
				expect(intersect(last.box, cell.box)).toBe(false)
			}
		}
	})
})
