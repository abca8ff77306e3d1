/**
 * Production as an operator runs it: the built server (build/server.js, a child process on
 * loopback) pointed through DATABASE_URL at an EMPTY database of the test cluster.
 * - Start refuses without each required secret: exit code 1 and one line naming it, before listening.
 * - Two `npm run db:migrate` at once: both exit 0, each migration applied once.
 * - Started with its settings: it says so, no demo account exists or signs in, and checkout
 *   answers 'Failed to purchase membership. Please contact support.' (503) with no test card.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { CHECKOUT_MESSAGES, SANDBOX_CARDS } from '../../contract/commerce.ts'
import { MIGRATIONS_FOLDER } from '../../backend/db/migrate.ts'
import { hashPassword } from '../../backend/identity/password.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { Browser, formAction } from '../support/oidc-browser.ts'
import { freePort } from '../support/free-port.ts'
import { uniqueDatabaseName } from '../support/test-cluster.ts'
import { queryOnce } from '../support/query-once.ts'

const run = promisify(execFile)
/** How long a start (or a refusal) may take on a busy two-core machine. */
const START_TIMEOUT_MS = 60_000
const REQUIRED = ['SESSION_SECRET', 'PUBLIC_URL', 'OIDC_CLIENT_SECRET', 'SIGNING_JWKS'] as const

let adminUrl: string
let databaseName: string
let databaseUrl: string
let dataDir: string
let signingJwks: string
const children = new Set<ChildProcess>()

beforeAll(async () => {
	if (!existsSync('build/server.js')) await run('npm', ['run', 'build', '--silent'])
	adminUrl = inject('adminDatabaseUrl')
	databaseName = uniqueDatabaseName('production')
	await admin(`create database ${databaseName}`)
	databaseUrl = adminUrl.replace(/\/postgres$/, `/${databaseName}`)
	// Generated secrets would land here: production must not write any.
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'production-'))
	const { privateKey } = await generateKeyPair('RS256', { extractable: true })
	const jwk = await exportJWK(privateKey)
	signingJwks = JSON.stringify({ keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] })
}, 300_000)

afterAll(async () => {
	for (const child of children) child.kill('SIGKILL')
	if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`)
	if (dataDir) await fs.rm(dataDir, { recursive: true, force: true })
})

/** A production host's environment: the test cluster's empty database and every required setting. */
function productionEnv(port: number): NodeJS.ProcessEnv {
	const { SITE_MODE: _mode, DEMO_DATA: _data, PAYMENT_SANDBOX: _sandbox, STRIPE_SECRET_KEY: _stripe, STRIPE_WEBHOOK_SECRET: _webhook, OIDC_ISSUER: _issuer, API_BASE_URL: _api, ...inherited } = process.env
	return {
		...inherited,
		NODE_ENV: 'production',
		HOST: '127.0.0.1',
		PORT: String(port),
		DATA_DIR: dataDir,
		DATABASE_URL: databaseUrl,
		WEB_CONCURRENCY: '1',
		SESSION_SECRET: 'production-session-secret-0123456789',
		PUBLIC_URL: `http://127.0.0.1:${port}`,
		OIDC_CLIENT_SECRET: 'production-client-secret-0123456789',
		SIGNING_JWKS: signingJwks,
	}
}

function start(command: string[], env: NodeJS.ProcessEnv) {
	const child = spawn(process.execPath, command, { env, stdio: ['ignore', 'pipe', 'pipe'] })
	children.add(child)
	let output = ''
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))))
	const bounded = Promise.race([exited, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), START_TIMEOUT_MS))])
	return { child, exited: bounded, log: () => output }
}

