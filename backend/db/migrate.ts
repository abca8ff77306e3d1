import path from 'node:path'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Db } from './client.ts'

export const MIGRATIONS_FOLDER = path.resolve('backend/db/migrations')

export async function runMigrations(db: Db) {
	await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
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
