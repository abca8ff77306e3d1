/**
 * npm run db:migrate: applies the pending migrations to the site's database (DATABASE_URL, or
 * the embedded cluster when unset) and exits; 0 when the database is current, 1 otherwise (a
 * database migrated by newer code, the lock held too long, no database). Safe to run from
 * several hosts at once, and beside a starting server: they take turns on the migration lock.
 * Never seeds.
 */
import { MAINTENANCE_TIMEOUTS } from './client.ts'
import { openDatabase } from './database.ts'
import { logger } from '../logger.ts'

async function main() {
	const started = Date.now()
	const database = await openDatabase({ seedIfEmpty: false, timeouts: MAINTENANCE_TIMEOUTS, poolSize: 1 })
	await database.close()
	logger.info(`[db] migrations current (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

main().catch((error: unknown) => {
	logger.error(`[db] migration failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
})
