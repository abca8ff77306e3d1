/**
 * Both cores serve requests: with WEB_CONCURRENCY above 1 the server runs as a
 * node:cluster. The primary owns what there must be only one of (the embedded PostgreSQL and
 * its supervision, migrations and the first seed, the generated secrets) and the workers'
 * supervision; the workers serve HTTP on the shared port (the primary hands each new
 * connection to the next worker). Sessions are sealed cookies and the rate limits live in
 * PostgreSQL, so any worker can answer any request.
 *
 * - A worker that dies is replaced after WORKER_RESTART's backoff; when replacements keep
 *   dying the whole server stops with exit code 1 (the process manager starts it afresh).
 * - A change on one worker empties the other workers' copies (and other hosts') through
 *   PostgreSQL, not through the primary: every worker listens for the notices itself
 *   (backend/db/content-changes.ts).
 * - Shutdown: each worker drains as a single server does (backend/life-cycle.ts); the primary
 *   logs "[server] no longer accepting connections" once every worker has closed its listener,
 *   waits for them all, then runs its own stop steps (the embedded PostgreSQL, once).
 * See docs/decisions/0014-process-life-cycle.md ("Several processes").
 */
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import { NOT_ACCEPTING, SHUTDOWN_GRACE_MS, type LifeCycle } from '../life-cycle.ts'
import { logger } from '../logger.ts'
import { gatherWorkerMetrics } from './metrics.ts'

/** Backoff for replacing a dead worker: as the embedded PostgreSQL's (POSTGRES_RESTART). */
export const WORKER_RESTART = {
	firstDelayMs: 250,
	maxDelayMs: 8_000,
	maxAttempts: 8,
	stableAfterMs: 30_000,
} as const
/** A worker still running this long after the grace is killed (its requests were already cut). */
const WORKER_EXIT_MARGIN_MS = 5_000

/** Messages between the primary and its workers. */
type ClusterMessage = { type: 'not-accepting' }
const isClusterMessage = (message: unknown): message is ClusterMessage =>
	typeof message === 'object' && message !== null && (message as ClusterMessage).type === 'not-accepting'

/**
 * How many processes serve HTTP: WEB_CONCURRENCY, else one per available core in production
 * and one in development (where each would run its own Vite).
 */
export function webConcurrency({ value = process.env.WEB_CONCURRENCY, production }: { value?: string; production: boolean }): number {
	const count = Number(value)
	if (value && Number.isInteger(count) && count >= 1) return count
	return production ? os.availableParallelism() : 1
}

/** This process is a worker of the site's cluster (not a single server, not the primary). */
export const isWebWorker = () => cluster.isWorker

/** The worker's number (1, 2, ...), for its log lines. */
export const workerName = () => `[worker ${cluster.worker?.id ?? process.pid}]`

/** In a worker: tells the primary that this worker's listener is closed (for its shutdown line). */
export function workerChannel() {
	return {
		notifyNotAccepting: () => void process.send?.({ type: 'not-accepting' } satisfies ClusterMessage),
	}
}

/**
 * V8 flags of each worker (measured with --trace-gc):
 * - A page's objects live for the whole of its request (tens of ms under load), longer than
 *   V8's default 16 MB semi-space takes to fill at a few hundred pages a second, so a scavenge
 *   copied most of them, twice, into the old generation, which then needed a mark-compact every
 *   second or so. With 64 MB, scavenges were a quarter as many and GC pauses about 0.4 ms less
 *   per signed-in article, for at most about 100 MB more per worker.
 * - Some 70 kB of a signed-in page still reach the old generation. V8 let it grow by about
 *   a third of what a mark-compact left (some 60 MB: code, sources, kept data) before the next
 *   one, every two seconds even at one request at a time, and each took some 60 ms of marking
 *   and a 16 ms pause: the pages in flight meanwhile were the slowest in a hundred (one reader
 *   alone: p99 40 ms against a median of 13). Growing it by three times as much makes them
 *   about an eighth as many (p99 27 ms), for at most some 180 MB more per worker. That growth
 *   needs room: the old generation's cap is the primary's `--max-old-space-size` (768 in
 *   `npm run serve`, decision 0063); under 384 the cap, not this, decided when they came.
 */
