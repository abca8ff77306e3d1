/**
 * Runs a step alone across Playwright workers (both projects share one server and one
 * database): for tests that change something every run shares, such as a demo account's
 * stored strategist view. A lock file; one left behind by a crash expires.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

const STALE_MS = 60_000

export async function exclusive<T>(name: string, step: () => Promise<T>): Promise<T> {
	const lock = path.resolve('test-results', `lock-${process.env.E2E_PORT ?? 3100}-${name}`)
	await fs.mkdir(path.dirname(lock), { recursive: true })
	for (;;) {
		try {
			await fs.writeFile(lock, String(process.pid), { flag: 'wx' })
			break
		} catch {
			const stat = await fs.stat(lock).catch(() => null)
			if (stat && Date.now() - stat.mtimeMs > STALE_MS) await fs.rm(lock, { force: true })
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
	}
	try {
		return await step()
	} finally {
		await fs.rm(lock, { force: true })
	}
}
