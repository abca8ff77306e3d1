/**
 * GET /searchCompanies and GET /downloadEntities (spec 001 §4-§7) on the table engine:
 * facet counts and min/max aggregations against the database, the sample state, range
 * filters only with financial-data access, and companies.xlsx holding the query's rows.
 */
import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import { tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

async function get(path: string, token?: string) {
	const response = await api.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
	return { status: response.status, response, body: response.headers.get('content-type')?.includes('json') ? ((await response.json()) as any) : null }
}
const count = async (where: string) =>
	(
		await database.db.$client.query<{ n: number }>(
			`select count(*)::int as n from companies e left join geographies g on g.id = e.headquarters_country_id where e.show_as_page and ${where}`,
		)
	).rows[0].n
const facet = (result: any, name: string): Record<string, number> => result.aggregations.find((a: any) => a.name === name).items

describe('the companies index', () => {
	test('a Strategist filters by two facets; each facet counts with the other filters', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const all = (await get('/searchCompanies', token)).body.item
		expect(all.hasAccess).toBe(true)
		expect(all.canViewFinancialData).toBe(true)
		expect(all.totalHits).toBe(await count('true'))
		expect(all.searchHits).toHaveLength(20)
		const [country] = Object.entries(facet(all, 'Headquarters Country')).sort((a, b) => b[1] - a[1])[0]
		expect(facet(all, 'Headquarters Country')[country]).toBe(await count(`g.name = '${country.replace(/'/g, "''")}'`))
		const [expertise] = Object.entries(facet(all, 'Expertise')).sort((a, b) => b[1] - a[1])[0]
		const params = new URLSearchParams({ 'filters[Headquarters Country]': country, 'filters[Expertise]': expertise })
		const { item } = (await get(`/searchCompanies?${params}`, token)).body
		const where = `g.name = '${country.replace(/'/g, "''")}' and exists (select 1 from company_expertises x where x.company_id = e.id and x.name = '${expertise.replace(
			/'/g,
			"''",
		)}')`
		expect(item.totalHits).toBe(await count(where))
		expect(facet(item, 'Headquarters Country')[country]).toBe(item.totalHits)
		const revenue = item.minMaxAggregations[0]
		const bounds = (
			await database.db.$client.query(
				`select min(e.water_revenue_dollars) as lo, max(e.water_revenue_dollars) as hi from companies e left join geographies g on g.id = e.headquarters_country_id where e.show_as_page and ${where}`,
			)
		).rows[0]
		expect(revenue).toMatchObject({ title: 'Revenue (US$m)', minName: 'Minimum revenue', maxName: 'Maximum revenue', minValue: bounds.lo, maxValue: bounds.hi })
	})

	test('every count of a facet is the number of companies holding the value, with the other filters applied', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const all = (await get('/searchCompanies', token)).body.item
		const [country] = Object.entries(facet(all, 'Headquarters Country')).sort((a, b) => b[1] - a[1])[0]
		const { item } = (await get(`/searchCompanies?${new URLSearchParams({ 'filters[Headquarters Country]': country })}`, token)).body
		const truth = async (tags: string) =>
			Object.fromEntries(
				(
					await database.db.$client.query<{ name: string; n: number }>(
						`select t.name, count(distinct e.id)::int as n from companies e join geographies g on g.id = e.headquarters_country_id join (${tags}) t on t.company_id = e.id
						where e.show_as_page and g.name = $1 group by t.name`,
						[country],
					)
				).rows.map((row) => [row.name, row.n]),
			)
		expect(facet(item, 'Expertise')).toEqual(await truth('select company_id, name from company_expertises'))
		expect(facet(item, 'Industries')).toEqual(await truth('select ci.company_id, i.name from company_industries ci join industries i on i.id = ci.industry_id'))
		expect(Object.keys(facet(item, 'Expertise')).length).toBeGreaterThan(3)
	})

	test('revenue ranges apply only for readers who may view company financial data', async () => {
		const strategist = await tokenFor(database.db, 'strategist@example.com')
		const executive = await tokenFor(database.db, 'executive@example.com')
		const query = '/searchCompanies?filters[Minimum revenue]=100&filters[Include estimates]=true'
		expect((await get(query, strategist)).body.item.totalHits).toBe(await count('e.water_revenue_dollars >= 100'))
		const asExecutive = (await get(query, executive)).body.item
		expect(asExecutive.hasAccess).toBe(true)
		expect(asExecutive.totalHits).toBe(await count('true'))
		expect(asExecutive.searchHits.every((hit: any) => hit.waterRevenueDollars === null)).toBe(true)
	})

	test('sortOrder is Ascending or Descending (spec 001 §7); the old desc still reads as descending', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const names = async (query: string) => (await get(`/searchCompanies?${query}`, token)).body.item.searchHits.map((hit: any) => hit.name)
		const descending = await names('sortBy=name&sortOrder=Descending')
		const { rows } = await database.db.$client.query<{ name: string }>(`select name from companies where show_as_page order by lower(name) desc, id desc limit 20`)
		expect(descending).toEqual(rows.map((row) => row.name))
		expect(await names('sortBy=name&sortOrder=desc')).toEqual(descending)
		expect(await names('sortBy=name&sortOrder=Ascending')).not.toEqual(descending)
	})

	test('an Executive cannot sort by the revenue column they do not see, on the page or in companies.xlsx', async () => {
		const executive = await tokenFor(database.db, 'executive@example.com')
		const names = async (query: string) => (await get(`/searchCompanies?${query}`, executive)).body.item.searchHits.map((hit: any) => hit.name)
		const byDefault = await names('')
		expect(await names('sortBy=revenue&sortOrder=Descending')).toEqual(byDefault)
		// A Strategist's order by revenue is another order: the fall-back is what kept the Executive's.
		const strategist = await tokenFor(database.db, 'strategist@example.com')
		expect((await get('/searchCompanies?sortBy=revenue&sortOrder=Descending', strategist)).body.item.searchHits.map((hit: any) => hit.name)).not.toEqual(byDefault)
		const { status, response } = await get('/downloadEntities?entityType=companies&sortBy=revenue&sortOrder=Descending', executive)
		expect(status).toBe(200)
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		const sheet = workbook.worksheets[0]
		expect(sheet.getRow(1).values).not.toContain('Water Revenue (US$m)')
		const rows: string[] = []
		sheet.eachRow((row, index) => {
			if (index > 1 && index <= byDefault.length + 1) rows.push(String(row.getCell(1).value))
		})
		expect(rows).toEqual(byDefault)
	})

	test("'Include estimates' (spec 001 §6): a revenue range reads reported figures unless it is ticked; hits say which figures are estimates", async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const total = async (query: string) => (await get(`/searchCompanies?${query}`, token)).body.item.totalHits
		const reported = await count('e.water_revenue_dollars >= 1 and not e.water_revenue_is_estimate')
		const all = await count('e.water_revenue_dollars >= 1')
		expect(reported).toBeGreaterThan(0)
		expect(reported).toBeLessThan(all)
		expect(await total('filters[Minimum revenue]=1')).toBe(reported)
		expect(await total('filters[Minimum revenue]=1&filters[Include estimates]=true')).toBe(all)
		// Without a range in use the index lists every company, estimates marked.
		const { item } = (await get('/searchCompanies?sortBy=revenue&sortOrder=Descending&pageSize=100', token)).body
		expect(item.totalHits).toBe(await count('true'))
		const { rows } = await database.db.$client.query<{ slug: string; water_revenue_is_estimate: boolean }>(
			`select slug, water_revenue_is_estimate from companies where slug = any($1)`,
			[item.searchHits.map((hit: any) => hit.slug)],
		)
		const estimated = new Map(rows.map((row) => [row.slug, row.water_revenue_is_estimate]))
		expect(item.searchHits.every((hit: any) => hit.waterRevenueIsEstimate === estimated.get(hit.slug))).toBe(true)
		expect(item.searchHits.some((hit: any) => hit.waterRevenueIsEstimate)).toBe(true)
		// The mergers' price the same way.
		const mergers = async (query: string) => (await get(`/searchMergers?filters[Deal completed]=All&${query}`, token)).body.item.totalHits
		const deals = async (where: string) => (await database.db.$client.query<{ n: number }>(`select count(*)::int as n from mergers e where ${where}`)).rows[0].n
		expect(await mergers('filters[Min price]=1')).toBe(await deals('e.price_dollars >= 1 and not e.price_is_estimate'))
		expect(await mergers('filters[Min price]=1&filters[Include estimates]=true')).toBe(await deals('e.price_dollars >= 1'))
	})

	test('every company with water revenue has financial stats that agree with its details (the latest water revenue indicator)', async () => {
		const { rows } = await database.db.$client.query<{ slug: string }>(`
			select c.slug from companies c
			where c.water_revenue is not null and not exists (
				select 1 from company_indicators i where i.company_id = c.id and i.indicator = 'WaterRevenue'
					and i.year = (select max(year) from company_indicators j where j.company_id = c.id and j.indicator = 'WaterRevenue')
					and i.value = c.water_revenue and i.currency = c.water_revenue_currency and i.value_usd = c.water_revenue_dollars)`)
		expect(rows).toEqual([])
		// The stats card's own endpoint for a company without published accounts.
		const { rows: estimated } = await database.db.$client.query<{ slug: string; water_revenue: number }>(
			`select slug, water_revenue from companies c where water_revenue is not null and (select count(*) from company_indicators i where i.company_id = c.id) = 1 order by id limit 1`,
		)
		const strategist = await tokenFor(database.db, 'strategist@example.com')
		const { status, body } = await get(`/companies/slug/${estimated[0].slug}/indicators`, strategist)
		expect(status).toBe(200)
		expect(body.items.length).toBeGreaterThan(0)
	})

	test('a visitor and a free account get the sample: 10 rows, total 3220, without access', async () => {
		const free = await tokenFor(database.db, 'free@example.com')
		for (const token of [undefined, free]) {
			const { item } = (await get('/searchCompanies?filters[Expertise]=Desalination&pageNum=4', token)).body
			expect(item.hasAccess).toBe(false)
			expect(item.totalHits).toBe(3220)
			expect(item.pageNum).toBe(1)
			expect(item.searchHits).toHaveLength(10)
			expect(item.searchHits.every((hit: any) => hit.hasAccess === false)).toBe(true)
		}
	})
})

