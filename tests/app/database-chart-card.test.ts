/**
 * The database chart card (spec 001 §2, §4 "Chart card") and the company revenue chart (issue
 * 11): the card's URL state (one panel at a time, the sunburst year, Reset), what the API gives
 * it (defaultYear, methodology, definitions), and the chart in the server's HTML as SVG.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { CHART_PANEL_PARAM, CHART_YEAR_PARAM, cardParam, databaseChartSearch, databaseChartState, isCardParam, NO_PANEL } from '../../contract/card-rules.ts'
import { SUNBURST_DEFAULT_YEAR } from '../../contract/forecast.ts'
import { ViewerAccess } from '../../backend/api/access.ts'
import { resolveCards } from '../../backend/api/cards.ts'
import { cardChartFigures, cardExportLink } from '../../app/components/cards/database-chart.ts'
import { forecastChartOptions, SUNBURST_LABEL_MIN_INNER_ARC, SUNBURST_LABEL_MIN_OUTER_ARC } from '../../app/components/forecast/chart-options.ts'
import { renderChartSvg, wrapLabel } from '../../app/components/forecast/chart-svg.ts'
import { chartOptions } from '../../app/components/cards/chart-options.ts'
import { transpose } from '../../app/components/cards/data-points.ts'
import { cachedChartSvg } from '../../app/components/forecast/svg-cache.ts'
import { forgetStaleCopies } from '../../contract/stale-copies.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useRenderedSite } from '../support/rendered-site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

const YEARS = [2022, 2023, 2024, 2025]
const card = (display: 'Table' | 'ChartTable' | 'TableChart' = 'ChartTable') => ({ panels: ['table', 'trends', 'methodology', 'definitions'] as const, display, years: YEARS, defaultYear: 2024 })
const params = (query: string) => new URLSearchParams(query)

describe('the card’s state in the URL', () => {
	test('panels are mutually exclusive: opening one closes the other, its button again closes it', () => {
		expect(databaseChartState(params(''), 7, card()).panel).toBeNull()
		const trends = databaseChartSearch(params('page=2'), 7, { toggle: 'trends', open: null, display: 'ChartTable' })
		expect(trends).toBe('?page=2&chartPanel-7=trends')
		expect(databaseChartState(params(trends), 7, card()).panel).toBe('trends')
		// Opening the table replaces trends: one parameter, one panel.
		const table = databaseChartSearch(params(trends), 7, { toggle: 'table', open: 'trends', display: 'ChartTable' })
		expect(params(table).getAll(cardParam(CHART_PANEL_PARAM, 7))).toEqual(['table'])
		expect(databaseChartState(params(table), 7, card()).panel).toBe('table')
		// The open panel's button closes it.
		expect(databaseChartSearch(params(table), 7, { toggle: 'table', open: 'table', display: 'ChartTable' })).toBe('?page=2')
		// Another card's panel is its own.
		expect(databaseChartState(params(table), 8, card()).panel).toBeNull()
	})

	test('TableChart opens with the table; closing it is kept as "none"; unknown or missing panels fall back', () => {
		expect(databaseChartState(params(''), 7, card('TableChart')).panel).toBe('table')
		const closed = databaseChartSearch(params(''), 7, { toggle: 'table', open: 'table', display: 'TableChart' })
		expect(closed).toBe(`?chartPanel-7=${NO_PANEL}`)
		expect(databaseChartState(params(closed), 7, card('TableChart')).panel).toBeNull()
		expect(databaseChartState(params('chartPanel-7=bogus'), 7, card()).panel).toBeNull()
		expect(databaseChartState(params('chartPanel-7=trends'), 7, { ...card(), panels: ['table'] }).panel).toBeNull()
	})

	test('the sunburst year: the chosen one of the card’s years, else defaultYear, else the last year', () => {
		expect(databaseChartState(params(''), 7, card()).year).toBe(2024)
		expect(databaseChartState(params(databaseChartSearch(params(''), 7, { year: 2025 })), 7, card()).year).toBe(2025)
		expect(databaseChartState(params('chartYear-7=1999'), 7, card()).year).toBe(2024)
		expect(databaseChartState(params('chartYear-7=abc'), 7, card()).year).toBe(2024)
		expect(databaseChartState(params(''), 7, { ...card(), defaultYear: 2040 }).year).toBe(2025)
	})

	test('Reset drops the card’s state and keeps the page’s; the parameters are card parameters (kept by canonical pages)', () => {
		expect(databaseChartSearch(params('chartPanel-7=trends&chartYear-7=2025&chartYear-8=2023&pageNum=2'), 7, { reset: true })).toBe('?chartYear-8=2023&pageNum=2')
		expect(isCardParam(cardParam(CHART_PANEL_PARAM, 7))).toBe(true)
		expect(isCardParam(cardParam(CHART_YEAR_PARAM, 7))).toBe(true)
		expect(isCardParam('chartPanel')).toBe(false)
	})
})

describe('the card’s chart', () => {
	test('its table becomes the explorer’s figures: series per row without the total, a sunburst per year', () => {
		const table = { columns: ['Region', '2022', '2023', 'CAGR 2022-2023 (%)'], rows: [['Europe', 10, 12, 20], ['Asia', 5, Number.NaN, null], ['Total', 15, 12, null]] }
		const figures = cardChartFigures(table, { unit: '$ million', title: 'Card' })
		expect(figures.dataForChart.categories).toEqual([2022, 2023])
		expect(figures.dataForChart.series).toEqual([{ name: 'Europe', data: [10, 12] }, { name: 'Asia', data: [5, null] }])
		expect(figures.dataForChart.sunburst['2023'].map((p) => p.name)).toEqual(['Europe'])
		const sunburst = forecastChartOptions(figures, 'sunburst', 2022)
		expect(sunburst.subtitle).toEqual({ text: '2022' })
		// Highcharts reads a missing parent as '': a root with the id '' would be its own parent (endless recursion).
		const points = (sunburst.series[0] as { data: { id: string; parent?: string }[] }).data
		expect(points[0].id).not.toBe('')
		for (const point of points) expect(point.parent ?? '').not.toBe(point.id)
		expect(points.filter((point) => point.parent === points[0].id).map((point) => point.id)).toEqual(['Europe', 'Asia'])
	})

	test('tooltips read 3 significant digits; sunburst labels are filtered by arc length (16 inner, 64 outer)', () => {
		const figures = cardChartFigures({ columns: ['Region', '2022'], rows: [['Europe', 123456], ['Asia', 1], ['Africa', 2]] }, {})
		const format = (options: ReturnType<typeof forecastChartOptions>, point: object) =>
			(options.tooltip!.pointFormatter as (this: object) => string).call({ name: '', series: { name: 'Europe' }, ...point })
		expect(format(forecastChartOptions(figures, 'column', 2022), { y: 123456 })).toBe('Europe: <b>123,000</b><br/>')
		const sunburst = forecastChartOptions(figures, 'sunburst', 2022)
		expect(format(sunburst, { name: 'Asia', y: undefined, value: 0.012345 })).toBe('Asia: <b>0.0123</b><br/>')
		const levels = (sunburst.series[0] as { levels: { level: number; dataLabels?: { filter?: object } }[] }).levels
		expect(levels.find((l) => l.level === 2)?.dataLabels?.filter).toEqual({ property: 'innerArcLength', operator: '>', value: SUNBURST_LABEL_MIN_INNER_ARC })
		expect(levels.find((l) => l.level === 3)?.dataLabels?.filter).toEqual({ property: 'outerArcLength', operator: '>', value: SUNBURST_LABEL_MIN_OUTER_ARC })
		// The server's drawing applies the same filter: Asia's and Africa's slivers have no label.
		const svg = renderChartSvg(sunburst)
		expect(svg).toMatch(/>Europe<\/text>/)
		expect(svg).not.toMatch(/>(Asia|Africa|A…)<\/text>/)
	})

	test('a sunburst label is shown whole where the arc is long enough, wrapped rather than cut', () => {
		const figures = cardChartFigures({ columns: ['Region', '2024'], rows: [['Middle East/Africa', 40], ['Latin America and the Caribbean', 35], ['Europe', 25], ['Asia', 0.01]] }, {})
		const svg = renderChartSvg(forecastChartOptions(figures, 'sunburst', 2024))
		expect(svg).not.toContain('…')
		const labels = [...svg.matchAll(/<text [^>]*fill="#fff"[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join(' ')
		for (const name of ['Middle East/Africa', 'Latin America and the Caribbean', 'Europe']) expect(labels).toContain(name)
		// Asia's sliver is under 16 px of arc: no label at all, not a cut one.
		expect(labels).not.toContain('Asia')
		expect(wrapLabel('Latin America and the Caribbean', 12)).toEqual(['Latin', 'America and', 'the', 'Caribbean'])
		expect(wrapLabel('Desalination', 4)).toEqual(['Desalination'])
	})

	test('both drawings stack the series in the same order and label the value axis alike', () => {
		const table = { columns: ['Region', '2022', '2023'], rows: [['Europe', 600000, 700000], ['Asia', 300000, 400000]] }
		for (const options of [forecastChartOptions(cardChartFigures(table, {}), 'column-stacked', 2022), chartOptions(transpose(table), 'column-stacked')]) {
			const axis = options.yAxis as { reversedStacks?: boolean; labels?: { formatter?: (this: { value: number }) => string } }
			// Highcharts puts the first series on top of the stack; the server's SVG reads the same option.
			expect(axis.reversedStacks).toBe(true)
			expect(axis.labels!.formatter!.call({ value: 1000000 })).toBe('1,000,000')
			const svg = renderChartSvg(options)
			const top = (name: string) => Number(svg.match(new RegExp(`<rect x="[\\d.]+" y="([\\d.]+)"[^>]*><title>${name}: `))![1])
			expect(top('Europe')).toBeLessThan(top('Asia'))
			expect(svg).toMatch(/>1,000,000<\/text>/)
			expect(svg).not.toMatch(/>\d+k<\/text>/)
		}
		// Not stacked in reverse once asked otherwise: the option decides, in both drawings.
		const options = forecastChartOptions(cardChartFigures(table, {}), 'column-stacked', 2022)
		const svg = renderChartSvg({ ...options, yAxis: { ...(options.yAxis as object), reversedStacks: false } })
		const europe = Number(svg.match(/<rect x="[\d.]+" y="([\d.]+)"[^>]*><title>Europe: /)![1])
		const asia = Number(svg.match(/<rect x="[\d.]+" y="([\d.]+)"[^>]*><title>Asia: /)![1])
		expect(europe).toBeGreaterThan(asia)
	})

	test('the chart menu’s exports are the explorer’s, with the card’s query, chart type and sunburst year', () => {
		expect(cardExportLink('/data?reportType=TotalSpending&groupBy=Region~Country&startYear=2022', 'png', 'sunburst', 2026)).toBe(
			'/data/export/png?reportType=TotalSpending&groupBy=Region~Country&startYear=2022&chartType=sunburst&year=2026',
		)
		expect(cardExportLink('/desaldata?reportType=Desal&groupBy=Region', 'pdf', 'column-stacked', 2024)).toBe('/desaldata/export/pdf?reportType=Desal&groupBy=Region&chartType=column-stacked')
		expect(cardExportLink('https://example.com/data?x=1', 'png', 'column', null)).toBeNull()
		expect(cardExportLink(undefined, 'png', 'column', null)).toBeNull()
	})

	test('drawings are cached by their query: the same query is drawn once', () => {
		const figures = cardChartFigures({ columns: ['Region', '2022', '2023'], rows: [['Europe', 1, 2]] }, {})
		let drawn = 0
		const draw = () => {
			drawn++
			return forecastChartOptions(figures, 'column', 2023)
		}
		const query = `test-${Math.random()}`
		const first = cachedChartSvg(query, draw, { label: 'A' })
		expect(cachedChartSvg(query, draw, { label: 'A' })).toBe(first)
		expect(drawn).toBe(1)
		expect(first).toMatch(/^<svg [^>]*role="img" aria-label="A"/)
		cachedChartSvg(`${query}-other`, draw, { label: 'A' })
		expect(drawn).toBe(2)
		// A change of shared content on any host (server.ts, on its notice) empties the drawings: drawn again.
		forgetStaleCopies()
		cachedChartSvg(query, draw, { label: 'A' })
		expect(drawn).toBe(3)
	})
})

describe('what the API gives the card', () => {
	test('defaultYear (2024 in the preset window), the methodology and the definitions of what it shows', async () => {
		const access = new ViewerAccess(database.db, { sub: 'demo|strategist', email: null, userId: null, permissions: ['read:strategy-beta'], datedRoles: [] })
		const [resolved] = await resolveCards({ db: database.db, access, now: new Date(), random: () => 0 }, [
			{ id: 1, cardType: 'DatabaseChartCard', position: 'Centre', width: 'Full', sortOrder: 0, sliceSlug: null, config: { dataSourceChartType: 'TotalSpending', startYear: 2022, endYear: 2029 } },
		])
		expect(resolved.config.defaultYear).toBe(SUNBURST_DEFAULT_YEAR)
		expect((resolved.config.methodology as { name: string }[]).length).toBeGreaterThan(0)
		const definitions = (resolved.config.definitions as { name: string }[]).map((d) => d.name)
		expect(definitions).toContain('Total spending')
		expect(definitions.some((name) => /^CAGR/i.test(name))).toBe(true)
		const [late] = await resolveCards({ db: database.db, access, now: new Date(), random: () => 0 }, [
			{ id: 2, cardType: 'DatabaseChartCard', position: 'Centre', width: 'Full', sortOrder: 0, sliceSlug: null, config: { dataSourceChartType: 'TotalSpending', startYear: 2026, endYear: 2029 } },
		])
		expect(late.config.defaultYear).toBe(2026)
	})
})

describe('a card’s forecast table, kept per release', () => {
	test('a fact changed without a release is not shown; once a release is published, it is', async () => {
		const access = new ViewerAccess(database.db, { sub: 'demo|strategist', email: null, userId: null, permissions: ['read:strategy-beta'], datedRoles: [] })
		const config = { dataSourceChartType: 'TotalSpending', startYear: 2022, endYear: 2029 }
		const total2022 = async () => {
			const [resolved] = await resolveCards({ db: database.db, access, now: new Date(), random: () => 0 }, [
				{ id: 3, cardType: 'DatabaseChartCard', position: 'Centre', width: 'Full', sortOrder: 0, sliceSlug: null, config },
			])
			return Number((resolved.config.dataPoints as string[][]).at(-1)![1])
		}
		const before = await total2022()
		const { rows } = await database.db.execute<{ id: number }>(sql`select id from forecast_facts where measure = 'TotalSpending' and year = 2022 and is_published order by id limit 1`)
		await database.db.execute(sql`update forecast_facts set value_usd_m = value_usd_m + 1000 where id = ${rows[0]!.id}`)
		// The facts change only with a release: until one is published, the kept table stands.
		expect(await total2022()).toBeCloseTo(before, 1)
		await database.db.execute(sql`update forecast_releases set published_at = now() where measure = 'TotalSpending'`)
		expect(await total2022()).toBeCloseTo(before + 1000, 1)
		await database.db.execute(sql`update forecast_facts set value_usd_m = value_usd_m - 1000 where id = ${rows[0]!.id}`)
	})
})

describe('the chart in the server’s HTML', () => {
	const strategist = async () => ({ headers: { Cookie: await sessionCookieFor(database.db, 'strategist@example.com') } })
	const cardId = async (title: string) =>
		(await database.db.execute<{ id: number }>(sql`select id from cards where card_type = 'DatabaseChartCard' and config->>'title' = ${title}`)).rows[0].id
	const section = (html: string, id: number) => {
		const start = html.indexOf(`id="database-chart-${id}"`)
		expect(start).toBeGreaterThan(-1)
		return html.slice(start, html.indexOf('</section>', start))
	}

	test('a database chart card starts as its SVG chart, with Reset, the panels’ buttons and Explore data', async () => {
		const id = await cardId('Global water spending forecast')
		const { status, html } = await site.render('/pages/water-market-data', await strategist())
		expect(status).toBe(200)
		const card = section(html, id)
		expect(card).toMatch(/<div class="chart__svg"><svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*aria-label="Global water spending forecast"/)
		expect(card).toContain('<rect x=')
		expect(card).toMatch(/Updated [A-Z][a-z]+ \d{4}/)
		for (const label of ['Reset', 'Data table', 'Trends', 'Methodology', 'Definitions', 'Explore data', 'PNG', 'PPT', 'XLSX']) expect(card).toContain(`>${label}</a>`)
		expect(card).toMatch(/<a href="mailto:[^"]*subject=Ask%20an%20analyst%3A%20Global%20water%20spending%20forecast[^"]*%2Fpages%2Fwater-market-data[^"]*">Ask an analyst<\/a>/)
		// The page's address in full (its origin from the page's loader).
		expect(card).toMatch(/My%20question%20about%20https?%3A%2F%2F[^"]*%2Fpages%2Fwater-market-data/)
		expect(card).toContain('href="/data/export/png?reportType=TotalSpending&amp;groupBy=Region&amp;startYear=2022&amp;endYear=2029&amp;chartType=column-stacked"')
		// ChartTable: no panel open at first, so no table yet.
		expect(card).not.toContain('<table')
		expect(card).toContain('Source: GWI forecasts')
	})

	test('the open panel is the URL’s, one at a time; the sunburst’s year is the URL’s, defaultYear at first', async () => {
		const id = await cardId('Water spending by region')
		const first = section((await site.render('/pages/water-market-data', await strategist())).html, id)
		// TableChart: the table panel is open at first, above the chart; the sunburst shows 2024.
		expect(first).toContain('<table')
		expect(first.indexOf('<table')).toBeLessThan(first.indexOf('chart__svg'))
		expect(first).toMatch(/<strong aria-current="true">2024<\/strong>/)
		expect(first).toMatch(/<text [^>]*>2024<\/text>/)
		expect(first).toContain('Regions as GWI defines them')

		const trends = section((await site.render(`/pages/water-market-data?chartPanel-${id}=trends&chartYear-${id}=2026`, await strategist())).html, id)
		expect(trends).not.toContain('<table')
		expect(trends).toMatch(/role="region" aria-label="Trends"><p>Total spending \(Global\) moves from/)
		expect(trends).toMatch(/<strong aria-current="true">2026<\/strong>/)
		expect(trends).toMatch(/<text [^>]*>2026<\/text>/)
		// Reset goes back to the card's defaults.
		expect(trends).toContain(`href="/pages/water-market-data#database-chart-${id}"`)
	})

	test('a figure reads the same on the card’s table, its Trends text and /data (spec 001 §9: one decimal, "$ ... million")', async () => {
		const id = await cardId('Water spending by region')
		const cells = (row: string) => [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1])
		const card = section((await site.render('/pages/water-market-data', await strategist())).html, id)
		const cardTotal = cells(card.match(/<tr class="data-table__total">[\s\S]*?<\/tr>/)![0])
		const explore = card.match(/href="(\/data\?[^"]*)"/)![1].replaceAll('&amp;', '&')
		// /data answers the card's link with its canonical address (the variant written out) first.
		const redirect = await site.respond(explore, await strategist())
		const data = (await site.render(redirect.headers.get('location') ?? explore, await strategist())).html
		const dataTotal = cells(data.match(/<tr class="forecast__total">[\s\S]*?<\/tr>/)![0])
		// Every year and the CAGR, each with one decimal, alike on both pages.
		expect(cardTotal.length).toBeGreaterThan(2)
		for (const cell of cardTotal) expect(cell).toMatch(/^-?\d{1,3}(,\d{3})*\.\d$/)
		expect(cardTotal).toEqual(dataTotal)
		// The Trends text writes the same figures, as money, and the rate with one decimal.
		const trends = section((await site.render(`/pages/water-market-data?chartPanel-${id}=trends`, await strategist())).html, id)
		const sentence = trends.match(/aria-label="Trends"><p>([^<]*)<\/p>/)![1]
		expect(sentence).toContain(`from $${cardTotal[0]} million in 2022 to $${cardTotal.at(-2)} million in 2029, a compound annual growth rate of ${cardTotal.at(-1)}%.`)
	})

	test('chart cards too: a bar chart by city, a line chart by month (a datetime axis), each above its table', async () => {
		const { html } = await site.render('/pages/water-market-data')
		const card = (title: string) => {
			const start = html.indexOf(`<h2>${title}</h2>`)
			expect(start).toBeGreaterThan(-1)
			return html.slice(start, html.indexOf('</section>', start))
		}
		const tariffs = card('Water tariffs in selected cities')
		expect(tariffs).toMatch(/<div class="chart__svg"><svg [^>]*aria-label="Water tariffs in selected cities"/)
		expect(tariffs).toMatch(/<text [^>]*text-anchor="end">Copenhagen<\/text>/)
		expect(tariffs).toMatch(/<rect [^>]*><title>Tariff \(USD\/m3\): 9\.81<\/title><\/rect>/)
		expect(tariffs.indexOf('chart__svg')).toBeLessThan(tariffs.indexOf('<table'))
		const stocks = card('GWI water stocks index')
		expect(stocks).toMatch(/<polyline fill="none" stroke="#2d62b2"/)
		expect(stocks).toMatch(/<text [^>]*>2025-01<\/text>/)
	})

	test('a company page draws its revenue chart as SVG on the server', async () => {
		const { rows } = await database.db.execute<{ slug: string; name: string }>(sql`
			select c.slug, c.name from companies c where c.show_as_page and (select count(distinct year) from company_indicators i where i.company_id = c.id and i.indicator = 'Revenue') >= 2
			order by c.id limit 1`)
		const { status, html } = await site.render(`/companies/${rows[0].slug}`, await strategist())
		expect(status).toBe(200)
		expect(html).toMatch(/<figure class="chart chart--revenue"><div class="chart__canvas" hidden=""><\/div><div class="chart__svg"><svg [^>]*aria-label="Revenue, [A-Z]{3} million"/)
		expect(html).toMatch(/<title>Revenue: [\d,.]+<\/title>/)
		expect(html).toMatch(/<title>Water revenue: [\d,.]+<\/title>/)
	})
})
