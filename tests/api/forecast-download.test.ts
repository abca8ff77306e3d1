/**
 * POST /forecast/search, /forecast/download and /forecast/downloadForChart (spec 001 §5, §6,
 * §7): the table's rows, the whole table as a workbook or CSV whose cells equal POST
 * /forecast's table (CAGR included), a chart card's figures by country or custom chart link,
 * and the spec's refusals.
 */
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { FORECAST_MESSAGES, ForecastResultSchema, ForecastTableRowSchema, type ForecastResult } from '../../contract/forecast.ts'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { roundOneDecimal } from '../../contract/format.ts'
import { forecastCsv } from '../../backend/api/forecast/download.ts'
import { call } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()
const tokens = {} as Record<'executive' | 'strategist' | 'betaOnly', string>

beforeAll(async () => {
	tokens.executive = await issueAccessToken({ sub: 'demo|executive', permissions: ROLE_PERMISSIONS.Executive })
	tokens.strategist = await issueAccessToken({ sub: 'demo|strategist', permissions: ROLE_PERMISSIONS.Strategy })
	tokens.betaOnly = await issueAccessToken({ sub: 'demo|beta-only', permissions: ['read:strategy-beta'] })
})

const QUERY = 'startYear=2020&endYear=2030'
const BODY = { reportType: 'CAPEX', groupBy: ['Region', 'Sector'] }

/** A raw call: the response itself (files are not JSON). */
const post = (path: string, { token = tokens.strategist, body }: { token?: string; body?: unknown } = {}) =>
	api.request(path, {
		method: 'POST',
		headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
		body: body === undefined ? undefined : JSON.stringify(body),
	})

async function table(body: unknown, query = QUERY): Promise<ForecastResult> {
	const { status, body: envelope } = await call(api, 'POST', `/forecast?${query}`, { token: tokens.strategist, body })
	expect(status).toBe(200)
	return ForecastResultSchema.parse(envelope.item)
}

async function sheetOf(response: Response) {
	const workbook = new ExcelJS.Workbook()
	await workbook.xlsx.load(await response.arrayBuffer())
	const sheet = workbook.getWorksheet('Forecast')!
	return { workbook, sheet, row: (n: number) => (sheet.getRow(n).values as unknown[]).slice(1) }
}

/** Every row of the workbook equals the table's: keys, every year's figure and the CAGR (2 decimals); the total last. */
function expectSameTable(sheet: Awaited<ReturnType<typeof sheetOf>>, result: ForecastResult) {
	const { headers, rows, total } = result.dataForTable
	const groups = result.request.groupBy.length
	expect(sheet.row(1)).toEqual(headers)
	expect(sheet.sheet.rowCount).toBe(1 + rows.length + 1)
	;[...rows, total].forEach((row, i) => {
		const cells = sheet.row(i + 2)
		expect(cells.slice(0, row.keys.length)).toEqual(row.keys)
		expect(cells.slice(groups, groups + row.values.length)).toEqual(row.values)
		if (row.cagr !== null) expect(cells[groups + row.values.length]).toBeCloseTo(row.cagr, 2)
	})
}

describe('POST /forecast/search', () => {
	test('answers the table’s rows of the query, subtotals among them and the total row last', async () => {
		const { status, body } = await call(api, 'POST', `/forecast/search?${QUERY}`, { token: tokens.strategist, body: BODY })
		expect(status).toBe(200)
		const items = body.items.map((item: unknown) => ForecastTableRowSchema.parse(item))
		const expected = await table(BODY)
		expect(items).toEqual([...expected.dataForTable.rows, expected.dataForTable.total])
		expect(items.at(-1).keys).toEqual(['Total'])
	})

	test('refuses readers without read:forecast-data and groups the report type excludes', async () => {
		expect((await call(api, 'POST', `/forecast/search?${QUERY}`, { token: tokens.betaOnly, body: BODY })).status).toBe(403)
		expect((await call(api, 'POST', `/forecast/search?${QUERY}`, { token: tokens.strategist, body: { reportType: 'CAPEX', groupBy: ['ExpenditureType'] } })).status).toBe(400)
	})
})