describe('the utilities index', () => {
	test('a Strategist filters by region and a population range; an Executive gets the sample', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const region = 'Europe'
		const { item } = (await get(`/searchUtilities?filters[Project region]=${region}&filters[Min water population]=100000`, token)).body
		const n = (await database.db.$client.query<{ n: number }>(`select count(*)::int as n from utilities where project_region = $1 and water_population >= 100000`, [region]))
			.rows[0].n
		expect(item.hasAccess).toBe(true)
		expect(item.totalHits).toBe(n)
		const regions = facet(item, 'Project region')
		expect(regions[region]).toBe(n)
		const europe = (await database.db.$client.query<{ n: number }>(`select count(*)::int as n from utilities where project_region = 'Asia Pacific' and water_population >= 100000`))
			.rows[0].n
		expect(regions['Asia Pacific'] ?? 0).toBe(europe)
		const executive = (await get('/searchUtilities', await tokenFor(database.db, 'executive@example.com'))).body.item
		expect(executive).toMatchObject({ hasAccess: false, totalHits: 3220 })
		expect(executive.searchHits).toHaveLength(10)
	})
})

describe('the mergers index', () => {
	const deals = async (where: string) => (await database.db.$client.query<{ n: number }>(`select count(*)::int as n from mergers e where ${where}`)).rows[0].n

	test('Deal completed: Completed by default, Pending, All; price ranges with and without priceless deals', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const search = async (query: string) => (await get(`/searchMergers?${query}`, token)).body.item
		expect((await search('')).totalHits).toBe(await deals('e.deal_completed'))
		expect((await search('filters[Deal completed]=Pending')).totalHits).toBe(await deals('not e.deal_completed'))
		expect((await search('filters[Deal completed]=All')).totalHits).toBe(await deals('true'))
		expect((await search('filters[Deal completed]=Nonsense')).totalHits).toBe(await deals('e.deal_completed'))
		const priced = await search('filters[Deal completed]=All&filters[Min price]=100&filters[Include estimates]=true')
		expect(priced.totalHits).toBe(await deals('e.price_dollars >= 100'))
		const withPriceless = await search('filters[Deal completed]=All&filters[Min price]=100&filters[Include deals without a price]=true&filters[Include estimates]=true')
		expect(withPriceless.totalHits).toBe(await deals('(e.price_dollars >= 100 or e.price_dollars is null)'))
		expect(withPriceless.totalHits).toBeGreaterThan(priced.totalHits)
		const year = (await search('')).minMaxAggregations.find((a: any) => a.title === 'Year')
		expect(year).toMatchObject({ minName: 'Min year', maxName: 'Max year' })
		const bounds = (await database.db.$client.query(`select min(year) as lo, max(year) as hi from mergers where deal_completed`)).rows[0]
		expect([year.minValue, year.maxValue]).toEqual([bounds.lo, bounds.hi])
	})

	test('decimal ranges keep every decimal typed: Min price 0.25, Minimum revenue 0.42 (spec 001 §5)', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const priced = (await get('/searchMergers?filters[Deal completed]=All&filters[Min price]=0.25&filters[Include estimates]=true', token)).body.item
		expect(priced.totalHits).toBe(await deals('e.price_dollars >= 0.25'))
		const companies = (await get('/searchCompanies?filters[Minimum revenue]=0.42&filters[Include estimates]=true', token)).body.item
		expect(companies.totalHits).toBe(await count('e.water_revenue_dollars >= 0.42'))
		// Rounding 0.42 to one decimal would have counted the companies from 0.4.
		expect(await count('e.water_revenue_dollars >= 0.42')).toBeLessThan(await count('e.water_revenue_dollars >= 0.4'))
	})

	test('mergers.xlsx defaults to completed deals', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const { status, response } = await get('/downloadEntities?entityType=mergers', token)
		expect(status).toBe(200)
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		expect(workbook.worksheets[0].rowCount - 1).toBe(await deals('e.deal_completed'))
	})
})

