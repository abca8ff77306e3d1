/**
 * /data and /desaldata loaders and their exports (spec 001 §2, §4, §6, §7): access redirects,
 * the canonical URL (form fields folded, disallowed parameters dropped), the table view (sort,
 * total last, the 250-row cap) and the xlsx download, whose cells equal the API's table.
 */
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, test } from 'vitest'
import { FORECAST_MESSAGES, FORECAST_TABLE_MAX_ROWS, parseForecastState, type ForecastTableRow } from '../../contract/forecast.ts'
import { createApi } from '../../backend/api/index.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { tableView } from '../../app/components/forecast/table.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { sql } from 'drizzle-orm'
import { ViewerAccess } from '../../backend/api/access.ts'
import { resolveCards } from '../../backend/api/cards.ts'
import { useTestDatabase } from '../support/database.ts'
import { useRenderedSite } from '../support/rendered-site.ts'
import { sessionCookieFor, sessionCookieWithToken } from '../support/reader-session.ts'
import { siteContext, SITE, thrown } from '../support/site.ts'
import { loader as dataLoader } from '../../app/routes/data._index.tsx'
import { loader as desalLoader } from '../../app/routes/desaldata._index.tsx'
import { loader as exportLoader } from '../../app/routes/data.export.$format.ts'
import { loader as chartWorkbookLoader } from '../../app/routes/data.chart[.]xlsx.ts'
import { loader as definitionsLoader } from '../../app/routes/forecast-definitions.tsx'
import { loader as resourcesLoader } from '../../app/routes/resources.tsx'
import { noticeCode } from '../../contract/notices.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)
const siteApi = () => createApi({ db: database.db })
const cookies = {} as Record<'strategist' | 'executive' | 'betaOnly', string>
const RANGE = { minYear: 2015, maxYear: 2035, defaultMinYear: 2020, defaultMaxYear: 2030 }

beforeAll(async () => {
	cookies.strategist = await sessionCookieFor(database.db, 'strategist@example.com')
	cookies.executive = await sessionCookieFor(database.db, 'executive@example.com')
	cookies.betaOnly = await sessionCookieWithToken(await issueAccessToken({ sub: 'demo|beta-only', permissions: ['read:strategy-beta'] }))
})

const args = (path: string, cookie?: string, params: Record<string, string> = {}) => ({ request: new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), context: siteContext(database.db), params })

