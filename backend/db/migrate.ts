/**
 * The database's migrations (drizzle's SQL files in backend/db/migrations), applied by
 * `npm run db:migrate` and by every start, always under one PostgreSQL advisory lock: hosts
 * (or a migrate command and a start) that begin together take turns, so each migration is
 * applied once and none of them fails. Code older than the database refuses to run.
 */
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Db } from './client.ts'

export const MIGRATIONS_FOLDER = path.resolve('backend/db/migrations')

/** The advisory lock's key (any bigint; this one reads "migrate" in ASCII): the same in every version of the site. */
export const MIGRATION_LOCK_KEY = 0x6d69_6772_6174_65n
/**
 * How long a process waits for another's migrations before giving up. Ours take seconds; a
 * lock held longer means a migration is stuck (or a host hangs holding it), which an operator
 * should see rather than a start that waits for ever.
 */
export const MIGRATION_LOCK_WAIT_MS = 120_000
const LOCK_POLL_MS = 200

/** Code older than the database it is pointed at: its queries would meet a schema it does not know. */
export class NewerDatabaseError extends Error {
	constructor(state: MigrationState) {
		super(
			`The database was migrated by a newer version of the site: ${state.unknown} of its ${state.applied} applied migrations are unknown to this version (which has ${state.known}). ` +
				'Run the newer version, or restore a backup taken before it migrated; this version will not start on it.',
		)
		this.name = 'NewerDatabaseError'
	}
}

/**
 * Applies the pending migrations under the migration lock, after checking that no newer code
 * migrated the database; answers how many it applied. The lock is a session lock held on a
 * connection of its own (a pool would hand each statement any connection), so it is released
 * when that connection ends, even if this process dies mid-way.
 */
export async function runMigrations(
	db: Db,
	{ lockWaitMs = MIGRATION_LOCK_WAIT_MS, log = () => {} }: { lockWaitMs?: number; log?: (message: string) => void } = {},
): Promise<{ applied: number; state: MigrationState }> {
	const holder = await db.$client.connect()
	let released = false
	try {
		const deadline = Date.now() + lockWaitMs
		let announced = false
		while (!(await holder.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK_KEY.toString()])).rows[0]?.locked) {
			if (Date.now() >= deadline) throw new Error(`Another process has held the migration lock for over ${Math.round(lockWaitMs / 1000)} s (pg_advisory_lock ${MIGRATION_LOCK_KEY}); is a migration stuck?`)
			if (!announced) log('[db] another process is migrating this database: waiting for it')
			announced = true
			await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS))
		}
		try {
			const before = await migrationState(db)
			if (before.unknown > 0) throw new NewerDatabaseError(before)
			if (before.pending > 0) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
			const state = before.pending > 0 ? await migrationState(db) : before
			return { applied: state.applied - before.applied, state }
		} finally {
			await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {
				// The connection is gone, and its lock with it; it must not go back to the pool.
				released = true
				holder.release(true)
			})
		}
	} finally {
		if (!released) holder.release()
	}
}

/**
 * How the database's migrations compare with this code's (drizzle records each applied one
 * in drizzle.__drizzle_migrations with its folder's timestamp): `pending` ones this code would
 * apply, and `unknown` ones applied by newer code, which this code must not run against.
 */
export type MigrationState = { applied: number; known: number; pending: number; unknown: number }

export async function migrationState(db: Db): Promise<MigrationState> {
	const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis)
	const { rows: table } = await db.execute<{ exists: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`)
	const applied = table[0]?.exists
		? (await db.execute<{ created_at: string }>(sql`select created_at from drizzle.__drizzle_migrations`)).rows.map((row) => Number(row.created_at))
		: []
	const lastApplied = Math.max(0, ...applied)
	const lastKnown = Math.max(0, ...known)
	return {
		applied: applied.length,
		known: known.length,
		pending: known.filter((when) => when > lastApplied).length,
		unknown: applied.filter((when) => when > lastKnown).length,
	}
}
