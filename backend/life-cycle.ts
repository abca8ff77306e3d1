/**
 * The server's life cycle: one shutdown path for SIGTERM, SIGINT, SIGHUP and a lost database.
 * It stops accepting connections, lets the requests in flight finish (up to
 * SHUTDOWN_GRACE_MS), then runs the stop steps in order (the pool, then the embedded
 * PostgreSQL the server started), logs "[server] stopped" and exits.
 * The bounds are the operations promises in README "Reliability and security".
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import fs from 'node:fs/promises'
import net, { type AddressInfo, type Socket } from 'node:net'
import { logger } from './logger.ts'

/** How long requests in flight at a shutdown signal may take to finish before they are cut. */
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
/** While shutting down, connections with no request in progress are closed this often. */
const IDLE_SWEEP_MS = 50
/** Connections queued at the signal (by the kernel, or in a cluster by the primary) are accepted first, for up to this long. */
const ACCEPT_QUEUE_WAIT_MS = 2_000
/**
 * In a cluster (round-robin) the primary accepts every connection and hands a worker the next
 * only once it has taken the one before; those waiting are closed, not answered, when the last
 * worker closes its listener. So a worker closes its listener only once none has reached it for
 * this long since the signal, with its event loop free to take them.
 */
const HANDOFF_QUIET_MS = 100
/** A connection accepted but without a request yet gets this long (from the signal) to send one. */
const FIRST_REQUEST_WAIT_MS = 500

/** Logged once the listener is closed (in a cluster, every worker's): from then on new connections are refused. */
export const NOT_ACCEPTING = '[server] no longer accepting connections'

type StopStep = () => Promise<void> | void

export type LifeCycle = {
	/** The HTTP server to drain on shutdown; `onNotAccepting` runs once its listener is closed. */
	serve: (server: Server, options?: { onNotAccepting?: () => void }) => void
	/** Instead of an HTTP server: what drains the site (the cluster's primary stops its workers). */
	drainWith: (drain: () => Promise<void>) => void
	/** Steps run after the HTTP server has drained, in the order added. */
	onStop: (step: StopStep) => void
	/** Begins the shutdown (once); exits the process with `exitCode` when done. */
	shutdown: (reason: string, exitCode?: number) => Promise<void>
}

/** A closed terminal (SIGHUP) stops the server as cleanly as a process manager (SIGTERM) or Ctrl-C. */
const SHUTDOWN_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const

/** Installs the signal handlers; call first thing, so a signal during start-up stops cleanly too. */
/** `name` starts the log lines: "[server]", or "[worker 2]" in a cluster's worker (backend/http/web-cluster.ts). */
export function createLifeCycle({ log = (message) => logger.info(message), name = '[server]' }: { log?: (message: string) => void; name?: string } = {}): LifeCycle {
	let drain: (() => Promise<void>) | undefined
	const steps: StopStep[] = []
	let stopping: Promise<void> | undefined

	async function run(reason: string, exitCode: number) {
		log(`${name} ${reason}: finishing open requests, then stopping`)
		setTimeout(() => {
			logger.error(`${name} shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`)
			process.exit(1)
		}, SHUTDOWN_DEADLINE_MS).unref()
		await drain?.()
		for (const step of steps) {
			try {
				await step()
			} catch (error) {
				logger.error({ err: error }, `${name} a step of stopping failed`)
				exitCode = 1
			}
		}
		log(`${name} stopped`)
		// pino writes the lines still waiting (backend/logger.ts) as the process exits.
		process.exit(exitCode)
	}

	const shutdown = (reason: string, exitCode = 0) => (stopping ??= run(reason, exitCode))
	for (const signal of SHUTDOWN_SIGNALS) {
		process.on(signal, () => {
			if (stopping) log(`${name} ${signal}: already stopping`)
			void shutdown(signal)
		})
	}
	return {
		serve: (server, { onNotAccepting } = {}) => {
			const connections = trackConnections(server)
			drain = () => connections.drain({ log, name, onNotAccepting })
		},
		drainWith: (drainSite) => void (drain = drainSite),
		onStop: (step) => void steps.push(step),
		shutdown,
	}
}

/**
 * The server's connections and whether each has a request in progress. Node's own
 * server.close() also closes "idle" connections, which includes one accepted a moment ago
 * whose request has not been read yet: that request would be reset, not answered.
 */
