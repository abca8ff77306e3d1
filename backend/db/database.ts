/**
 * Opens the site's database: DATABASE_URL when set, otherwise the embedded cluster in
 * ./data/postgres. Migrates (under the migration lock: backend/db/migrate.ts), and seeds a
 * database that has no content yet when the demo data is wanted (backend/mode.ts).
 */
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { backendEnv } from '../env.ts'
import { demoData } from '../mode.ts'
import { logger } from '../logger.ts'
import { DATA_DIR } from '../secrets.ts'
import { connect, DATABASE_TIMEOUTS, MAINTENANCE_TIMEOUTS, type Db } from './client.ts'
import { startEmbeddedCluster } from './cluster.ts'
import { runMigrations } from './migrate.ts'

export const EMBEDDED_DATABASE_PORT = backendEnv().EMBEDDED_DATABASE_PORT
export const EMBEDDED_DATABASE_NAME = 'water'

export type OpenDatabase = { db: Db; url: string; embedded: boolean; close: () => Promise<void> }

/** `timeouts`: the site's bounds by default; MAINTENANCE_TIMEOUTS for a tool that seeds. */
export async function openDatabase({
	seedIfEmpty = demoData(),
	log = (message) => logger.info(message),
	onLost,
	timeouts = DATABASE_TIMEOUTS,
	poolSize,
}: {
	/** The demo catalogue and accounts into an empty database (default: as the mode says). */
	seedIfEmpty?: boolean
	log?: (message: string) => void
	/** The embedded PostgreSQL died and could not be restarted (see POSTGRES_RESTART). */
	onLost?: (error: Error) => void
	timeouts?: typeof DATABASE_TIMEOUTS
	/** The site's pool (default: DATABASE_POOL_SIZE or DEFAULT_POOL_SIZE). */
	poolSize?: number
} = {}): Promise<OpenDatabase> {
	let url = backendEnv().DATABASE_URL
	let stopCluster = async () => {}
	if (!url) {
		const started = Date.now()
		const cluster = await startEmbeddedCluster({ dir: path.join(DATA_DIR, 'postgres'), port: EMBEDDED_DATABASE_PORT, onLost })
		await cluster.ensureDatabase(EMBEDDED_DATABASE_NAME)
		url = cluster.localUrl(EMBEDDED_DATABASE_NAME)
		stopCluster = cluster.stop
		const over = url === cluster.url(EMBEDDED_DATABASE_NAME) ? 'TCP' : 'its Unix socket'
		log(`[db] embedded PostgreSQL on 127.0.0.1:${EMBEDDED_DATABASE_PORT}, the site connected over ${over} (${Date.now() - started} ms)`)
	}
	// Migrations and a first seed run long statements: their own connections, without the
	// statement and lock bounds the site's queries have.
	const maintenance = connect(url, { max: 4, timeouts: MAINTENANCE_TIMEOUTS })
	try {
		const { applied, state } = await runMigrations(maintenance, { log })
		if (applied > 0) log(`[db] applied ${applied} migrations (${state.applied} of ${state.known} now applied)`)
		if (seedIfEmpty && (await isEmpty(maintenance))) {
			const started = Date.now()
			log('[db] empty database: seeding (first start only)...')
			const { seed } = await import('../seed/index.ts')
			await seed(maintenance, { log })
			log(`[db] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
		} else if (seedIfEmpty) {
			// A database seeded before the opportunity exchange existed gets its opportunities once.
			const { seedOpportunitiesIfNone } = await import('../seed/opportunities.ts')
			await seedOpportunitiesIfNone(maintenance, { log })
		}
	} catch (error) {
		// A database this code must not run on (or a failed seed): nothing is left running.
		await maintenance.$client.end().catch(() => undefined)
		await stopCluster().catch(() => undefined)
		throw error
	} finally {
		await maintenance.$client.end().catch(() => undefined)
	}
	const db = connect(url, { timeouts, ...(poolSize ? { max: poolSize } : {}) })
	return {
		db,
		url,
		embedded: !backendEnv().DATABASE_URL,
		close: async () => {
			await closePool(db)
			// Only the cluster started here; a DATABASE_URL server is never stopped by us.
			await stopCluster()
		},
	}
}

/**
 * A web worker's connections to the database its cluster's primary opened (and migrated,
 * seeded, and supervises): only a pool of `max`; closing it never stops the database.
 */
export function connectToOpenedDatabase(url: string, { max }: { max: number }): OpenDatabase {
	const db = connect(url, { max })
	return { db, url, embedded: false, close: () => closePool(db) }
}

async function closePool(db: Db) {
	await db.$client.end()
	// Connections still closing when the cluster stops report an error; expected here.
	db.$client.removeAllListeners('error').on('error', () => {})
}

async function isEmpty(db: Db) {
	const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from menus`)
	return rows[0]?.n === 0
}
