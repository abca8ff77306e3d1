/**
 * Database access that cannot deadlock, hang or crash the process: a burst of
 * unlocks by one reader, a connection killed inside a transaction, statements, locks and
 * idle transactions beyond their bounds, an exhausted pool, and PostgreSQL restarted while
 * readers write. Every request answers (a 503 with the API's envelope, or the site's 503
 * page, while the database cannot serve it), quickly, and the site recovers by itself.
 * Everything runs on loopback and is bounded in time.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { loader as articleLoader } from '../../app/routes/articles.$slug/route.tsx'
import { createApi } from '../../backend/api/index.ts'
import { connect, DATABASE_TIMEOUTS, databaseUnavailability, MAINTENANCE_TIMEOUTS, TransactionPoolMisuseError, type Db } from '../../backend/db/client.ts'
import { fitsUnixSocketPath, startEmbeddedCluster, type Cluster } from '../../backend/db/cluster.ts'
import { runMigrations } from '../../backend/db/migrate.ts'
import { roles } from '../../backend/db/schema.ts'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { tokenFor } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'
import { loaderArgs, thrown } from '../support/site.ts'
import { TEST_DATABASE_DIR, TEST_DATABASE_PORT } from '../support/test-cluster.ts'
import { logger } from '../../backend/logger.ts'

const TRIAL_ROLE = 'Executive - Trial'
/** Every fault must be answered within this (the bounds in backend/db/client.ts are shorter). */
const PROMPT_MS = 3_000

const database = useTestDatabase()

// Every fault here is logged by design ([api] ... failed, [db] connection lost): keep the run's output readable.
beforeAll(() => void vi.spyOn(logger, 'error').mockImplementation(() => {}))
afterAll(() => vi.restoreAllMocks())

/** A trial reader of our own (not the shared demo one), with a token the API accepts. */
async function createTrialReader(db: Db, label: string) {
	const email = `${label}-${crypto.randomUUID()}@example.com`
	const { rows } = await db.execute<{ id: number }>(sql`
		with reader as (insert into users (email, first_name, last_name, subject) values (${email}, 'Fault', 'Test', ${`fault|${crypto.randomUUID()}`}) returning id)
		insert into dated_roles (user_id, role_id, start_date, end_date, is_renewable)
		select reader.id, r.id, now() - interval '1 day', now() + interval '13 days', false from reader, roles r where r.name = ${TRIAL_ROLE}
		returning user_id as id`)
	return { id: rows[0].id, email, token: await tokenFor(db, email) }
}