describe('access', () => {
	test('visitors and Executives are redirected from /data to /; Strategists without desal beta from /desaldata', async () => {
		expect(await thrown(dataLoader(args('/data')))).toMatchObject({ status: 302, headers: expect.objectContaining({}) })
		expect((await thrown(dataLoader(args('/data')))).headers.get('Location')).toBe('/')
		expect((await thrown(dataLoader(args('/data', cookies.executive)))).headers.get('Location')).toBe('/')
		const noDesal = await sessionCookieWithToken(await issueAccessToken({ sub: 'demo|beta', permissions: ['read:strategy-beta', 'read:forecast-data'] }))
		expect((await thrown(desalLoader(args('/desaldata?reportType=Desal&groupBy=Region', noDesal)))).headers.get('Location')).toBe('/')
	})

	test('the Desalination beta member (desal@example.com) sees /desaldata with its figures and chart, and not /data', async () => {
		const desal = await sessionCookieFor(database.db, 'desal@example.com')
		const page = await desalLoader(args('/desaldata?reportType=Desal&groupBy=Region', desal))
		expect(page.access).toMatchObject({ canViewData: true, noAccessMessage: null })
		expect(page.outcome.result?.dataForTable.rows.length).toBeGreaterThan(0)
		const { html } = await site.render('/desaldata?reportType=Desal&groupBy=Region', { headers: { Cookie: desal } })
		expect(html).toContain('<div class="forecast__svg"><svg')
		// The definitions and sources pages are the Strategists' (strategy beta): no link to them here.
		expect(html).not.toContain('href="/forecast-definitions">All definitions</a>')
		expect(html).not.toContain('href="/resources">Show all sources</a>')
		expect((await thrown(dataLoader(args('/data?reportType=TotalSpending&groupBy=Region', desal)))).headers.get('Location')).toBe('/')
		// The forecast API opens a report type by its page's permission: the beta member's token is refused TotalSpending.
		const token = await tokenFor(database.db, 'desal@example.com')
		const forecast = (reportType: string, groupBy: string) => call(siteApi(), 'POST', '/forecast?startYear=2020&endYear=2030', { token, body: { reportType, groupBy: [groupBy] } })
		expect((await forecast('TotalSpending', 'Region')).status).toBe(403)
		expect((await forecast('Desal', 'ForecastApplication')).status).toBe(200)
	})

	test('strategy beta without read:forecast-data sees the page with the no-access panel and no figures; its downloads are refused', async () => {
		const data = await dataLoader(args('/data?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false', cookies.betaOnly))
		expect(data.access.canViewData).toBe(false)
		expect(data.access.noAccessMessage).toBeTruthy()
		expect(data.outcome.result).toBeNull()
		// Refused downloads go back to the page with the spec's message for its banner (it works without scripts).
		for (const format of ['xlsx', 'png']) {
			const response = await exportLoader(args(`/data/export/${format}?reportType=TotalSpending&groupBy=Region`, cookies.betaOnly, { format }))
			expect(response.status).toBe(302)
			const back = new URL(response.headers.get('Location')!, SITE)
			expect(back.pathname).toBe('/data')
			// The address carries the message's code, never its words.
			expect(back.searchParams.get('downloadError')).toBe(noticeCode(FORECAST_MESSAGES.noDownloadPermission))
		}
		// The page keeps the code (not part of the forecast's state) and shows the site's words for it.
		const forecast = '/data?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false'
		const page = await dataLoader(args(`${forecast}&downloadError=${noticeCode(FORECAST_MESSAGES.noDownloadPermission)}`, cookies.betaOnly))
		expect(page.notices.downloadError).toBe(FORECAST_MESSAGES.noDownloadPermission)
		// Words someone put in a link are not the site's: nothing shows.
		const crafted = await dataLoader(args(`${forecast}&downloadError=${encodeURIComponent('Your account is suspended. Call +44 20 0000 0000')}&savedSearchMessage=Call+us`, cookies.betaOnly))
		expect(crafted.notices.downloadError).toBeNull()
		expect(crafted.notices.savedSearchMessage).toBeNull()
	})
})