describe('GET /downloadEntities', () => {
	test("companies.xlsx holds the query's rows; other entity types are refused", async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const query = 'filters[Minimum revenue]=50&filters[Include estimates]=true&sortBy=revenue&sortOrder=Descending&pageSize=100'
		const first = (await get(`/searchCompanies?${query}`, token)).body.item
		expect(first.totalPages).toBeGreaterThan(1)
		const hits = [...first.searchHits]
		for (let pageNum = 2; pageNum <= first.totalPages; pageNum++) hits.push(...(await get(`/searchCompanies?${query}&pageNum=${pageNum}`, token)).body.item.searchHits)
		expect(hits).toHaveLength(first.totalHits)
		const { status, response } = await get(`/downloadEntities?entityType=companies&${query}`, token)
		expect(status).toBe(200)
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		const names: string[] = []
		workbook.worksheets[0].eachRow((row, index) => {
			if (index > 1) names.push(String(row.getCell(1).value))
		})
		expect(names).toEqual(hits.map((hit: any) => hit.name))
		for (const entityType of ['projects', 'events', '']) {
			const refused = await get(`/downloadEntities?entityType=${entityType}`, token)
			expect(refused.status).toBe(400)
			expect(refused.body.errors).toEqual(['Invalid entity type'])
		}
		expect((await get('/downloadEntities?entityType=companies')).status).toBe(403)
	})
})
