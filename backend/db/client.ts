/**
 * The database connection pool, bounded so that no query, lock or transaction can hang a
 * request: a request waits at most DATABASE_TIMEOUTS.acquireMs for a connection, a
 * statement runs at most statementMs, a lock is waited for at most lockMs, and a session
 * left idle inside a transaction is ended by PostgreSQL after idleInTransactionMs. A lost
 * connection (PostgreSQL restarted, a backend terminated, a failover) is an error of the
 * queries it was running and of nothing else: it never crashes the process, and the pool
 * replaces the connection by itself.
 *
 * Inside `db.transaction(...)` every query must run on the transaction (`tx`): a query on
 * the pool from inside the callback waits for a second connection while holding one, and
 * enough of them at once exhaust the pool and freeze the site. Such a query is refused here
 * with TransactionPoolMisuseError instead of being queued.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import os from 'node:os'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema.ts'
import { logger } from '../logger.ts'

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool }

/**
 * Connections for the whole site (all its web processes together). PostgreSQL does the most work with about two busy
 * connections per core (the PostgreSQL wiki's "(cores × 2) + disks"); more only queue
 * inside PostgreSQL, while the embedded one shares those cores with Node. Requests beyond
 * the pool wait in Node's queue (bounded by the acquire timeout), which is cheap.
 * DATABASE_POOL_SIZE overrides it (e.g. a separate database host with more cores).
 */
export const DEFAULT_POOL_SIZE = Math.max(4, os.availableParallelism() * 2 + 1)

/**
 * One web process's share of the site's connections (DATABASE_POOL_SIZE, else
 * DEFAULT_POOL_SIZE) when `processes` serve requests (WEB_CONCURRENCY): the total stays what
 * the database was sized for, with at least 2 per process so a page's parallel reads overlap.
 */
export function poolSizePerProcess(processes: number): number {
	return Math.max(2, Math.ceil(poolSizeFromEnv() / Math.max(1, processes)))
}

export type DatabaseTimeouts = {
	/** How long a query waits for a free connection (or a new one to open) before failing. */
	acquireMs: number
	/** PostgreSQL's statement_timeout: no statement runs longer (0: no limit, for migrations and seeding). */
	statementMs: number
	/** PostgreSQL's lock_timeout: no row, table or advisory lock is waited for longer. */
	lockMs: number
	/** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open without work is ended. */
	idleInTransactionMs: number
}

/**
 * The site's bounds. A page gives up on the API after API_TIMEOUT_MS (10 s,
 * app/lib/constants.ts), so no statement may run longer than that; a wait for a connection
 * or a lock beyond a few seconds means the database is overloaded or stuck, and a quick
 * 503 serves the reader better than a spinner.
 */
export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
	acquireMs: envMilliseconds('DATABASE_ACQUIRE_TIMEOUT_MS', 5_000),
	statementMs: envMilliseconds('DATABASE_STATEMENT_TIMEOUT_MS', 10_000),
	lockMs: 5_000,
	idleInTransactionMs: 10_000,
}

/** Migrations and seeding run long statements (bulk inserts, index builds) on purpose. */
export const MAINTENANCE_TIMEOUTS: DatabaseTimeouts = { ...DATABASE_TIMEOUTS, statementMs: 0, lockMs: 0 }

/** A query on the pool from inside a transaction's callback (it must use the transaction). */
export class TransactionPoolMisuseError extends Error {
	constructor() {
		super('A query inside db.transaction() must run on the transaction (tx), not on the pool')
		this.name = 'TransactionPoolMisuseError'
	}
}

/**
 * Set while a transaction's callback runs (and in everything it starts). Node 20 tracks an
 * AsyncLocalStorage with a hook on every promise the process makes, from its first run()
 * until it is disabled: about 7 % of a signed-in page's time, for transactions
 * that only writes open. So it is on only while some transaction is open.
 */
const insideTransaction = new AsyncLocalStorage<true>()
let openTransactions = 0

/** Runs a transaction's callback inside the guard's context, the guard on only while needed. */
async function guarded<T>(callback: () => Promise<T>): Promise<T> {
	openTransactions++
	try {
		return await insideTransaction.run(true, callback)
	} finally {
		// The last open transaction ended: no context is left to look up, so the hook goes.
		if (--openTransactions === 0) insideTransaction.disable()
	}
}

