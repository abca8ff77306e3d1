import { expect } from '@playwright/test'

/**
 * A value read from the page once it has settled: with scripts the address can change a
 * moment before the new results are drawn, so the same value is read twice, 250 ms apart.
 */
export async function settled(read: () => Promise<number>): Promise<number> {
	let last = Number.NaN
	await expect
		.poll(
			async () => {
				const now = await read()
				const same = now === last
				last = now
				return same
			},
			{ intervals: [250] },
		)
		.toBe(true)
	return last
}