const WORKER_HEAP = ['--max-semi-space-size=64', '--heap-growing-percent=300']

/**
 * In the primary: forks `count` workers running `script` (the built server), with `env`
 * added to theirs; resolves once all of them listen. Drains them on the life cycle's shutdown.
 */
export function startWorkers({
	count,
	script,
	env,
	lifeCycle,
	log = (message) => logger.info(message),
}: {
	count: number
	script: string
	env: Record<string, string>
	lifeCycle: LifeCycle
	log?: (message: string) => void
}): Promise<void> {
	// The built server is the workers' program, whatever started the primary (the e2e harness
	// imports it). Their output goes through ours, so whoever reads our stdout reads theirs.
	// A larger young generation and fewer mark-compacts for the page-rendering workers (WORKER_HEAP); the
	// primary's own flags come after it, so an operator's choice still wins.
	cluster.setupPrimary({ exec: script, silent: true, execArgv: [...WORKER_HEAP, ...process.execArgv] })
	// A worker asked for /metrics gets every worker's, gathered here (backend/http/metrics.ts).
	gatherWorkerMetrics()
	const live = new Set<Worker>()
	const notAccepting = new Set<Worker>()
	let stopping = false
	let failures = 0
	let ready: () => void
	const allListening = new Promise<void>((resolve) => (ready = resolve))
	let listening = 0
	let announcedNotAccepting = false
	/** Once every live worker has closed its listener, the port refuses new connections. */
	function announceIfNotAccepting() {
		if (announcedNotAccepting || ![...live].every((each) => notAccepting.has(each))) return
		announcedNotAccepting = true
		log(NOT_ACCEPTING)
	}

	function fork() {
		const worker = cluster.fork(env)
		const startedAt = Date.now()
		live.add(worker)
		worker.process.stdout?.pipe(process.stdout)
		worker.process.stderr?.pipe(process.stderr)
		worker.once('listening', () => {
			if (++listening === count) ready()
		})
		worker.on('message', (message: unknown) => {
			if (!isClusterMessage(message)) return
			notAccepting.add(worker)
			announceIfNotAccepting()
		})
		worker.once('exit', (code, signal) => {
			live.delete(worker)
			notAccepting.delete(worker)
			if (stopping) return announceIfNotAccepting()
			failures = Date.now() - startedAt >= WORKER_RESTART.stableAfterMs ? 1 : failures + 1
			if (failures > WORKER_RESTART.maxAttempts) {
				void lifeCycle.shutdown(`workers keep dying (${WORKER_RESTART.maxAttempts} replacements in a row failed)`, 1)
				return
			}
			const delay = Math.min(WORKER_RESTART.firstDelayMs * 2 ** (failures - 1), WORKER_RESTART.maxDelayMs)
			log(`[server] worker ${worker.id} exited (${signal ?? `code ${code}`}): replacing it in ${delay} ms`)
			setTimeout(() => {
				if (!stopping) fork()
			}, delay)
		})
	}

	lifeCycle.drainWith(async () => {
		stopping = true
		const exits = [...live].map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))))
		for (const worker of live) worker.process.kill('SIGTERM')
		let timer: NodeJS.Timeout | undefined
		const overdue = new Promise<'overdue'>((resolve) => (timer = setTimeout(() => resolve('overdue'), SHUTDOWN_GRACE_MS + WORKER_EXIT_MARGIN_MS)))
		if ((await Promise.race([Promise.all(exits), overdue])) === 'overdue') {
			log(`[server] ${live.size} workers did not stop in time: killing them`)
			for (const worker of live) worker.process.kill('SIGKILL')
			await Promise.all(exits)
		}
		clearTimeout(timer)
	})

	for (let i = 0; i < count; i++) fork()
	return allListening
}

