/**
 * The site's in-process calls get the API's envelope as the object the handler built
 * (backend/api/in-process.ts), not as JSON text to parse again. What a loader sees must not
 * change: the same envelope the JSON would have carried, refusals included, frozen outside
 * production so a loader cannot change the API's kept copies.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { AppLoadContext } from '@remix-run/node'
import { loader as rootLoader } from '../../app/root.tsx'
import { loader as articleLoader } from '../../app/routes/articles.$slug/route.tsx'
import { ApiError, ContractError, createApiClient } from '../../app/lib/api.server.ts'
import type { EnvelopeSlot } from '../../contract/envelope.ts'
import { ServerTiming } from '../../app/lib/timing.server.ts'
import { createApi } from '../../backend/api/index.ts'
import { inProcessFetch } from '../../backend/api/in-process.ts'
import { DEMO_ACCOUNTS } from '../../backend/seed/demo-accounts.ts'
import { tokenFor } from '../support/api-identity.ts'
import { latestArticleSlug, useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { SITE, siteContext } from '../support/site.ts'

const database = useTestDatabase()

/** A context whose calls are recorded with what was handed over, and asked again as plain JSON. */
function recordingContext() {
	const context = siteContext(database.db)
	const inProcess = context.apiFetch!
	const calls: { request: Request; handedOver: EnvelopeSlot; json: Promise<unknown> }[] = []
	context.apiFetch = async (request, handOver) => {
		// The same request again as a real Request (a read in-process is a lighter object of its
		// own, app/lib/in-process-read.server.ts), without a slot: the JSON text an HTTP caller gets.
		const json = inProcess(new Request(request.url, { method: request.method, headers: Object.fromEntries(request.headers) })).then((response) => response.json())
		const response = await inProcess(request, handOver)
		calls.push({ request, handedOver: handOver ?? {}, json })
		return response
	}
	return { context, calls }
}

function deeplyFrozen(value: unknown): boolean {
	if (value === null || typeof value !== 'object') return true
	return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen)
}

describe.each([
	['a visitor', null],
	['a signed-in Executive', 'executive@example.com'],
	['a trial member', 'trial@example.com'],
])('the article page for %s', (_, email) => {
	test('each call hands over the envelope its JSON would have carried, frozen', async () => {
		const slug = await latestArticleSlug(database.db)
		const headers: Record<string, string> = email ? { Cookie: await sessionCookieFor(database.db, email) } : {}
		const { context, calls } = recordingContext()
		const args = (path: string, params: Record<string, string>) => ({ request: new Request(`${SITE}${path}`, { headers }), context, params })
		await rootLoader(args(`/articles/${slug}`, {}))
		await articleLoader(args(`/articles/${slug}`, { slug }))
		expect(calls.length).toBeGreaterThanOrEqual(4)
		for (const call of calls) {
			expect('envelope' in call.handedOver, call.request.url).toBe(true)
			expect(call.handedOver.envelope, call.request.url).toEqual(await call.json)
			expect(deeplyFrozen(call.handedOver.envelope), call.request.url).toBe(true)
		}
	})
})

test('a refusal is handed over too, and becomes the same ApiError', async () => {
	const { context, calls } = recordingContext()
	const api = createApiClient({ request: new Request(`${SITE}/`), context })
	const error = await api.get('articles.bySlug', { params: { slug: 'no-such-article' } }).catch((caught: unknown) => caught)
	expect(error).toBeInstanceOf(ApiError)
	expect((error as ApiError).status).toBe(404)
	expect(calls).toHaveLength(1)
	expect(calls[0]!.handedOver.envelope).toEqual(await calls[0]!.json)
	expect(calls[0]!.handedOver.envelope).toMatchObject({ success: false })
})

test('a call without a slot (a file download) still gets the JSON text', async () => {
	const context = siteContext(database.db)
	const response = await context.apiFetch!(new Request('http://api.internal/articles/slug/no-such-article'))
	expect(response.status).toBe(404)
	expect(await response.json()).toMatchObject({ success: false, errors: [expect.stringMatching(/not found/i)] })
})