/** The API served over HTTP on a loopback port, as server.ts mounts it. */
async function serveApi(db: Db) {
	const server = http.createServer(getRequestListener(createApi({ db }).fetch))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return {
		/** One request, bounded: a hang shows up as status 0 after `timeoutMs`. */
		async request(method: string, path: string, { token, body, timeoutMs = 20_000 }: { token?: string; body?: unknown; timeoutMs?: number } = {}) {
			const started = performance.now()
			try {
				const response = await fetch(`${origin}${path}`, {
					method,
					headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
					body: body === undefined ? undefined : JSON.stringify(body),
					signal: AbortSignal.timeout(timeoutMs),
				})
				return { status: response.status, headers: response.headers, body: (await response.json()) as any, ms: performance.now() - started }
			} catch {
				return { status: 0, headers: new Headers(), body: null, ms: performance.now() - started }
			}
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/** Ends a pool without waiting for connections a broken test may still hold. */
async function endPool(db: Db) {
	await Promise.race([db.$client.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000))])
}

async function marketMaps(db: Db, limit: number) {
	const { rows } = await db.execute<{ id: number; slug: string }>(sql`
		select a.id, a.slug from articles a join article_types t on t.id = a.article_type_id
		where t.slug = 'market-map' and not a.is_draft order by a.publication_date desc, a.id desc limit ${limit}`)
	return rows
}

/** Resolves with what `promise` settles to, and how long that took. */
async function timed<T>(promise: Promise<T>) {
	const started = performance.now()
	const result = await promise.then(
		(value) => ({ value, error: undefined as unknown }),
		(error: unknown) => ({ value: undefined, error }),
	)
	return { ...result, ms: performance.now() - started }
}

describe('a burst of unlocks by one reader', () => {
	test('50 at once all answer, one unlock is recorded, and the API still answers promptly', async () => {
		// The production pool (size and bounds), behind the production HTTP adapter.
		const db = connect(database.url)
		const api = await serveApi(db)
		try {
			const reader = await createTrialReader(db, 'burst')
			const [first, second] = await marketMaps(db, 2)
			const answers = await Promise.all(
				Array.from({ length: 50 }, (_, i) => api.request('POST', `/articles/slug/${(i % 2 ? second : first).slug}/unlock`, { token: reader.token })),
			)
			expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([])
			const { rows } = await db.execute<{ article_id: number }>(sql`select article_id from metered_access where user_id = ${reader.id}`)
			expect(rows).toHaveLength(1)
			// Every answer for the unlocked article is its record; every other one the used-up message.
			const unlocked = rows[0].article_id === first.id ? first : second
			for (const answer of answers) {
				if (answer.status === 200) expect(answer.body.item.fullSlug).toBe(`/articles/${unlocked.slug}`)
				else expect(answer.body).toMatchObject({ success: false, errors: [expect.any(String)] })
			}

			const after = await api.request('GET', `/articles/slug/${unlocked.slug}`, { token: reader.token, timeoutMs: PROMPT_MS })
			expect(after.status).toBe(200)
			expect(after.body.item).toMatchObject({ hasAccess: true, hasMeteredAccess: true })
		} finally {
			await api.close()
			await endPool(db)
		}
	})

	test('a query on the pool inside a transaction is refused, not queued behind the transaction’s own connection', async () => {
		const db = connect(database.url, { max: 1 })
		try {
			const attempt = db.transaction(async () => {
				await db.execute(sql`select 1`)
			})
			const { error, ms } = await timed(attempt)
			// Drizzle reports the failed query, with the pool's refusal as its cause.
			expect((error as Error).cause).toBeInstanceOf(TransactionPoolMisuseError)
			expect(ms).toBeLessThan(PROMPT_MS)
			// Outside the transaction the pool serves as ever.
			expect((await db.execute<{ n: number }>(sql`select 1 as n`)).rows).toEqual([{ n: 1 }])
		} finally {
			await endPool(db)
		}
	})

	test('the guard holds in a transaction still open after another one ended, and again in the next one', async () => {
		// The guard's context is switched off whenever no transaction is open (backend/db/client.ts):
		// it must not be switched off under a transaction that is still running.
		const db = connect(database.url, { max: 2 })
		try {
			let firstEnded!: () => void
			const afterFirst = new Promise<void>((resolve) => (firstEnded = resolve))
			const second = db.transaction(async (tx) => {
				await tx.execute(sql`select 1`)
				await afterFirst
				await db.execute(sql`select 1`)
			})
			await db.transaction(async (tx) => void (await tx.execute(sql`select 1`)))
			firstEnded()
			expect(((await timed(second)).error as Error).cause).toBeInstanceOf(TransactionPoolMisuseError)
			// With none open the pool serves, and a new transaction is guarded again.
			expect((await db.execute<{ n: number }>(sql`select 1 as n`)).rows).toEqual([{ n: 1 }])
			const third = db.transaction(async () => void (await db.execute(sql`select 1`)))
			expect(((await timed(third)).error as Error).cause).toBeInstanceOf(TransactionPoolMisuseError)
		} finally {
			await endPool(db)
		}
	})
})

describe('a connection lost during a transaction', () => {
	/** Runs a transaction whose connection another session terminates at `when`. */
	async function terminatedTransaction(db: Db, when: 'during a query' | 'between queries') {
		let reportPid!: (pid: number) => void
		const pid = new Promise<number>((resolve) => (reportPid = resolve))
		let terminated!: () => void
		const afterTermination = new Promise<void>((resolve) => (terminated = resolve))
		const transaction = db.transaction(async (tx) => {
			const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)
			reportPid(rows[0].pid)
			if (when === 'during a query') await tx.execute(sql`select pg_sleep(10)`)
			else {
				await afterTermination
				await tx.execute(sql`select 1`)
			}
		})
		const outcome = timed(transaction)
		await database.db.execute(sql`select pg_terminate_backend(${await pid})`)
		// Give the connection's end (and any 'error' event) time to arrive before going on.
		await new Promise((resolve) => setTimeout(resolve, 200))
		terminated()
		return outcome
	}

	/** Errors that would have crashed a server (an 'error' event nobody listens to). */
	const crashes: unknown[] = []
	const recordCrash = (error: unknown) => crashes.push(error)
	beforeAll(() => void process.on('uncaughtException', recordCrash))
	afterAll(() => void process.off('uncaughtException', recordCrash))

	test.each(['during a query', 'between queries'] as const)('terminated %s: the transaction fails as unreachable, the process lives on, the pool recovers', async (when) => {
		const db = connect(database.url, { max: 2 })
		try {
			const { error, ms } = await terminatedTransaction(db, when)
			expect(crashes).toEqual([])
			expect(error).toBeInstanceOf(Error)
			expect(databaseUnavailability(error)).toBe('unreachable')
			expect(ms).toBeLessThan(PROMPT_MS)
			// Both connections are usable again: the dead one was replaced.
			const rows = await Promise.all([db.execute(sql`select 1 as n`), db.execute(sql`select 2 as n`)])
			expect(rows.map((result) => result.rows[0])).toEqual([{ n: 1 }, { n: 2 }])
		} finally {
			await endPool(db)
		}
	})
})

