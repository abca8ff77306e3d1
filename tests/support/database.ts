/**
 * A fresh, seeded database for the calling test file:
 *
 *   const database = useTestDatabase()
 *   test('...', async () => { const rows = await database.db.select()... })
 *
 * The database is a copy of the seeded template, made before the file's tests and
 * dropped after them, so files never see each other's writes. Its demo accounts count from
 * today, even when the run began the day before.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { connect, type Db } from '../../backend/db/client.ts'
import { demoAccountsDay, uniqueDatabaseName } from './test-cluster.ts'

export function useTestDatabase() {
	const state = {} as { db: Db; url: string; name: string }
	const adminUrl = inject('adminDatabaseUrl')
	const template = inject('templateDatabase')
	beforeAll(async () => {
		state.name = uniqueDatabaseName('test')
		await admin(adminUrl, `create database ${state.name} template ${template}`)
		state.url = adminUrl.replace(/\/postgres$/, `/${state.name}`)
		state.db = connect(state.url, { max: 4 })
		// A run that crossed midnight (UTC) since the template was anchored: this copy's demo
		// accounts count from today, as a server started now would have them.
		if (demoAccountsDay() !== inject('demoAccountsDay')) {
			const { refreshDemoAccounts } = await import('../../backend/seed/index.ts')
			await refreshDemoAccounts(state.db)
		}
	})
	afterAll(async () => {
		await state.db?.$client.end()
		if (state.name) await admin(adminUrl, `drop database if exists ${state.name} with (force)`)
	})
	return state
}

async function admin(url: string, statement: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		await client.query(statement)
	} finally {
		await client.end()
	}
}

/** The slug of the newest published article: a page every reader can open. */
export async function latestArticleSlug(db: Db): Promise<string> {
	const { rows } = await db.execute<{ slug: string }>(sql`select slug from articles where not is_draft and publication_date <= now() order by publication_date desc limit 1`)
	return rows[0]!.slug
}
