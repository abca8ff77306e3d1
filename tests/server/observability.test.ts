/**
 * What an operator sees of the production build (build/server.js as a cluster of two workers,
 * against a PostgreSQL of this file's own that it stops and starts, on loopback ports):
 * - GET /healthz and /readyz, including /readyz answering 503 while the database is stopped
 *   (and while the database was migrated by newer code), 200 again after;
 * - the log: JSON lines, a line per request with its id (also X-Request-Id), and no secret of
 *   an address in it (`?secret=`, `?token=`, `?code=&state=`);
 * - GET /metrics: Prometheus text, 403 to an address METRICS_ALLOW does not list.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { exportJWK, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connect, MAINTENANCE_TIMEOUTS } from '../../backend/db/client.ts'
import { startEmbeddedCluster, type Cluster } from '../../backend/db/cluster.ts'
import { runMigrations } from '../../backend/db/migrate.ts'
import { loadUserClaims } from '../../backend/identity/claims.ts'
import { sessionCookieWithToken } from '../support/reader-session.ts'
import { userIdByEmail } from '../support/api-identity.ts'
import { freePort } from '../support/free-port.ts'

const run = promisify(execFile)
/** How long a start, a stop or a recovery may take on a busy two-core machine. */
const WAIT_MS = 60_000
const DATABASE = 'observed'

let dataDir: string
let databasePort: number
let cluster: Cluster
/** The server's signing keys, also this process's, so a session made here is the server's own. */
let signingJwks: string
let server: { child: ChildProcess; origin: string; log: () => string; stdout: () => string; exited: Promise<number | null> }

beforeAll(async () => {
	// npm test builds before vitest; a lone run of this file builds if there is no build yet.
	if (!existsSync('build/server.js')) await run('npm', ['run', 'build', '--silent'])
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'observability-'))
	// The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach its folder.
	await fs.chmod(dataDir, 0o755)
	databasePort = await freePort()
	const { privateKey } = await generateKeyPair('RS256', { extractable: true })
	signingJwks = JSON.stringify({ keys: [{ ...(await exportJWK(privateKey)), kid: 'observability', alg: 'RS256', use: 'sig' }] })
	process.env.SIGNING_JWKS = signingJwks
	cluster = await startDatabase()
	await cluster.ensureDatabase(DATABASE)
	// A small catalogue, so the server has content and does not seed the full one.
	const db = connect(cluster.url(DATABASE), { max: 2, timeouts: MAINTENANCE_TIMEOUTS })
	try {
		await runMigrations(db)
		const { seed } = await import('../../backend/seed/index.ts')
		await seed(db, { scale: 0.02, log: () => {} })
	} finally {
		await db.$client.end()
	}
	server = await startServer()
}, 240_000)

afterAll(async () => {
	if (server?.child.exitCode === null) {
		server.child.kill('SIGTERM')
		await server.exited
	}
	await cluster?.stop()
	await fs.rm(dataDir, { recursive: true, force: true })
}, WAIT_MS)

describe('health', () => {
	test('/healthz and /readyz answer 200 in JSON, never stored', async () => {
		const live = await fetch(`${server.origin}/healthz`)
		expect(live.status).toBe(200)
		expect(live.headers.get('cache-control')).toBe('no-store')
		expect(await live.json()).toEqual({ status: 'ok' })

		const ready = await fetch(`${server.origin}/readyz`)
		expect(ready.status).toBe(200)
		expect(ready.headers.get('cache-control')).toBe('no-store')
		expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } })
	})

	test('/readyz answers 503 naming the database while it is stopped, and 200 again once it is back; /healthz stays 200', async () => {
		await cluster.stop()
		try {
			const down = await until(async () => {
				const response = await fetch(`${server.origin}/readyz`)
				return response.status === 503 ? response : null
			})
			expect(down.headers.get('cache-control')).toBe('no-store')
			const body = (await down.json()) as { status: string; checks: { database: string } }
			expect(body.status).toBe('not ready')
			expect(body.checks.database).not.toBe('ok')
			expect((await fetch(`${server.origin}/healthz`)).status).toBe(200)
		} finally {
			cluster = await startDatabase()
		}
		await until(async () => (await fetch(`${server.origin}/readyz`)).status === 200)
	}, 2 * WAIT_MS)

	test('/readyz answers 503 while the database holds a migration this code does not know', async () => {
		const db = connect(cluster.url(DATABASE), { max: 1 })
		const future = Date.now() + 365 * 24 * 3600 * 1000
		try {
			await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-newer-code', ${future})`)
			const response = await until(async () => {
				const answer = await fetch(`${server.origin}/readyz`)
				return answer.status === 503 ? answer : null
			})
			expect(await response.json()).toEqual({ status: 'not ready', checks: { database: 'ok', migrations: '1 applied by newer code' } })
		} finally {
			await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-newer-code'`)
			await db.$client.end()
		}
		expect((await fetch(`${server.origin}/readyz`)).status).toBe(200)
	}, WAIT_MS)
})