describe('bounds on statements, locks, idle transactions and the pool', () => {
	test('the site’s pool carries the bounds on every connection', async () => {
		const db = connect(database.url)
		try {
			const { rows } = await db.execute<{ statement: string; lock: string; idle: string }>(sql`
				select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
					current_setting('idle_in_transaction_session_timeout') as idle`)
			const seconds = (ms: number) => `${ms / 1000}s`
			expect(rows[0]).toEqual({ statement: seconds(DATABASE_TIMEOUTS.statementMs), lock: seconds(DATABASE_TIMEOUTS.lockMs), idle: seconds(DATABASE_TIMEOUTS.idleInTransactionMs) })
			expect(db.$client.options.connectionTimeoutMillis).toBe(DATABASE_TIMEOUTS.acquireMs)
			expect(MAINTENANCE_TIMEOUTS.statementMs).toBe(0)
		} finally {
			await endPool(db)
		}
	})

	const SHORT = { acquireMs: 300, statementMs: 500, lockMs: 300, idleInTransactionMs: 500 }

	test('a statement that would run forever ends within the statement bound', async () => {
		const db = connect(database.url, { max: 2, timeouts: SHORT })
		try {
			const { error, ms } = await timed(db.execute(sql`select pg_sleep(60)`))
			expect(databaseUnavailability(error)).toBe('overloaded')
			expect(ms).toBeLessThan(SHORT.statementMs + 1_000)
		} finally {
			await endPool(db)
		}
	})

	test('a lock held elsewhere is waited for only within the lock bound', async () => {
		const db = connect(database.url, { max: 2, timeouts: { ...SHORT, idleInTransactionMs: 5_000 } })
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		let locked!: () => void
		const isLocked = new Promise<void>((resolve) => (locked = resolve))
		try {
			const holder = db.transaction(async (tx) => {
				await tx.execute(sql`select pg_advisory_xact_lock(4242)`)
				locked()
				await held
			})
			await isLocked
			const { error, ms } = await timed(db.transaction((tx) => tx.execute(sql`select pg_advisory_xact_lock(4242)`)))
			expect(databaseUnavailability(error)).toBe('overloaded')
			expect(ms).toBeLessThan(SHORT.lockMs + 1_000)
			release()
			await holder
		} finally {
			release()
			await endPool(db)
		}
	})

	test('a transaction left idle is ended by PostgreSQL, and its connection replaced', async () => {
		const db = connect(database.url, { max: 1, timeouts: SHORT })
		try {
			const abandoned = db.transaction(async (tx) => {
				await tx.execute(sql`select 1`)
				await new Promise((resolve) => setTimeout(resolve, SHORT.idleInTransactionMs + 700))
				await tx.execute(sql`select 1`)
			})
			const { error } = await timed(abandoned)
			expect(databaseUnavailability(error)).not.toBeNull()
			expect((await db.execute<{ n: number }>(sql`select 1 as n`)).rows).toEqual([{ n: 1 }])
		} finally {
			await endPool(db)
		}
	})

	test('an exhausted pool: the API answers 503 with its envelope and Retry-After, the site its 503 page, both quickly', async () => {
		const db = connect(database.url, { max: 2, timeouts: { ...SHORT, idleInTransactionMs: 10_000 } })
		const api = await serveApi(db)
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		const holders: Promise<unknown>[] = []
		try {
			const [map] = await marketMaps(database.db, 1)
			for (let i = 0; i < 2; i++) {
				holders.push(
					db.transaction(async (tx) => {
						await tx.execute(sql`select 1`)
						await held
					}),
				)
			}
			await new Promise((resolve) => setTimeout(resolve, 100))
			const answer = await api.request('GET', `/articles/slug/${map.slug}`, { timeoutMs: PROMPT_MS * 2 })
			expect(answer.status).toBe(503)
			expect(answer.body).toEqual({ success: false, errors: ['An error occurred'], warnings: [] })
			expect(answer.headers.get('Retry-After')).toMatch(/^\d+$/)
			expect(answer.ms).toBeLessThan(PROMPT_MS)

			// The site does not retry an answer that asks it to wait: one bound, not four.
			const page = await timed(thrown(articleLoader(loaderArgs(db, `/articles/${map.slug}`, { slug: map.slug }))))
			expect(page.value?.status).toBe(503)
			expect(page.ms).toBeLessThan(PROMPT_MS)

			release()
			await Promise.all(holders)
			expect((await api.request('GET', `/articles/slug/${map.slug}`, { timeoutMs: PROMPT_MS })).status).toBe(200)
		} finally {
			release()
			await api.close()
			await endPool(db)
		}
	})
})

