import { afterEach, describe, expect, test, vi } from 'vitest'
import { reanchorEveryDay, untilNextDay } from '../backend/seed/demo-day.ts'

const MIDNIGHT = Date.UTC(2026, 10, 30)

describe('the demo accounts re-anchored every day', () => {
	afterEach(() => vi.useRealTimers())

	test('the next re-anchoring is just after the next midnight UTC', () => {
		expect(untilNextDay(MIDNIGHT - 60_000)).toBe(61_000)
		expect(untilNextDay(MIDNIGHT)).toBe(24 * 3600_000 + 1_000)
	})

	test('runs after each midnight, again a minute after a failure, and never after stop', async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: MIDNIGHT - 10_000 })
		const days: string[] = []
		let failNext = false
		const errors: unknown[] = []
		const daily = reanchorEveryDay(
			async () => {
				if (failNext) {
					failNext = false
					throw new Error('database away')
				}
				days.push(new Date().toISOString().slice(0, 10))
			},
			(error) => errors.push(error),
		)
		await vi.advanceTimersByTimeAsync(9_000)
		expect(days).toEqual([])
		await vi.advanceTimersByTimeAsync(2_000)
		expect(days).toEqual(['2026-11-30'])

		failNext = true
		await vi.advanceTimersByTimeAsync(24 * 3600_000)
		expect(errors).toHaveLength(1)
		expect(days).toEqual(['2026-11-30'])
		await vi.advanceTimersByTimeAsync(60_000)
		expect(days).toEqual(['2026-11-30', '2026-12-01'])

		daily.stop()
		await vi.advanceTimersByTimeAsync(3 * 24 * 3600_000)
		expect(days).toHaveLength(2)
	})
})
