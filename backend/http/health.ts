/**
 * Whether this process is alive and whether it is ready, for a load balancer or an
 * orchestrator:
 * - GET /healthz: the process answers (nothing else is asked; a database outage must not get
 *   a healthy process restarted);
 * - GET /readyz: the database answers within READINESS_TIMEOUT_MS and its migrations are the
 *   ones this code expects (none pending, none applied by newer code); otherwise 503 with what
 *   is not ready.
 * Both are JSON, `Cache-Control: no-store`, mounted before the page cache and every other
 * middleware (server.ts), and logged at debug only. In a cluster the worker that answers
 * checks with connections of its own.
 *
 * Readiness asks on a pool of one connection of its own, bounded to the second: a probe never
 * waits behind the site's queries for a connection, and probes never pile up on a database
 * that hangs (each waits at most the second for that one connection).
 */
import type { RequestHandler } from 'express'
import type { Logger } from 'pino'
import { sql } from 'drizzle-orm'
import { connect, type Db } from '../db/client.ts'
import { migrationState } from '../db/migrate.ts'

export const READINESS_TIMEOUT_MS = 1_000
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const

type Check = { ok: true } | { ok: false; reason: string }
export type Readiness = { ready: boolean; checks: { database: string; migrations: string } }

const noStore: RequestHandler = (_req, res, next) => {
	res.setHeader('Cache-Control', 'no-store')
	next()
}

export function healthChecks({ databaseUrl, logger }: { databaseUrl: string; logger: Logger }) {
	let pool: Db | undefined
	const probe = () =>
		(pool ??= connect(databaseUrl, {
			max: 1,
			timeouts: { acquireMs: READINESS_TIMEOUT_MS, statementMs: READINESS_TIMEOUT_MS, lockMs: READINESS_TIMEOUT_MS, idleInTransactionMs: READINESS_TIMEOUT_MS },
		}))
	let lastReady: boolean | undefined

	async function readiness(): Promise<Readiness> {
		const db = probe()
		let timer: NodeJS.Timeout | undefined
		const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READINESS_TIMEOUT_MS)))
		const asked = (async (): Promise<[Check, Check]> => {
			await db.execute(sql`select 1`)
			const state = await migrationState(db)
			if (state.unknown > 0) return [{ ok: true }, { ok: false, reason: `${state.unknown} applied by newer code` }]
			if (state.pending > 0) return [{ ok: true }, { ok: false, reason: `${state.pending} pending` }]
			return [{ ok: true }, { ok: true }]
		})().catch((error: unknown): [Check, Check] => {
			logger.debug({ err: error }, '[health] the database did not answer')
			return [{ ok: false, reason: 'unreachable' }, { ok: false, reason: 'unknown' }]
		})
		const answer = await Promise.race([asked, late])
		clearTimeout(timer)
		const [database, migrations] = answer === 'late' ? [{ ok: false, reason: `no answer within ${READINESS_TIMEOUT_MS} ms` }, { ok: false, reason: 'unknown' }] : answer
		const ready = database.ok && migrations.ok
		// Once per change, not once per probe.
		if (ready !== lastReady) {
			if (ready) logger.info('[health] ready')
			else logger.warn({ database: describe(database), migrations: describe(migrations) }, '[health] not ready')
			lastReady = ready
		}
		return { ready, checks: { database: describe(database), migrations: describe(migrations) } }
	}

	const live: RequestHandler = (_req, res) => void res.json({ status: 'ok' })
	const ready: RequestHandler = (_req, res, next) => {
		readiness().then(
			(result) => void res.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not ready', checks: result.checks }),
			next,
		)
	}
	return {
		/** GET /healthz and /readyz; anything else goes on. Mount it before everything else. */
		handle: ((req, res, next) => {
			if (req.method !== 'GET' && req.method !== 'HEAD') return next()
			if (req.path === HEALTH_PATHS.live) return noStore(req, res, () => live(req, res, next))
			if (req.path === HEALTH_PATHS.ready) return noStore(req, res, () => ready(req, res, next))
			next()
		}) as RequestHandler,
		readiness,
		close: async () => {
			await pool?.$client.end()
		},
	}
}

const describe = (check: Check) => (check.ok ? 'ok' : check.reason)
