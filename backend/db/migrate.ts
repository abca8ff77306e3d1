import path from 'node:path'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Db } from './client.ts'

export const MIGRATIONS_FOLDER = path.resolve('backend/db/migrations')

export async function runMigrations(db: Db) {
	await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
}
