/**
 * npm run cache:purge: empties every in-process copy (page cache, hot data, table counts,
 * chart drawings) on every host, by sending the same notice a content change sends
 * (backend/db/content-changes.ts). For a change made behind the site's back (an import, a
 * statement in psql). Exit 0 once the notice is sent, 1 when the database cannot be reached.
 * A CDN in front keeps its own copies for up to their s-maxage: purge it separately.
 */
import pg from 'pg'
import { backendEnv } from '../env.ts'
import { logger } from '../logger.ts'
import { readOrCreateSecret } from '../secrets.ts'
import { sendContentChange } from './content-changes.ts'
import { EMBEDDED_DATABASE_NAME } from './database.ts'

async function main() {
	const env = backendEnv()
	// Without DATABASE_URL, the demo's embedded cluster (it must be running: the site started it).
	const url =
		env.DATABASE_URL ??
		`postgresql://postgres:${encodeURIComponent(await readOrCreateSecret('postgres-password'))}@127.0.0.1:${env.EMBEDDED_DATABASE_PORT}/${EMBEDDED_DATABASE_NAME}`
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
	await client.connect()
	try {
		await sendContentChange(client, 'npm run cache:purge')
	} finally {
		await client.end()
	}
	logger.info('[cache] purge notice sent: every host empties its copies')
}

main().catch((error: unknown) => {
	logger.error(`[cache] purge failed: ${error instanceof Error ? error.message : String(error)}`)
	process.exitCode = 1
})
