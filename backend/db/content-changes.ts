/**
 * Notices of a change to shared content, through PostgreSQL's LISTEN/NOTIFY: the one database
 * every web host and every worker already shares, so one mechanism reaches them all. A write
 * that changes what every reader sees (backend/api/index.ts changesSharedData) sends a notice
 * once it is done; every process listens on a connection of its own and, on each notice,
 * empties what the change made stale (the page cache, hot data, table counts, chart drawings:
 * server.ts). `npm run cache:purge` sends the same notice.
 *
 * A notice sent while a listener is disconnected never reaches it (PostgreSQL keeps none), so
 * a listener that lost its connection (a database restart, a failover, a terminated backend)
 * reconnects with backoff and empties everything once it listens again: whatever changed
 * meanwhile is never served from a copy.
 */
import pg from 'pg'
import { logger } from '../logger.ts'

/** The channel of the notices (a PostgreSQL identifier). */
export const CONTENT_CHANGES_CHANNEL = 'site_content_changed'

/** Our choice: a lost listener tries again after this, doubling up to the maximum. */
export const LISTENER_RECONNECT = { firstDelayMs: 250, maxDelayMs: 5_000 } as const

/** What a notice says: why (for the log), and the process that sent it. */
export type ContentChange = { reason: string; from: string }

/** Sends a notice over any connection (the site's pool, or a command's own client). */
export async function sendContentChange(client: Pick<pg.Pool | pg.Client, 'query'>, reason: string): Promise<void> {
	const notice: ContentChange = { reason, from: `${process.pid}` }
	await client.query('select pg_notify($1, $2)', [CONTENT_CHANGES_CHANNEL, JSON.stringify(notice)])
}

export type ContentChangeListener = {
	/** Resolves once the first attempt to listen is over (a failed one keeps trying behind). */
	ready: Promise<void>
	/** Stops listening for good. */
	close: () => Promise<void>
}

/**
 * Listens for notices on a connection of its own to `url`; `onChange` runs for each notice,
 * and once after every reconnection (`reason` 'reconnected').
 */
export function listenForContentChanges({
	url,
	onChange,
	log = logger,
	reconnect = LISTENER_RECONNECT,
}: {
	url: string
	onChange: (change: ContentChange) => void
	log?: Pick<typeof logger, 'info' | 'warn' | 'error'>
	reconnect?: { firstDelayMs: number; maxDelayMs: number }
}): ContentChangeListener {
	let client: pg.Client | undefined
	let closed = false
	let failures = 0
	let timer: NodeJS.Timeout | undefined
	let firstAttempt = true

	const handle = (message: pg.Notification) => {
		if (message.channel !== CONTENT_CHANGES_CHANNEL) return
		let change: ContentChange = { reason: 'unknown', from: 'unknown' }
		try {
			change = { ...change, ...(JSON.parse(message.payload ?? '{}') as Partial<ContentChange>) }
		} catch {
			// A notice from elsewhere (psql's NOTIFY without a payload) still empties the copies.
		}
		onChange(change)
	}

	async function connect(): Promise<void> {
		const next = new pg.Client({ connectionString: url })
		// A connection lost while listening: its notices stop, so listen again on a new one.
		next.on('error', (error) => {
			if (client === next) lost(error)
		})
		next.on('end', () => {
			if (client === next) lost(new Error('connection ended'))
		})
		next.on('notification', handle)
		client = next
		try {
			await next.connect()
			await next.query(`listen ${CONTENT_CHANGES_CHANNEL}`)
		} catch (error) {
			if (client === next) client = undefined
			await next.end().catch(() => undefined)
			throw error
		}
		failures = 0
		if (!firstAttempt) {
			log.info('[cache] listening for content changes again: emptying every copy once')
			// Notices sent while it was away are lost: everything kept may be stale.
			onChange({ reason: 'reconnected', from: `${process.pid}` })
		}
	}

	function lost(error: Error) {
		const gone = client
		client = undefined
		void gone?.end().catch(() => undefined)
		if (closed) return
		log.warn(`[cache] content-change listener lost its connection (${error.message}): reconnecting`)
		schedule()
	}

	function schedule() {
		if (closed || timer) return
		const delay = Math.min(reconnect.firstDelayMs * 2 ** failures, reconnect.maxDelayMs)
		failures++
		timer = setTimeout(() => {
			timer = undefined
			if (closed) return
			connect().catch((error: unknown) => {
				log.warn(`[cache] content-change listener could not reconnect (${error instanceof Error ? error.message : String(error)}): trying again`)
				schedule()
			})
		}, delay)
	}

	const ready = connect()
		.catch((error: unknown) => {
			log.warn(`[cache] content-change listener could not connect (${error instanceof Error ? error.message : String(error)}): trying again`)
			schedule()
		})
		.finally(() => (firstAttempt = false))

	return {
		ready,
		async close() {
			closed = true
			clearTimeout(timer)
			const last = client
			client = undefined
			await last?.end().catch(() => undefined)
		},
	}
}
