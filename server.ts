/**
 * The web server: security headers, compression, static files, the embedded content API at
 * /api, and the Remix site for everything else. Starts the embedded database when
 * DATABASE_URL is unset, and stops it on exit. Migrates at start; seeds an empty database
 * with the demo data only in the demo (backend/mode.ts), where it also generates the secrets
 * production must be given.
 */
import crypto from 'node:crypto'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type ErrorRequestHandler } from 'express'
import helmet from 'helmet'
import { useServerLogger } from './app/lib/log.ts'
import { isSameOriginRequest } from './app/lib/origin-check.ts'
import { replaceSetCookie } from './app/lib/response-cookies.server.ts'
import { routeIdOf } from './app/lib/route-id.server.ts'
import { EMBEDDED_ISSUER_PATH } from './contract/sign-in.ts'
import { ServerTiming } from './app/lib/timing.server.ts'
import { createApi, pageApiFetch } from './backend/api/index.ts'
import { forgetStaleCopies } from './contract/stale-copies.ts'
import { isDatabaseUnavailable, poolSizePerProcess } from './backend/db/client.ts'
import { listenForContentChanges, sendContentChange } from './backend/db/content-changes.ts'
import { connectToOpenedDatabase, openDatabase } from './backend/db/database.ts'
import { addressList } from './backend/http/address-list.ts'
import { applyTrustProxy, publicHostOnly } from './backend/http/forwarded.ts'
import { HEALTH_PATHS, healthChecks } from './backend/http/health.ts'
import { METRICS_PATH, siteMetrics } from './backend/http/metrics.ts'
import { createPageCache } from './backend/http/page-cache.ts'
import { pathAndQuery, requestLog, type RequestLogLocals } from './backend/http/request-log.ts'
import { isWebWorker, startWorkers, webConcurrency, workerChannel, workerName } from './backend/http/web-cluster.ts'
import { backendEnv } from './backend/env.ts'
import { mountIdentityProvider } from './backend/identity/index.ts'
import { createMailer } from './backend/identity/mailer.ts'
import { EMBEDDED_SMTP_URL_VARIABLE, startDemoMailServer } from './backend/mail/embedded-smtp.ts'
import { alertLinkOrigin, keepAlertJobsRunning } from './backend/alerts/jobs.ts'
import { getSigningKeys } from './backend/identity/keys.ts'
import { inputGuard } from './backend/input/input-guard.ts'
import { createLifeCycle } from './backend/life-cycle.ts'
import { demoData, describeMode, generatesSecrets, missingProductionSettings } from './backend/mode.ts'
import { logger } from './backend/logger.ts'
import { readOrCreateSecret } from './backend/secrets.ts'
import { refreshDemoAccounts, writeReferenceData } from './backend/seed/index.ts'
import { reanchorEveryDay } from './backend/seed/demo-day.ts'

const startedAt = Date.now()
// The site's own log lines (app/lib/log.ts) go through the process's logger too.
useServerLogger(logger)
// The configuration is checked before anything starts: a bad variable stops here, named.
const env = backendEnv()
// Production's secrets are shared by its hosts, so never generated: without them it stops
// here, one line for each, before opening the database or listening.
const missingSettings = missingProductionSettings(env)
if (missingSettings.length > 0) {
	for (const line of missingSettings) logger.error(`[server] ${line}`)
	logger.error('[server] not started: the settings above are required in production (README "Running in production")')
	process.exit(1)
}
/** How Remix and the middleware run (NODE_ENV); the site's mode (demo or production) is backend/mode.ts's. */
const MODE = env.NODE_ENV === 'production' ? 'production' : 'development'
const isProduction = MODE === 'production'
const PORT = env.PORT
const HOST = env.HOST
/**
 * Brotli's default 4 MB window made every compressed response allocate megabytes of native
 * memory, which the allocator kept: RSS grew by about 150 MB under load and never came back.
 * Our pages are far below 256 KB (2^18), so a smaller window compresses them as well.
 */
