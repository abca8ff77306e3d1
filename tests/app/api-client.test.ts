import { describe, expect, test, vi } from 'vitest'
import { API_MAX_RETRIES, API_TIMEOUT_MS } from '../../contract/constants.ts'
import { createApiClient, errorForStatus, ApiError, ContractError } from '../../app/lib/api.server.ts'
import { ServerTiming } from '../../app/lib/timing.server.ts'

describe('API error mapping (spec 000 §8)', () => {
	test.each([
		[401, ['Login token expired'], 'Login token expired'],
		[401, [], 'Unauthorized'],
		[403, ['whatever'], 'Forbidden'],
		[404, [], 'Not found'],
		[404, ['Not found: article x'], 'Not found: article x'],
		[409, ['Already exists'], 'Already exists'],
		[409, [], 'Conflict'],
		[400, ['pageNum must be a number'], 'pageNum must be a number'],
		[400, [], 'Bad request'],
		[422, [], 'Unprocessable Entity'],
		[500, ['boom'], 'Unknown error'],
		[503, [], 'Unknown error'],
	])('%i %j → %s', (status, errors, message) => {
		const statusText = status === 422 ? 'Unprocessable Entity' : ''
		expect(errorForStatus(status, statusText, errors).message).toBe(message)
	})
})

/** A stand-in for a remote API host that answers with the given statuses in turn. */
function remote(statuses: number[]) {
	const calls: Request[] = []
	const apiFetch = async (request: Request) => {
		calls.push(request)
		const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]
		// A sitemap type (what GET /sitemap answers) that also says ok.
		const body = status === 200 ? { success: true, item: { type: 'articles', count: 1, lastmod: null, ok: true }, errors: [], warnings: [] } : { success: false, errors: status === 401 ? ['Login token expired'] : ['x'], warnings: [] }
		return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
	}
	return { calls, apiFetch }
}

const client = (apiFetch: (request: Request) => Promise<Response>) =>
	createApiClient({ request: new Request('http://localhost/'), context: { apiFetch, timing: new ServerTiming() } })

describe('retries (spec 000 §4)', () => {
	test('a transient failure is retried and then succeeds', async () => {
		const { calls, apiFetch } = remote([503, 500, 200])
		await expect(client(apiFetch).get('sitemap.types')).resolves.toMatchObject({ item: { ok: true } })
		expect(calls).toHaveLength(3)
	})

	test('an in-process call that never answers fails after API_TIMEOUT_MS, and is retried like a network failure', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
		try {
			const calls: Request[] = []
			const never = (request: Request) => (calls.push(request), new Promise<Response>(() => {}))
			const failure = client(never).get('sitemap.types').catch((error: unknown) => error)
			for (let attempt = 0; attempt <= API_MAX_RETRIES; attempt++) await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 50 * 2 ** attempt)
			const error = await failure
			expect(error).toBeInstanceOf(DOMException)
			expect((error as DOMException).name).toBe('TimeoutError')
			expect(calls).toHaveLength(API_MAX_RETRIES + 1)
		} finally {
			vi.useRealTimers()
		}
	})

	test('gives up after 3 retries', async () => {
		const { calls, apiFetch } = remote([503])
		await expect(client(apiFetch).get('sitemap.types')).rejects.toBeInstanceOf(ApiError)
		expect(calls).toHaveLength(4)
	})

	test('a 503 with Retry-After (the API’s database overloaded) is not retried', async () => {
		const calls: Request[] = []
		const apiFetch = async (request: Request) => {
			calls.push(request)
			return new Response(JSON.stringify({ success: false, errors: ['An error occurred'], warnings: [] }), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '5' } })
		}
		await expect(client(apiFetch).get('sitemap.types')).rejects.toMatchObject({ status: 503, retryAfter: '5' })
		expect(calls).toHaveLength(1)
	})

	test.each([404, 401])('%i is not retried', async (status) => {
		const { calls, apiFetch } = remote([status])
		await expect(client(apiFetch).get('sitemap.types')).rejects.toMatchObject({ status })
		expect(calls).toHaveLength(1)
	})

	test('a mutation is never retried', async () => {
		const { calls, apiFetch } = remote([503, 200])
		await expect(client(apiFetch).post('articles.unlock', { params: { slug: 'x' } })).rejects.toMatchObject({ status: 503 })
		expect(calls).toHaveLength(1)
	})

	test('API time is recorded for Server-Timing', async () => {
		const timing = new ServerTiming()
		const { apiFetch } = remote([200])
		await createApiClient({ request: new Request('http://localhost/'), context: { apiFetch, timing } }).get('sitemap.types')
		expect(timing.toString()).toMatch(/^api;desc="Content API";dur=\d+\.\d$/)
	})
})

describe('calls named by endpoint (contract/endpoints.ts)', () => {
	const answering = (body: unknown) => {
		const calls: Request[] = []
		const apiFetch = async (request: Request) => {
			calls.push(request)
			return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
		}
		return { calls, apiFetch }
	}

	test('path parameters are filled in and encoded, the query and method are the endpoint\'s', async () => {
		const { calls, apiFetch } = answering({ success: true, items: [], totalHits: 0, totalPages: 0, pageNum: 1, pageSize: 5, errors: [], warnings: [] })
		await client(apiFetch).get('entities.articles', { params: { kind: 'companies', slug: 'a/b c' }, query: { pageNum: 1, pageSize: 5 } })
		expect(calls[0]!.method).toBe('GET')
		expect(new URL(calls[0]!.url).pathname + new URL(calls[0]!.url).search).toBe('/companies/slug/a%2Fb%20c/articles?pageNum=1&pageSize=5')
	})

	test('an answer that breaks the endpoint\'s schema is a ContractError, not retried', async () => {
		const { calls, apiFetch } = answering({ success: true, item: { id: 'not a number', slug: 'main', name: 'Main', menuItems: [] }, errors: [], warnings: [] })
		const failure = client(apiFetch).get('menus.bySlug', { params: { slug: 'main' } })
		await expect(failure).rejects.toBeInstanceOf(ContractError)
		await expect(failure).rejects.toThrow(/menus\.bySlug.*item\.id/)
		expect(calls).toHaveLength(1)
	})

	test("an entity's details are checked as its kind's", async () => {
		const entity = { id: 1, name: 'P', slug: 'p', description: null, thumbnail: null, publicationDate: null, hasAccess: true, headline: null, bodyText: null, bannerImage: null, seoProperties: {}, slices: [] }
		const page = (details: unknown) => ({ success: true, item: { ...entity, details }, componentItems: [], analyticsPageInfo: { pageType: 'Project', pageName: 'P', slug: 'p' }, errors: [], warnings: [] })
		const wrong = answering(page({ name: 'P', country: null, projectTypes: 'Desalination' }))
		await expect(client(wrong.apiFetch).get('entities.bySlug', { params: { kind: 'projects', slug: 'p' } })).rejects.toThrow(/details\.projectTypes/)
		const right = answering(page({ name: 'P', country: null, projectTypes: ['Desalination'] }))
		const response = await client(right.apiFetch).get('entities.bySlug', { params: { kind: 'projects', slug: 'p' } })
		// Typed by the kind asked for: no cast.
		const types: string[] = response.item.details.projectTypes
		expect(types).toEqual(['Desalination'])
	})
})
