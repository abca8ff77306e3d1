/**
 * The database the e2e server runs on (a copy of the seeded template, e2e/support/server.ts),
 * for a test that sets up what the site has no page for: a member's dated role, a project
 * changed by the research team.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { readOrCreateSecret } from '../../backend/secrets.ts'
import { TEST_DATABASE_PORT } from '../../tests/support/test-cluster.ts'

/** Where the server writes its database's name (per port: engineers' servers run side by side). */
export const siteDatabaseFile = (port: string) => path.resolve('data', `e2e-${port}.database`)

/** Runs `query` on the e2e server's database. */
export async function onSiteDatabase<T extends pg.QueryResultRow>(query: string, values: unknown[] = []): Promise<T[]> {
	const name = (await fs.readFile(siteDatabaseFile(process.env.E2E_PORT ?? '3100'), 'utf8')).trim()
	const password = await readOrCreateSecret('postgres-password')
	const client = new pg.Client({ connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${TEST_DATABASE_PORT}/${name}` })
	await client.connect()
	try {
		return (await client.query<T>(query, values)).rows
	} finally {
		await client.end()
	}
}

/** Makes a signed-up reader an Executive member from yesterday for a year (sales would, on the site's back office). */
export async function grantExecutive(email: string): Promise<void> {
	await onSiteDatabase(
		`insert into dated_roles (user_id, role_id, start_date, end_date)
		select u.id, r.id, now() - interval '1 day', now() + interval '365 days' from users u, roles r where lower(u.email) = lower($1) and r.name = 'Executive'`,
		[email],
	)
}
