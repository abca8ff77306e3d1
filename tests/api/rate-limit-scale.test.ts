/** RATE_LIMIT_SCALE (backend/identity/rate-limit.ts): only the limits per client address grow. */
import { afterEach, describe, expect, test } from 'vitest'
import { consumeRateLimit, RATE_LIMITS, rateLimitScale } from '../../backend/identity/rate-limit.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()

afterEach(() => {
	delete process.env.RATE_LIMIT_SCALE
})

describe('rate limit scale', () => {
	test('1 unless set to a whole number of at least 1', () => {
		expect(rateLimitScale({})).toBe(1)
		expect(rateLimitScale({ RATE_LIMIT_SCALE: '50' })).toBe(50)
		for (const bad of ['0', '-3', 'abc', '0.5']) expect(rateLimitScale({ RATE_LIMIT_SCALE: bad })).toBe(1)
	})

	test('scales the sign-ups per address, never the password changes per reader', async () => {
		process.env.RATE_LIMIT_SCALE = '2'
		const attempts = async (limit: (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS], key: string, count: number) => {
			const results = []
			for (let i = 0; i < count; i++) results.push((await consumeRateLimit(database.db, limit, key)).allowed)
			return results.filter(Boolean).length
		}
		expect(await attempts(RATE_LIMITS.signUp, '127.0.0.9', 25)).toBe(RATE_LIMITS.signUp.limit * 2)
		expect(await attempts(RATE_LIMITS.passwordChange, 'reader-1', 25)).toBe(RATE_LIMITS.passwordChange.limit)
	})
})
