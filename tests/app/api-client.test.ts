import { describe, expect, test } from 'vitest'
import { createApiClient, errorForStatus, ApiError } from '../../app/lib/api.server.ts'
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
		const body = status === 200 ? { success: true, item: { ok: true }, errors: [], warnings: [] } : { success: false, errors: status === 401 ? ['Login token expired'] : ['x'], warnings: [] }
		return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
	}
	return { calls, apiFetch }
}

const client = (apiFetch: (request: Request) => Promise<Response>) =>
	createApiClient({ request: new Request('http://localhost/'), context: { apiFetch, timing: new ServerTiming() } })

describe('retries (spec 000 §4)', () => {
	test('a transient failure is retried and then succeeds', async () => {
		const { calls, apiFetch } = remote([503, 500, 200])
		await expect(client(apiFetch).get('/pages/slug/home')).resolves.toMatchObject({ item: { ok: true } })
		expect(calls).toHaveLength(3)
	})

	test('gives up after 3 retries', async () => {
		const { calls, apiFetch } = remote([503])
		await expect(client(apiFetch).get('/x')).rejects.toBeInstanceOf(ApiError)
		expect(calls).toHaveLength(4)
	})

	test('a 503 with Retry-After (the API’s database overloaded) is not retried', async () => {
		const calls: Request[] = []
		const apiFetch = async (request: Request) => {
			calls.push(request)
			return new Response(JSON.stringify({ success: false, errors: ['An error occurred'], warnings: [] }), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '5' } })
		}
		await expect(client(apiFetch).get('/x')).rejects.toMatchObject({ status: 503, retryAfter: '5' })
		expect(calls).toHaveLength(1)
	})

	test.each([404, 401])('%i is not retried', async (status) => {
		const { calls, apiFetch } = remote([status])
		await expect(client(apiFetch).get('/x')).rejects.toMatchObject({ status })
		expect(calls).toHaveLength(1)
	})

	test('a mutation is never retried', async () => {
		const { calls, apiFetch } = remote([503, 200])
		await expect(client(apiFetch).post('/articles/slug/x/unlock')).rejects.toMatchObject({ status: 503 })
		expect(calls).toHaveLength(1)
	})

	test('API time is recorded for Server-Timing', async () => {
		const timing = new ServerTiming()
		const { apiFetch } = remote([200])
		await createApiClient({ request: new Request('http://localhost/'), context: { apiFetch, timing } }).get('/x')
		expect(timing.toString()).toMatch(/^api;desc="Content API";dur=\d+\.\d$/)
	})
})
