/**
 * The production server's life cycle, run as the real thing: build/server.js in a child
 * process, on its own embedded PostgreSQL in a temporary DATA_DIR, on free loopback ports.
 * - SIGTERM under load: every request in flight is answered, new connections are refused,
 *   the process logs "[server] stopped" and exits 0, and its PostgreSQL is stopped.
 * - A server killed with SIGKILL leaves its PostgreSQL running: the next start takes over.
 * - The embedded PostgreSQL killed while the server runs: it is restarted and pages work again.
 * - As a cluster (WEB_CONCURRENCY=2, the default on this two-core machine): a killed worker is
 *   replaced, and SIGTERM to the primary drains every worker before PostgreSQL is stopped.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WORKER_RESTART } from '../../backend/http/web-cluster.ts'
import { NOT_ACCEPTING, SHUTDOWN_GRACE_MS, connectionsWaitingToBeAccepted } from '../../backend/life-cycle.ts'
import { freePort } from '../support/free-port.ts'

const run = promisify(execFile)
const CONCURRENT_REQUESTS = 30
/**
 * How long a start or a recovery may take on a busy two-core machine: bounds against a hang,
 * not a measure of speed (with the machine eight times oversubscribed a start took over 30 s).
 */
const START_TIMEOUT_MS = 90_000

let dataDir: string
let postgresDir: string
let databasePort: number
let articlePath: string
const servers = new Set<ChildProcess>()

beforeAll(async () => {
	// npm test builds before vitest; a lone run of this file builds if there is no build yet.
	if (!existsSync('build/server.js')) await run('npm', ['run', 'build', '--silent'])
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'life-cycle-'))
	// The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach its folder.
	await fs.chmod(dataDir, 0o755)
	postgresDir = path.join(dataDir, 'postgres')
	databasePort = await freePort()
	// A small catalogue, so the server does not seed the full one at its first start.
	await run('node_modules/.bin/tsx', ['backend/seed/cli.ts', '--scale', '0.02'], { env: serverEnv() })
	const server = await startServer()
	const { items } = (await (await fetch(`${server.origin}/api/articles`)).json()) as { items: { slug: string }[] }
	articlePath = `/articles/${items[0].slug}`
	await stopServer(server)
}, 300_000)

afterAll(async () => {
	for (const child of servers) child.kill('SIGKILL')
	for (const pid of await postgresOnDataDir()) process.kill(pid, 'SIGKILL')
	await fs.rm(dataDir, { recursive: true, force: true })
})