const BROTLI_WINDOW_BITS = 18
/**
 * Pages are compressed as they are sent, on every request, so their level trades the origin's
 * CPU against the bytes a reader downloads. On a signed-in article's 80 KB of HTML (2-core
 * machine, 2026-11-26): gzip level 6, zlib's default, took 1.1-1.4 ms for 15.0 KB and level 3
 * 0.5-0.7 ms for 16.3 KB; brotli quality 4, the middleware's default, 1.2 ms for 12.5 KB and
 * quality 3 0.7 ms for 13.1 KB. Compression was an eighth of the server's time under load;
 * these levels save about 0.6 ms of a signed-in article's 12 ms of CPU, for about a
 * kilobyte more per page. Build assets keep the defaults: browsers and a CDN keep them for a
 * year. Pages kept by the page cache are compressed once, by the cache itself.
 */
const PAGE_COMPRESSION = { gzipLevel: 3, brotliQuality: 3 } as const
/** Where the fingerprinted build assets are served (cached for a year, not logged). */
const ASSETS_PATH = '/assets'
const isBuildAsset = (req: express.Request) => req.path.startsWith(`${ASSETS_PATH}/`)
/** What an operator's probes and scrapers ask for: logged at debug only, not counted in the request metrics. */
const isServiceCheck = (req: express.Request) => req.path === HEALTH_PATHS.live || req.path === HEALTH_PATHS.ready || req.path === METRICS_PATH
/** The name of what answered a request outside the Remix routes (those are named by their route id), for the log and metrics. */
const MOUNT_NAMES: [prefix: string, name: string][] = [
	['/api', 'api'],
	[EMBEDDED_ISSUER_PATH, 'oidc'],
	[ASSETS_PATH, 'assets'],
	[HEALTH_PATHS.live, 'healthz'],
	[HEALTH_PATHS.ready, 'readyz'],
	[METRICS_PATH, 'metrics'],
]
function routeOf(req: express.Request, res: express.Response): string {
	const { routeId } = res.locals as RequestLogLocals
	if (routeId) return routeId
	const { path: pathname } = pathAndQuery(req.originalUrl)
	for (const [prefix, name] of MOUNT_NAMES) if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return name
	// A public file, or a request answered before it reached a route (refused by the input guard or the origin check).
	return path.extname(pathname) ? 'static' : 'other'
}
/** How long an idle kept-alive connection stays open (see where the server starts). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000

// Without OIDC_ISSUER the site signs in at the embedded provider, as a client registered here.
const embeddedIdentity = !process.env.OIDC_ISSUER
// In the demo, secrets come from the environment or are generated once into ./data (never
// the repo); production was given them (checked above).
if (generatesSecrets(env)) {
	process.env.SESSION_SECRET ??= await readOrCreateSecret('session-secret')
	if (embeddedIdentity) process.env.OIDC_CLIENT_SECRET ??= await readOrCreateSecret('oidc-client-secret')
}

// WEB_CONCURRENCY processes serve requests (backend/http/web-cluster.ts): a cluster's primary
// owns the embedded PostgreSQL and supervises its workers; 1 is a single process doing both.
const webProcesses = webConcurrency({ production: isProduction })
const role = isWebWorker() ? 'worker' : webProcesses > 1 ? 'primary' : 'single'
/** Set by the primary for its workers: the database it opened (and migrated, and supervises). */
const OPENED_DATABASE_URL = 'WEB_CLUSTER_DATABASE_URL'

// First, so that a signal during start-up stops the embedded PostgreSQL cleanly too.
const lifeCycle = createLifeCycle(role === 'worker' ? { name: workerName() } : {})
if (role !== 'worker') logger.info(describeMode(env))
const openedDatabaseUrl = process.env[OPENED_DATABASE_URL]
const database =
	role === 'worker' && openedDatabaseUrl
		? connectToOpenedDatabase(openedDatabaseUrl, { max: poolSizePerProcess(webProcesses) })
		: await openDatabase({
				seedIfEmpty: demoData(env),
				onLost: (error) => void lifeCycle.shutdown(`[db] ${error.message}`, 1),
				// The primary only refreshes the demo accounts; its workers hold the site's connections.
				poolSize: role === 'primary' ? 1 : poolSizePerProcess(1),
			}).catch((error: unknown) => {
				// A database migrated by newer code, or the migration lock held too long: said on one line.
				logger.error(`[server] not started: ${error instanceof Error ? error.message : String(error)}`)
				process.exit(1)
			})