describe('the log', () => {
	test('a line per request in JSON, with its request id, route, status and duration; no secret of the address in it', async () => {
		const secrets = ['abc123', 'xyz789']
		const asked = [
			`/?secret=${secrets[0]}&token=${secrets[1]}`,
			`/oidc/password-reset?token=${secrets[1]}`,
			`/auth/callback?code=${secrets[0]}&state=${secrets[1]}`,
			`/search?q=pumps&secret=${secrets[0]}`,
		]
		const ids: string[] = []
		for (const address of asked) {
			const id = `probe-${crypto.randomUUID()}`
			const response = await fetch(`${server.origin}${address}`, { headers: { 'X-Request-Id': id }, redirect: 'manual' })
			await response.arrayBuffer()
			expect(response.headers.get('x-request-id')).toBe(id)
			ids.push(id)
		}
		// A request id that could forge a line is not taken: the answer carries one of ours.
		const forged = await fetch(`${server.origin}/healthz`, { headers: { 'X-Request-Id': 'a\tb"c' } })
		expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)

		// Lines are written in batches: wait for each request's.
		const lines = await until(() => {
			const parsed = jsonLines(server.log())
			return ids.every((id) => parsed.some((line) => line.reqId === id)) ? parsed : null
		})
		const home = lines.find((line) => line.reqId === ids[0])!
		expect(home).toMatchObject({ level: 30, method: 'GET', path: '/', routeId: 'routes/_index', status: expect.any(Number), query: 'secret=[redacted]&token=[redacted]' })
		expect(typeof home.durationMs).toBe('number')
		expect(typeof home.time).toBe('number')
		expect(lines.find((line) => line.reqId === ids[3])).toMatchObject({ path: '/search', query: 'q=pumps&secret=[redacted]' })

		for (const secret of secrets) expect(server.log()).not.toContain(secret)
		// Every line of the log (the primary's and both workers') is one JSON object. (Standard
		// error is not the log: Node's and libraries' own warnings go there.)
		const output = server.stdout().split('\n').filter(Boolean)
		expect(output.length).toBeGreaterThan(ids.length)
		for (const line of output) expect(() => JSON.parse(line), line).not.toThrow()
	}, WAIT_MS)

	test('a signed-in reader\'s request names the reader', async () => {
		const db = connect(cluster.url(DATABASE), { max: 1 })
		let claims
		try {
			claims = await loadUserClaims(db, await userIdByEmail(db, 'executive@example.com'))
		} finally {
			await db.$client.end()
		}
		if (!claims) throw new Error('no demo executive')
		const { issueAccessToken } = await import('../../backend/identity/tokens.ts')
		const cookie = await sessionCookieWithToken(await issueAccessToken({ ...claims, issuer: `${server.origin}/oidc` }))
		const id = `reader-${crypto.randomUUID()}`
		const response = await fetch(`${server.origin}/`, { headers: { Cookie: cookie, 'X-Request-Id': id } })
		await response.arrayBuffer()
		const line = await until(() => jsonLines(server.stdout()).find((each) => each.reqId === id))
		expect(line).toMatchObject({ routeId: 'routes/_index', userId: claims.sub })
	}, WAIT_MS)

	test('health checks are not logged at info', async () => {
		const probe = `health-${crypto.randomUUID()}`
		await (await fetch(`${server.origin}/readyz`, { headers: { 'X-Request-Id': probe } })).arrayBuffer()
		// Then requests on both workers that are logged, so both have written what they had.
		const after = [`after-${crypto.randomUUID()}`, `after-${crypto.randomUUID()}`, `after-${crypto.randomUUID()}`, `after-${crypto.randomUUID()}`]
		for (const id of after) await (await fetch(`${server.origin}/`, { headers: { 'X-Request-Id': id } })).arrayBuffer()
		await until(() => after.every((id) => server.log().includes(id)))
		expect(server.log()).not.toContain(probe)
	}, WAIT_MS)
})

