/**
 * Every chart's menu and files (spec 001 §2 "Charts"), and charts that never drop series
 * silently: a plain chart card's PNG, JPG, SVG, PDF and PPT links, drawn from the card's own
 * figures by its page's route; a forecast whose chart draws the first CHART_MAX_SERIES of its
 * series says so, on the page's drawing and in its files.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { CHART_MAX_SERIES, chartSeriesShownNote } from '../../contract/forecast.ts'
import { chartCardFiles } from '../../app/components/cards/chart-card-files.ts'
import { forecastChartOptions } from '../../app/components/forecast/chart-options.ts'
import { renderChartSvg } from '../../app/components/forecast/chart-svg.ts'
import { CHART_FILE_NOT_FOUND } from '../../app/lib/chart-card-file.server.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useRenderedSite } from '../support/rendered-site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

const MARKET_DATA = '/pages/water-market-data'
const PNG_SIGNATURE = '89504e470d0a1a0a'

const chartCardId = async (title: string) =>
	(await database.db.execute<{ id: number }>(sql`select id from cards where card_type = 'ChartCard' and config->>'title' = ${title}`)).rows[0].id
const tableCardId = async () => (await database.db.execute<{ id: number }>(sql`select id from cards where card_type = 'TableCard' limit 1`)).rows[0].id

/** The HTML of the card under the heading `title`. */
function cardHtml(html: string, title: string) {
	const start = html.indexOf(`<h2>${title}</h2>`)
	expect(start).toBeGreaterThan(-1)
	return html.slice(start, html.indexOf('</section>', start))
}

describe('a chart card’s menu', () => {
	test('every chart card of a custom page has the chart menu: its files are links to the page’s export route', async () => {
		const { status, html } = await site.render(MARKET_DATA)
		expect(status).toBe(200)
		for (const title of ['Water tariffs in selected cities', 'GWI water stocks index']) {
			const id = await chartCardId(title)
			const card = cardHtml(html, title)
			expect(card).toContain('<details class="card__menu"><summary>Chart menu</summary>')
			for (const [format, label] of [['png', 'PNG'], ['jpg', 'JPG'], ['pdf', 'PDF'], ['pptx', 'PPT']]) expect(card).toContain(`<a href="${MARKET_DATA}/chart/${id}/${format}">${label}</a>`)
		}
		const hub = await site.render('/pages/desalination-hub')
		expect(cardHtml(hub.html, 'Contracted desalination capacity')).toContain(`/pages/desalination-hub/chart/${await chartCardId('Contracted desalination capacity')}/png`)
	})

	test('only pages with an export route link to one', () => {
		expect(chartCardFiles('/pages/water-market-data', 7).map((file) => file.href)).toContain('/pages/water-market-data/chart/7/png')
		expect(chartCardFiles('/companies/nereus-pumps', 7)).toEqual([])
	})

	test('the files are the card’s own chart: the same drawing as the page’s, with its title', async () => {
		const id = await chartCardId('Water tariffs in selected cities')
		const svg = await site.respond(`${MARKET_DATA}/chart/${id}/svg`)
		expect(svg.status).toBe(200)
		expect(svg.headers.get('Content-Disposition')).toBe('attachment; filename="GWI-chart.svg"')
		const drawing = await svg.text()
		expect(drawing).toMatch(/^<svg [^>]*aria-label="Water tariffs in selected cities"/)
		expect(drawing).toMatch(/<text [^>]*text-anchor="end">Copenhagen<\/text>/)
		expect(drawing).toMatch(/<rect [^>]*><title>Tariff \(USD\/m3\): 9\.81<\/title><\/rect>/)

		const png = await site.respond(`${MARKET_DATA}/chart/${id}/png`)
		expect(png.status).toBe(200)
		expect(png.headers.get('Content-Type')).toBe('image/png')
		expect(Buffer.from(await png.arrayBuffer()).subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE)
		const jpg = await site.respond(`${MARKET_DATA}/chart/${id}/jpg`)
		expect(Buffer.from(await jpg.arrayBuffer()).subarray(0, 3).toString('hex')).toBe('ffd8ff')
		const pdf = await site.respond(`${MARKET_DATA}/chart/${id}/pdf`)
		expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
		const pptx = await site.respond(`${MARKET_DATA}/chart/${id}/pptx`)
		expect(pptx.headers.get('Content-Disposition')).toBe('attachment; filename="GWI-chart.pptx"')
		// A PowerPoint file is a zip.
		expect(Buffer.from(await pptx.arrayBuffer()).subarray(0, 2).toString()).toBe('PK')
	})

	test('an address that names no chart card of the page, or no file format, is a 404 in our words', async () => {
		const id = await chartCardId('Water tariffs in selected cities')
		for (const path of [`${MARKET_DATA}/chart/${id}/gif`, `${MARKET_DATA}/chart/${await tableCardId()}/png`, `${MARKET_DATA}/chart/99999999/png`, `/pages/desalination-hub/chart/${id}/png`, `${MARKET_DATA}/chart/abc/png`]) {
			const response = await site.respond(path)
			expect(response.status, path).toBe(404)
			expect(await response.text()).toBe(CHART_FILE_NOT_FOUND)
		}
		// An unknown page or context: the same 404 in our words, never the framework's.
		for (const path of [`/pages/no-such-page/chart/${id}/png`, `/contexts/no-such-context/chart/${id}/xlsx`]) {
			const response = await site.respond(path)
			expect(response.status, path).toBe(404)
			expect(await response.text()).toBe(CHART_FILE_NOT_FOUND)
		}
	})
})

