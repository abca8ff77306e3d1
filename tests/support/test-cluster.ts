/**
 * The test PostgreSQL: an embedded cluster in ./data/test-postgres holding a seeded
 * template database. Every test file (and the e2e server) gets its own copy of the
 * template through CREATE DATABASE ... TEMPLATE, which takes well under a second.
 * The template is rebuilt when the migrations or the seed generator change, and each day (the
 * seed dates its content from the day it runs).
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { connect, MAINTENANCE_TIMEOUTS } from '../../backend/db/client.ts'
import { startEmbeddedCluster, type Cluster } from '../../backend/db/cluster.ts'
import { runMigrations, MIGRATIONS_FOLDER } from '../../backend/db/migrate.ts'
import { DATA_DIR } from '../../backend/secrets.ts'

export const TEST_DATABASE_PORT = Number(process.env.TEST_DATABASE_PORT ?? 5434)
export const TEMPLATE_DATABASE = 'water_template'

/** Parallel runs (e.g. two work trees) each set their own TEST_DATABASE_PORT and _DIR. */
export const TEST_DATABASE_DIR = process.env.TEST_DATABASE_DIR ?? path.join(DATA_DIR, 'test-postgres')

export async function startTestCluster(): Promise<Cluster> {
	// Throwaway data (every database is a copy of the template, dropped after its file): no fsync.
	return startEmbeddedCluster({ dir: TEST_DATABASE_DIR, port: TEST_DATABASE_PORT, fsync: false })
}

/** The UTC day (YYYY-MM-DD) of `now`: the day the demo accounts' dated roles count from. */
export const demoAccountsDay = (now = new Date()) => now.toISOString().slice(0, 10)

/**
 * Builds the seeded template unless one built today from the same sources exists. Returns
 * the day its demo accounts' dated roles count from: a run that goes on past midnight (UTC)
 * re-anchors each test file's copy (useTestDatabase), as the server does at each start.
 */
export async function ensureTemplate(cluster: Cluster, log = console.log): Promise<string> {
	const now = new Date()
	const day = demoAccountsDay(now)
	const fingerprint = await sourceFingerprint(day)
	const admin = new pg.Client({ connectionString: cluster.url('postgres') })
	await admin.connect()
	try {
		const { rows } = await admin.query<{ comment: string | null }>(
			`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
			[TEMPLATE_DATABASE],
		)
		// The fingerprint holds the day, so a template kept is today's.
		if (rows[0]?.comment === fingerprint) return day
		const started = Date.now()
		log('[test-db] building the seeded template database...')
		await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`)
		await admin.query(`create database ${TEMPLATE_DATABASE}`)
		const db = connect(cluster.url(TEMPLATE_DATABASE), { max: 4, timeouts: MAINTENANCE_TIMEOUTS })
		try {
			await runMigrations(db)
			const { seed } = await import('../../backend/seed/index.ts')
			await seed(db, { log: () => {}, now })
		} finally {
			await db.$client.end()
		}
		// Only a finished template carries the fingerprint, so a failed build is retried.
		await admin.query(`comment on database ${TEMPLATE_DATABASE} is '${fingerprint}'`)
		log(`[test-db] template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
		return day
	} finally {
		await admin.end()
	}
}

/**
 * Hash of everything that shapes the template's content: the sources, and the day, because
 * the seed dates its content and demo memberships relative to today ("5 days left", this
 * month's sponsored articles). A template from yesterday would be yesterday's site.
 */
async function sourceFingerprint(day: string) {
	const hash = crypto.createHash('sha256').update(day)
	for (const dir of [MIGRATIONS_FOLDER, path.resolve('backend/seed'), path.resolve('contract')]) {
		const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
			.filter((entry) => entry.isFile())
			.map((entry) => path.join(entry.parentPath, entry.name))
			.sort()
		for (const file of files) hash.update(file).update(await fs.readFile(file))
	}
	return hash.digest('hex').slice(0, 32)
}

export function uniqueDatabaseName(prefix: string) {
	return `${prefix}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`
}
