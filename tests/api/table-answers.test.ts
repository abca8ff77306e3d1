/**
 * The table engine's kept answers (decision 0046): a query asked again is answered without
 * counting again, and equals what counting gives; another query, a change of the rows (the
 * content-change notice, an opportunity posted) and another reader's access are never
 * answered from a kept answer that is not theirs. Site search keeps its counts the same way.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { forgetStaleCopies } from '../../contract/stale-copies.ts'
import { TABLE_COUNTS_TTL_MS } from '../../backend/api/tables/engine.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { onEveryStatement } from '../support/statements.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api, get } = useTestApi()

/** The statements the table engine sends: each reads a page of ids in order. */
let engineStatements: string[] = []
/** The statements site search counts with: its matches in grouping sets. */
let searchCounts: string[] = []
beforeEach(() => {
	// Every test starts from nothing kept, as after a content-change notice.
	forgetStaleCopies()
	engineStatements = []
	searchCounts = []
	onEveryStatement((text) => {
		if (text.includes('row_number() over')) engineStatements.push(text)
		if (text.includes('grouping sets')) searchCounts.push(text)
	})
})
afterEach(() => {
	vi.restoreAllMocks()
})

/**
 * The caches' clock (lru-cache reads performance.now), moved on without waiting: `later(ms)`
 * moves it, then lets the 1 ms for which lru-cache reuses a clock reading pass for real.
 */
function movedClock() {
	const now = performance.now.bind(performance)
	let ahead = 0
	vi.spyOn(performance, 'now').mockImplementation(() => now() + ahead)
	return async (ms: number) => {
		ahead += ms
		await new Promise((resolve) => setTimeout(resolve, 5))
	}
}

const projectCount = async (where: string) =>
	(await database.db.$client.query<{ n: number }>(`select count(*)::int as n from projects e left join project_costs c on c.project_id = e.id where ${where}`)).rows[0].n
const companyCount = async (where: string) =>
	(await database.db.$client.query<{ n: number }>(`select count(*)::int as n from companies e where e.show_as_page and ${where}`)).rows[0].n

describe('a query asked again', () => {
	test('is answered without a statement of the engine, and equals the first answer', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const path = '/searchProjects?filters[Project type]=Build&filters[Minimum cost]=50&sortBy=capacity&pageNum=2'
		const first = (await get(path, token)).body.item
		expect(engineStatements.length).toBeGreaterThan(0)
		engineStatements = []
		const second = (await get(path, token)).body.item
		expect(engineStatements).toEqual([])
		expect(second).toEqual(first)
		expect(first.totalHits).toBe(await projectCount(`not e.is_archived and 'Build' = any(e.categories) and c.cost_usd >= 50`))
	})

	test('another filter, page or sort is counted afresh', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		await get('/searchProjects?filters[Project type]=Build', token)
		for (const path of ['/searchProjects?filters[Project type]=Operate', '/searchProjects?filters[Project type]=Build&pageNum=2', '/searchProjects?filters[Project type]=Build&sortBy=name']) {
			engineStatements = []
			await get(path, token)
			expect(engineStatements.length, path).toBeGreaterThan(0)
		}
		const operate = (await get('/searchProjects?filters[Project type]=Operate', token)).body.item
		expect(operate.totalHits).toBe(await projectCount(`not e.is_archived and 'Operate' = any(e.categories)`))
	})

	test('in another order or page, reuses the counts of its filters and reads only its page, equal to counting afresh', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		await get('/searchProjects?filters[Project type]=Build', token)
		const path = '/searchProjects?filters[Project type]=Build&sortBy=name&sortOrder=Ascending&pageNum=2'
		engineStatements = []
		const reused = (await get(path, token)).body.item
		expect(engineStatements).toHaveLength(1)
		expect(engineStatements[0]).not.toContain('json_object_agg')
		forgetStaleCopies()
		engineStatements = []
		const counted = (await get(path, token)).body.item
		expect(engineStatements[0]).toContain('json_object_agg')
		expect(reused).toEqual(counted)
		expect(reused.searchHits.length).toBeGreaterThan(0)
	})

	test('in another page, made from kept counts, is kept no longer than they are', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const later = movedClock()
		const filters = '/searchProjects?filters[Project type]=Build'
		await get(filters, token)
		await later((TABLE_COUNTS_TTL_MS * 2) / 3)
		engineStatements = []
		await get(`${filters}&pageNum=2`, token)
		expect(engineStatements[0]).not.toContain('json_object_agg')
		// Past the counts' minute, though within a minute of the page's answer: counted afresh.
		await later(TABLE_COUNTS_TTL_MS / 2)
		engineStatements = []
		await get(`${filters}&pageNum=2`, token)
		expect(engineStatements).toHaveLength(1)
		expect(engineStatements[0]).toContain('json_object_agg')
	})

	test('asked by two readers at once, is counted once', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const path = '/searchProjects?filters[Project category]=Desal'
		const [one, two] = await Promise.all([get(path, token), get(path, token)])
		expect(engineStatements).toHaveLength(1)
		expect(two.body.item).toEqual(one.body.item)
	})
})

