/**
 * GET /metrics in Prometheus' text format (prom-client), for the addresses METRICS_ALLOW lists
 * (loopback by default; 403 for anyone else, the client's address as `trust proxy` sees it):
 * - http_request_duration_seconds: a histogram by route id and status class (2xx ... 5xx);
 * - db_pool_connections_in_use, db_pool_connections_idle, db_pool_requests_waiting: the site's
 *   connection pool (backend/db/client.ts);
 * - page_cache_hits_total, page_cache_misses_total: the origin's copy of anonymous pages
 *   (backend/http/page-cache.ts), counted from its X-Page-Cache answer;
 * - Node's process metrics (prom-client's defaults: CPU, memory, event loop lag, GC, handles).
 *
 * In a cluster (backend/http/web-cluster.ts) each worker counts its own: the worker asked for
 * /metrics asks the primary, which gathers every worker's with prom-client's
 * AggregatorRegistry (counters and histograms summed, the pool's gauges summed) and hands the
 * text back. Health checks and the scrapes themselves are not counted.
 */
import cluster, { type Worker } from 'node:cluster'
import type { Request, RequestHandler, Response } from 'express'
import type pg from 'pg'
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { AddressList } from './address-list.ts'
import { PAGE_CACHE_HEADER } from './page-cache.ts'

export const METRICS_PATH = '/metrics'
/** How long a worker waits for the primary's gathered metrics (prom-client gives up on a worker after 5 s). */
const CLUSTER_ANSWER_MS = 6_000

const ASK = 'site-metrics:ask'
const ANSWER = 'site-metrics:answer'
type Ask = { type: typeof ASK; id: number }
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string }
const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
	typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type

export function siteMetrics({ pool, allowed, routeOf, uncounted = () => false }: {
	pool: pg.Pool
	allowed: AddressList
	/** The route id of a finished request (the request log's). */
	routeOf: (req: Request, res: Response) => string
	/** Requests not counted (health checks, scrapes). */
	uncounted?: (req: Request) => boolean
}) {
	const registry = new Registry()
	collectDefaultMetrics({ register: registry })
	const duration = new Histogram({
		name: 'http_request_duration_seconds',
		help: 'Time from a request to the end of its answer, by route id and status class',
		labelNames: ['route', 'status_class'] as const,
		registers: [registry],
	})
	new Gauge({ name: 'db_pool_connections_in_use', help: 'Database connections checked out of the pool', registers: [registry], collect() {
		this.set(pool.totalCount - pool.idleCount)
	} })
	new Gauge({ name: 'db_pool_connections_idle', help: 'Database connections open and free in the pool', registers: [registry], collect() {
		this.set(pool.idleCount)
	} })
	new Gauge({ name: 'db_pool_requests_waiting', help: 'Queries waiting for a database connection', registers: [registry], collect() {
		this.set(pool.waitingCount)
	} })
	const hits = new Counter({ name: 'page_cache_hits_total', help: 'Anonymous pages answered from the page cache', registers: [registry] })
	const misses = new Counter({ name: 'page_cache_misses_total', help: 'Anonymous pages the page cache did not have (rendered, and kept when they may be)', registers: [registry] })

	const worker = cluster.isWorker
	if (worker) {
		// The primary's AggregatorRegistry asks each worker's prom-client for this registry.
		AggregatorRegistry.setRegistries([registry])
		new AggregatorRegistry()
	}

	const observe: RequestHandler = (req, res, next) => {
		if (uncounted(req)) return next()
		const started = performance.now()
		res.once('finish', () => {
			duration.observe({ route: routeOf(req, res), status_class: `${Math.floor(res.statusCode / 100)}xx` }, (performance.now() - started) / 1000)
			const cache = res.getHeader(PAGE_CACHE_HEADER)
			if (cache === 'hit') hits.inc()
			else if (cache === 'miss') misses.inc()
		})
		next()
	}

	const serve: RequestHandler = (req, res, next) => {
		if (req.path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
		res.setHeader('Cache-Control', 'no-store')
		if (!allowed.has(req.ip)) return void res.status(403).type('text/plain').send('Forbidden')
		const text = worker ? askPrimary() : registry.metrics()
		text.then((body) => {
			// As prom-client gives it (Express's send would rewrite its parameters).
			res.setHeader('Content-Type', registry.contentType)
			res.end(req.method === 'HEAD' ? undefined : body)
		}, next)
	}

	return { observe, serve, registry }
}

let asked = 0
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>()
let listening = false

/** In a worker: the whole site's metrics, gathered by the primary. */
function askPrimary(): Promise<string> {
	if (!listening) {
		listening = true
		process.on('message', (message) => {
			if (!isMessage<Answer>(message, ANSWER)) return
			const request = waiting.get(message.id)
			waiting.delete(message.id)
			if (message.text !== undefined) request?.resolve(message.text)
			else request?.reject(new Error(`the primary could not gather the workers' metrics: ${message.error}`))
		})
	}
	const id = ++asked
	return new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => {
			waiting.delete(id)
			reject(new Error(`the primary did not answer within ${CLUSTER_ANSWER_MS} ms`))
		}, CLUSTER_ANSWER_MS)
		timer.unref()
		waiting.set(id, {
			resolve: (text) => (clearTimeout(timer), resolve(text)),
			reject: (error) => (clearTimeout(timer), reject(error)),
		})
		process.send?.({ type: ASK, id } satisfies Ask)
	})
}

/** In the primary (backend/http/web-cluster.ts): answers the workers' asks with every worker's metrics. */
export function gatherWorkerMetrics() {
	const aggregator = new AggregatorRegistry()
	cluster.on('message', (worker: Worker, message: unknown) => {
		if (!isMessage<Ask>(message, ASK)) return
		aggregator.clusterMetrics().then(
			(text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
			(error: unknown) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Answer),
		)
	})
}
