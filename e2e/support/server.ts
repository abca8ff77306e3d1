/**
 * Starts the production build for the browser tests, on a fresh copy of the seeded
 * template database (so every run starts from the same data).
 */
import fs from 'node:fs/promises'
import { siteDatabaseFile } from './site-database.ts'
import { ensureTemplate, startTestCluster, TEMPLATE_DATABASE, uniqueDatabaseName } from '../../tests/support/test-cluster.ts'

async function main() {
	const cluster = await startTestCluster()
	await ensureTemplate(cluster)
	const database = uniqueDatabaseName('e2e')
	await cluster.ensureDatabase(database, TEMPLATE_DATABASE)

	process.env.DATABASE_URL = cluster.url(database)
	// Named for the tests that set up a state the site has no page for (e2e/support/site-database.ts).
	await fs.mkdir('data', { recursive: true })
	await fs.writeFile(siteDatabaseFile(process.env.E2E_PORT ?? '3100'), database)
	process.env.NODE_ENV = 'production'
	// The demo (its accounts, the payment sandbox, generated secrets) on an external database:
	// the test cluster's copy of the seeded template (backend/mode.ts).
	process.env.SITE_MODE = 'demo'
	process.env.PORT = process.env.E2E_PORT ?? '3100'
	// The browser opens the site at 127.0.0.1 (playwright.config.ts): sign-in happens there too.
	process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`
	// A staging host: the organisation signs in by network address with ?debugIPAddress= (the
	// server believes no X-Forwarded-For from the test's loopback peer, TRUST_PROXY being unset).
	process.env.TRUST_DEBUG_IP = '1'
	// The whole suite, both projects, signs up and in from 127.0.0.1: the per-address limits
	// (10 sign-ups an hour, 100 sign-in attempts per 15 minutes) are for one person's address.
	process.env.RATE_LIMIT_SCALE = '50'
	const stop = async () => {
		await cluster.dropDatabase(database).catch(() => undefined)
		await cluster.stop()
	}
	// server.ts exits on these signals; drop the run's database and stop the cluster first.
	process.prependListener('SIGTERM', () => void stop())
	process.prependListener('SIGINT', () => void stop())
	// @ts-expect-error: the built server has no type declarations.
	await import('../../build/server.js')
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