describe('production on an empty external database', () => {
	test.each(REQUIRED)('start refuses without %s: exit code 1, one line naming it, never listening', async (name) => {
		const port = await freePort()
		const { [name]: _left, ...env } = productionEnv(port)
		const server = start(['build/server.js'], env)
		expect(await server.exited).toBe(1)
		const lines = server.log().split('\n').filter((line) => line.includes('is required in production'))
		expect(lines).toHaveLength(1)
		expect(lines[0]).toContain(`${name} is required in production`)
		expect(server.log()).not.toContain('site ready')
		expect(await fs.readdir(dataDir)).toEqual([])
	}, 120_000)

	test('start without any of them names each, one line apiece', async () => {
		const env = productionEnv(await freePort())
		for (const name of REQUIRED) delete env[name]
		const server = start(['build/server.js'], env)
		expect(await server.exited).toBe(1)
		const log = server.log()
		for (const name of REQUIRED) expect(log.split('\n').filter((line) => line.includes(`${name} is required in production`))).toHaveLength(1)
	}, 120_000)

	test('an external identity provider needs no signing keys', async () => {
		const env = productionEnv(await freePort())
		delete env.SIGNING_JWKS
		delete env.SESSION_SECRET
		env.OIDC_ISSUER = 'https://id.example.com/'
		const server = start(['build/server.js'], env)
		expect(await server.exited).toBe(1)
		expect(server.log()).toContain('SESSION_SECRET is required in production')
		expect(server.log()).not.toContain('SIGNING_JWKS')
	}, 120_000)

	test('two db:migrate runs started together both exit 0 and apply each migration once', async () => {
		const env = { ...productionEnv(await freePort()) }
		const migrate = () => start(['node_modules/tsx/dist/cli.mjs', 'backend/db/migrate-cli.ts'], env)
		const runs = [migrate(), migrate()]
		const codes = await Promise.all(runs.map((r) => r.exited))
		expect(codes, runs.map((r) => r.log()).join('\n---\n')).toEqual([0, 0])
		const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER })
		const rows = await query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')
		expect(rows).toHaveLength(known.length)
		expect(new Set(rows.map((row) => row.hash)).size).toBe(known.length)
		// One of them applied them all; the other, having waited its turn, found nothing to do.
		const applied = runs.map((r) => Number(/applied (\d+) migrations/.exec(r.log())?.[1] ?? 0)).sort()
		expect(applied).toEqual([0, known.length])
		// Nothing of the demo: migrations never seed.
		expect(await query('select id from users')).toEqual([])
	}, 120_000)

	test('started with its settings: no demo account, and checkout offers no test card', async () => {
		const port = await freePort()
		const origin = `http://127.0.0.1:${port}`
		const server = start(['build/server.js'], productionEnv(port))
		const deadline = Date.now() + START_TIMEOUT_MS
		while (!server.log().includes('site ready')) {
			if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${server.log()}`)
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		try {
			expect(server.log()).toContain('[server] production mode: external database, no demo data, purchases off')
			// No demo account exists, and none signs in.
			expect(await query('select email from users')).toEqual([])
			// The roles a membership is granted with are there all the same: they are the code's, not the demo's.
			expect(await query("select name from roles where name = 'Executive'")).toHaveLength(1)
			// The demo's mailbox is not there, so no role grants reading it (and no staff menu offers it).
			expect(await query("select name from roles where 'read:mailbox' = any(permissions)")).toEqual([])
			expect(await query("select name from roles where 'preview:data' = any(permissions)")).not.toEqual([])
			const demo = new Browser(origin)
			const signInPage = await demo.follow('/login?returnUrl=%2F')
			const refused = await demo.follow(formAction(signInPage.text, '/login'), { form: { email: DEMO_ACCOUNTS.find((a) => a.key === 'executive')!.email, password: DEMO_PASSWORD } })
			expect(demo.cookie('__session')).toBeNull()
			expect(refused.text).not.toContain('profile-menu')

			// A reader of this site (made as an operator's import would) signs in and tries to buy.
			await query(`insert into users (email, password_hash, subject) values ('reader@example.org', $1, 'production|reader')`, [await hashPassword('a-long-reader-password-1')])
			const reader = new Browser(origin)
			const readerSignIn = await reader.follow('/login?returnUrl=%2F')
			await reader.follow(formAction(readerSignIn.text, '/login'), { form: { email: 'reader@example.org', password: 'a-long-reader-password-1' } })
			expect(reader.cookie('__session')).not.toBeNull()
			const checkout = await reader.request('/checkout?plan=executive&currency=GBP')
			expect(checkout.status).toBe(503)
			expect(checkout.text).toContain(CHECKOUT_MESSAGES.failed)
			expect(checkout.text).not.toContain(SANDBOX_CARDS.success.slice(0, 4) + ' ')
			expect(checkout.text).not.toContain('Continue to payment')
			const payments = (await (await fetch(`${origin}/api/checkout/payments`)).json()) as { item: { payments: string } }
			expect(payments.item.payments).toBe('off')
			// Nothing was generated into DATA_DIR: production's secrets are given.
			expect(await fs.readdir(dataDir)).toEqual([])
		} finally {
			server.child.kill('SIGTERM')
			expect(await server.exited).toBe(0)
		}
	}, 120_000)
})

describe('what an operator must not do by accident', () => {
	test('npm run seed against the external database refuses without --force', async () => {
		const seed = start(['node_modules/tsx/dist/cli.mjs', 'backend/seed/cli.ts', '--scale', '0.01'], productionEnv(await freePort()))
		expect(await seed.exited).toBe(1)
		expect(seed.log()).toContain('Run with --force')
		const [{ migrated }] = await query<{ migrated: boolean }>(`select to_regclass('public.users') is not null as migrated`)
		if (migrated) expect(await query(`select id from users where subject like 'demo|%'`)).toEqual([])
	})

	test('a database migrated by newer code: start and db:migrate refuse, saying so', async () => {
		const env = productionEnv(await freePort())
		const migrated = start(['node_modules/tsx/dist/cli.mjs', 'backend/db/migrate-cli.ts'], env)
		expect(await migrated.exited).toBe(0)
		const newer = Date.now() + 365 * 86_400_000
		await query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', $1)`, [newer])
		try {
			const server = start(['build/server.js'], env)
			expect(await server.exited).toBe(1)
			expect(server.log()).toContain('The database was migrated by a newer version of the site')
			expect(server.log()).not.toContain('site ready')
			const migrate = start(['node_modules/tsx/dist/cli.mjs', 'backend/db/migrate-cli.ts'], env)
			expect(await migrate.exited).toBe(1)
			expect(migrate.log()).toContain('The database was migrated by a newer version of the site')
		} finally {
			await query(`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-version'`)
		}
	}, 120_000)
})

async function admin(statement: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	await client.connect()
	try {
		await client.query(statement)
	} finally {
		await client.end()
	}
}

const query = <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) => queryOnce<T>(databaseUrl, text, values)