describe('POST /forecast/download', () => {
	test('the workbook holds the whole table, CAGR included, cell for cell; named forecastDownload_{timestamp}.xlsx', async () => {
		const response = await post(`/forecast/download?${QUERY}`, { body: BODY })
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="forecastDownload_\d+\.xlsx"$/)
		const expected = await table(BODY)
		expect(expected.dataForTable.headers.at(-1)).toBe('CAGR 2020-2030 (%)')
		expectSameTable(await sheetOf(response), expected)
	})

	test('outputAsCsv=true gives the same table as CSV', async () => {
		const response = await post(`/forecast/download?${QUERY}&outputAsCsv=true`, { body: { reportType: 'TotalSpending', groupBy: ['Region'] } })
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="forecastDownload_\d+\.csv"$/)
		const lines = (await response.text()).trim().split('\r\n')
		const expected = await table({ reportType: 'TotalSpending', groupBy: ['Region'] })
		expect(lines[0]).toBe(expected.dataForTable.headers.join(','))
		expect(lines.length).toBe(1 + expected.dataForTable.rows.length + 1)
		// Figures as the table shows them: one decimal (spec 001 §9), no float noise.
		expect(lines[1].split(',').slice(1, 12).map(Number)).toEqual(expected.dataForTable.rows[0].values.map((value) => (value === null ? 0 : roundOneDecimal(value))))
		for (const line of lines.slice(1)) for (const cell of line.split(',').slice(1)) expect(cell).toMatch(/^(-?\d+(\.\d)?)?$/)
		expect(lines.at(-1)).toMatch(/^Total,/)
	})

	test('the CSV: figures rounded as the table shows them; text a spreadsheet would run as a formula behind a quote, negative figures still figures', () => {
		const row = (keys: string[], values: (number | null)[], cagr: number | null) => ({ keys, isAggregate: false, aggregation: 0, values, cagr })
		const result = {
			request: { groupBy: ['Region'] },
			dataForTable: {
				headers: ['Region', '2022', '2023', 'CAGR 2022-2023 (%)'],
				rows: [
					row(['=HYPERLINK("http://x.example","Click")'], [52855.53999999999, -3.25], 4.04),
					row(['+44 Region'], [0.1 + 0.2, null], null),
					row(['-Minus'], [1, 2], -12.345),
					row(['@SUM(A1)'], [1, 2], null),
					row(['\tTabbed'], [1, 2], null),
					row(['\rReturn'], [1, 2], null),
					row(['-4.2'], [1, 2], null),
					row(['Europe, West'], [1, 2], null),
				],
				total: row(['Total'], [248729.65, 248729.6499], 0),
			},
		} as unknown as ForecastResult
		const lines = forecastCsv(result).split('\r\n')
		expect(lines[0]).toBe('Region,2022,2023,CAGR 2022-2023 (%)')
		expect(lines[1]).toBe(`"'=HYPERLINK(""http://x.example"",""Click"")",52855.5,-3.3,4`)
		expect(lines[2]).toBe(`"'+44 Region",0.3,,`)
		expect(lines[3]).toBe(`"'-Minus",1,2,-12.3`)
		expect(lines[4]).toBe(`"'@SUM(A1)",1,2,`)
		expect(lines[5]).toBe(`"'\tTabbed",1,2,`)
		expect(lines[6]).toBe(`"'\rReturn",1,2,`)
		// A plain negative number is a figure, not a formula.
		expect(lines[7]).toBe('-4.2,1,2,')
		expect(lines[8]).toBe('"Europe, West",1,2,')
		expect(lines[9]).toBe('Total,248729.7,248729.6,0')
		expect(lines[10]).toBe('')
	})

	test('without read:forecast-data: 403 "Sorry, you do not have permission to download forecast data"; visitors and Executives too', async () => {
		for (const token of [tokens.betaOnly, tokens.executive, '']) {
			const response = await post(`/forecast/download?${QUERY}`, { token, body: BODY })
			expect(response.status).toBe(403)
			expect(((await response.json()) as { errors: string[] }).errors).toEqual([FORECAST_MESSAGES.noDownloadPermission])
		}
	})

	test('bad input is a 400 with a message; a query without figures says so', async () => {
		const inverted = await post('/forecast/download?startYear=2030&endYear=2020', { body: BODY })
		expect(inverted.status).toBe(400)
		expect(((await inverted.json()) as { errors: string[] }).errors).toEqual([FORECAST_MESSAGES.startAfterEnd])
		expect((await post(`/forecast/download?${QUERY}`, { body: { reportType: 'Nope', groupBy: ['Region'] } })).status).toBe(400)
		const empty = await post(`/forecast/download?${QUERY}`, { body: { reportType: 'OPEX', variant: 'tech', groupBy: ['Region'] } })
		expect(empty.status).toBe(404)
		expect(((await empty.json()) as { errors: string[] }).errors).toEqual([FORECAST_MESSAGES.noDataForFilters])
	})
})