describe('the production server', () => {
	test('finishes the requests in flight at SIGTERM, refuses new ones, stops its PostgreSQL and exits 0', async () => {
		const server = await startServer({ WEB_CONCURRENCY: '2' })
		const written: Promise<void>[] = []
		const responses = Array.from({ length: CONCURRENT_REQUESTS }, (_, i) =>
			get(server.port, i % 2 ? articlePath : '/', (request) => written.push(new Promise((resolve) => request.on('finish', resolve)))),
		)
		// Every request is on the wire (and accepted: the server's event loop has turned since),
		// and one has been answered: the rest are in flight.
		await Promise.all(written)
		await new Promise((resolve) => setTimeout(resolve, 100))
		await Promise.race(responses)
		const signalled = Date.now()
		server.child.kill('SIGTERM')
		// Pages asked for while the workers drain (before they close their listeners) are answered
		// at once from the page cache: the answer's "Connection: close" must not come too late
		// (it threw, and the worker died with every request it held).
		await until(() => (server.log().match(/\[worker \d+\] SIGTERM/g) ?? []).length === 2)
		// Whether they still reach a worker depends on the machine's load: each is either answered
		// in full or refused, never given an error.
		const late = await Promise.allSettled(Array.from({ length: 5 }, () => get(server.port, '/')))
		const results = await Promise.all(responses)
		for (const outcome of late) {
			if (outcome.status === 'fulfilled') expect(outcome.value.status, server.log()).toBe(200)
			else expect(['ECONNREFUSED', 'ECONNRESET'], server.log()).toContain((outcome.reason as NodeJS.ErrnoException).code)
		}

		expect(results.map((r) => r.status), server.log()).toEqual(results.map(() => 200))
		expect(results.filter((r) => r.at > signalled).length).toBeGreaterThan(0)
		// Connections queued before the signal were accepted first; then the listener closed.
		await until(() => server.log().includes(NOT_ACCEPTING))
		await expect(get(server.port, '/')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
		const code = await server.exited
		expect(code).toBe(0)
		expect(Date.now() - signalled).toBeLessThan(SHUTDOWN_GRACE_MS)
		expect(server.log()).toContain('[server] stopped')
		expect(server.log()).not.toContain('ERR_HTTP_HEADERS_SENT')
		expect(await postgresOnDataDir()).toEqual([])
	}, 240_000)

	test('as a cluster, answers at SIGTERM the connections the primary still holds for its busy workers', async () => {
		const server = await startServer({ WEB_CONCURRENCY: '2' })
		const workers = await workersOf(server.child.pid!)
		expect(workers).toHaveLength(2)
		// Stopped workers stand for busy ones: in round-robin mode the primary accepts every
		// connection and hands a worker the next only once it has taken the one before, so
		// these wait in the primary, not in the kernel's queue.
		for (const pid of workers) process.kill(pid, 'SIGSTOP')
		const written: Promise<void>[] = []
		const responses = Array.from({ length: CONCURRENT_REQUESTS }, () =>
			get(server.port, '/', (request) => written.push(new Promise((resolve) => request.on('finish', resolve)))),
		)
		await Promise.all(written)
		await until(async () => (await connectionsWaitingToBeAccepted(server.port)) === 0)
		server.child.kill('SIGTERM')
		await until(() => server.log().includes('SIGTERM: finishing open requests'))
		for (const pid of workers) process.kill(pid, 'SIGCONT')

		const results = await Promise.all(responses)
		expect(results.map((r) => r.status)).toEqual(results.map(() => 200))
		expect(await server.exited).toBe(0)
	}, 240_000)

	test('a start after a killed server takes over the PostgreSQL it left running', async () => {
		const killed = await startServer()
		const orphan = await postmasterPid()
		const workers = await workersOf(killed.child.pid!)
		killed.child.kill('SIGKILL')
		await killed.exited
		expect(await postgresOnDataDir()).toContain(orphan)
		// Its workers (a cluster) exit by themselves once their primary is gone.
		await until(() => workers.every((pid) => !isRunning(pid)))

		const server = await startServer()
		expect((await get(server.port, '/api/articles')).status).toBe(200)
		expect(await postgresOnDataDir()).not.toContain(orphan)
		await stopServer(server)
	}, 240_000)

	test('restarts the embedded PostgreSQL when it dies, and answers again', async () => {
		const server = await startServer()
		const first = await postmasterPid()
		process.kill(first, 'SIGKILL')

		const deadline = Date.now() + START_TIMEOUT_MS
		let status = 0
		while (Date.now() < deadline && status !== 200) {
			await new Promise((resolve) => setTimeout(resolve, 250))
			status = await get(server.port, '/api/articles').then((r) => r.status, () => 0)
		}
		expect(status, server.log()).toBe(200)
		expect(await postmasterPid()).not.toBe(first)
		// A worker can answer from the new PostgreSQL a moment before the primary logs its restart.
		await until(() => server.log().includes('[db] embedded PostgreSQL restarted'))
		await stopServer(server)
	}, 240_000)

	test('as a cluster, replaces a killed worker, and SIGTERM drains every worker before stopping PostgreSQL once', async () => {
		const server = await startServer({ WEB_CONCURRENCY: '2' })
		const [first, second] = await workersOf(server.child.pid!)
		expect(second).toBeDefined()
		process.kill(first, 'SIGKILL')
		await until(() => /\[worker 3\] listening/.test(server.log()), WORKER_RESTART.firstDelayMs + START_TIMEOUT_MS)
		expect(server.log()).toMatch(/\[server\] worker [12] exited \(SIGKILL\): replacing it/)
		const workers = await workersOf(server.child.pid!)
		expect(workers).toHaveLength(2)
		expect(workers).not.toContain(first)

		// Requests spread over both workers, all in flight at the signal, are all answered.
		const responses = Array.from({ length: CONCURRENT_REQUESTS }, (_, i) => get(server.port, i % 2 ? articlePath : '/'))
		await Promise.race(responses)
		server.child.kill('SIGTERM')
		const results = await Promise.all(responses)
		expect(results.map((r) => r.status)).toEqual(results.map(() => 200))
		expect(await server.exited).toBe(0)
		const log = server.log()
		const stoppedWorkers = [...log.matchAll(/\[worker (\d)\] stopped/g)]
		expect(stoppedWorkers.map(([, id]) => id).sort()).toHaveLength(2)
		expect(stoppedWorkers.map(([, id]) => id)).toContain('3')
		// The primary stops PostgreSQL after the workers, once.
		expect(log.indexOf('[server] stopped')).toBeGreaterThan(Math.max(...stoppedWorkers.map((match) => match.index)))
		expect(log.split('[server] stopped')).toHaveLength(2)
		expect(await postgresOnDataDir()).toEqual([])
		for (const pid of workers) expect(isRunning(pid)).toBe(false)
	}, 300_000)
})

/** Whether a process runs (not gone, not a zombie waiting to be reaped). */
function isRunning(pid: number) {
	try {
		return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
	} catch {
		return false
	}
}

/** The server's worker processes (its node children; the embedded PostgreSQL is a child too). */
async function workersOf(primary: number) {
	const pids: number[] = []
	for (const entry of await fs.readdir('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
		const [, command, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat.trim()) ?? []
		if (command === 'node' && Number(rest?.split(' ')[1]) === primary && !rest.startsWith('Z')) pids.push(Number(entry))
	}
	return pids.sort((a, b) => a - b)
}

/** The server's environment; without a port (the seed tool) PORT is left out, as it must be a real port. */
function serverEnv(port?: number): NodeJS.ProcessEnv {
	const { DATABASE_URL: _url, OIDC_ISSUER: _issuer, SESSION_SECRET: _secret, PORT: _port, ...env } = process.env
	return { ...env, NODE_ENV: 'production', SITE_MODE: 'demo', HOST: '127.0.0.1', ...(port === undefined ? {} : { PORT: String(port) }), DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(databasePort) }
}

async function startServer(env: Record<string, string> = {}) {
	const port = await freePort()
	const child = spawn(process.execPath, ['build/server.js'], { env: { ...serverEnv(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
	servers.add(child)
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (servers.delete(child), resolve(code))))
	const deadline = Date.now() + START_TIMEOUT_MS
	while (!output.includes('site ready')) {
		if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	return { child, port, origin: `http://127.0.0.1:${port}`, exited, log: () => output }
}

async function stopServer(server: Awaited<ReturnType<typeof startServer>>) {
	server.child.kill('SIGTERM')
	expect(await server.exited).toBe(0)
	expect(await postgresOnDataDir()).toEqual([])
}

/** One GET on its own connection; resolves with the status and when the body ended. */
function get(port: number, pathname: string, onRequest?: (request: http.ClientRequest) => void) {
	return new Promise<{ status: number; at: number }>((resolve, reject) => {
		const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
			response.resume()
			response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }))
			response.on('error', reject)
		})
		request.on('error', reject)
		onRequest?.(request)
	})
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = START_TIMEOUT_MS) {
	const deadline = Date.now() + timeoutMs
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error('timed out waiting')
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

async function postmasterPid() {
	return Number((await fs.readFile(path.join(postgresDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
}

/** Every live postmaster started on this data folder (backends rename themselves). */
async function postgresOnDataDir() {
	const pids: number[] = []
	for (const entry of await fs.readdir('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
		const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
		if (cmdline.split('\0').includes(postgresDir) && !/\) Z /.test(stat)) pids.push(Number(entry))
	}
	return pids
}