/** A Drizzle database over a connection pool of `max` connections with `timeouts`. */
export function connect(url: string, { max = poolSizeFromEnv(), timeouts = DATABASE_TIMEOUTS }: { max?: number; timeouts?: DatabaseTimeouts } = {}): Db {
	const pool = new pg.Pool({
		connectionString: url,
		max,
		idleTimeoutMillis: 30_000,
		connectionTimeoutMillis: timeouts.acquireMs,
		// Session settings sent when each connection opens, so no query runs without them.
		statement_timeout: timeouts.statementMs,
		lock_timeout: timeouts.lockMs,
		idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
		// No parallel workers: a page's statements take milliseconds, and starting workers (new
		// processes, on the very cores that serve the other requests) cost more than they saved
		// (site search: 22 ms with two workers, a few without). Concurrency comes from requests.
		options: `-c max_parallel_workers_per_gather=${process.env.DATABASE_PARALLEL_WORKERS ?? 0}`,
	})
	// An idle connection that drops is removed by the pool, which reports it here.
	pool.on('error', (error) => logger.error(`[db] idle connection lost: ${error.message}`))
	// A connection lost while checked out fails its queries (and the transaction) with the
	// error; the client emits it as well, which without a listener would crash the process.
	pool.on('connect', (client) => {
		client.on('error', (error) => logger.error(`[db] connection lost during use: ${error.message}`))
	})
	guardTransactions(pool)
	const db = drizzle(pool, { schema }) as Db
	const transaction = db.transaction.bind(db)
	db.transaction = ((callback, config) => transaction((tx) => guarded(() => callback(tx)), config)) as Db['transaction']
	return db
}

/** The pool refuses queries and checkouts started inside a transaction's callback. */
function guardTransactions(pool: pg.Pool) {
	const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
	const connectClient = pool.connect.bind(pool) as (...args: unknown[]) => unknown
	const refuse = (args: unknown[]) => {
		const error = new TransactionPoolMisuseError()
		const callback = args.at(-1)
		if (typeof callback === 'function') return void process.nextTick(() => callback(error))
		return Promise.reject(error)
	}
	pool.query = ((...args: unknown[]) => (insideTransaction.getStore() ? refuse(args) : query(...args))) as typeof pool.query
	pool.connect = ((...args: unknown[]) => (insideTransaction.getStore() ? refuse(args) : connectClient(...args))) as typeof pool.connect
}

/**
 * Whether an error means the database could not serve the request right now (it is down,
 * restarting or overloaded), as opposed to a fault in the request or the code: such a
 * request answers 503 and may be tried again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	return databaseUnavailability(error) !== null
}

/**
 * 'overloaded' when a bound was hit (no free connection, a statement or lock wait too long):
 * trying again at once would only add to the load. 'unreachable' when the connection failed
 * or was lost (a restart, a failover): a moment later may already succeed.
 */
export function databaseUnavailability(error: unknown): 'overloaded' | 'unreachable' | null {
	for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
		const code = (cause as { code?: unknown }).code
		if (typeof code === 'string') {
			if (OVERLOADED_CODES.has(code)) return 'overloaded'
			if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return 'unreachable'
		}
		if (OVERLOADED_MESSAGES.some((message) => cause instanceof Error && cause.message.includes(message))) return 'overloaded'
		if (UNREACHABLE_MESSAGES.some((message) => cause instanceof Error && cause.message.includes(message))) return 'unreachable'
	}
	return null
}

/** SQLSTATEs of a bound hit: statement timeout or cancel, lock timeout, idle transaction ended, too many connections. */
const OVERLOADED_CODES = new Set(['57014', '55P03', '25P03', '53300'])
/**
 * SQLSTATEs and socket errors of a lost or refused connection (class 08 is added by prefix).
 * ENOENT: over a Unix socket, the socket file is gone while PostgreSQL is down.
 */
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT'])
/** node-postgres reports these without a code. */
const OVERLOADED_MESSAGES = ['timeout exceeded when trying to connect']
const UNREACHABLE_MESSAGES = ['Connection terminated', 'Client was closed and is not queryable', 'Client has encountered a connection error and is not queryable']

function poolSizeFromEnv(): number {
	const size = Number(process.env.DATABASE_POOL_SIZE)
	return Number.isInteger(size) && size > 0 ? size : DEFAULT_POOL_SIZE
}

function envMilliseconds(name: string, fallback: number): number {
	const value = Number(process.env[name])
	return process.env[name] && Number.isFinite(value) && value >= 0 ? value : fallback
}

export { schema }
