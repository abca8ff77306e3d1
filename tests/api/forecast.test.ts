/**
 * The forecast explorer's API (backend/api/forecast): figures from the seeded facts, grouped
 * and filtered, with access and preview rules (spec 001 §6, §7).
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { ForecastResultSchema, FORECAST_MESSAGES } from '../../contract/forecast.ts'
import { forgetStaleCopies } from '../../contract/stale-copies.ts'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { call, tokenFor, userIdByEmail } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api, get } = useTestApi()
const tokens = {} as Record<'executive' | 'strategist' | 'staff', string>

beforeAll(async () => {
	tokens.executive = await issueAccessToken({ sub: 'demo|executive', permissions: ROLE_PERMISSIONS.Executive })
	tokens.strategist = await issueAccessToken({ sub: 'demo|strategist', permissions: ROLE_PERMISSIONS.Strategy })
	tokens.staff = await tokenFor(database.db, 'staff@example.com')
})

const forecast = (body: unknown, { token = tokens.strategist, query = 'startYear=2020&endYear=2030' } = {}) => call(api, 'POST', `/forecast?${query}`, { token, body })

describe('POST /forecast', () => {
	test('groups the facts by region, years as columns, with a total equal to the SQL sum and a CAGR', async () => {
		const { status, body } = await forecast({ reportType: 'TotalSpending', groupBy: ['Region'] })
		expect(status).toBe(200)
		const item = ForecastResultSchema.parse(body.item)
		expect(item.dataForTable.headers).toEqual(['Region', ...Array.from({ length: 11 }, (_, i) => String(2020 + i)), 'CAGR 2020-2030 (%)'])
		expect(item.dataForTable.rows.map((r) => r.keys[0])).toContain('Europe')
		const { rows } = await database.db.execute<{ total: number }>(sql`select sum(value_usd_m)::float8 as total from forecast_facts where measure = 'TotalSpending' and year = 2025 and is_published`)
		expect(item.dataForTable.total.values[5]).toBeCloseTo(rows[0].total, 1)
		const sumOfRows = item.dataForTable.rows.reduce((s, r) => s + (r.values[5] ?? 0), 0)
		expect(sumOfRows).toBeCloseTo(rows[0].total, 1)
		const total = item.dataForTable.total
		expect(total.cagr).toBeCloseTo((Math.pow(total.values[10]! / total.values[0]!, 1 / 10) - 1) * 100, 6)
		expect(item.reportTitle).toBe('Total spending by Region')
		expect(item.downloadFileName).toMatch(/^forecastDownload_\d+\.xlsx$/)
	})

	test('two groups give level-1 subtotals followed by their rows; filters narrow the facts', async () => {
		const { body } = await forecast({ reportType: 'CAPEX', groupBy: ['Region', 'UtilityIndustrial'], filters: { Region: ['xb'] } })
		const rows = body.item.dataForTable.rows
		expect(rows[0]).toMatchObject({ keys: ['Europe'], isAggregate: true, aggregation: 1 })
		expect(rows.slice(1).map((r: any) => r.keys)).toEqual([
			['Europe', 'Utility'],
			['Europe', 'Industrial'],
		])
		expect(rows[0].values[3]).toBeCloseTo(rows[1].values[3] + rows[2].values[3], 3)
		expect(body.item.reportTitleFilters).toEqual(['Region: Europe'])
	})

	test('a group the report type excludes is a 400 with a message; an inverted range too', async () => {
		expect((await forecast({ reportType: 'CAPEX', groupBy: ['ExpenditureType'] })).status).toBe(400)
		const inverted = await forecast({ reportType: 'CAPEX', groupBy: ['Region'] }, { query: 'startYear=2030&endYear=2020' })
		expect(inverted.status).toBe(400)
		expect(inverted.body.errors).toEqual([FORECAST_MESSAGES.startAfterEnd])
		expect((await forecast('not json')).status).toBe(400)
	})

	test('the tech variant has no facts in the seed: an empty table with a warning', async () => {
		const { status, body } = await forecast({ reportType: 'OPEX', variant: 'tech', groupBy: ['Region'] })
		expect(status).toBe(200)
		expect(body.item.dataForTable.rows).toEqual([])
		expect(body.warnings).toEqual(['No results found'])
	})

	test('visitors and Executives are refused; Strategists read; Desal needs read:desal-beta', async () => {
		expect((await forecast({ reportType: 'TotalSpending', groupBy: ['Region'] }, { token: '' })).status).toBe(403)
		expect((await forecast({ reportType: 'TotalSpending', groupBy: ['Region'] }, { token: tokens.executive })).status).toBe(403)
		const beta = await issueAccessToken({ sub: 'demo|beta', permissions: ['read:strategy-beta', 'read:forecast-data'] })
		expect((await forecast({ reportType: 'Desal', groupBy: ['Region'] }, { token: beta })).status).toBe(403)
		expect((await forecast({ reportType: 'Desal', groupBy: ['ForecastApplication'] })).status).toBe(200)
	})

	test('preview figures only for preview:data holders with the setting on, when asked', async () => {
		const sectors = async (token: string, preview: boolean) =>
			(await forecast({ reportType: 'TotalSpending', groupBy: ['Sector'] }, { token, query: `startYear=2020&endYear=2030&previewMode=${preview}` })).body.item.dataForTable.rows.map((r: any) => r.keys[0])
		expect(await sectors(tokens.strategist, true)).not.toContain('Data centres')
		const staffId = await userIdByEmail(database.db, 'staff@example.com')
		await database.db.execute(sql`update users set preview_data = false where id = ${staffId}`)
		expect(await sectors(tokens.staff, true)).not.toContain('Data centres')
		await database.db.execute(sql`update users set preview_data = true where id = ${staffId}`)
		expect(await sectors(tokens.staff, true)).toContain('Data centres')
		expect(await sectors(tokens.staff, false)).not.toContain('Data centres')
	})
})

describe('GET /forecast/info, /picklist, /definitions', () => {
	test('info gives the year range and the groups of the report type', async () => {
		const { status, body } = await get('/forecast/info?reportType=CAPEX', tokens.strategist)
		expect(status).toBe(200)
		expect(body.item.yearRange).toEqual({ minYear: 2015, maxYear: 2035, defaultMinYear: 2020, defaultMaxYear: 2030 })
		const { rows } = await database.db.execute<{ published_at: Date }>(sql`select published_at from forecast_releases where measure = 'CAPEX'`)
		expect(body.item.publishedAt).toBe(new Date(rows[0]!.published_at).toISOString())
		expect(body.item.groups.map((g: any) => g.name)).not.toContain('ExpenditureType')
		expect((await get('/forecast/info?reportType=Nope', tokens.strategist)).status).toBe(400)
		expect((await get('/forecast/info?reportType=CAPEX', tokens.executive)).status).toBe(403)
	})

	test('picklists hold only values the report type uses', async () => {
		const { body } = await get('/forecast/picklist?reportType=TotalSpending', tokens.strategist)
		const sector = body.items.find((p: any) => p.picklistName === 'sector')
		expect(sector.values.map((v: any) => v.value)).toContain('Mining')
		expect(sector.values.map((v: any) => v.value)).not.toContain('Data centres')
		expect(body.items.find((p: any) => p.picklistName === 'region').values.length).toBe(5)
	})

	test('POST /forecast/definitions gives those of the query: its report type, its groups’ values, CAGR', async () => {
		const names = async (body: unknown, token = tokens.strategist) => {
			const response = await call(api, 'POST', '/forecast/definitions', { token, body })
			return response.status === 200 ? response.body.items.map((d: any) => d.name) : response.status
		}
		expect(await names({ reportType: 'CAPEX', groupBy: ['UtilityIndustrial'] })).toEqual(['Capital expenditure (CAPEX)', 'Utility', 'Industrial', 'CAGR'])
		expect(await names({ reportType: 'TotalSpending', groupBy: ['Sector'], filters: { Sector: ['Mining'] } })).toEqual(['Total spending', 'Mining', 'CAGR'])
		expect(await names({ reportType: 'Desal', groupBy: ['Region'] })).toEqual(['Desalination', 'CAGR'])
		expect(await names({ reportType: 'Desal', groupBy: ['Region'] }, tokens.executive)).toBe(403)
		expect(await names({ reportType: 'Nope', groupBy: ['Region'] })).toBe(400)
	})

	test('definitions and methodologies for strategists only', async () => {
		const { body } = await get('/forecast/definitions', tokens.strategist)
		expect(body.items[0]).toMatchObject({ name: 'Total spending', slug: expect.any(String) })
		expect((await get('/forecast/methodologies', tokens.strategist)).body.items.length).toBeGreaterThan(0)
		expect((await get('/forecast/definitions')).status).toBe(403)
	})
})

describe('answers kept by query and release', () => {
	test('new figures show once their release is published, or once a change notice empties the kept answers', async () => {
		const ask = async () => (await forecast({ reportType: 'OPEX', groupBy: ['Region'] }, { query: 'startYear=2033&endYear=2034' })).body.item.dataForTable.total.values[0] as number
		const { rows } = await database.db.execute<{ id: number }>(sql`
			select f.id from forecast_facts f join geographies c on c.id = f.country_id join geographies r on r.id = c.region_id
			where f.measure = 'OPEX' and f.year = 2033 and f.is_published and f.chemical_type = '' and f.product_type = '' order by f.id limit 1`)
		const { rows: releases } = await database.db.execute<{ published_at: Date }>(sql`select published_at from forecast_releases where measure = 'OPEX'`)
		const id = rows[0].id
		const before = await ask()
		let added = false
		try {
			await database.db.execute(sql`update forecast_facts set value_usd_m = value_usd_m + 1000 where id = ${id}`)
			added = true
			// The same release: the kept answer.
			expect(await ask()).toBeCloseTo(before, 3)
			await database.db.execute(sql`update forecast_releases set published_at = now() where measure = 'OPEX'`)
			expect(await ask()).toBeCloseTo(before + 1000, 3)
			await database.db.execute(sql`update forecast_facts set value_usd_m = value_usd_m - 1000 where id = ${id}`)
			added = false
			forgetStaleCopies()
			expect(await ask()).toBeCloseTo(before, 3)
		} finally {
			if (added) await database.db.execute(sql`update forecast_facts set value_usd_m = value_usd_m - 1000 where id = ${id}`)
			await database.db.execute(sql`update forecast_releases set published_at = ${releases[0].published_at} where measure = 'OPEX'`)
			forgetStaleCopies()
		}
	})
})
