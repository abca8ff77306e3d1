/**
 * GET /searchProjects and GET /downloadProjects (spec 002 §4-§7): the table engine's SQL
 * against the seeded database — totals, facet counts, min/max aggregations, sort, paging,
 * access states — and projects.xlsx holding exactly the query's rows.
 */
import ExcelJS from 'exceljs'
import { describe, expect, test } from 'vitest'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

const count = async (where: string, params: unknown[] = []) =>
	(
		await database.db.$client.query<{ n: number }>(
			`select count(*)::int as n from projects e left join project_costs c on c.project_id = e.id left join geographies g on g.id = e.country_id where ${where}`,
			params,
		)
	).rows[0].n

async function searchProjects(query: string, token?: string) {
	const response = await api.request(`/searchProjects?${query}`, {
		headers: token ? { Authorization: `Bearer ${token}` } : {},
	})
	const body = (await response.json()) as any
	return { status: response.status, body, result: body.item }
}
const executive = () => tokenFor(database.db, 'executive@example.com')
const facet = (result: any, name: string): Record<string, number> => result.aggregations.find((a: any) => a.name === name).items

describe('searching projects as a member', () => {
	test('the default: live projects, most recently updated first, facet counts over them', async () => {
		const { status, result } = await searchProjects('', await executive())
		expect(status).toBe(200)
		expect(result.hasAccess).toBe(true)
		expect(result.totalHits).toBe(await count('not e.is_archived'))
		expect(result.searchHits).toHaveLength(10)
		const dates = result.searchHits.map((hit: any) => hit.projectLastModifiedDate)
		expect([...dates].sort().reverse()).toEqual(dates)
		expect(facet(result, 'Project type').Build).toBe(await count(`not e.is_archived and 'Build' = any(e.categories)`))
		expect(facet(result, 'Project category').Desal).toBe(await count(`not e.is_archived and 'Desal' = any(e.project_types)`))
	})

	test("'*', the spec's empty search term, is every live project", async () => {
		const { result } = await searchProjects('searchTerm=*', await executive())
		expect(result.totalHits).toBe(await count('not e.is_archived'))
	})

	test('three filters narrow the rows; each facet keeps its own siblings counted', async () => {
		const query = 'filters[Project type]=Build&filters[Project category]=Desal~WWTP&filters[Minimum cost]=50&pageSize=100'
		const { result } = await searchProjects(query, await executive())
		const where = `not e.is_archived and 'Build' = any(e.categories) and e.project_types && array['Desal','WWTP'] and c.cost_usd >= 50`
		expect(result.totalHits).toBe(await count(where))
		expect(result.totalHits).toBeGreaterThan(0)
		// Project category counts ignore the category filter: WTP is still counted.
		expect(facet(result, 'Project category').WTP).toBe(await count(`not e.is_archived and 'Build' = any(e.categories) and 'WTP' = any(e.project_types) and c.cost_usd >= 50`))
		// The cost range's bounds ignore the cost filter; capacity's apply it.
		const cost = result.minMaxAggregations.find((a: any) => a.title === 'Cost (US$m)')
		const bounds = (
			await database.db.$client.query(
				`select min(c.cost_usd) as lo, max(c.cost_usd) as hi from projects e left join project_costs c on c.project_id = e.id where not e.is_archived and 'Build' = any(e.categories) and e.project_types && array['Desal','WWTP']`,
			)
		).rows[0]
		expect(cost).toMatchObject({
			minName: 'Minimum cost',
			maxName: 'Maximum cost',
			minValue: bounds.lo,
			maxValue: bounds.hi,
		})
		for (const hit of result.searchHits) {
			expect(hit.projectTypes).toContain('Build')
			expect(hit.projectCostUsd).toBeGreaterThanOrEqual(50)
		}
	})

	test('rows without a value only with the indeterminate option; archived only when asked', async () => {
		const token = await executive()
		const without = (await searchProjects('filters[Minimum capacity]=0', token)).result.totalHits
		const withEmpty = (await searchProjects('filters[Minimum capacity]=0&filters[Include projects without a capacity]=true', token)).result.totalHits
		expect(without).toBe(await count('not e.is_archived and e.capacity_m3d is not null'))
		expect(withEmpty).toBe(await count('not e.is_archived'))
		expect((await searchProjects('filters[Include archived projects]=true', token)).result.totalHits).toBe(await count('true'))
	})

	test("dates: 'Updated from/to' bound the rows; 'from' after 'to' matches nothing and warns", async () => {
		const token = await executive()
		const { result } = await searchProjects('filters[Updated from]=2025-01-01&filters[Updated to]=2025-06-30', token)
		expect(result.totalHits).toBe(await count(`not e.is_archived and e.date_last_modified >= '2025-01-01' and e.date_last_modified < '2025-07-01'`))
		const reversed = await searchProjects('filters[Updated from]=2025-06-30&filters[Updated to]=2025-01-01', token)
		expect(reversed.result.totalHits).toBe(0)
		expect(reversed.body.warnings).toEqual(["Warning: the 'from' date is later than the 'to' date and so no results will be displayed."])
	})

	test('sort by a header (ascending) and a page beyond the last is the last', async () => {
		const token = await executive()
		const { result } = await searchProjects('sortBy=name&sortOrder=asc&pageSize=20', token)
		const names = result.searchHits.map((hit: any) => hit.name.toLowerCase())
		expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names)
		const beyond = (await searchProjects('pageNum=9999&pageSize=100', token)).result
		expect(beyond.pageNum).toBe(beyond.totalPages)
		expect(beyond.searchHits.length).toBe(beyond.totalHits - (beyond.totalPages - 1) * 100)
	})
})

