/**
 * Two web hosts on one PostgreSQL behave as one site, as an operator runs them behind a load
 * balancer: a standalone PostgreSQL started here (its own folder and port), and two built
 * servers (build/server.js) with separate DATA_DIRs on two loopback ports, the same secrets,
 * PUBLIC_URL and DATABASE_URL, started at the same moment on an empty database.
 * - migrations are applied once, and both become ready (/readyz);
 * - a session cookie made on host A is accepted on host B; logging out on A ends it on B;
 * - an opportunity posted on A shows on B's /opportunityexchange within a second (polled up to
 *   10 s on a busy machine, the latency observed printed): B's page cache was emptied by A's notice;
 * - stopping A (SIGTERM) leaves B answering.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { OPPORTUNITY_CATEGORIES, OPPORTUNITY_EXCHANGE_PATH } from '../../contract/opportunities.ts'
import { startEmbeddedCluster, type Cluster } from '../../backend/db/cluster.ts'
import { MIGRATIONS_FOLDER } from '../../backend/db/migrate.ts'
import { PAGE_CACHE_HEADER } from '../../backend/http/page-cache.ts'
import { hashPassword } from '../../backend/identity/password.ts'
import { Browser, formAction } from '../support/oidc-browser.ts'
import { freePort } from '../support/free-port.ts'
import { queryOnce } from '../support/query-once.ts'

const run = promisify(execFile)
/**
 * How long a start may take: both hosts start at once, beside the other test files (about 12 s
 * alone on a two-core machine, 41 s with three other server tests running); only a bound.
 */
const START_TIMEOUT_MS = 90_000
/** The issue asks for a second; polled this long so a busy machine does not fail the test. */
const SHOWS_WITHIN_MS = 10_000
const READER = { email: 'operator.reader@example.org', password: 'a-long-reader-password-1' }

type Host = { name: string; origin: string; child: ChildProcess; exited: Promise<number | null>; log: () => string }

let tempDir: string
let cluster: Cluster | undefined
let databaseUrl: string
const hosts: Host[] = []

beforeAll(async () => {
	if (!existsSync('build/server.js')) await run('npm', ['run', 'build', '--silent'])
	tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'two-hosts-'))
	// Run as root, PostgreSQL runs as its own `postgres` user (backend/db/cluster.ts), which must reach its folder inside.
	await fs.chmod(tempDir, 0o755)
	// A PostgreSQL of its own, as a managed one would be: no template, no demo data.
	cluster = await startEmbeddedCluster({ dir: path.join(tempDir, 'postgres'), port: await freePort(), fsync: false })
	await cluster.ensureDatabase('site')
	databaseUrl = cluster.url('site')
	const { privateKey } = await generateKeyPair('RS256', { extractable: true })
	const jwk = await exportJWK(privateKey)
	const secrets = {
		SESSION_SECRET: 'two-hosts-session-secret-0123456789',
		OIDC_CLIENT_SECRET: 'two-hosts-client-secret-0123456789',
		SIGNING_JWKS: JSON.stringify({ keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] }),
	}
	const [portA, portB] = [await freePort(), await freePort()]
	// The address readers use (the load balancer's): host A's, so sign-in's redirects come back to it.
	const publicUrl = `http://127.0.0.1:${portA}`
	const started = Date.now()
	hosts.push(await startHost('A', portA, { ...secrets, PUBLIC_URL: publicUrl }), await startHost('B', portB, { ...secrets, PUBLIC_URL: publicUrl }))
	await Promise.all(hosts.map(untilReady))
	console.log(`[two-hosts] both hosts ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}, START_TIMEOUT_MS + 60_000)

afterAll(async () => {
	for (const host of hosts) if (host.child.exitCode === null) host.child.kill('SIGKILL')
	await Promise.all(hosts.map((host) => host.exited))
	await cluster?.stop()
	if (tempDir) await fs.rm(tempDir, { recursive: true, force: true })
}, 60_000)

async function startHost(name: string, port: number, settings: Record<string, string>): Promise<Host> {
	const { SITE_MODE: _mode, DEMO_DATA: _data, PAYMENT_SANDBOX: _sandbox, STRIPE_SECRET_KEY: _stripe, STRIPE_WEBHOOK_SECRET: _webhook, OIDC_ISSUER: _issuer, API_BASE_URL: _api, ...inherited } = process.env
	const dataDir = path.join(tempDir, `data-${name}`)
	await fs.mkdir(dataDir)
	const child = spawn(process.execPath, ['build/server.js'], {
		env: { ...inherited, ...settings, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1' },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk) => (output += chunk))
	child.stderr!.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
	return { name, origin: `http://127.0.0.1:${port}`, child, exited, log: () => output }
}

