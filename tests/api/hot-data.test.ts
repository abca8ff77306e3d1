/**
 * Hot data (backend/api/hot-data.ts): menus, no-access messages and public rows (articles,
 * entity summaries) kept in process with stale-while-revalidate, forgotten by any change of
 * shared content made through the API (not by a reader's own writes), bounded in size, and
 * never holding anything that depends on the reader (access flags are worked out per request).
 */
import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createApi } from '../../backend/api/index.ts'
import { createHotData, readPublicRows } from '../../backend/api/hot-data.ts'
import { menuItems, pages } from '../../backend/db/schema.ts'
import { logger } from '../../backend/logger.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'
import { onEveryStatement } from '../support/statements.ts'

const database = useTestDatabase()

describe('the hot data cache', () => {
	const times = { freshMs: 1_000, staleMs: 10_000 }
	const counter = () => {
		let loads = 0
		return { loader: async () => ++loads, loads: () => loads }
	}

	/** A clock of our own (a clock at 0 would read as no time at all). */
	const START = 1_000_000

	test('answers a fresh copy without loading, a stale one at once while one reload runs, an expired one after loading', async () => {
		let time = START
		const hot = createHotData({ now: () => time, times })
		const { loader, loads } = counter()
		expect(await Promise.all([hot.read('k', loader), hot.read('k', loader)])).toEqual([1, 1])
		expect(loads()).toBe(1)
		time = START + 1_000
		expect(await hot.read('k', loader)).toBe(1)
		expect(loads()).toBe(1)
		time = START + 1_001 // stale: the old value now, one reload behind
		expect(await Promise.all([hot.read('k', loader), hot.read('k', loader)])).toEqual([1, 1])
		await new Promise((resolve) => setImmediate(resolve))
		expect(loads()).toBe(2)
		expect(await hot.read('k', loader)).toBe(2)
		time = START + 1_001 + 10_000 // still within stale-while-revalidate: the old value, one reload behind
		expect(await hot.read('k', loader)).toBe(2)
		await new Promise((resolve) => setImmediate(resolve))
		expect(loads()).toBe(3)
		time = START + 11_001 + 11_001 // past stale-while-revalidate: the reader waits for a load
		expect(await hot.read('k', loader)).toBe(4)
	})

	test('a failed reload keeps the stale copy, and the next read tries again', async () => {
		let time = START
		const hot = createHotData({ now: () => time, times })
		expect(await hot.read('k', async () => 'first')).toBe('first')
		time = START + 1_001
		// The failure is logged (a spy that calls through: the line still goes to the log).
		const logged = vi.spyOn(logger, 'error')
		try {
			expect(await hot.read('k', () => Promise.reject(new Error('database away')))).toBe('first')
			await new Promise((resolve) => setImmediate(resolve))
			expect(logged).toHaveBeenCalledTimes(1)
		} finally {
			logged.mockRestore()
		}
		expect(await hot.read('k', async () => 'second')).toBe('first')
		await new Promise((resolve) => setImmediate(resolve))
		expect(await hot.read('k', async () => 'third')).toBe('second')
	})

	test('a first load that fails reaches its readers and keeps nothing', async () => {
		const hot = createHotData({ now: () => START, times })
		await expect(hot.read('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away')
		expect(await hot.read('k', async () => 'loaded')).toBe('loaded')
	})

	test('invalidate forgets everything, and a load begun before it does not bring the old value back', async () => {
		const hot = createHotData({ now: () => START, times })
		let release: (value: string) => void = () => undefined
		const slow = hot.read('k', () => new Promise<string>((resolve) => (release = resolve)))
		hot.invalidate()
		release('before the change')
		expect(await slow).toBe('before the change')
		expect(await hot.read('k', async () => 'after the change')).toBe('after the change')
	})
})

describe('menus through the API', () => {
	const firstItemName = (body: { item: { menuItems: { name: string }[] } }) => body.item.menuItems[0]!.name

	test('are kept until a change is made through the API', async () => {
		const api = createApi({ db: database.db })
		const before = await call(api, 'GET', '/menus/slug/main')
		const name = firstItemName(before.body)
		const { rows } = await database.db.execute<{ id: number }>(sql`select id from menu_items where name = ${name} limit 1`)
		await database.db.update(menuItems).set({ name: 'Renamed behind the API' }).where(eq(menuItems.id, rows[0]!.id))
		// A change behind the API's back shows once the copy is no longer fresh...
		expect(firstItemName((await call(api, 'GET', '/menus/slug/main')).body)).toBe(name)
		// ...a reader's own write (the site log, an unlock) leaves the copy...
		const token = await tokenFor(database.db, 'strategist@example.com')
		await call(api, 'POST', '/log?message=hot-data-test', { token })
		expect(firstItemName((await call(api, 'GET', '/menus/slug/main')).body)).toBe(name)
		// ...and a change of shared content through the API (here one refused as incomplete) empties it at once.
		expect((await call(api, 'POST', '/opportunities', { token, body: {} })).status).toBe(400)
		expect(firstItemName((await call(api, 'GET', '/menus/slug/main')).body)).toBe('Renamed behind the API')
	})

	test('keep an article row, with access worked out for each reader', async () => {
		const api = createApi({ db: database.db })
		const { rows } = await database.db.execute<{ slug: string }>(
			sql`select a.slug from articles a where not a.is_draft and cardinality(a.permission_levels) > 0 order by a.id limit 1`,
		)
		const path = `/articles/slug/${rows[0]!.slug}`
		const visitor = await call(api, 'GET', path)
		const strategist = await call(api, 'GET', path, { token: await tokenFor(database.db, 'strategist@example.com') })
		const again = await call(api, 'GET', path)
		expect(visitor.body.item.bodyText).toBeNull()
		expect(strategist.body.item.bodyText).toEqual(expect.any(String))
		expect(again.body.item.bodyText).toBeNull()
	})

	test('keep no more than the bound, the least recently used leaving first', async () => {
		const hot = createHotData({ maxEntries: 2 })
		const loads: string[] = []
		const read = (key: string) => hot.read(key, async () => (loads.push(key), key))
		await read('a')
		await read('b')
		await read('a') // used: b is now the least recently used
		await read('c')
		await read('a')
		await read('b')
		expect(loads).toEqual(['a', 'b', 'c', 'b'])
	})

	test("keep the stored menu, not one reader's access to it", async () => {
		const api = createApi({ db: database.db })
		const hasAccess = (body: { item: { menuItems: { hasAccess: boolean; pageLinks: { hasAccess: boolean }[] }[] } }) =>
			body.item.menuItems.flatMap((item) => [item.hasAccess, ...item.pageLinks.map((link) => link.hasAccess)])
		const visitor = hasAccess((await call(api, 'GET', '/menus/slug/strategy')).body)
		const strategist = hasAccess((await call(api, 'GET', '/menus/slug/strategy', { token: await tokenFor(database.db, 'strategist@example.com') })).body)
		const again = hasAccess((await call(api, 'GET', '/menus/slug/strategy')).body)
		expect(strategist).not.toEqual(visitor)
		expect(again).toEqual(visitor)
	})
})

describe('public rows kept by their statement', () => {
	test('the same statement is answered from the hot data', async () => {
		createApi({ db: database.db }).hotData.invalidate()
		const statement = () => sql`select count(*)::int as n from articles`
		const first = await readPublicRows<{ n: number }>(database.db, 'test-article-count', statement)
		const again = await readPublicRows<{ n: number }>(database.db, 'test-article-count', statement)
		expect(again).toBe(first)
	})

	test('two statements under one name never share a copy', async () => {
		createApi({ db: database.db }).hotData.invalidate()
		const one = await readPublicRows<{ n: number }>(database.db, 'test-one-name', () => sql`select ${1}::int as n`)
		const two = await readPublicRows<{ n: number }>(database.db, 'test-one-name', () => sql`select ${2}::int as n`)
		expect([one[0]?.n, two[0]?.n]).toEqual([1, 2])
	})
})

describe('a custom page through the API', () => {
	afterEach(() => {
		vi.restoreAllMocks()
	})

	const projectAccess = (body: { componentItems: { cardType: string; config: { projects?: { hasAccess: boolean }[] } }[] }) =>
		body.componentItems.filter((card) => card.cardType === 'ProjectListCard').flatMap((card) => card.config.projects!.map((project) => project.hasAccess))

	test("keeps the page's row, its slices, its cards and their lists; each reader's access is worked out per request", async () => {
		const api = createApi({ db: database.db })
		api.hotData.invalidate()
		const strategist = await call(api, 'GET', '/pages/slug/home', { token: await tokenFor(database.db, 'strategist@example.com') })
		const sent: string[] = []
		onEveryStatement((text) => sent.push(text))
		const visitor = await call(api, 'GET', '/pages/slug/home')
		// The visitor's page was made from what the Strategist's page read, without a statement...
		expect(sent).toEqual([])
		// ...and with the visitor's own access: the Project Tracker's details are the Strategist's alone.
		expect(projectAccess(strategist.body)).toContain(true)
		expect(projectAccess(visitor.body)).not.toContain(true)
		expect(projectAccess(visitor.body)).toHaveLength(projectAccess(strategist.body).length)

		// A change behind the API's back shows once the copy is no longer fresh; one through the API at once.
		await database.db.update(pages).set({ headline: 'Changed behind the API' }).where(eq(pages.slug, 'home'))
		expect((await call(api, 'GET', '/pages/slug/home')).body.item.headline).toBe(visitor.body.item.headline)
		const token = await tokenFor(database.db, 'strategist@example.com')
		expect((await call(api, 'POST', '/opportunities', { token, body: {} })).status).toBe(400)
		expect((await call(api, 'GET', '/pages/slug/home')).body.item.headline).toBe('Changed behind the API')
	})
})