describe('access', () => {
	test('a visitor and a free account get the sample: every hit without access, filters ignored, no costs', async () => {
		const free = await tokenFor(database.db, 'free@example.com')
		for (const token of [undefined, free]) {
			const { status, result } = await searchProjects('filters[Project category]=Desal&pageNum=3', token)
			expect(status).toBe(200)
			expect(result.hasAccess).toBe(false)
			expect(result.pageNum).toBe(1)
			expect(result.totalHits).toBe(await count('not e.is_archived'))
			expect(result.searchHits.every((hit: any) => hit.hasAccess === false && hit.projectCostUsd === null)).toBe(true)
		}
	})

	test('an Executive trial gets the sample too: the tracker is "available exclusively to full members"', async () => {
		const { status, result } = await searchProjects('filters[Project category]=Desal', await tokenFor(database.db, 'trial@example.com'))
		expect(status).toBe(200)
		expect(result.hasAccess).toBe(false)
		expect(result.searchHits.every((hit: any) => hit.hasAccess === false)).toBe(true)
	})

	test('downloading needs download:project*: others get the spec message and 403', async () => {
		const plain = await issueAccessToken({
			sub: 'demo|reader',
			permissions: ['read:project'],
		})
		const response = await api.request('/downloadProjects', {
			headers: { Authorization: `Bearer ${plain}` },
		})
		expect(response.status).toBe(403)
		expect(((await response.json()) as any).errors).toEqual(['You are not authorized to download projects'])
		expect((await api.request('/downloadProjects')).status).toBe(403)
	})
})

