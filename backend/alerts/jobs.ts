/**
 * The alert jobs on pg-boss (docs/decisions/0042-alert-jobs-on-pg-boss.md): a cron schedule
 * enqueues a sweep every ALERT_SWEEP_CRON; the sweep enqueues one digest job per due alert
 * (one statement finds them); a digest job sends that alert's email (send.ts), retried with
 * backoff when the mail server fails. pg-boss runs each cron tick once across every process
 * on the database, and send.ts sends each digest once even when two jobs race for it.
 */
import PgBoss from 'pg-boss'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../identity/mailer.ts'
import { logger } from '../logger.ts'
import { computeDigests, dueAlertIds, sendAlertDigest } from './send.ts'

export const ALERT_QUEUES = { sweep: 'alert-sweep', digest: 'alert-digest' } as const
/** Often enough that a daily alert goes out within a quarter of an hour of its time. */
export const ALERT_SWEEP_CRON = '*/15 * * * *'
/** A digest whose send fails is tried again after 1, 2, 4 ... minutes, this many times. */
export const DIGEST_RETRY = { retryLimit: 6, retryDelay: 60, retryBackoff: true } as const
/** How many digest jobs one worker takes at once: their digests are computed together. */
export const DIGEST_BATCH_SIZE = 100
/** The job queue's own connections: how long one may take to open, and any statement to run. */
export const JOB_QUEUE_TIMEOUTS = { connectMs: 10_000, statementMs: 60_000 } as const
/** A job queue that cannot start is tried again after 1, 2, 4 ... s, at most a minute apart. */
export const JOB_QUEUE_RESTART = { firstDelayMs: 1_000, maxDelayMs: 60_000 } as const
/** pg-boss keeps its tables in their own schema, apart from the site's (drizzle's migrations never touch it). */
export const JOB_SCHEMA = 'pgboss'

/** The origin of the emails' links: PUBLIC_URL, else the demo's own address. */
export const alertLinkOrigin = (env: { PUBLIC_URL?: string; PORT: number }) => env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${env.PORT}`

export type AlertJobsOptions = {
	connectionString: string
	db: Db
	mailer: Mailer
	publicUrl: string
	secret?: string
	/** Whether this process schedules the sweep (every process may: pg-boss runs a tick once). */
	schedule?: boolean
	/** How often an idle worker asks for jobs; pg-boss's default of 2 s suits a server. */
	pollingIntervalSeconds?: number
}

export type AlertJobs = { boss: PgBoss; sweep: () => Promise<number>; stop: () => Promise<void> }

export async function startAlertJobs({ connectionString, db, mailer, publicUrl, secret, schedule = true, pollingIntervalSeconds = 2 }: AlertJobsOptions): Promise<AlertJobs> {
	// pg-boss hands the rest of its options to node-postgres's pool: its calls are bounded too.
	const poolBounds = { connectionTimeoutMillis: JOB_QUEUE_TIMEOUTS.connectMs, statement_timeout: JOB_QUEUE_TIMEOUTS.statementMs }
	const boss = new PgBoss({ connectionString, schema: JOB_SCHEMA, max: 2, application_name: 'alert-jobs', ...poolBounds } as PgBoss.ConstructorOptions)
	boss.on('error', (error) => logger.error({ err: error }, '[alerts] job queue error'))
	try {
		await setUp(boss)
	} catch (error) {
		// A start cut short (the database went away) leaves no pool or timer behind.
		await boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined)
		throw error
	}
	/** Enqueues a digest per due alert; the singleton key keeps one queued job per alert. */
	const sweep = async () => {
		const ids = await dueAlertIds(db)
		if (ids.length) await boss.insert(ids.map((id) => ({ name: ALERT_QUEUES.digest, data: { alertId: id }, singletonKey: `alert-${id}`, ...DIGEST_RETRY })))
		return ids.length
	}
	return {
		boss,
		sweep,
		// Jobs in hand finish (or go back to the queue for another process) before the pool closes.
		stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
	}

	async function setUp(boss: PgBoss) {
		await boss.start()
		await boss.createQueue(ALERT_QUEUES.sweep)
		await boss.createQueue(ALERT_QUEUES.digest, { name: ALERT_QUEUES.digest, ...DIGEST_RETRY })
		await boss.work(ALERT_QUEUES.sweep, { pollingIntervalSeconds }, async () => {
			await sweep()
		})
		// Digests are computed a batch at a time (a few statements for the lot), then sent one by one.
		await boss.work<{ alertId: number }>(ALERT_QUEUES.digest, { pollingIntervalSeconds, batchSize: DIGEST_BATCH_SIZE }, async (jobs) => {
			const now = new Date()
			const computed = await computeDigests(db, jobs.map((job) => job.data.alertId), now)
			let failed: unknown
			for (const job of jobs) {
				try {
					const outcome = await sendAlertDigest({ db, mailer, publicUrl, secret }, job.data.alertId, now, { computed: computed.get(job.data.alertId) })
					logger.info(`[alerts] alert ${job.data.alertId}: ${outcome}`)
				} catch (error) {
					// The others still go out; the batch then fails, and its retry finds those sent no longer due.
					failed ??= error
				}
			}
			if (failed) throw failed
		})
		if (schedule) await boss.schedule(ALERT_QUEUES.sweep, ALERT_SWEEP_CRON)
	}
}

/**
 * The alert jobs beside the site: started in the background, and started again (with backoff)
 * while the database cannot take them (down, restarting, overloaded). The site serves pages
 * meanwhile; a digest due in that time goes out at the next sweep.
 */
export function keepAlertJobsRunning(options: AlertJobsOptions): { running: () => AlertJobs | undefined; stop: () => Promise<void> } {
	let stopping = false
	let jobs: AlertJobs | undefined
	let wake = () => {}
	const running = (async () => {
		for (let attempt = 1; !stopping; attempt++) {
			try {
				jobs = await startAlertJobs(options)
				if (attempt > 1) logger.info(`[alerts] job queue started (attempt ${attempt})`)
				return
			} catch (error) {
				const delayMs = Math.min(JOB_QUEUE_RESTART.firstDelayMs * 2 ** (attempt - 1), JOB_QUEUE_RESTART.maxDelayMs)
				logger.error(`[alerts] job queue could not start (${error instanceof Error ? error.message : String(error)}): trying again in ${delayMs / 1000} s`)
				await new Promise<void>((resolve) => {
					const timer = setTimeout(resolve, delayMs)
					wake = () => (clearTimeout(timer), resolve())
				})
			}
		}
	})()
	return {
		running: () => jobs,
		stop: async () => {
			stopping = true
			wake()
			await running
			await jobs?.stop()
		},
	}
}
