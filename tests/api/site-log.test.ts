/**
 * POST /log?message= (spec 000 §7): one clean line in the server log per report.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createApi } from '../../backend/api/index.ts'
import { SITE_LOG_MAX_LENGTH, SITE_LOG_RATE_LIMIT } from '../../backend/api/site-log.ts'
import { logger } from '../../backend/logger.ts'
import { call } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
let api: ReturnType<typeof createApi>
beforeAll(() => {
	api = createApi({ db: database.db })
})
afterEach(() => {
	vi.restoreAllMocks()
})

/** What the handler wrote to the log (info) during `run`. */
async function logged(run: () => Promise<unknown>) {
	const lines: string[] = []
	vi.spyOn(logger, 'info').mockImplementation(((...args: unknown[]) => void lines.push(args.join(' '))) as typeof logger.info)
	const result = await run()
	vi.restoreAllMocks()
	return { lines, result: result as Awaited<ReturnType<typeof call>> }
}

describe('POST /log', () => {
	test('writes the message on one [site-log] line and answers success', async () => {
		const { lines, result } = await logged(() => call(api, 'POST', `/log?message=${encodeURIComponent('Redirected from /old to /new')}`))
		expect(result.status).toBe(200)
		expect(result.body).toEqual({ success: true, errors: [], warnings: [] })
		expect(lines).toEqual(['[site-log] Redirected from /old to /new'])
	})

	test('control characters cannot forge log lines; long messages are cut to 500 characters', async () => {
		const forged = 'Error one\n[server] fake line\r\n\u001b[31mred\u001b[0m\u202Eevil'
		const { lines } = await logged(() => call(api, 'POST', `/log?message=${encodeURIComponent(forged)}`))
		expect(lines).toHaveLength(1)
		expect(lines[0]).toBe('[site-log] Error one [server] fake line [31mred [0mevil')
		// eslint-disable-next-line no-control-regex -- no control character may reach the log
		expect(lines[0]).not.toMatch(/[\u0000-\u001f\u007f\u202e]/)

		const long = await logged(() => call(api, 'POST', `/log?message=${'x'.repeat(2000)}`))
		expect(long.lines[0]).toBe(`[site-log] ${'x'.repeat(SITE_LOG_MAX_LENGTH)}`)
	})

	test('400 without a message (or with nothing printable); GET is not a call', async () => {
		for (const path of ['/log', '/log?message=', `/log?message=${encodeURIComponent('\n\t ')}`]) {
			const { lines, result } = await logged(() => call(api, 'POST', path))
			expect(result.status, path).toBe(400)
			expect(result.body.errors).toEqual(['Bad request: message is required'])
			expect(lines).toEqual([])
		}
		expect((await api.request('/log?message=x')).status).toBe(404)
	})

	test('rate-limited per client address', async () => {
		const headers = { 'X-Client-Address': '203.0.113.99' }
		const { result } = await logged(async () => {
			for (let i = 0; i < SITE_LOG_RATE_LIMIT.limit; i++) await call(api, 'POST', '/log?message=flood', { headers })
			return call(api, 'POST', '/log?message=flood', { headers })
		})
		expect(result.status).toBe(429)
	})
})