describe('projects.xlsx', () => {
	test("holds exactly the query's rows, in the table's order", async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const query = 'filters[Project category]=Desal&filters[Project type]=Operate&sortBy=name&sortOrder=asc&pageSize=100'
		// The table's rows, every page of them.
		const first = (await searchProjects(query, token)).result
		expect(first.totalPages).toBeGreaterThan(1)
		const hits = [...first.searchHits]
		for (let pageNum = 2; pageNum <= first.totalPages; pageNum++) hits.push(...(await searchProjects(`${query}&pageNum=${pageNum}`, token)).result.searchHits)
		expect(hits).toHaveLength(first.totalHits)
		const result = { searchHits: hits }
		const response = await api.request(`/downloadProjects?${query}&pageNum=2`, {
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(response.status).toBe(200)
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="projects.xlsx"')
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		const sheet = workbook.worksheets[0]
		const rows: string[][] = []
		sheet.eachRow((row) =>
			rows.push(
				Array.from({ length: sheet.columnCount }, (_, i) => {
					const value = row.getCell(i + 1).value
					return value == null ? '' : String(value)
				}),
			),
		)
		expect(rows[0]).toEqual(['Name', 'Country', 'Category', 'Project type', 'Capacity (m3/d)', 'Cost (US$m)', 'Progress', 'Archived', 'Date added', 'Updated', 'Page'])
		expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
		expect(rows.slice(1).map((row) => row[0])).toEqual(result.searchHits.map((hit: any) => hit.name))
		expect(rows.slice(1).map((row) => row[10])).toEqual(result.searchHits.map((hit: any) => `/projects/${hit.slug}`))
		expect(rows.slice(1).map((row) => row[5])).toEqual(result.searchHits.map((hit: any) => (hit.projectCostUsd === null ? '' : String(hit.projectCostUsd))))
	})
})

describe('counts that stay proportional to what they count', () => {
	test('a facet not filtered on is counted over the rows every filter keeps', async () => {
		const query = 'filters[Project type]=Build&filters[Project category]=Desal~WWTP&filters[Minimum cost]=50'
		const { result } = await searchProjects(query, await executive())
		const where = `not e.is_archived and 'Build' = any(e.categories) and e.project_types && array['Desal','WWTP'] and c.cost_usd >= 50`
		for (const progress of ['Design stage', 'RFP issued', 'Contract awarded'])
			expect(facet(result, 'Progress')[progress] ?? 0).toBe(await count(`${where} and e.progress = $1`, [progress]))
		const capacity = result.minMaxAggregations.find((a: any) => a.title === 'Capacity (m3/d)')
		const bounds = (
			await database.db.$client.query(
				`select min(e.capacity_m3d) as lo, max(e.capacity_m3d) as hi from projects e left join project_costs c on c.project_id = e.id where ${where}`,
			)
		).rows[0]
		expect([capacity.minValue, capacity.maxValue]).toEqual([bounds.lo, bounds.hi])
	})

	test('the unfiltered counts, reused, still come with each request’s own page and order', async () => {
		const token = await executive()
		const first = (await searchProjects('', token)).result
		const second = (await searchProjects('pageNum=2', token)).result
		const byName = (await searchProjects('sortBy=name&sortOrder=asc', token)).result
		expect(second.aggregations).toEqual(first.aggregations)
		expect(second.totalHits).toBe(first.totalHits)
		expect(second.pageNum).toBe(2)
		expect(second.searchHits.map((hit: any) => hit.slug)).not.toEqual(first.searchHits.map((hit: any) => hit.slug))
		const names = byName.searchHits.map((hit: any) => hit.name.toLowerCase())
		expect([...names].sort()).toEqual(names)
		const { rows } = await database.db.$client.query(`select slug from projects where not is_archived order by date_last_modified desc, id desc offset 10 limit 10`)
		expect(second.searchHits.map((hit: any) => hit.slug)).toEqual(rows.map((row) => row.slug))
	})
})

describe('range type (spec 002 §4)', () => {
	test('choosing a range type resets the other range filters', async () => {
		const both = 'filters[Minimum cost]=50&filters[Minimum capacity]=100000'
		const { result: applied } = await searchProjects(both, await executive())
		expect(applied.totalHits).toBe(await count('not e.is_archived and c.cost_usd >= 50 and e.capacity_m3d >= 100000'))
		const { result: capacityOnly } = await searchProjects(`${both}&filters[Range type]=Capacity (m3/d)`, await executive())
		expect(capacityOnly.totalHits).toBe(await count('not e.is_archived and e.capacity_m3d >= 100000'))
		expect(capacityOnly.totalHits).toBeGreaterThan(applied.totalHits)
	})
})

describe('saved tracker filters (spec 002 §2)', () => {
	test('kept per member in the tracker’s canonical form; visitors have none', async () => {
		const token = await executive()
		const other = await tokenFor(database.db, 'strategist@example.com')
		expect((await call(api, 'GET', '/trackerfilters')).status).toBe(401)
		expect((await call(api, 'GET', '/trackerfilters', { token })).body.item).toEqual({ params: '' })
		const saved = await call(api, 'PUT', '/trackerfilters', { token, body: { params: 'filters[Project type]=Build~DFI&filters[Bogus]=x&pageNum=3&sortBy=name' } })
		expect(saved.status).toBe(200)
		expect(new URLSearchParams(saved.body.item.params).getAll('filters[Project type]')).toEqual(['Build', 'DFI'])
		expect(saved.body.item.params).not.toMatch(/Bogus|pageNum/)
		expect((await call(api, 'GET', '/trackerfilters', { token })).body.item.params).toBe(saved.body.item.params)
		expect((await call(api, 'GET', '/trackerfilters', { token: other })).body.item).toEqual({ params: '' })
		expect((await call(api, 'PUT', '/trackerfilters', { token, body: { params: 'x'.repeat(2001) } })).status).toBe(400)
		expect((await call(api, 'PUT', '/trackerfilters', { token, body: { params: '' } })).body.item).toEqual({ params: '' })
	})
})
