/**
 * npm run seed [-- --scale N]: empties the site database (every table of the public schema
 * except drizzle's migration table) and seeds it again with the demo catalogue and accounts.
 * Against an external database (DATABASE_URL) it refuses without --force: emptying one is
 * for a staging copy, never by accident on the production database.
 */
import { sql } from 'drizzle-orm'
import { MAINTENANCE_TIMEOUTS } from '../db/client.ts'
import { openDatabase } from '../db/database.ts'
import { backendEnv } from '../env.ts'
import { seed } from './index.ts'
import { logger } from '../logger.ts'

const SEED_REFUSED = '[seed] DATABASE_URL names an external database: seeding empties every table and adds the demo accounts (with the published password). Run with --force (npm run seed -- --force) if that is what you want.'

function parseScale(argv: string[]): number {
	const i = argv.findIndex((a) => a === '--scale' || a.startsWith('--scale='))
	if (i < 0) return 1
	const raw = argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1]
	const scale = Number(raw)
	if (!Number.isFinite(scale) || scale <= 0) throw new Error(`--scale must be a positive number, got ${raw}`)
	return scale
}

async function main() {
	const argv = process.argv.slice(2)
	if (backendEnv().DATABASE_URL && !argv.includes('--force')) {
		logger.error(SEED_REFUSED)
		process.exitCode = 1
		return
	}
	const scale = parseScale(argv)
	const started = Date.now()
	const database = await openDatabase({ seedIfEmpty: false, timeouts: MAINTENANCE_TIMEOUTS })
	try {
		const { db } = database
		const { rows } = await db.execute<{ tablename: string }>(
			sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by tablename`,
		)
		if (rows.length) {
			await db.execute(sql.raw(`truncate table ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`))
			logger.info(`[seed] emptied ${rows.length} tables`)
		}
		const seedStarted = Date.now()
		await seed(db, { scale, log: (message) => logger.info(message) })
		const seconds = ((Date.now() - seedStarted) / 1000).toFixed(1)
		const counts: { table: string; rows: number }[] = []
		for (const { tablename } of rows) {
			const result = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${tablename}"`))
			counts.push({ table: tablename, rows: result.rows[0].n })
		}
		logger.info({ rows: Object.fromEntries(counts.filter((c) => c.rows > 0).map((c) => [c.table, c.rows])) }, '[seed] rows per table')
		logger.info(`[seed] seeded at scale ${scale} in ${seconds} s (total ${((Date.now() - started) / 1000).toFixed(1)} s)`)
	} finally {
		await database.close()
	}
}

main().catch((error) => {
	logger.error(error)
	process.exitCode = 1
})