describe('metrics', () => {
	test('/metrics is Prometheus text of the whole cluster: request durations by route, the pool, the page cache, the process', async () => {
		for (let i = 0; i < 4; i++) await (await fetch(`${server.origin}/`)).arrayBuffer()
		const response = await fetch(`${server.origin}/metrics`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/)
		const samples = prometheusSamples(await response.text())
		const names = new Set(samples.map((sample) => sample.name))
		for (const name of ['http_request_duration_seconds_bucket', 'http_request_duration_seconds_count', 'db_pool_connections_in_use', 'db_pool_requests_waiting', 'page_cache_hits_total', 'page_cache_misses_total', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
			expect(names, name).toContain(name)
		}
		const homeCount = samples.find((sample) => sample.name === 'http_request_duration_seconds_count' && sample.labels.route === 'routes/_index' && sample.labels.status_class === '2xx')
		expect(homeCount?.value).toBeGreaterThanOrEqual(4)
		// Four anonymous home pages: at least one was kept, and answered from the copy since.
		expect(samples.find((sample) => sample.name === 'page_cache_hits_total')?.value).toBeGreaterThan(0)
	}, WAIT_MS)

	test('an address METRICS_ALLOW does not list gets 403', async () => {
		// TRUST_PROXY=loopback: the client is the address our loopback "proxy" forwards.
		const response = await fetch(`${server.origin}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })
		expect(response.status).toBe(403)
		expect(await response.text()).not.toContain('http_request_duration_seconds')
	})
})

/** Every sample of a Prometheus text exposition; throws on a line that is none of its forms. */
function prometheusSamples(text: string) {
	const samples: { name: string; labels: Record<string, string>; value: number }[] = []
	for (const line of text.split('\n')) {
		if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue
		const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*)\})? (-?[0-9.e+-]+|NaN|[+-]Inf)(?: -?\d+)?$/.exec(line)
		if (!match) throw new Error(`not Prometheus text: ${line}`)
		const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name, value]))
		samples.push({ name: match[1]!, labels, value: Number(match[3]) })
	}
	return samples
}

function jsonLines(output: string): Record<string, unknown>[] {
	return output
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>)
}

function startDatabase() {
	return startEmbeddedCluster({ dir: path.join(dataDir, 'postgres'), port: databasePort })
}

/** The production build against our database, as an operator would run it (every secret given). */
async function startServer() {
	const port = await freePort()
	const { OIDC_ISSUER: _issuer, LOG_LEVEL: _level, METRICS_ALLOW: _allow, ...env } = process.env
	const child = spawn(process.execPath, ['build/server.js'], {
		env: {
			...env,
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: String(port),
			DATA_DIR: dataDir,
			DATABASE_URL: cluster.url(DATABASE),
			PUBLIC_URL: `http://127.0.0.1:${port}`,
			// The test's own (vitest.config.ts), so a session cookie made here is read there.
			SESSION_SECRET: process.env.SESSION_SECRET,
			OIDC_CLIENT_SECRET: crypto.randomBytes(24).toString('base64url'),
			SIGNING_JWKS: signingJwks,
			WEB_CONCURRENCY: '2',
			TRUST_PROXY: 'loopback',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	let stdout = ''
	child.stdout!.on('data', (chunk) => ((output += chunk), (stdout += chunk)))
	child.stderr!.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	await until(() => {
		if (child.exitCode !== null) throw new Error(`the server did not start:\n${output}`)
		return output.includes('site ready')
	})
	return { child, origin: `http://127.0.0.1:${port}`, log: () => output, stdout: () => stdout, exited }
}

/** Polls `condition` until it gives something truthy (bounded by WAIT_MS), and gives that. */
async function until<T>(condition: () => T | null | false | Promise<T | null | false>): Promise<T> {
	const deadline = Date.now() + WAIT_MS
	for (;;) {
		const result = await condition()
		if (result) return result
		if (Date.now() > deadline) throw new Error('timed out waiting')
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}