async function untilReady(host: Host) {
	const deadline = Date.now() + START_TIMEOUT_MS
	for (;;) {
		if (host.child.exitCode !== null) throw new Error(`host ${host.name} exited:\n${host.log()}`)
		const status = await fetch(`${host.origin}/readyz`).then(
			(response) => response.status,
			() => 0,
		)
		if (status === 200) return
		if (Date.now() > deadline) throw new Error(`host ${host.name} not ready in ${START_TIMEOUT_MS} ms:\n${host.log()}`)
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
}

const query = <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) => queryOnce<T>(databaseUrl, text, values)

const [hostA, hostB] = [() => hosts[0]!, () => hosts[1]!]

test('started together on an empty database: migrations applied once, both ready', async () => {
	const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
	const rows = await query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')
	expect(rows).toHaveLength(known.length)
	expect(new Set(rows.map((row) => row.hash)).size).toBe(known.length)
	// One host applied them all; the other waited on the migration lock and found nothing to do.
	const applied = hosts.map((host) => Number(/applied (\d+) migrations/.exec(host.log())?.[1] ?? 0)).sort((a, b) => a - b)
	expect(applied).toEqual([0, known.length])
	for (const host of hosts) expect((await fetch(`${host.origin}/readyz`)).status).toBe(200)
})

test('a session made on host A is accepted on host B, and logging out on A ends it on B', async () => {
	// A reader who may post opportunities (as an operator's import would make one).
	await query(`insert into geographies (slug, name) values ('gb', 'United Kingdom') on conflict (slug) do nothing`)
	const [{ id }] = await query<{ id: number }>(`insert into users (email, password_hash, subject) values ($1, $2, 'two-hosts|reader') returning id`, [READER.email, await hashPassword(READER.password)])
	await query(`insert into dated_roles (user_id, role_id, start_date, end_date) select $1, id, now() - interval '1 day', now() + interval '30 days' from roles where name = 'Executive'`, [id])

	const onA = new Browser(hostA().origin)
	const signIn = await onA.follow('/login?returnUrl=%2F')
	await onA.follow(formAction(signIn.text, '/login'), { form: READER })
	const cookie = onA.cookie('__session')
	expect(cookie).not.toBeNull()
	const onB = (address: string) => fetch(`${hostB().origin}${address}`, { headers: { Cookie: cookie! }, redirect: 'manual' })
	expect(await (await onB(OPPORTUNITY_EXCHANGE_PATH)).text()).toContain('profile-menu')

	// Posted on A (its form, its API); the copy B keeps of the anonymous exchange must go.
	const exchangeOnB = () => fetch(`${hostB().origin}${OPPORTUNITY_EXCHANGE_PATH}`)
	// Kept once asked twice with no change in between: a notice of an earlier write (the sign-in
	// on A) may still be on its way and empty it once more, so ask until it is kept.
	await expect.poll(async () => (await exchangeOnB()).headers.get(PAGE_CACHE_HEADER), { interval: 100, timeout: 20_000 }).toBe('hit')
	const name = `Desalination plant tender ${Date.now().toString(36)}`
	const addPage = await onA.follow('/opportunities/add')
	expect(addPage.status).toBe(200)
	const posted = await onA.request('/opportunities/add', {
		form: {
			name,
			category: OPPORTUNITY_CATEGORIES[0],
			country: 'gb',
			organisation: 'Two Hosts Water',
			description: 'A tender posted on one host and read on the other, through one PostgreSQL.',
			contactEmail: 'tenders@example.org',
			publish: 'publish',
		},
	})
	expect(posted.status, posted.text.slice(0, 500)).toBe(302)
	const postedAt = Date.now()
	let shownAfterMs: number | undefined
	while (Date.now() - postedAt < SHOWS_WITHIN_MS) {
		if ((await (await exchangeOnB()).text()).includes(name)) {
			shownAfterMs = Date.now() - postedAt
			break
		}
		await new Promise((resolve) => setTimeout(resolve, 25))
	}
	console.log(`[two-hosts] the opportunity posted on A showed on B after ${shownAfterMs ?? `more than ${SHOWS_WITHIN_MS}`} ms`)
	expect(shownAfterMs, `not on B's ${OPPORTUNITY_EXCHANGE_PATH} within ${SHOWS_WITHIN_MS} ms`).toBeDefined()

	// Logging out on A ends the same cookie on B.
	const logout = await onA.request('/logout', { form: {} })
	expect(logout.status).toBe(302)
	expect(await (await onB(OPPORTUNITY_EXCHANGE_PATH)).text()).not.toContain('profile-menu')
}, 60_000)

test('stopping host A (SIGTERM) leaves host B answering', async () => {
	hostA().child.kill('SIGTERM')
	expect(await hostA().exited).toBe(0)
	expect((await fetch(`${hostB().origin}/readyz`)).status).toBe(200)
	const page = await fetch(`${hostB().origin}${OPPORTUNITY_EXCHANGE_PATH}`)
	expect(page.status).toBe(200)
	expect(await page.text()).toContain('Desalination plant tender')
}, 60_000)