describe('a context’s chart card', () => {
	test('has the menu on the context’s page; its files for the readers the context shows it to', async () => {
		const { rows } = await database.db.execute<{ slug: string; id: number }>(sql`
			select x.slug, c.id from cards c join contexts x on x.id = c.owner_id where c.owner_kind = 'context' and c.card_type = 'ChartCard' order by c.id limit 1`)
		const { slug, id } = rows[0]
		const headers = { Cookie: await sessionCookieFor(database.db, 'strategist@example.com') }
		const page = await site.render(`/contexts/${slug}`, { headers })
		expect(page.status).toBe(200)
		expect(page.html).toContain(`<a href="/contexts/${slug}/chart/${id}/png">PNG</a>`)
		const svg = await site.respond(`/contexts/${slug}/chart/${id}/svg`, { headers })
		expect(svg.status).toBe(200)
		expect(await svg.text()).toMatch(/^<svg /)
		// A visitor gets the file exactly when the context shows them the card (the API decides who may see it).
		const shown = (await site.render(`/contexts/${slug}`)).html.includes(`/contexts/${slug}/chart/${id}/png`)
		expect((await site.respond(`/contexts/${slug}/chart/${id}/svg`)).status).toBe(shown ? 200 : 404)
	})
})

describe('a chart that cannot draw every series says so', () => {
	const figures = (series: number, seriesTotal?: number) => ({
		reportTitle: 'Total spending by Region, Country',
		unit: '$ million',
		dataForChart: { categories: [2024, 2025], series: Array.from({ length: series }, (_, i) => ({ name: `Place ${i}`, data: [i, i + 1] })), seriesTotal, sunburst: {} },
	})

	test('on both drawings: a caption for Highcharts, drawn into the server’s SVG', () => {
		const options = forecastChartOptions(figures(CHART_MAX_SERIES, 203), 'column-stacked', 2024)
		expect(options.caption).toEqual({ text: '24 of 203 series shown; the table and the xlsx hold all' })
		expect(renderChartSvg(options)).toContain('>24 of 203 series shown; the table and the xlsx hold all</text>')
		// Every series drawn: no note.
		expect(forecastChartOptions(figures(3, 3), 'column', 2024).caption).toBeUndefined()
		expect(forecastChartOptions(figures(3), 'column', 2024).caption).toBeUndefined()
		expect(renderChartSvg(forecastChartOptions(figures(3, 3), 'column', 2024))).not.toContain('series shown')
	})

	test('/data?groupBy=Region~Country: the page’s chart and its PNG and SVG files carry the real numbers', async () => {
		const headers = { Cookie: await sessionCookieFor(database.db, 'strategist@example.com') }
		// The page's canonical address (the loader adds its defaults).
		let path = '/data?reportType=TotalSpending&groupBy=Region~Country&globalForecast=true&techForecast=false'
		let response = await site.respond(path, { headers })
		for (let hops = 0; response.status === 302 && hops < 3; hops++) response = await site.respond((path = response.headers.get('Location')!), { headers })
		expect(response.status).toBe(200)
		const page = { html: await response.text() }
		const query = path.slice('/data?'.length)
		const note = page.html.match(/>(\d+) of (\d+) series shown; the table and the xlsx hold all</)
		expect(note).not.toBeNull()
		expect(Number(note![1])).toBe(CHART_MAX_SERIES)
		expect(Number(note![2])).toBeGreaterThan(CHART_MAX_SERIES)
		const text = chartSeriesShownNote(Number(note![1]), Number(note![2]))
		const svg = await site.respond(`/data/export/svg?${query}`, { headers })
		expect(svg.status).toBe(200)
		expect(await svg.text()).toContain(`>${text}</text>`)
		const png = await site.respond(`/data/export/png?${query}`, { headers })
		expect(png.headers.get('Content-Type')).toBe('image/png')
	})
})