describe('the canonical URL', () => {
	test('defaults reportType=TotalSpending and groupBy=Region', async () => {
		expect((await thrown(dataLoader(args('/data', cookies.strategist)))).headers.get('Location')).toBe('/data?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false')
		expect((await thrown(desalLoader(args('/desaldata', cookies.strategist)))).headers.get('Location')).toBe('/desaldata?reportType=Desal&groupBy=Region')
	})

	test('a form submission folds repeated values into ~-lists and resolves the checkboxes; a report type change drops what it excludes', async () => {
		const form = '/data?apply=1&reportType=CAPEX&groupBy=Region~ExpenditureType&variant=global&regions=xb&regions=xa&expenditureTypes=Network&startYear=2022&endYear=2030&chartType=line'
		expect((await thrown(dataLoader(args(form, cookies.strategist)))).headers.get('Location')).toBe(
			'/data?reportType=CAPEX&groupBy=Region&regions=xb~xa&globalForecast=false&techForecast=true&startYear=2022&chartType=line',
		)
	})

	test('a percent-encoded ~ (as the client-side navigation sends it) is the canonical URL, not a redirect loop', async () => {
		const data = await dataLoader(args('/data?reportType=CAPEX&groupBy=Region%7ESector&globalForecast=true&techForecast=false', cookies.strategist))
		expect(data.state!.groupBy).toEqual(['Region', 'Sector'])
	})

	test('the canonical page has the figures, the server-drawn SVG and the table', async () => {
		const data = await dataLoader(args('/data?reportType=TotalSpending&groupBy=Region~UtilityIndustrial&globalForecast=true&techForecast=false', cookies.strategist))
		expect(data.outcome.message).toBeNull()
		expect(data.outcome.result!.dataForTable.rows[0].isAggregate).toBe(true)
		// The chart is drawn into the HTML from the loader's figures, not sent again as loader data.
		expect(JSON.stringify(data)).not.toContain('<svg')
		const { html } = await site.render('/data?reportType=TotalSpending&groupBy=Region~UtilityIndustrial&globalForecast=true&techForecast=false', { headers: { Cookie: cookies.strategist } })
		const drawing = html.slice(html.indexOf('<div class="forecast__svg">'))
		expect(drawing).toMatch(/^<div class="forecast__svg"><svg [^>]*role="img"/)
		expect(drawing.slice(0, drawing.indexOf('</svg>'))).toContain('<rect')
		expect(html).toContain('href="/forecast-definitions">All definitions</a>')
		expect(html).toContain('href="/resources">Show all sources</a>')
		expect(data.picklists.find((p) => p.picklistName === 'region')!.values).toHaveLength(5)
		expect(data.definitions!.length).toBeGreaterThan(0)
	})

	test('an inverted year range shows the message and asks nothing', async () => {
		const data = await dataLoader(args('/data?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false&startYear=2030&endYear=2022', cookies.strategist))
		expect(data.outcome).toEqual({ result: null, message: 'Start date must not exceed end date' })
	})

	test('a tech-only selection with no facts says so', async () => {
		const data = await dataLoader(args('/data?reportType=OPEX&groupBy=Region&globalForecast=false&techForecast=true', cookies.strategist))
		expect(data.outcome.message).toBe(FORECAST_MESSAGES.noDataForFilters)
	})
})

describe('the table view', () => {
	test('the page gets only the first 250 items, in the chosen order', async () => {
		const data = await dataLoader(args('/data?reportType=TotalSpending&groupBy=Country~Sector&globalForecast=true&techForecast=false&sort=2025&sortOrder=desc', cookies.strategist))
		expect(data.tableCapped).toBe(true)
		const rows = data.outcome.result!.dataForTable.rows
		expect(rows.filter((r) => !r.isAggregate)).toHaveLength(FORECAST_TABLE_MAX_ROWS)
		const firsts = rows.filter((r) => r.isAggregate).map((r) => r.values[5]!)
		expect(firsts).toEqual([...firsts].sort((a, b) => b - a))
	})

	test('sorting by a year keeps subtotals with their rows; countries by sector pass 250 rows and are capped', async () => {
		const { body } = await call(siteApi(), 'POST', '/forecast?startYear=2020&endYear=2030', { token: await tokenFor(database.db, 'strategist@example.com'), body: { reportType: 'TotalSpending', groupBy: ['Country', 'Sector'] } })
		const rows = body.item.dataForTable.rows as ForecastTableRow[]
		const state = parseForecastState(new URLSearchParams('groupBy=Country~Sector&sort=2025&sortOrder=desc'), 'data', RANGE)
		const { blocks, capped } = tableView(rows, state)
		expect(capped).toBe(true)
		expect(blocks.reduce((n, b) => n + b.rows.length, 0)).toBe(FORECAST_TABLE_MAX_ROWS)
		const totals = blocks.map((b) => b.aggregate!.values[5]!)
		expect(totals).toEqual([...totals].sort((a, b) => b - a))
		for (const block of blocks) expect(block.rows.every((r) => r.keys[0] === block.aggregate!.keys[0])).toBe(true)
	})
})