describe("a facet's counts", () => {
	const companies = (expertise: string) => `/searchCompanies?filters[Expertise]=${encodeURIComponent(expertise)}`
	async function twoExpertises(token: string) {
		const all = (await get('/searchCompanies?pageSize=1', token)).body.item
		const values = Object.keys(all.aggregations.find((facet: any) => facet.name === 'Expertise').items)
		expect(values.length).toBeGreaterThan(1)
		forgetStaleCopies()
		engineStatements = []
		return values.slice(0, 2) as [string, string]
	}

	test('ticked alone, each value of a facet reuses the facet’s counts and reads only the rows it keeps, equal to counting afresh', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const [one, two] = await twoExpertises(token)
		await get(companies(one), token)
		expect(engineStatements[0]).toMatch(/^with m as/)
		engineStatements = []
		const reused = (await get(companies(two), token)).body.item
		expect(engineStatements).toHaveLength(1)
		expect(engineStatements[0]).toMatch(/^with h as/)
		forgetStaleCopies()
		engineStatements = []
		const counted = (await get(companies(two), token)).body.item
		expect(engineStatements[0]).toMatch(/^with m as/)
		expect(reused).toEqual(counted)
		expect(reused.totalHits).toBe(await companyCount(`e.id in (select company_id from company_expertises where name = '${two.replace(/'/g, "''")}')`))
	})

	test('an answer made from them is kept no longer than they are', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const [one, two] = await twoExpertises(token)
		const later = movedClock()
		await get(companies(one), token)
		await later((TABLE_COUNTS_TTL_MS * 2) / 3)
		engineStatements = []
		await get(companies(two), token)
		expect(engineStatements[0]).toMatch(/^with h as/)
		// Past the facet counts' minute, though within a minute of this answer: counted afresh.
		await later(TABLE_COUNTS_TTL_MS / 2)
		engineStatements = []
		await get(companies(two), token)
		expect(engineStatements).toHaveLength(1)
		expect(engineStatements[0]).toMatch(/^with m as/)
	})
})

describe('a change of the rows', () => {
	test('the content-change notice makes the next answer count the changed row', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const path = '/searchProjects?filters[Project type]=DFI'
		const before = (await get(path, token)).body.item
		const { rows } = await database.db.$client.query<{ id: number }>(`select id from projects where not is_archived and not ('DFI' = any(categories)) order by id limit 1`)
		await database.db.$client.query(`update projects set categories = categories || '{DFI}' where id = $1`, [rows[0]!.id])
		// What every host does on the notice (server.ts).
		forgetStaleCopies()
		const after = (await get(path, token)).body.item
		expect(after.totalHits).toBe(before.totalHits + 1)
		expect(after.totalHits).toBe(await projectCount(`not e.is_archived and 'DFI' = any(e.categories)`))
	})

	test('an opportunity posted is in the next answer of a filtered exchange query', async () => {
		const path = '/searchOpportunities?filters[Category]=Operate&filters[Countries]=Spain'
		const before = (await get(path)).body.item
		const token = await tokenFor(database.db, 'executive@example.com')
		const closingDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
		const created = await call(api, 'POST', '/opportunities', {
			token,
			body: {
				name: 'Valencia reuse plant operation',
				category: 'Operate',
				country: 'es',
				organisation: 'Aguas de Valencia',
				description: 'Operation of a water reuse plant near Valencia for eight years, with its monitoring.',
				contactEmail: 'tenders@valencia.example.com',
				closingDate,
			},
		})
		expect(created.status).toBe(200)
		const after = (await get(path)).body.item
		expect(after.totalHits).toBe(before.totalHits + 1)
		expect(after.searchHits.map((hit: any) => hit.name)).toContain('Valencia reuse plant operation')
	})
})