// The content-change listener (serveSite) stops before the database it listens to.
let stopListening = async () => {}
lifeCycle.onStop(() => stopListening())
// The alert jobs finish the digest in hand before the pool they send with closes.
let stopAlertJobs = async () => {}
lifeCycle.onStop(() => stopAlertJobs())
lifeCycle.onStop(() => database.close())
// Roles and no-access messages are the code's, in every mode: a migrated empty database can sell memberships.
if (role !== 'worker') await writeReferenceData(database.db)
// Demo accounts keep their stated membership state (e.g. "5 days left") on an old database;
// production has none (unless DEMO_DATA asked for them).
if (role !== 'worker' && demoData(env)) {
	await refreshDemoAccounts(database.db)
	// ...and keep it when the server runs over midnight.
	const daily = reanchorEveryDay(
		() => refreshDemoAccounts(database.db),
		(error) => logger.warn({ err: error }, '[seed] could not re-anchor the demo accounts on the new day; trying again in a minute'),
	)
	lifeCycle.onStop(daily.stop)
}
// The demo's mail server (backend/mail/embedded-smtp.ts), once per host, before the mailers
// (the identity pages', the alert jobs') are made: its workers inherit where it listens.
if (role !== 'worker') {
	delete process.env[EMBEDDED_SMTP_URL_VARIABLE]
	const smtp = await startDemoMailServer(env)
	if (smtp) {
		process.env[EMBEDDED_SMTP_URL_VARIABLE] = smtp.url
		lifeCycle.onStop(() => smtp.close())
		logger.info('[server] no SMTP_URL: emails go to the demo mailbox (staff read them at /mailbox)')
	}
}
if (role === 'primary') {
	// The signing keys exist before the workers start, so they all sign with the same one.
	if (embeddedIdentity) await getSigningKeys()
	await startWorkers({ count: webProcesses, script: fileURLToPath(import.meta.url), env: { [OPENED_DATABASE_URL]: database.url }, lifeCycle })
	logger.info(`[server] ${MODE} site ready at http://localhost:${PORT} (${webProcesses} workers, started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s)`)
} else {
	await serveSite()
}
// Once per host (not in each of a cluster's workers); pg-boss runs each digest once across hosts.
if (role !== 'worker' && env.ALERT_JOBS === 'in-process') {
	stopAlertJobs = keepAlertJobsRunning({ connectionString: database.url, db: database.db, mailer: createMailer(), publicUrl: alertLinkOrigin(env) }).stop
}