/**
 * A PostgreSQL of this file's own (a restart must not disturb the other test files), with
 * just what unlocks need: the trial role, one Market Map, and readers.
 */
const RESTART_PORT = Number(process.env.FAULT_DATABASE_PORT ?? TEST_DATABASE_PORT + 20)
const RESTART_DIR = `${TEST_DATABASE_DIR}-restart`
const RESTART_DATABASE = 'faults'

describe('PostgreSQL restarted while readers write', () => {
	let cluster: Cluster
	let url: string
	beforeAll(async () => {
		cluster = await startEmbeddedCluster({ dir: path.resolve(RESTART_DIR), port: RESTART_PORT })
		await cluster.dropDatabase(RESTART_DATABASE)
		await cluster.ensureDatabase(RESTART_DATABASE)
		// As the site connects: over the cluster's Unix socket, when its folder's path allows one.
		url = cluster.localUrl(RESTART_DATABASE)
		if (fitsUnixSocketPath(path.resolve(RESTART_DIR), RESTART_PORT)) expect(new URL(url).searchParams.get('host')).toBe(path.resolve(RESTART_DIR))
		const db = connect(url, { max: 2, timeouts: MAINTENANCE_TIMEOUTS })
		try {
			await runMigrations(db)
			await db.insert(roles).values({ name: TRIAL_ROLE, permissions: [...ROLE_PERMISSIONS[TRIAL_ROLE]], isTrial: true })
			await db.execute(sql`insert into article_types (slug, name) values ('market-map', 'Market Map')`)
			await db.execute(sql`
				insert into articles (slug, headline, body_text, article_type_id, permission_levels, publication_date)
				select 'restart-market-map', 'A Market Map', '<p>Body</p>', t.id, array['read:executive'], now() - interval '1 day' from article_types t`)
		} finally {
			await db.$client.end()
		}
	}, 120_000)
	afterAll(async () => {
		await cluster?.stop()
	})

	test('every acknowledged unlock survives, requests during the outage fail fast with 503, and writes resume by themselves', async () => {
		const setup = connect(url, { max: 2 })
		const readers = []
		for (let i = 0; i < 120; i++) readers.push(await createTrialReader(setup, 'restart'))
		await setup.$client.end()

		const db = connect(url)
		const api = await serveApi(db)
		const acknowledged = new Set<number>()
		const answers: { status: number; ms: number; body: unknown }[] = []
		const queue = [...readers]
		let outage = { pageStatus: 0, pageMs: 0 }
		try {
			const deadline = Date.now() + 25_000
			const writer = async () => {
				while (queue.length && Date.now() < deadline) {
					const reader = queue.shift()!
					const answer = await api.request('POST', '/articles/slug/restart-market-map/unlock', { token: reader.token, timeoutMs: 10_000 })
					answers.push(answer)
					if (answer.status === 200) acknowledged.add(reader.id)
					else queue.push(reader) // tried again later, as a reader would
					// A steady load rather than a flood: the writes span the restart.
					await new Promise((resolve) => setTimeout(resolve, 25))
				}
			}
			const restart = async () => {
				while (acknowledged.size < 10) await new Promise((resolve) => setTimeout(resolve, 10))
				await cluster.stop()
				// While it is down, the site answers its 503 page, quickly.
				const page = await timed(thrown(articleLoader(loaderArgs(db, '/articles/restart-market-map', { slug: 'restart-market-map' }))))
				outage = { pageStatus: page.value?.status ?? 0, pageMs: page.ms }
				await new Promise((resolve) => setTimeout(resolve, 500))
				cluster = await startEmbeddedCluster({ dir: path.resolve(RESTART_DIR), port: RESTART_PORT })
			}
			await Promise.all([writer(), writer(), writer(), writer(), restart()])

			// During the outage: only 503s with the envelope, each quickly; none hung (status 0).
			const failures = answers.filter((answer) => answer.status !== 200)
			expect(failures.length).toBeGreaterThan(0)
			expect(failures.filter((answer) => answer.status !== 503)).toEqual([])
			for (const failure of failures) expect(failure.body).toEqual({ success: false, errors: ['An error occurred'], warnings: [] })
			expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(PROMPT_MS)
			expect(outage.pageStatus).toBe(503)
			expect(outage.pageMs).toBeLessThan(PROMPT_MS)

			// Recovery by itself: every reader's unlock was acknowledged in the end, and each is stored once.
			expect(acknowledged.size).toBe(readers.length)
			const { rows } = await db.execute<{ user_id: number }>(sql`select user_id from metered_access`)
			expect(rows.map((row) => row.user_id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b))
		} finally {
			await api.close()
			await endPool(db)
		}
	}, 45_000)
})
