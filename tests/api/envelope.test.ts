/**
 * The content API's envelope, parameter handling and errors (spec 000 §5, §7, §8, §9).
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { createApi } from '../../backend/api/index.ts'
import { connect } from '../../backend/db/client.ts'
import { useTestDatabase } from '../support/database.ts'
import { logger } from '../../backend/logger.ts'

const database = useTestDatabase()
let api: ReturnType<typeof createApi>
let published: number

beforeAll(async () => {
	api = createApi({ db: database.db })
	const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles where not is_draft`)
	published = rows[0].n
})

async function get(path: string, headers: Record<string, string> = {}) {
	const response = await api.request(path, { headers })
	return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

describe('the envelope', () => {
	test('a list carries success, items, errors, warnings and its paging, as JSON', async () => {
		const { status, headers, body } = await get('/articles?pageSize=5')
		expect(status).toBe(200)
		expect(headers.get('content-type')).toMatch(/^application\/json/)
		expect(Object.keys(body).sort()).toEqual(['errors', 'items', 'pageNum', 'pageSize', 'success', 'totalHits', 'totalPages', 'warnings'])
		expect(body).toMatchObject({ success: true, errors: [], warnings: [], pageNum: 1, pageSize: 5, totalHits: published, totalPages: Math.ceil(published / 5) })
		expect(body.items).toHaveLength(5)
	})

	test('an item call carries item, errors and warnings', async () => {
		const { body } = await get('/menus/slug/main')
		expect(body).toMatchObject({ success: true, errors: [], warnings: [] })
		expect(body.item.slug).toBe('main')
		expect(body.items).toBeUndefined()
	})

	test('anonymous responses set no caching headers (the site decides)', async () => {
		const { headers } = await get('/articles')
		expect(headers.get('cache-control')).toBeNull()
	})
})

describe('paging parameters (spec 000 §5: integers or the default; clamped)', () => {
	test.each([
		['pageNum=abc', 1, 10],
		['pageNum=-3', 1, 10],
		['pageNum=0', 1, 10],
		['pageNum=1.5', 1, 10],
		['pageNum=2&pageSize=20', 2, 20],
		['pageSize=10000', 1, 100],
		['pageSize=0', 1, 10],
		['pageSize=-5', 1, 10],
		['pageSize=abc', 1, 10],
		['pageSize=7', 1, 7],
		['page=3', 3, 10],
	])('%s → page %i of size %i', async (query, pageNum, pageSize) => {
		const { status, body } = await get(`/articles?${query}`)
		expect(status).toBe(200)
		expect(body.pageNum).toBe(pageNum)
		expect(body.pageSize).toBe(pageSize)
		expect(body.items).toHaveLength(pageSize)
	})

	test('a page beyond the last is the last page, and says so', async () => {
		const lastPage = Math.ceil(published / 100)
		const { body } = await get('/articles?pageNum=100000&pageSize=100')
		expect(body.pageNum).toBe(lastPage)
		expect(body.totalPages).toBe(lastPage)
		expect(body.items).toHaveLength(published - (lastPage - 1) * 100)
		const huge = await get('/articles?pageNum=999999999999999999999999')
		expect(huge.body.pageNum).toBe(Math.ceil(published / 10))
	})

	test('an empty list is page 1 of 0', async () => {
		const { body } = await get('/articles?articleType=no-such-type&pageNum=4')
		expect(body).toMatchObject({ success: true, items: [], totalHits: 0, totalPages: 0, pageNum: 1 })
	})
})

describe('bad parameters are 400 with a clear message', () => {
	test.each(['publishedFrom=2024-13-01', 'publishedFrom=yesterday', 'publishedTo=2024-02-30', 'publishedTo=2024-1-1'])('%s', async (query) => {
		const { status, body } = await get(`/articles?${query}`)
		expect(status).toBe(400)
		expect(body.success).toBe(false)
		expect(body.errors[0]).toMatch(/^published(From|To) must be a date in the form YYYY-MM-DD$/)
	})

	test('an unknown sort', async () => {
		const { status, body } = await get('/articles?sortBy=Popularity')
		expect(status).toBe(400)
		expect(body.errors).toEqual(['sortBy must be one of: Date, Relevance'])
	})

	test('a bad boolean filter', async () => {
		const { status, body } = await get('/search?filters[Has sponsor]=maybe')
		expect(status).toBe(400)
		expect(body.errors).toEqual(['filters[Has sponsor] must be true or false'])
	})
})

describe('not found (spec 000 §8: "Not found: {detail}")', () => {
	test.each([
		['/articles/slug/no-such-article', 'Not found: article no-such-article'],
		['/pages/slug/no-such-page', 'Not found: page no-such-page'],
		['/menus/slug/no-such-menu', 'Not found: menu no-such-menu'],
		['/companies/slug/no-such-company', 'Not found: company no-such-company'],
		['/no-such-kind', 'Not found: no-such-kind'],
		['/no-such-kind/slug/x', 'Not found: no-such-kind'],
		['/constructor', 'Not found: constructor'],
		['/a/b/c/d/e', 'Not found: /a/b/c/d/e'],
	])('%s', async (path, message) => {
		const { status, body } = await get(path)
		expect(status).toBe(404)
		expect(body).toEqual({ success: false, errors: [message], warnings: [] })
	})
})

describe('failures', () => {
	test('a database failure is a 500 with the generic message, logged on one line, never a stack', async () => {
		const broken = connect(database.url.replace(/\/[^/]+$/, '/no_such_database'), { max: 1 })
		const log = vi.spyOn(logger, 'error').mockImplementation(() => {})
		try {
			const response = await createApi({ db: broken }).request('/articles?pageSize=3')
			const text = await response.text()
			expect(response.status).toBe(500)
			expect(response.headers.get('content-type')).toMatch(/^application\/json/)
			expect(JSON.parse(text)).toEqual({ success: false, errors: ['An error occurred'], warnings: [] })
			expect(text).not.toMatch(/\bat \S+ \(|no_such_database|\.ts:\d+/)
			expect(log).toHaveBeenCalled()
			const line = String(log.mock.calls[0][0])
			expect(line).toMatch(/^\[api\] GET \/articles failed: /)
			expect(line).not.toContain('\n')
		} finally {
			log.mockRestore()
			await broken.$client.end()
		}
	})

	test('one failing card does not fail its page: it is marked, the others resolve', async () => {
		// A real failure: the events table is briefly out of reach for the events card.
		await database.db.execute(sql`alter table events rename to events_away`)
		const log = vi.spyOn(logger, 'error').mockImplementation(() => {})
		try {
			const { status, body } = await get('/pages/slug/home')
			expect(status).toBe(200)
			const events = body.componentItems.find((card: any) => card.cardType === 'EventSearchCard')
			expect(events.config.error).toBe(true)
			expect(events.config.events).toBeUndefined()
			const latest = body.componentItems.find((card: any) => card.config.title === 'Latest news')
			expect(latest.config.error).toBeUndefined()
			expect(latest.config.articles).toHaveLength(10)
			expect(String(log.mock.calls[0][0])).toMatch(/^\[api\] card \d+ \(EventSearchCard\) failed: /)
		} finally {
			log.mockRestore()
			await database.db.execute(sql`alter table events_away rename to events`)
		}
	})
})