describe('readers with different access', () => {
	test('a visitor’s sample and a member’s filtered answer never stand for each other', async () => {
		const member = await tokenFor(database.db, 'executive@example.com')
		const build = '/searchProjects?filters[Project type]=Build'
		const desal = '/searchProjects?filters[Project category]=Desal'
		const unfiltered = await projectCount('not e.is_archived')
		// The visitor asks first, then the member; and the other way round.
		const visitor = (await get(build)).body.item
		const asMember = (await get(build, member)).body.item
		expect(visitor.hasAccess).toBe(false)
		expect(visitor.totalHits).toBe(unfiltered)
		expect(asMember.hasAccess).toBe(true)
		expect(asMember.totalHits).toBe(await projectCount(`not e.is_archived and 'Build' = any(e.categories)`))
		expect(asMember.totalHits).toBeLessThan(unfiltered)
		const memberFirst = (await get(desal, member)).body.item
		const visitorAfter = (await get(desal)).body.item
		expect(memberFirst.totalHits).toBe(await projectCount(`not e.is_archived and 'Desal' = any(e.project_types)`))
		expect(visitorAfter.totalHits).toBe(unfiltered)
		expect(visitorAfter.searchHits.every((hit: any) => hit.hasAccess === false || hit.hasAccess === undefined)).toBe(true)
	})

	test('a revenue range applies for a reader with financial data and never for one without, whoever asked first', async () => {
		const strategist = await tokenFor(database.db, 'strategist@example.com')
		const executive = await tokenFor(database.db, 'executive@example.com')
		const everyCompany = await companyCount('true')
		for (const [minimum, order] of [
			[100, [executive, strategist]],
			[50, [strategist, executive]],
		] as const) {
			const path = `/searchCompanies?filters[Minimum revenue]=${minimum}&filters[Include estimates]=true`
			const answers = new Map<string, any>()
			for (const token of order) answers.set(token, (await get(path, token)).body.item)
			expect(answers.get(strategist).canViewFinancialData).toBe(true)
			expect(answers.get(strategist).totalHits).toBe(await companyCount(`e.water_revenue_dollars >= ${minimum}`))
			expect(answers.get(strategist).totalHits).toBeLessThan(everyCompany)
			expect(answers.get(executive).canViewFinancialData).toBe(false)
			expect(answers.get(executive).totalHits).toBe(everyCompany)
		}
	})
})

describe('site search', () => {
	const path = '/search?searchTerm=*&filters[Article type]=Market Map&pageSize=5'

	test('a search asked again is answered without counting again; each reader still gets their own access', async () => {
		const visitor = (await get(path)).body.item
		expect(searchCounts).toHaveLength(1)
		const member = (await get(path, await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] }))).body.item
		expect(searchCounts).toHaveLength(1)
		expect(member.totalHits).toBe(visitor.totalHits)
		expect(member.aggregations).toEqual(visitor.aggregations)
		expect(member.searchHits.map((hit: any) => hit.fullUrl)).toEqual(visitor.searchHits.map((hit: any) => hit.fullUrl))
		expect(visitor.searchHits.length).toBeGreaterThan(0)
		expect(visitor.searchHits.every((hit: any) => hit.hasAccess === false)).toBe(true)
		expect(member.searchHits.every((hit: any) => hit.hasAccess === true)).toBe(true)
		// Another page size reads its page from the same count, as counting afresh would give it.
		const larger = (await get(path.replace('pageSize=5', 'pageSize=10'))).body.item
		expect(searchCounts).toHaveLength(1)
		forgetStaleCopies()
		const counted = (await get(path.replace('pageSize=5', 'pageSize=10'))).body.item
		expect(searchCounts).toHaveLength(2)
		expect(larger).toEqual(counted)
		// Another order is ranked again.
		await get(`${path}&sortBy=Date`)
		expect(searchCounts).toHaveLength(3)
	})

	test('a page past the kept first hits is read on its own and carries on where they stop', async () => {
		const everything = (page: number) => `/search?searchTerm=*&sortBy=Date&pageSize=100&pageNum=${page}`
		const kept = (await get(everything(5))).body.item
		expect(kept.totalHits).toBeGreaterThan(600)
		const past = (await get(everything(6))).body.item
		expect(searchCounts).toHaveLength(1)
		expect(past.totalHits).toBe(kept.totalHits)
		expect(past.searchHits).toHaveLength(100)
		const urls = new Set(kept.searchHits.map((hit: any) => hit.fullUrl))
		expect(past.searchHits.some((hit: any) => urls.has(hit.fullUrl))).toBe(false)
		expect(kept.searchHits.at(-1).publicationDate >= past.searchHits[0].publicationDate).toBe(true)
	})

	test('after the content-change notice, a withdrawn article is no longer counted', async () => {
		const before = (await get(path)).body.item
		const slug = before.searchHits[0].fullUrl.replace('/articles/', '')
		await database.db.$client.query(`update articles set is_draft = true where slug = $1`, [slug])
		forgetStaleCopies()
		const after = (await get(path)).body.item
		expect(after.totalHits).toBe(before.totalHits - 1)
		expect(after.searchHits.map((hit: any) => hit.fullUrl)).not.toContain(`/articles/${slug}`)
	})
})
