/**
 * npm run worker: the alert jobs (backend/alerts/jobs.ts) in a process of their own, for an
 * operator who runs the site with ALERT_JOBS=off. The database is DATABASE_URL, or the demo's
 * embedded cluster (running: the site started it). Stops cleanly on SIGTERM, SIGINT and SIGHUP,
 * finishing the digest in hand.
 */
import { connect } from '../db/client.ts'
import { EMBEDDED_DATABASE_NAME } from '../db/database.ts'
import { backendEnv } from '../env.ts'
import { createMailer } from '../identity/mailer.ts'
import { createLifeCycle } from '../life-cycle.ts'
import { logger } from '../logger.ts'
import { readOrCreateSecret } from '../secrets.ts'
import { alertLinkOrigin, startAlertJobs } from './jobs.ts'

const lifeCycle = createLifeCycle({ name: '[alert worker]' })
const env = backendEnv()
// The unsubscribe links are signed with the site's secret: the same one (from ./data in the demo).
if (!env.DATABASE_URL) process.env.SESSION_SECRET ??= await readOrCreateSecret('session-secret')
const url =
	env.DATABASE_URL ?? `postgresql://postgres:${encodeURIComponent(await readOrCreateSecret('postgres-password'))}@127.0.0.1:${env.EMBEDDED_DATABASE_PORT}/${EMBEDDED_DATABASE_NAME}`
const db = connect(url, { max: 2 })
// Steps run in the order added: the jobs finish the digest in hand before the pool closes.
let stopJobs = async () => {}
lifeCycle.onStop(() => stopJobs())
lifeCycle.onStop(() => db.$client.end())
stopJobs = (await startAlertJobs({ connectionString: url, db, mailer: createMailer(), publicUrl: alertLinkOrigin(env) })).stop
logger.info('[alert worker] running the alert jobs')