describe('downloads', () => {
	test('the xlsx holds the whole table, CAGR included, cell for cell; named forecastDownload_{timestamp}.xlsx', async () => {
		const query = '?reportType=CAPEX&groupBy=Region~Sector&globalForecast=true&techForecast=false'
		const page = await dataLoader(args(`/data${query}`, cookies.strategist))
		const table = page.outcome.result!.dataForTable
		const response = await exportLoader(args(`/data/export/xlsx${query}`, cookies.strategist, { format: 'xlsx' }))
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="forecastDownload_\d+\.xlsx"$/)
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		const sheet = workbook.getWorksheet('Forecast')!
		const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
		expect(values(1)).toEqual(table.headers)
		expect(table.headers.at(-1)).toBe('CAGR 2020-2030 (%)')
		expect(sheet.rowCount).toBe(1 + table.rows.length + 1)
		table.rows.forEach((row, i) => {
			const cells = values(i + 2)
			expect(cells[0]).toBe(row.keys[0])
			expect(cells.slice(2, 13)).toEqual(row.values)
			expect(cells[13]).toBeCloseTo(row.cagr!, 2)
		})
		expect(values(sheet.rowCount).slice(2, 13)).toEqual(table.total.values)
	})

	test('CSV and SVG exports; an unknown format is a 404', async () => {
		const query = '?reportType=TotalSpending&groupBy=Region'
		const csv = await exportLoader(args(`/data/export/csv${query}`, cookies.strategist, { format: 'csv' }))
		const lines = (await csv.text()).trim().split('\r\n')
		expect(lines[0]).toBe(`Region,${Array.from({ length: 11 }, (_, i) => 2020 + i).join(',')},CAGR 2020-2030 (%)`)
		expect(lines.at(-1)).toMatch(/^Total,/)
		const svg = await exportLoader(args(`/data/export/svg${query}`, cookies.strategist, { format: 'svg' }))
		expect(svg.headers.get('Content-Disposition')).toBe('attachment; filename="GWI-chart.svg"')
		expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
		const magic = async (format: string) => {
			const response = await exportLoader(args(`/data/export/${format}${query}`, cookies.strategist, { format }))
			expect(response.status).toBe(200)
			expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="GWI-chart.${format}"`)
			return Buffer.from(await response.arrayBuffer())
		}
		expect((await magic('png')).subarray(1, 4).toString()).toBe('PNG')
		expect([...(await magic('jpg')).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
		expect((await magic('pdf')).subarray(0, 5).toString()).toBe('%PDF-')
		// A PowerPoint file is a zip holding one slide.
		const pptx = await magic('pptx')
		expect(pptx.subarray(0, 2).toString()).toBe('PK')
		expect(pptx.includes(Buffer.from('ppt/slides/slide1.xml'))).toBe(true)
		expect(pptx.includes(Buffer.from('ppt/slides/slide2.xml'))).toBe(false)
		expect((await exportLoader(args(`/data/export/exe${query}`, cookies.strategist, { format: 'exe' }))).status).toBe(404)
	})
})

describe('/forecast-definitions and /resources', () => {
	test('Strategists read the lists; strategy beta without data access gets the no-access panel; others go to /', async () => {
		const definitions = await definitionsLoader(args('/forecast-definitions', cookies.strategist))
		expect(definitions.items!.map((d) => d.name)).toContain('CAGR')
		expect((await resourcesLoader(args('/resources', cookies.strategist))).items!.map((d) => d.name)).toContain('DesalData plant inventory')
		const locked = await resourcesLoader(args('/resources', cookies.betaOnly))
		expect(locked.items).toBeNull()
		expect(locked.noAccess!.message).toBeTruthy()
		expect((await thrown(definitionsLoader(args('/forecast-definitions', cookies.executive)))).headers.get('Location')).toBe('/')
		expect((await thrown(resourcesLoader(args('/resources')))).headers.get('Location')).toBe('/')
	})
})

describe('the database chart card’s "Explore data" link', () => {
	test('opens the explorer on the same figures: a country, a region, the world, desalination', async () => {
		const { rows } = await database.db.execute<{ name: string }>(sql`select c.name from geographies c where not c.is_region and exists (select 1 from forecast_facts f where f.country_id = c.id and f.measure = 'Desal') order by c.id limit 1`)
		const access = new ViewerAccess(database.db, { sub: 'demo|strategist', email: null, userId: null, permissions: ['read:strategy-beta'], datedRoles: [] })
		const configs = [
			{ dataSourceChartType: 'CAPEX', countryName: rows[0].name, startYear: 2022, endYear: 2029 },
			{ dataSourceChartType: 'TotalSpending', region: 'xb', startYear: 2022, endYear: 2029 },
			{ dataSourceChartType: 'TotalSpending', startYear: 2022, endYear: 2029 },
			{ dataSourceChartType: 'Desal', countryName: rows[0].name, startYear: 2022, endYear: 2029 },
		]
		const cards = await resolveCards({ db: database.db, access, now: new Date(), random: () => 0 }, configs.map((config, i) => ({ id: i + 1, cardType: 'DatabaseChartCard', position: 'Centre', width: 'Full', sortOrder: 0, sliceSlug: null, config })))
		for (const card of cards) {
			const link = String(card.config.exploreLink)
			const loader = link.startsWith('/desaldata') ? desalLoader : dataLoader
			// Followed to the canonical URL when it is not one already.
			const data = await loader(args(link, cookies.strategist)).catch(async (error: unknown) => {
				if (!(error instanceof Response)) throw error
				return loader(args(error.headers.get('Location')!, cookies.strategist))
			})
			expect(data.outcome.message, link).toBeNull()
			const table = card.config.dataPoints as string[][]
			// The card's total for its first year is the explorer's.
			const cardTotal = Number(table.at(-1)![1])
			expect(data.outcome.result!.dataForTable.total.values[0]!, link).toBeCloseTo(cardTotal, 0)
			expect(data.state!.startYear).toBe(2022)
		}
	})
})

describe('a database chart card’s workbook (/data/chart.xlsx, POST /forecast/downloadForChart)', () => {
	test('by country and report type: the card’s figures, total for total; refusals in the spec’s words', async () => {
		const { rows } = await database.db.execute<{ name: string }>(sql`select c.name from geographies c where not c.is_region and exists (select 1 from forecast_facts f where f.country_id = c.id and f.measure = 'CAPEX') order by c.id limit 1`)
		const access = new ViewerAccess(database.db, { sub: 'demo|strategist', email: null, userId: null, permissions: ['read:strategy-beta'], datedRoles: [] })
		const config = { dataSourceChartType: 'CAPEX', countryName: rows[0].name, startYear: 2022, endYear: 2029 }
		const [card] = await resolveCards({ db: database.db, access, now: new Date(), random: () => 0 }, [{ id: 1, cardType: 'DatabaseChartCard', position: 'Centre', width: 'Full', sortOrder: 0, sliceSlug: null, config }])
		const cardTotal = Number((card.config.dataPoints as string[][]).at(-1)![1])
		const query = `?chartType=CAPEX&countryName=${encodeURIComponent(rows[0].name)}&startYear=2022&endYear=2029&reportTitle=Card`
		const response = await chartWorkbookLoader(args(`/data/chart.xlsx${query}`, cookies.strategist))
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="forecastDownload_\d+\.xlsx"$/)
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		const sheet = workbook.getWorksheet('Forecast')!
		const total = (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1)
		expect(total[0]).toBe('Total')
		expect(Number(total[1])).toBeCloseTo(cardTotal, 0)

		const refused = await chartWorkbookLoader(args(`/data/chart.xlsx${query}`, cookies.betaOnly))
		expect(refused.status).toBe(403)
		expect(await refused.text()).toBe(FORECAST_MESSAGES.noDownloadPermission)
		const noCountry = await chartWorkbookLoader(args('/data/chart.xlsx?chartType=CAPEX', cookies.strategist))
		expect(noCountry.status).toBe(400)
		expect(await noCountry.text()).toBe(FORECAST_MESSAGES.noGeographyOrChartType)
	})
})
