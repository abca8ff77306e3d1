/**
 * Data every page reads and staff rarely change (menus, no-access messages, the country
 * picker's names, articles and their lists, custom pages with their cards' lists, the rows of
 * a data tool's page), kept in process: fresh for
 * HOT_DATA_TIMES.freshMs, then answered stale while one reload runs in the background
 * (stale-while-revalidate) for up to staleMs, after which a reader waits for the database
 * again. Every change made through the API empties it (createApi), so a change made here shows
 * at once; a change made behind the API's back (a script on the database) shows within
 * freshMs. Only what is the same for every reader is kept: access flags are worked out per
 * request from the kept rows, so a reader's own unlocks and roles show at once.
 */
import { LRUCache } from 'lru-cache'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { logger } from '../logger.ts'

/** Our choice: how long a read stays fresh, and how long a stale copy may still be answered. */
export const HOT_DATA_TIMES = { freshMs: 30_000, staleMs: 10 * 60_000 } as const
/**
 * Our choice: at most this many reads are kept per process, the least recently used leaving
 * first. An article row with its body is a few tens of kB, so the bound is some tens of MB.
 */
export const HOT_DATA_MAX_ENTRIES = 2_000

export type HotData = ReturnType<typeof createHotData>

/** The kept value in a box: the cache holds no undefined, and a loader may answer nothing. */
type Kept = { value: unknown }

export function createHotData({
	now = Date.now,
	times = HOT_DATA_TIMES,
	maxEntries = HOT_DATA_MAX_ENTRIES,
}: { now?: () => number; times?: { freshMs: number; staleMs: number }; maxEntries?: number } = {}) {
	const kept = new LRUCache<string, Kept, () => Promise<unknown>>({
		max: maxEntries,
		ttl: times.freshMs,
		// Each read asks the clock: a copy is fresh, stale or too old by its age alone.
		ttlResolution: 0,
		perf: { now },
		// One load per key at a time; every reader of a key waits for the same one.
		fetchMethod: (key, stale, { context: loader }) =>
			loader().then(
				(value) => ({ value }),
				(error: unknown) => {
					if (stale) logger.error({ err: error }, `[hot-data] reloading ${key.slice(0, 80)} failed`)
					throw error
				},
			),
		// A failed reload keeps the stale copy (with its age), so the next read tries again.
		noDeleteOnFetchRejection: true,
		// A change empties the cache while a load runs: that load still answers its own reader,
		// but the cache drops what it brings (it may be from before the change).
		ignoreFetchAbort: true,
	})

	return {
		/**
		 * The kept value of `key`, loading it when there is none. A stale copy (past freshMs) is
		 * answered at once while one reload runs behind; past freshMs + staleMs, the reader waits.
		 */
		async read<T>(key: string, loader: () => Promise<T>): Promise<T> {
			const age = -kept.getRemainingTTL(key)
			const result = await kept.fetch(key, { context: loader, allowStale: age < times.staleMs })
			// Nothing comes back only when the cache gave up on a load (it was evicted): read directly.
			return result ? (result.value as T) : loader()
		},
		/** Forgets everything: the next read loads afresh. */
		invalidate() {
			kept.clear()
		},
	}
}

/** For a resource mounted alone (without createApi's invalidation): nothing kept, every read loads. */
export const UNKEPT: Pick<HotData, 'read' | 'invalidate'> = { read: (_key, loader) => loader(), invalidate: () => undefined }

/** One hot data per database, shared by every API over it (so a change through any of them empties it). */
const hotDataOf = new WeakMap<Db, HotData>()

export function hotDataFor(db: Db): HotData {
	let hotData = hotDataOf.get(db)
	if (!hotData) hotDataOf.set(db, (hotData = createHotData()))
	return hotData
}

const dialect = new PgDialect()

/**
 * The rows of a statement whose answer is the same for every reader (no viewer in it), kept
 * with the API's hot data. They are kept under the statement itself (its text and
 * parameters), so two statements can never share a copy; `key` names it for the log. Callers
 * must not change the rows (they are shared) and must work out access from them per request.
 * Without an API over `db` (a script, a test of a helper) every call reads the database.
 */
export async function readPublicRows<T extends Record<string, unknown>>(db: Db, key: string, query: () => SQL): Promise<T[]> {
	const statement = query()
	const read = async () => (await db.execute<T>(statement)).rows as T[]
	const hotData = hotDataOf.get(db)
	if (!hotData) return read()
	const { sql: text, params } = dialect.sqlToQuery(statement)
	return hotData.read(`rows:${key}:${text}\u0000${JSON.stringify(params)}`, read)
}