function trackConnections(server: Server) {
	/** `idleSweeps`: sweeps that found a new connection still without a request. */
	const connections = new Map<Socket, { openedAt: number; active: number; served: boolean; idleSweeps: number }>()
	const responses = new Set<ServerResponse>()
	let closingSince: number | undefined
	let lastConnectionAt = 0

	server.on('connection', (socket: Socket) => {
		lastConnectionAt = Date.now()
		connections.set(socket, { openedAt: lastConnectionAt, active: 0, served: false, idleSweeps: 0 })
		socket.once('close', () => connections.delete(socket))
	})
	// Before the site's own listener: that one may answer at once (a page from the page cache),
	// and a header set after the answer has gone throws, which took the whole process down.
	server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
		const connection = connections.get(req.socket)
		if (connection) connection.active++
		responses.add(res)
		// Answered while stopping: the client must not send another request on this connection.
		if (closingSince !== undefined && !res.headersSent) res.setHeader('Connection', 'close')
		res.once('close', () => {
			responses.delete(res)
			if (connection) {
				connection.active--
				connection.served = true
			}
		})
	})

	/** Closes connections with nothing in progress: kept-alive ones at once, new ones after a moment to send their request. */
	function closeIdle() {
		const now = Date.now()
		for (const [socket, connection] of connections) {
			if (connection.active > 0) continue
			const waited = now - Math.max(connection.openedAt, closingSince ?? now)
			// end(), not destroy(): the last answer may still be on its way out.
			if (connection.served) socket.end()
			// Timers run before I/O in each turn of the event loop: after a long busy stretch the
			// sweep comes before the request already waiting on the socket is read. Only a connection
			// found without a request by an earlier sweep too (an I/O phase between) has sent none.
			else if (++connection.idleSweeps > 1 && waited >= FIRST_REQUEST_WAIT_MS) socket.destroy()
		}
	}

	/**
	 * Whether every connection queued for this server has been accepted: none waits in the
	 * kernel's queue, and none has been handed over for HANDOFF_QUIET_MS since the signal.
	 */
	async function acceptedEveryQueuedConnection(port: number | undefined) {
		if (port && (await connectionsWaitingToBeAccepted(port)) > 0) return false
		// After the timer, one I/O phase: a connection already handed to us is taken first.
		await new Promise((resolve) => setImmediate(resolve))
		return Date.now() - Math.max(lastConnectionAt, closingSince ?? 0) >= HANDOFF_QUIET_MS
	}

	return {
		/** Stops accepting, waits for the open requests (bounded), and closes every connection. */
		async drain({ log, name, onNotAccepting }: { log: (message: string) => void; name: string; onNotAccepting?: () => void }) {
			closingSince = Date.now()
			for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close')
			// A busy event loop accepts queued connections slowly (about one per turn), and closing
			// the listener resets every connection still queued: their requests were sent before
			// the signal, so they are accepted (and answered) first.
			const port = (server.address() as AddressInfo | null)?.port
			const acceptBy = Date.now() + ACCEPT_QUEUE_WAIT_MS
			while (server.listening && Date.now() < acceptBy && !(await acceptedEveryQueuedConnection(port))) await sleep(IDLE_SWEEP_MS)
			// net.Server's close: stop listening, without http.Server's closing of "idle" connections.
			const closed = server.listening ? new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve())) : Promise.resolve()
			log(`${name} no longer accepting connections`)
			onNotAccepting?.()
			const sweep = setInterval(closeIdle, IDLE_SWEEP_MS)
			closeIdle()
			let timer: NodeJS.Timeout | undefined
			const graceOver = new Promise<'grace over'>((resolve) => (timer = setTimeout(() => resolve('grace over'), SHUTDOWN_GRACE_MS)))
			if ((await Promise.race([closed, graceOver])) === 'grace over') {
				log(`${name} ${responses.size} requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`)
				for (const socket of connections.keys()) socket.destroy()
				await closed
			}
			clearTimeout(timer)
			clearInterval(sweep)
		},
	}
}

/**
 * How many connections to `port` the kernel has queued for accept(): a listening socket's
 * rx_queue in /proc/net/tcp{,6}. 0 where /proc is not available (the listener then closes at once).
 */
export async function connectionsWaitingToBeAccepted(port: number): Promise<number> {
	const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
	let waiting = 0
	for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
		const lines = (await fs.readFile(table, 'utf8').catch(() => '')).split('\n')
		for (const line of lines) {
			// sl local_address rem_address st tx_queue:rx_queue ...; st 0A is LISTEN
			const [, local, , state, queues] = line.trim().split(/\s+/)
			if (state === '0A' && local?.endsWith(`:${hexPort}`)) waiting += parseInt(queues.split(':')[1], 16)
		}
	}
	return waiting
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