describe('outside production, an envelope JSON could not carry is refused', () => {
	/** A transport that hands over `envelope` with a JSON answer, as the in-process API does. */
	const handingOver = (envelope: unknown, contentType = 'application/json'): AppLoadContext => ({
		timing: new ServerTiming(),
		apiFetch: async (_request, handOver) => {
			if (handOver) handOver.envelope = envelope
			return new Response(handOver ? 'null' : JSON.stringify(envelope), { headers: { 'Content-Type': contentType } })
		},
	})
	const call = (context: AppLoadContext) => createApiClient({ request: new Request(`${SITE}/`), context }).get('menus.bySlug', { params: { slug: 'main' } })
	const cyclic: Record<string, unknown> = { id: 1 }
	cyclic.self = cyclic

	test.each([
		['a Date', new Date('2026-01-01T00:00:00Z'), /menus\.bySlug.*\(root\)\.item\.updated: a Date is not JSON/],
		['NaN', Number.NaN, /\(root\)\.item\.updated: NaN is not JSON/],
		['a Map', new Map(), /a Map is not JSON/],
		['a cycle', cyclic, /a cycle is not JSON/],
		['a function', () => 1, /a function is not JSON/],
	])('%s', async (_, value, message) => {
		const error = await call(handingOver({ success: true, item: { id: 1, slug: 'main', name: 'Main', menuItems: [], updated: value }, errors: [], warnings: [] })).catch((caught: unknown) => caught)
		expect(error).toBeInstanceOf(ContractError)
		expect((error as Error).message).toMatch(message)
	})

	test('an undefined property reads as a missing one, and the envelope is frozen', async () => {
		const response = await call(handingOver({ success: true, item: { id: 1, slug: 'main', name: 'Main', menuItems: [], note: undefined }, errors: [], warnings: [] }))
		expect(response.item).toMatchObject({ slug: 'main' })
		expect(deeplyFrozen(response)).toBe(true)
		expect(() => {
			;(response.item as { name: string }).name = 'changed'
		}).toThrow(TypeError)
	})

	test('an answer that is not JSON is read from its body, whatever the slot holds', async () => {
		const error = await call(handingOver({ success: true }, 'text/plain')).catch((caught: unknown) => caught)
		// Its body ('null') is no envelope: the client reports the API's failure, not the slot's object.
		expect(error).toBeInstanceOf(ApiError)
	})
})

describe("a page's reader lookup brings the profile and unlocks (one statement)", () => {
	test('they are what the API reads alone, for every demo account', async () => {
		const [trial] = (await database.db.execute<{ id: number }>(sql`select id from users where email = 'trial@example.com'`)).rows
		const [map] = (await database.db.execute<{ id: number }>(sql`select a.id from articles a join article_types t on t.id = a.article_type_id where t.slug = 'market-map' and not a.is_draft limit 1`)).rows
		await database.db.execute(sql`insert into metered_access (user_id, article_id) values (${trial!.id}, ${map!.id})`)
		const api = createApi({ db: database.db })
		for (const { email } of DEMO_ACCOUNTS) {
			const get = (path: string) => new Request(`http://api.internal${path}`, { headers: { Authorization: `Bearer ${token}` } })
			const token = await tokenFor(database.db, email)
			// As a page asks: the sign-in check first (it brings the profile), then the profile, then an article (its unlocks).
			const page = inProcessFetch(api, new Map())
			await page(get('/userprofile/session'))
			const onPage = await (await page(get('/userprofile'))).json()
			const alone = await (await api.fetch(get('/userprofile'))).json()
			expect(onPage, email).toEqual(alone)
		}
		const trialProfile = await (await inProcessFetch(api, new Map())(new Request('http://api.internal/userprofile', { headers: { Authorization: `Bearer ${await tokenFor(database.db, 'trial@example.com')}` } }))).json()
		expect(trialProfile.item.meteredAccessItems).toHaveLength(1)
	})
})
