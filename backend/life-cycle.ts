/**
 * The server's life cycle: one shutdown path for SIGTERM, SIGINT and a lost database.
 * It stops accepting connections, lets the requests in flight finish (up to
 * SHUTDOWN_GRACE_MS), then runs the stop steps in order (the pool, then the embedded
 * PostgreSQL the server started), logs "[server] stopped" and exits.
 * The bounds are the operations promises in README "Reliability and security".
 */
import type { Server } from 'node:http'

/** How long requests in flight at SIGTERM/SIGINT may take to finish before they are cut. */
export const SHUTDOWN_GRACE_MS = 10_000
/** The whole shutdown (requests, pool, PostgreSQL) ends by then, or the process exits with 1. */
export const SHUTDOWN_DEADLINE_MS = 30_000
/** A PostgreSQL asked to stop (fast shutdown) gets this long before an immediate one, then SIGKILL. */
export const POSTGRES_STOP_TIMEOUT_MS = 10_000
/**
 * An embedded PostgreSQL that dies is started again after 250 ms, 500 ms, 1 s ... up to 8 s
 * between attempts; after 8 failed attempts in a row (about 30 s) the server stops with exit
 * code 1 so that whatever runs it can start it afresh. A PostgreSQL that ran for
 * `stableAfterMs` counts as recovered, so the attempts start again from the first.
 */
export const POSTGRES_RESTART = { firstDelayMs: 250, maxDelayMs: 8_000, maxAttempts: 8, stableAfterMs: 30_000 } as const
/** While shutting down, connections whose request has finished are closed this often. */
const IDLE_SWEEP_MS = 50

type StopStep = () => Promise<void> | void

export type LifeCycle = {
	/** The HTTP server to drain on shutdown. */
	serve: (server: Server) => void
	/** Steps run after the HTTP server has drained, in the order added. */
	onStop: (step: StopStep) => void
	/** Begins the shutdown (once); exits the process with `exitCode` when done. */
	shutdown: (reason: string, exitCode?: number) => Promise<void>
}

/** Installs the SIGTERM/SIGINT handlers; call first thing, so a signal during start-up stops cleanly too. */
export function createLifeCycle({ log = console.log }: { log?: (message: string) => void } = {}): LifeCycle {
	let server: Server | undefined
	const steps: StopStep[] = []
	let stopping: Promise<void> | undefined

	async function run(reason: string, exitCode: number) {
		log(`[server] ${reason}: finishing open requests, then stopping`)
		setTimeout(() => {
			console.error(`[server] shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`)
			process.exit(1)
		}, SHUTDOWN_DEADLINE_MS).unref()
		if (server) await drain(server, log)
		for (const step of steps) {
			try {
				await step()
			} catch (error) {
				console.error('[server] while stopping:', error instanceof Error ? error.message : error)
				exitCode = 1
			}
		}
		log('[server] stopped')
		process.exit(exitCode)
	}

	const shutdown = (reason: string, exitCode = 0) => (stopping ??= run(reason, exitCode))
	for (const signal of ['SIGTERM', 'SIGINT'] as const) {
		process.on(signal, () => {
			if (stopping) log(`[server] ${signal}: already stopping`)
			void shutdown(signal)
		})
	}
	return { serve: (s) => void (server = s), onStop: (step) => void steps.push(step), shutdown }
}

/** Stops accepting, waits for the open requests (bounded), and closes every connection. */
async function drain(server: Server, log: (message: string) => void) {
	if (!server.listening) return
	const closed = new Promise<void>((resolve) => server.close(() => resolve()))
	// Keep-alive connections are closed as soon as their request has been answered.
	const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
	server.closeIdleConnections()
	let timer: NodeJS.Timeout | undefined
	const graceOver = new Promise<'grace over'>((resolve) => (timer = setTimeout(() => resolve('grace over'), SHUTDOWN_GRACE_MS)))
	if ((await Promise.race([closed, graceOver])) === 'grace over') {
		log(`[server] requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`)
		server.closeAllConnections()
		await closed
	}
	clearTimeout(timer)
	clearInterval(sweep)
}