describe('POST /forecast/downloadForChart', () => {
	let country: { name: string; slug: string }
	beforeAll(async () => {
		const { rows } = await database.db.execute<{ name: string; slug: string }>(sql`
			select c.name, c.slug from geographies c where not c.is_region and exists (select 1 from forecast_facts f where f.country_id = c.id and f.measure = 'TotalSpending' and f.is_published)
			order by c.name limit 1`)
		country = rows[0]
	})

	test('a country and a report type: the country’s forecast split as the card splits it, in the preset window 2022-2029', async () => {
		const response = await post(`/forecast/downloadForChart?chartType=TotalSpending&countryName=${encodeURIComponent(country.name)}&reportTitle=${encodeURIComponent('Spending in one country')}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="forecastDownload_\d+\.xlsx"$/)
		const sheet = await sheetOf(response)
		const expected = await table({ reportType: 'TotalSpending', groupBy: ['Country', 'ExpenditureType'], filters: { Country: [country.slug] } }, 'startYear=2022&endYear=2029')
		expectSameTable(sheet, expected)
		expect(sheet.workbook.getWorksheet('About')!.getRow(1).values).toEqual([undefined, 'Report', 'Spending in one country'])
	})

	test('a custom chart link replaces the query: the explorer’s URL read as the page reads it', async () => {
		const customUrl = '/data?reportType=CAPEX&groupBy=Region~Sector&startYear=2021&endYear=2026'
		const response = await post(`/forecast/downloadForChart?chartType=CustomURL&customUrl=${encodeURIComponent(customUrl)}&hideCAGR=true`)
		expect(response.status).toBe(200)
		const expected = await table({ reportType: 'CAPEX', groupBy: ['Region', 'Sector'] }, 'startYear=2021&endYear=2026&hideCagr=true')
		expect(expected.dataForTable.headers.at(-1)).toBe('2026')
		expectSameTable(await sheetOf(response), expected)
	})

	test('"No geography or chart type specified" without a country or custom link, or without a chart type', async () => {
		for (const query of ['chartType=CAPEX', `countryName=${encodeURIComponent(country.name)}`, 'chartType=CustomURL', '']) {
			const response = await post(`/forecast/downloadForChart?${query}`)
			expect(response.status).toBe(400)
			expect(((await response.json()) as { errors: string[] }).errors).toEqual([FORECAST_MESSAGES.noGeographyOrChartType])
		}
		const unknown = await post('/forecast/downloadForChart?chartType=CAPEX&countryName=Atlantis')
		expect(unknown.status).toBe(404)
		expect((await post(`/forecast/downloadForChart?chartType=CustomURL&customUrl=${encodeURIComponent('https://elsewhere.example/x')}`)).status).toBe(400)
	})

	test('without read:forecast-data the spec’s refusal; Desal needs read:desal-beta', async () => {
		const refused = await post(`/forecast/downloadForChart?chartType=CAPEX&countryName=${encodeURIComponent(country.name)}`, { token: tokens.betaOnly })
		expect(refused.status).toBe(403)
		expect(((await refused.json()) as { errors: string[] }).errors).toEqual([FORECAST_MESSAGES.noDownloadPermission])
		const noDesal = await issueAccessToken({ sub: 'demo|beta', permissions: ['read:strategy-beta', 'read:forecast-data'] })
		expect((await post(`/forecast/downloadForChart?chartType=Desal&countryName=${encodeURIComponent(country.name)}`, { token: noDesal })).status).toBe(403)
	})
})