/** The site itself, as a single process or as one of the cluster's workers. */
async function serveSite() {
	// Anonymous pages as a CDN would keep them (backend/http/page-cache.ts); PAGE_CACHE=0 turns it off.
	const pageCache = env.PAGE_CACHE === '0' ? undefined : createPageCache()
	const siblings = role === 'worker' ? workerChannel() : undefined
	/** Everything kept in this process that a change of shared content makes stale. */
	const forgetKeptCopies = () => {
		pageCache?.clear()
		api.hotData.invalidate()
		forgetStaleCopies()
	}
	// A change of shared content (backend/api/index.ts changesSharedData) empties the copies here
	// at once, and on every worker of every host through a notice in PostgreSQL (this one too).
	const api = createApi({
		db: database.db,
		onSharedChange: () => pageCache?.clear(),
		onSharedChangeDone: (reason) => sendContentChange(database.db.$client, reason).catch((error: unknown) => logger.error({ err: error }, '[cache] could not send the content-change notice')),
	})
	const contentChanges = listenForContentChanges({ url: database.url, onChange: forgetKeptCopies })
	stopListening = contentChanges.close
	await contentChanges.ready
	const viteDevServer = isProduction
		? undefined
		: await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))

	const app = express()
	app.disable('x-powered-by')
	// Client addresses (rate limits, sign-in by network address) are believed only from the
	// proxies TRUST_PROXY names (none by default); the site's name only from PUBLIC_URL.
	applyTrustProxy(app)

	// ---- Request log, health and metrics: before anything else, so every answer is logged and
	// counted, and probes are answered whatever the rest would make of them (never cached, never
	// rate-limited). Fingerprinted build assets are not logged (they were every one of a page's files).
	app.use(requestLog({ logger, routeOf, quiet: isServiceCheck, ignore: isBuildAsset }))
	const metrics = siteMetrics({ pool: database.db.$client, allowed: addressList(env.METRICS_ALLOW), routeOf, uncounted: isServiceCheck })
	app.use(metrics.observe)
	const health = healthChecks({ databaseUrl: database.url, logger })
	lifeCycle.onStop(() => health.close())
	app.use(health.handle)
	app.use(metrics.serve)
	// ---- end of request log, health and metrics

	app.use(publicHostOnly())

	// ---- Input guard: before anything reads a request, a malformed or NUL-carrying
	// address, an unknown method or a page post of the wrong type or size gets its 4xx (the API's
	// envelope, else the site's error page), never a 500. The rules: app/lib/request-input.ts.
	app.use(inputGuard({ apiPath: '/api', servicePaths: [EMBEDDED_ISSUER_PATH] }))
	// ---- end of the input guard

	const compressAsset = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } })
	const compressPage = compression({
		level: PAGE_COMPRESSION.gzipLevel,
		brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS, [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_COMPRESSION.brotliQuality } },
	})
	app.use((req, res, next) => (isBuildAsset(req) ? compressAsset : compressPage)(req, res, next))

	app.use((_req, res, next) => {
		res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
		next()
	})
	// Looked up before the CSP is written, since a kept page carries the nonce it was rendered with.
	if (pageCache) app.use(pageCache.lookup)
	app.use(
		helmet({
			xPoweredBy: false,
			referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
			crossOriginEmbedderPolicy: false,
			contentSecurityPolicy: {
				useDefaults: true,
				directives: {
					'connect-src': ["'self'", ...(isProduction ? [] : ['ws:'])],
					'img-src': ["'self'", 'data:'],
					// Only scripts carrying this response's nonce run (and what they load).
					'script-src': ["'strict-dynamic'", "'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
					'script-src-attr': ["'none'"],
					// Vite injects CSS as <style> in development only.
					'style-src': ["'self'", ...(isProduction ? [] : ["'unsafe-inline'"])],
					'upgrade-insecure-requests': null,
				},
			},
		}),
	)

	// A demo email's HTML, framed on its mailbox page, carries its own stricter policy (no scripts,
	// sandboxed) that lets its inlined styles apply; the site's would forbid them. Its policy
	// replaces the site's rather than adding to it (Remix appends headers); any other answer there
	// (a refusal, a 404 page) keeps the site's.
	app.get('/mailbox/:id/html', (_req, res, next) => {
		const append = res.append.bind(res)
		res.append = (name, value) => (name.toLowerCase() === 'content-security-policy' ? res.set(name, value) : append(name, value))
		next()
	})

	// Anything that changes something must come from our own pages (CSRF; cookies are also SameSite=Lax).
	const publicOrigin = env.PUBLIC_URL?.replace(/\/+$/, '')
	app.use((req, res, next) => {
		const allowed = [`${req.protocol}://${req.get('host')}`, ...(publicOrigin ? [publicOrigin] : [])]
		if (isSameOriginRequest({ method: req.method, origin: req.get('origin'), referer: req.get('referer'), allowed })) return next()
		res.status(403).type('text/plain').send('Forbidden')
	})

	app.use('/api', getRequestListener(api.fetch))

	if (viteDevServer) {
		app.use(viteDevServer.middlewares)
	} else {
		// Fingerprinted build assets never change: cache them for a year.
		app.use(ASSETS_PATH, express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
	}
	// Only addresses that name a file (favicon.svg, images/...): a page's address would cost a
	// failed stat on every request (the bench's profile showed it).
	const publicFiles = express.static(isProduction ? 'build/client' : 'public', { maxAge: '1h' })
	app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()))

	const build = viteDevServer
		? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
		: ((await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild)

	/** The site's stylesheets (the root route's links), so the identity pages look like the site. */
	async function siteStylesheets(): Promise<string[]> {
		const serverBuild = typeof build === 'function' ? await build() : build
		const links = serverBuild.routes.root?.module.links?.() ?? []
		return links.flatMap((link) => ('rel' in link && link.rel === 'stylesheet' && typeof link.href === 'string' ? [link.href] : []))
	}

	// The embedded OpenID provider and its sign-in pages, unless another provider is configured.
	if (embeddedIdentity) await mountIdentityProvider(app, { db: database.db, stylesheets: siteStylesheets })

	// `npm run bench` only: static copies of pages' HTML, through the same middleware as the pages,
	// so the benchmark compares each page with a file served by this very server in the same run.
	if (process.env.BENCH_STATIC_DIR) app.use('/__bench', express.static(process.env.BENCH_STATIC_DIR, { maxAge: 0 }))

	// The Remix route that answers (also when the page cache does), for the request log and metrics.
	app.use((req, res, next) => {
		const named = (serverBuild: ServerBuild) => {
			;(res.locals as RequestLogLocals).routeId = routeIdOf(serverBuild, pathAndQuery(req.originalUrl).path)
			next()
		}
		if (typeof build === 'function') build().then(named, next)
		else named(build)
	})

	if (pageCache) app.use(pageCache.serve)

	app.all(
		'*',
		createRequestHandler({
			build,
			mode: MODE,
			getLoadContext: (req, res) => ({
				cspNonce: res.locals.cspNonce as string,
				timing: new ServerTiming(),
				// The reader is verified once per page (a memo of its own), however many API calls its loaders make.
				apiFetch: pageApiFetch(api),
				// Express's view of the client (honours `trust proxy`), for sign-in by network address.
				clientAddress: req.ip,
				// A session renewed by a loader is committed on whatever this request answers.
				setCookie: (header: string) => res.setHeader('Set-Cookie', replaceSetCookie(res.getHeader('Set-Cookie'), header)),
				// The signed-in reader, for this request's log line.
				noteReader: (userId: string) => void ((res.locals as RequestLogLocals).userId = userId),
			}),
		}),
	)

	// Last resort: a failure outside Remix still gets a plain page, never a stack trace.
	const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
		logger.error({ err: error }, `[server] ${req.method} ${pathAndQuery(req.originalUrl).path} failed`)
		// A database that is down or overloaded is a 503: the request may succeed later.
		if (!res.headersSent) res.status(isDatabaseUnavailable(error) ? 503 : 500).type('text/plain').send('An error has occurred.')
	}
	app.use(lastResort)

	const server = app.listen(PORT, HOST, () => {
		const started = `started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`
		if (role === 'worker') logger.info(`${workerName()} listening (${started})`)
		else logger.info(`[server] ${MODE} site ready at http://localhost:${PORT} (${started})`)
	})

	// A kept-alive connection is closed by its client or proxy, not by us: were the server to close
	// it first (Node's default is 5 s idle), a request sent at that moment is reset (ECONNRESET).
	// Longer than the usual proxies' idle timeout (60 s); draining still closes idle connections at once.
	server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
	server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000

	// SIGTERM/SIGINT/SIGHUP: drain the requests in flight, then close the pool (and the embedded
	// PostgreSQL, in a single process; a cluster's primary stops it once its workers have stopped).
	lifeCycle.serve(server, { onNotAccepting: siblings?.notifyNotAccepting })
	if (viteDevServer) lifeCycle.onStop(() => viteDevServer.close())
}
