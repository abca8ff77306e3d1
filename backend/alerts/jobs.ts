/**
 * The alert jobs on pg-boss (docs/decisions/0036-alert-jobs-on-pg-boss.md): a cron schedule
 * enqueues a sweep every ALERT_SWEEP_CRON; the sweep enqueues one digest job per due alert
 * (one statement finds them); a digest job sends that alert's email (send.ts), retried with
 * backoff when the mail server fails. pg-boss runs each cron tick once across every process
 * on the database, and send.ts sends each digest once even when two jobs race for it.
 */
import PgBoss from 'pg-boss'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../identity/mailer.ts'
import { logger } from '../logger.ts'
import { dueAlertIds, sendAlertDigest } from './send.ts'

export const ALERT_QUEUES = { sweep: 'alert-sweep', digest: 'alert-digest' } as const
/** Often enough that a daily alert goes out within a quarter of an hour of its time. */
export const ALERT_SWEEP_CRON = '*/15 * * * *'
/** A digest whose send fails is tried again after 1, 2, 4 ... minutes, this many times. */
export const DIGEST_RETRY = { retryLimit: 6, retryDelay: 60, retryBackoff: true } as const
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
	const boss = new PgBoss({ connectionString, schema: JOB_SCHEMA, max: 2, application_name: 'alert-jobs' })
	boss.on('error', (error) => logger.error({ err: error }, '[alerts] job queue error'))
	await boss.start()
	await boss.createQueue(ALERT_QUEUES.sweep)
	await boss.createQueue(ALERT_QUEUES.digest, { name: ALERT_QUEUES.digest, ...DIGEST_RETRY })
	/** Enqueues a digest per due alert; the singleton key keeps one queued job per alert. */
	const sweep = async () => {
		const ids = await dueAlertIds(db)
		if (ids.length) await boss.insert(ids.map((id) => ({ name: ALERT_QUEUES.digest, data: { alertId: id }, singletonKey: `alert-${id}`, ...DIGEST_RETRY })))
		return ids.length
	}
	await boss.work(ALERT_QUEUES.sweep, { pollingIntervalSeconds }, async () => {
		await sweep()
	})
	await boss.work<{ alertId: number }>(ALERT_QUEUES.digest, { pollingIntervalSeconds }, async (jobs) => {
		for (const job of jobs) {
			const outcome = await sendAlertDigest({ db, mailer, publicUrl, secret }, job.data.alertId)
			logger.info(`[alerts] alert ${job.data.alertId}: ${outcome}`)
		}
	})
	if (schedule) await boss.schedule(ALERT_QUEUES.sweep, ALERT_SWEEP_CRON)
	return {
		boss,
		sweep,
		// Jobs in hand finish (or go back to the queue for another process) before the pool closes.
		stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
	}
}
