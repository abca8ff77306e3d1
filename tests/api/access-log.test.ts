/**
 * The access log (backend/http/access-log.ts): lines are written in batches, never lost,
 * in order, and none waits longer than its bound.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createAccessLog } from '../../backend/http/access-log.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the access log', () => {
	test('lines wait for the flush interval, then leave together, in order', async () => {
		const writes: string[] = []
		const log = createAccessLog({ write: (text) => writes.push(text), flushMs: 30 })
		log.line('GET / 200 3ms')
		log.line('GET /articles 200 5ms')
		expect(writes).toEqual([])
		await sleep(80)
		expect(writes).toEqual(['GET / 200 3ms\nGET /articles 200 5ms\n'])
		// A later line starts a new wait.
		log.line('POST /consent 303 2ms')
		await sleep(80)
		expect(writes).toEqual(['GET / 200 3ms\nGET /articles 200 5ms\n', 'POST /consent 303 2ms\n'])
	})

	test('a full buffer is written at once, without waiting', () => {
		const writes: string[] = []
		const log = createAccessLog({ write: (text) => writes.push(text), flushMs: 60_000, bufferChars: 40 })
		log.line('GET /a 200 1ms')
		log.line('GET /b 200 1ms')
		expect(writes).toEqual([])
		log.line('GET /c 200 1ms')
		expect(writes).toEqual(['GET /a 200 1ms\nGET /b 200 1ms\nGET /c 200 1ms\n'])
		log.flush()
		expect(writes).toHaveLength(1)
	})

	test('lines still waiting when the process exits are written', () => {
		// A process of its own: it logs, then exits long before the flush interval.
		const script = `
			const { createAccessLog } = await import(${JSON.stringify(path.resolve('backend/http/access-log.ts'))})
			const log = createAccessLog({ flushMs: 60_000 })
			log.line('GET /last 200 1ms')
			process.exit(0)`
		const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 })
		expect(child.stderr).toBe('')
		expect(child.stdout).toBe('GET /last 200 1ms\n')
	})
})
