/**
 * `npm run bench`: the referee of the speed budgets. It builds, starts the production server on its own
 * seeded database, and measures every page family with autocannon, as a visitor and as the
 * demo Strategist (signed in through the real OIDC flow), at 10 and 50 connections, next to a
 * static copy of that page's own HTML served by the same server in the same run (the ratio is
 * what the targets speak of: absolute numbers move with whatever else the machine does).
 * It also prints each page's Server-Timing split measured alone, its HTML/JS/CSS bytes
 * (gzip), and the server's memory over a 60 s run at 50 connections.
 *
 *   npm run bench                      scale 1: each page and its static copy in 3 alternating rounds of 4 s,
 *                                      after 3 s of warm-up (about 30 minutes)
 *   BENCH_QUICK=1 npm run bench        one round of 1 s, fewer connections levels (about 5 minutes)
 *   BENCH_SCALE=10 npm run bench       ten times the catalogue (seeded once into its own folder)
 *   BENCH_SKIP_BUILD=1                 use the current build/
 *   BENCH_ONLY=article,site search     only these page families
 *   BENCH_AS=member                    only visitors or only members
 *   BENCH_STATIC=0                     skip the static copies (a profile of the pages alone)
 *   BENCH_WARMUP_SECONDS=3             load before a page's first round, not counted (0: none)
 *   BENCH_SERVER_WARMUP_SECONDS=60     before any measurement, every page measured is served in turn for this long
 *   BENCH_ROUNDS=3                     alternating rounds of page and static copy (medians reported)
 *   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/p"   more node flags for the server (a profile)
 *   BENCH_VARIED=0                     skip the varied rows
 *   BENCH_ALERTS=0                     skip the alert digests' row (scripts/bench-alert-digests.ts); =only: that row alone
 *   BENCH_ALERT_COUNT=10000            how many alerts that row computes the digests of
 *   BENCH_VARIED=list                  only print each varied row's distinct queries (no load)
 *
 * The forecast explorer, the indexes, the tracker and search are also measured on a varied mix
 * (rows "… (varied)"): each connection's requests cycle through VARIED_MIN_QUERIES or more
 * distinct queries of that tool (filters, groups, terms, years, pages), so one cached answer
 * cannot carry the row. Their canonical URLs are worked out before measuring (a URL the site
 * redirects is replaced by where it leads), and each is asked once before the load.
 *
 * Ports: PORT (default 3100) and EMBEDDED_DATABASE_PORT (default 5533). Loopback only;
 * every run is bounded in time and the server is stopped (SIGTERM) at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { DEMO_PASSWORD } from '../backend/seed/demo-accounts.ts'
import { COMPANIES_PATH, COMPANIES_TABLE, COMPANY_FILTERS } from '../contract/companies-table.ts'
import { ASCENDING, DESCENDING } from '../contract/table-params.ts'
import { TRACKER_FILTERS, TRACKER_PATH, TRACKER_TABLE } from '../contract/tracker-table.ts'

const QUICK = process.env.BENCH_QUICK === '1'
const SCALE = Number(process.env.BENCH_SCALE ?? 1)
const PORT = Number(process.env.PORT ?? 3100)
// Below the kernel's ephemeral range (32768–60999): a port up there can be held by any program's
// outgoing connection for a while, and PostgreSQL then cannot listen on it.
const DATABASE_PORT = Number(process.env.EMBEDDED_DATABASE_PORT ?? 5533)
const BASE = `http://127.0.0.1:${PORT}`
/** Seconds per autocannon run (a quick run at a larger scale needs longer: one cold render can take a second). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? (SCALE > 1 ? 3 : 1) : 4))
/**
 * Rounds of page then static copy, each pair back to back. This machine's speed moves by a
 * third from one minute to the next (other work on the host): a page and a static copy
 * measured once each, seconds apart, gave shares from 16 to 33 % for one build. The medians of
 * the rounds, and the median of each round's own share, hold still.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3))
const CONNECTIONS = QUICK ? [10] : [10, 50]
/**
 * Seconds of load before each measured run, not counted: a page's first requests run its code
 * before the JIT has compiled it and fill the caches a running server has warm. Without it a
 * signed-in page measured right after its visitor copy (served from the page cache, so none
 * of its rendering code had run) came out a third slower, and its p99 was the warm-up's.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
/**
 * Before anything is measured, the server serves every page to be measured in turn (slices of
 * WARMUP_SECONDS, as visitor and member), at least this long in all. A page's own warm-up was
 * not enough: the same build, started afresh, needed 25 ms of CPU per signed-in article in its
 * first 10 s, 19 ms in the next 10 s and 14–15 ms from about half a minute on (two servers side
 * by side on this machine, the older one the faster whichever was loaded first; user time, not
 * the kernel's: V8 compiling the code every page shares while it serves). Readers meet a server
 * that has run for more than a minute, and the static file has no code to compile: measured on
 * a fresh server, the share of the static rate was the JIT's, not the page's.
 */
const SERVER_WARMUP_SECONDS = Number(process.env.BENCH_SERVER_WARMUP_SECONDS ?? (QUICK ? 0 : 60))
/** The memory run: the article as a visitor at 50 connections. */
const SOAK_SECONDS = QUICK ? 10 : 60
/** Requests one at a time for the Server-Timing split. */
const ALONE_REQUESTS = QUICK ? 5 : 15
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim())
const AS = process.env.BENCH_AS
const WITH_STATIC = process.env.BENCH_STATIC !== '0'
const WITH_VARIED = process.env.BENCH_VARIED !== '0'
const ALERTS = process.env.BENCH_ALERTS ?? '1'
/** The issue's floor: at least this many distinct queries per tool in a varied row. */
const VARIED_MIN_QUERIES = 50
const MEMBER_EMAIL = 'strategist@example.com'
/** Where the bench's server keeps its database: one folder per scale, reused between runs. */
const DATA_DIR = path.resolve('data', 'bench', `scale-${SCALE}`)
/** The static copies of each page's HTML; server.ts serves them at /__bench/ when BENCH_STATIC_DIR is set. */
const STATIC_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'))
const STATIC_PATH = '/__bench/'

if (!Number.isFinite(SCALE) || SCALE <= 0) throw new Error(`BENCH_SCALE must be a positive number, got ${process.env.BENCH_SCALE}`)

/** The bench's own server: embedded database, API and identity provider, whatever the shell says. */
const { DATABASE_URL: _database, API_BASE_URL: _api, OIDC_ISSUER: _issuer, ...inherited } = process.env
const serverEnv: NodeJS.ProcessEnv = {
	...inherited,
	NODE_ENV: 'production',
	// The demo's data and accounts, whatever mode the shell names (backend/mode.ts).
	SITE_MODE: 'demo',
	PORT: String(PORT),
	HOST: '127.0.0.1',
	EMBEDDED_DATABASE_PORT: String(DATABASE_PORT),
	DATA_DIR,
	PUBLIC_URL: BASE,
	BENCH_STATIC_DIR: STATIC_DIR,
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = serverEnv) {
	const result = spawnSync(command, args, { stdio: 'inherit', env })
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`)
}

/** Seeds the folder at the asked scale once; a marker file records which scale it holds. */
function prepareDatabase() {
	const marker = path.join(DATA_DIR, 'bench-scale')
	if (SCALE === 1 || (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === String(SCALE))) return
	fs.mkdirSync(DATA_DIR, { recursive: true })
	console.log(`[bench] seeding ${DATA_DIR} at --scale ${SCALE} (once; takes a few minutes)`)
	run('npx', ['tsx', 'backend/seed/cli.ts', '--scale', String(SCALE)])
	fs.writeFileSync(marker, String(SCALE))
}

/** The alert digests' row: its script's table, printed with the others at the end. */
function benchAlertDigests(): string {
	const result = spawnSync('npx', ['tsx', 'scripts/bench-alert-digests.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: serverEnv, encoding: 'utf8' })
	if (result.status !== 0) throw new Error(`scripts/bench-alert-digests.ts failed (${result.status})`)
	return result.stdout
}

let server: ChildProcess | undefined
const serverLog = path.join(DATA_DIR, 'bench-server.log')

async function startServer() {
	// A server left running (say, by a bench that was killed) would answer in place of ours.
	if (await fetch(`${BASE}/robots.txt`).then(() => true, () => false)) throw new Error(`something already answers on ${BASE}; stop it or set PORT`)
	fs.mkdirSync(DATA_DIR, { recursive: true })
	const log = fs.openSync(serverLog, 'w')
	// BENCH_NODE_FLAGS: more flags for the server's processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles" (not allowed in NODE_OPTIONS).
	const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []
	// The old space of `npm run serve` (decision 0063), so the figures are production's.
	const child = spawn(process.execPath, ['--max-old-space-size=768', ...flags, 'build/server.js'], { env: serverEnv, stdio: ['ignore', log, log] })
	server = child
	// The first start seeds the folder (a minute or more on a loaded machine).
	const deadline = Date.now() + 300_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${serverLog}`)
		const ready = await fetch(`${BASE}/robots.txt`).then((r) => r.ok, () => false)
		if (ready) return
		await new Promise((resolve) => setTimeout(resolve, 300))
	}
	throw new Error(`the server did not answer within 300 s; see ${serverLog}`)
}

async function stopServer() {
	if (!server || server.exitCode !== null) return
	const exited = new Promise((resolve) => server!.once('exit', resolve))
	server.kill('SIGTERM')
	await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))])
}

/** A cookie jar that follows redirects by hand, as a browser without scripts would. */
class Reader {
	cookies = new Map<string, string>()
	get cookie() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}
	async request(url: string, form?: Record<string, string>) {
		const response = await fetch(new URL(url, BASE), {
			method: form ? 'POST' : 'GET',
			redirect: 'manual',
			headers: { Cookie: this.cookie, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE } : {}) },
			body: form ? new URLSearchParams(form) : undefined,
		})
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';')
			const name = pair.slice(0, pair.indexOf('='))
			const value = pair.slice(pair.indexOf('=') + 1)
			if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		return response
	}
	async follow(url: string, form?: Record<string, string>) {
		let response = await this.request(url, form)
		let current = new URL(url, BASE).href
		for (let hops = 0; hops < 20 && response.headers.get('location'); hops++) {
			current = new URL(response.headers.get('location')!, current).href
			if (!current.startsWith(BASE)) throw new Error(`sign-in left the site for ${current}`)
			response = await this.request(current)
		}
		return { response, url: current, text: await response.text() }
	}
}

/** The demo Strategist, signed in at /login through the embedded provider's own form. */
async function signInMember(): Promise<string> {
	const reader = new Reader()
	const signInPage = await reader.follow('/login?returnUrl=%2F')
	const action = [...signInPage.text.matchAll(/<form method="post" action="([^"]+)"/g)].find(([, a]) => a.includes('/login'))?.[1]
	if (!action) throw new Error('no sign-in form at /login')
	const done = await reader.follow(action.replace(/&amp;/g, '&'), { email: MEMBER_EMAIL, password: DEMO_PASSWORD })
	if (!done.text.includes('profile-menu')) throw new Error(`signing in as ${MEMBER_EMAIL} did not reach a signed-in page (${done.url})`)
	// Only the site's session travels with the measured requests, not the provider's cookies.
	return reader.cookie
}

async function pageFamilies(member: string) {
	const firstSlug = async (entity: string) => {
		const body = (await fetch(`${BASE}/api/${entity}?pageSize=1`).then((r) => r.json())) as { items?: { slug: string }[] }
		const slug = body.items?.[0]?.slug
		if (!slug) throw new Error(`no ${entity} to measure`)
		return slug
	}
	const [article, company, project, newsletter, merger, context] = await Promise.all(['articles', 'companies', 'projects', 'newsletters', 'mergers', 'contexts'].map(firstSlug))
	// The search's second facet: the country with most articles matching the term.
	const term = 'desalination'
	const facets = (await fetch(`${BASE}/api/search?searchTerm=${term}&pageSize=1`, { headers: { Cookie: member } }).then((r) => r.json())) as {
		item?: { aggregations: { name: string; items: Record<string, number> }[] }
	}
	const countries = Object.entries(facets.item?.aggregations.find((a) => a.name === 'Countries')?.items ?? {}).sort((a, b) => b[1] - a[1])
	const country = countries[0]?.[0] ?? 'Saudi Arabia'
	const families: [string, string][] = [
		['home', '/'],
		['article', `/articles/${article}`],
		['article list', '/articles'],
		['site search (term, two facets)', `/search?searchTerm=${term}&sortBy=Relevance&filters%5BPage%20type%5D=%2Farticles&filters%5BCountries%5D=${encodeURIComponent(country)}`],
		['company', `/companies/${company}`],
		['project', `/projects/${project}`],
		['deal', `/mergers/${merger}`],
		['context', `/contexts/${context}`],
		['custom page (every card)', '/pages/desalination-hub'],
		['tracker', '/projecttracker?filters%5BProject%20type%5D=Build&filters%5BProject%20category%5D=Desal~WWTP'],
		['indexes (companies)', '/companies?filters%5BExpertise%5D=Desalination'],
		['forecast explorer', '/data?reportType=TotalSpending&groupBy=Region~Sector&globalForecast=true&techForecast=false'],
		['newsletter', `/newsletters/${newsletter}`],
		['opportunity exchange', '/opportunityexchange?filters%5BCategory%5D=Build'],
		['memberships', '/memberships'],
	]
	return families.filter(([name]) => !ONLY || ONLY.some((only) => name.startsWith(only)))
}

/** Every combination of one value from each list. */
const product = <T,>(...lists: T[][]): T[][] => lists.reduce<T[][]>((acc, list) => acc.flatMap((prefix) => list.map((value) => [...prefix, value])), [[]])
const filter = (name: string, value: string) => `filters%5B${encodeURIComponent(name)}%5D=${encodeURIComponent(value)}`

/** A facet's values the data holds, most used first (the API's aggregation of that filter, no filter applied). */
async function facetValues(apiPath: string, facet: string, cookie: string, count: number) {
	const body = (await fetch(`${BASE}/api${apiPath}`, { headers: { Cookie: cookie } }).then((r) => r.json())) as {
		item?: { aggregations?: { name: string; items: Record<string, number> }[]; totalPages?: number }
	}
	const items = body.item?.aggregations?.find((a) => a.name === facet)?.items ?? {}
	return Object.entries(items)
		.filter(([, hits]) => hits > 0)
		.sort((a, b) => b[1] - a[1])
		.slice(0, count)
		.map(([value]) => value)
}

/** Words of the newest headlines a member would search for: long enough to mean something, most frequent first. */
async function searchTerms(cookie: string, count: number) {
	const body = (await fetch(`${BASE}/api/articles?pageSize=100`, { headers: { Cookie: cookie } }).then((r) => r.json())) as { items?: { headline?: string }[] }
	const frequency = new Map<string, number>()
	for (const { headline } of body.items ?? []) {
		for (const word of (headline ?? '').toLowerCase().match(/[a-z]{6,}/g) ?? []) frequency.set(word, (frequency.get(word) ?? 0) + 1)
	}
	return [...frequency].sort((a, b) => b[1] - a[1]).slice(0, count).map(([word]) => word)
}

/**
 * Candidate queries members send to each tool, from the data the server holds (each facet's
 * values by how often they are used, the headlines' words as search terms), with the tools' own
 * sort columns and pages; canonicalised and counted in variedFamilies.
 */
async function variedCandidates(cookie: string): Promise<[string, string[]][]> {
	const years = [
		['', ''],
		['2020', '2030'],
		['2024', '2028'],
	]
	const groupings = ['Region', 'Country', 'Sector', 'Region~Sector', 'Region~UtilityIndustrial', 'Sector~Region', 'Region~Country', 'ExpenditureType~Region', 'UtilityIndustrial~Sector~Region']
	// The table sorted by growth, as members ask for the fastest-growing markets.
	const tableSorts = ['', '&sort=cagr&sortOrder=desc']
	const forecast = product<string | string[]>(['TotalSpending', 'CAPEX', 'OPEX'], groupings, years, tableSorts).map(
		([type, groups, [start, end], sort]) =>
			`/data?reportType=${type}&groupBy=${groups}&globalForecast=true&techForecast=false${start ? `&startYear=${start}&endYear=${end}` : ''}${sort}`,
	)
	const sorts = (columns: readonly string[]) => columns.flatMap((column) => [`&sortBy=${column}&sortOrder=${ASCENDING}`, `&sortBy=${column}&sortOrder=${DESCENDING}`])
	const companyFacets = '/searchCompanies?pageSize=1'
	const [expertise, countries, industries] = await Promise.all(
		[COMPANY_FILTERS.expertise, COMPANY_FILTERS.country, COMPANY_FILTERS.industries].map((facet) => facetValues(companyFacets, facet, cookie, 10)),
	)
	const companies = [
		...product(expertise, ['', '&pageNum=2', ...sorts(COMPANIES_TABLE.sortColumns)]).map(([value, rest]) => `${COMPANIES_PATH}?${filter(COMPANY_FILTERS.expertise, value)}${rest}`),
		...product(countries, ['', '&pageNum=2']).map(([value, rest]) => `${COMPANIES_PATH}?${filter(COMPANY_FILTERS.country, value)}${rest}`),
		...product(expertise.slice(0, 5), industries.slice(0, 5)).map(([value, sector]) => `${COMPANIES_PATH}?${filter(COMPANY_FILTERS.expertise, value)}&${filter(COMPANY_FILTERS.industries, sector)}`),
		...Array.from({ length: 12 }, (_, i) => `${COMPANIES_PATH}?pageNum=${i + 1}`),
	]
	const trackerFacets = '/searchProjects?pageSize=1'
	const [types, categories, regions, progress] = await Promise.all(
		[TRACKER_FILTERS.projectType, TRACKER_FILTERS.projectCategory, TRACKER_FILTERS.regions, TRACKER_FILTERS.progress].map((facet) => facetValues(trackerFacets, facet, cookie, 10)),
	)
	const tracker = [
		...product(types, [...categories, ...categories.slice(0, 3).map((category, i) => `${category}~${categories[i + 3] ?? categories[0]}`)]).map(
			([type, category]) => `${TRACKER_PATH}?${filter(TRACKER_FILTERS.projectType, type)}&${filter(TRACKER_FILTERS.projectCategory, category)}`,
		),
		...product(regions, ['', ...progress.slice(0, 3).map((value) => `&${filter(TRACKER_FILTERS.progress, value)}`)]).map(([region, rest]) => `${TRACKER_PATH}?${filter(TRACKER_FILTERS.regions, region)}${rest}`),
		...Array.from({ length: 12 }, (_, i) => `${TRACKER_PATH}?pageNum=${i + 1}`),
		...product(types, sorts(TRACKER_TABLE.sortColumns.slice(0, 3))).map(([type, rest]) => `${TRACKER_PATH}?${filter(TRACKER_FILTERS.projectType, type)}${rest}`),
	]
	const terms = await searchTerms(cookie, 25)
	const search = product(terms, ['', `&${filter('Page type', '/articles')}`, '&pageNum=2']).map(([term, rest]) => `/search?searchTerm=${encodeURIComponent(term)}&sortBy=Relevance${rest}`)
	return [
		['site search (varied)', search],
		['tracker (varied)', tracker],
		['indexes (companies, varied)', companies],
		['forecast explorer (varied)', forecast],
	]
}

/**
 * Each varied family's distinct canonical URLs that answer 200 for this reader (a redirect is
 * followed to the URL it names). Fewer than VARIED_MIN_QUERIES stops the bench: the row would
 * not measure what it says.
 */
async function variedFamilies(cookie: string) {
	const families: [string, string[]][] = []
	for (const [name, candidates] of await variedCandidates(cookie)) {
		if (ONLY && !ONLY.some((only) => name.startsWith(only))) continue
		const paths = new Set<string>()
		for (const candidate of candidates) {
			let url = new URL(candidate, BASE)
			let response = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })
			for (let hops = 0; hops < 3 && response.headers.get('location'); hops++) {
				await response.arrayBuffer()
				url = new URL(response.headers.get('location')!, url)
				response = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })
			}
			await response.arrayBuffer()
			if (response.status === 200 && url.origin === BASE) paths.add(url.pathname + url.search)
		}
		if (paths.size < VARIED_MIN_QUERIES) throw new Error(`${name}: only ${paths.size} distinct queries answer 200 (at least ${VARIED_MIN_QUERIES} needed)`)
		families.push([name, [...paths]])
	}
	return families
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`

/** HTML, JS and CSS a first visit downloads, gzipped; and whether Highcharts is among them. */
async function pageBytes(html: string) {
	const scripts = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]))
	const styles = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map((m) => m[1]))
	const size = async (sources: Set<string>) => {
		let total = 0
		for (const source of sources) total += gzip(new Uint8Array(await (await fetch(new URL(source, BASE))).arrayBuffer()))
		return total
	}
	return { html: gzip(Buffer.from(html)), js: await size(scripts), css: await size(styles), scripts: scripts.size, charts: [...scripts].some((s) => /highcharts|chart-library/i.test(s)) }
}

const timingOf = (header: string | null, name: string) => Number(header?.match(new RegExp(`(?:^|, )${name};[^,]*dur=([\\d.]+)`))?.[1] ?? 0)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** One request at a time: the page's latency and its Server-Timing split without contention. */
async function alone(url: string, cookie: string) {
	const samples: { ms: number; api: number; render: number }[] = []
	for (let i = 0; i < ALONE_REQUESTS; i++) {
		const started = performance.now()
		const response = await fetch(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' }, redirect: 'manual' })
		await response.arrayBuffer()
		const timing = response.headers.get('server-timing')
		samples.push({ ms: performance.now() - started, api: timingOf(timing, 'api'), render: timingOf(timing, 'render') })
	}
	return { ms: median(samples.map((s) => s.ms)), api: median(samples.map((s) => s.api)), render: median(samples.map((s) => s.render)) }
}

type Load = { rps: number; p50: number; p99: number; failures: number }

/** A URL, or a varied family's paths: each request takes the next one (every connection in turn). */
async function load(url: string | string[], cookie: string, connections: number, { seconds = SECONDS, warmup = WARMUP_SECONDS } = {}): Promise<Load> {
	let next = 0
	const paths = typeof url === 'string' ? null : url
	const options = {
		url: paths ? BASE : (url as string),
		connections,
		headers: { 'Accept-Encoding': 'gzip', ...(cookie ? { Cookie: cookie } : {}) },
		...(paths ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length] }) }] } : {}),
	}
	if (warmup > 0) await autocannon({ ...options, duration: warmup })
	const result = await autocannon({ ...options, duration: seconds })
	return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx }
}

/** Every page to be measured in turn, as each reader measured, until SERVER_WARMUP_SECONDS have passed (and each once). */
async function warmServer(pages: { url: string; cookie: string }[]) {
	const slice = Math.max(WARMUP_SECONDS, 1)
	let seconds = 0
	do {
		for (const { url, cookie } of pages) await load(url, cookie, 10, { seconds: slice, warmup: 0 })
		seconds += slice * pages.length
	} while (seconds < SERVER_WARMUP_SECONDS)
	return seconds
}

/**
 * The page and its static copy in ROUNDS alternating runs after one warm-up of each: the
 * medians of req/s, p50 and p99, the median of each round's share of the static rate, and
 * every failure counted.
 */
async function compare(pageUrl: string, cookie: string, staticUrl: string | null, connections: number) {
	const pages: Load[] = []
	const statics: Load[] = []
	for (let round = 0; round < ROUNDS; round++) {
		pages.push(await load(pageUrl, cookie, connections, { warmup: round === 0 ? WARMUP_SECONDS : 0 }))
		if (staticUrl) statics.push(await load(staticUrl, '', connections, { warmup: round === 0 ? Math.min(WARMUP_SECONDS, 1) : 0 }))
	}
	const of = (loads: Load[], key: keyof Load) => median(loads.map((run) => run[key]))
	const failures = (loads: Load[]) => loads.reduce((sum, run) => sum + run.failures, 0)
	return {
		page: { rps: of(pages, 'rps'), p50: of(pages, 'p50'), p99: of(pages, 'p99'), failures: failures(pages) },
		staticCopy: { rps: of(statics, 'rps'), p99: of(statics, 'p99'), failures: failures(statics) },
		share: statics.length ? median(pages.map((run, i) => run.rps / statics[i]!.rps)) : 0,
	}
}

/** Resident memory of the server and its workers (node:cluster), in MB. */
function serverMemoryMb(): number {
	if (!server?.pid) return 0
	const pids = [server.pid]
	for (let i = 0; i < pids.length; i++) {
		try {
			for (const task of fs.readdirSync(`/proc/${pids[i]}/task`, { withFileTypes: true })) {
				const children = fs.readFileSync(`/proc/${pids[i]}/task/${task.name}/children`, 'utf8').trim()
				if (children) pids.push(...children.split(/\s+/).map(Number))
			}
		} catch {
			// a process (a database backend, say) that ended meanwhile
		}
	}
	let kbTotal = 0
	for (const pid of pids) {
		try {
			const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
			const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
			if (comm.startsWith('postgres')) continue // the embedded database is not the server's memory
			kbTotal += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0)
		} catch {
			// a process that ended meanwhile
		}
	}
	return kbTotal / 1024
}

async function soak(url: string) {
	const samples: number[] = [serverMemoryMb()]
	const timer = setInterval(() => samples.push(serverMemoryMb()), 5_000)
	const result = await load(url, '', 50, { seconds: SOAK_SECONDS })
	clearInterval(timer)
	samples.push(serverMemoryMb())
	return { result, samples }
}


/**
 * The signed-in article while the Strategist downloads chart images: ten exports in flight at
 * all times (PNG, JPG and PDF in turn), as a burst of readers pressing the chart menu would.
 * Rasterising on the event loop would hold every other reader of that process meanwhile.
 */
async function articleDuringExports(articleUrl: string, cookie: string) {
	const query = 'reportType=TotalSpending&groupBy=Region~Sector&globalForecast=true&techForecast=false'
	const formats = ['png', 'jpg', 'pdf']
	let running = true
	let exported = 0
	let failed = 0
	const exporter = async (lane: number) => {
		for (let i = lane; running; i++) {
			const response = await fetch(`${BASE}/data/export/${formats[i % formats.length]}?${query}`, { headers: { Cookie: cookie } }).catch(() => null)
			await response?.arrayBuffer()
			if (response?.ok) exported++
			else failed++
		}
	}
	const lanes = Array.from({ length: 10 }, (_, lane) => exporter(lane))
	const result = await load(articleUrl, cookie, 10, { warmup: 1 })
	running = false
	await Promise.all(lanes)
	return { result, exported, failed }
}

/**
 * Each download's memory, one at a time: the server's resident memory (every process but the
 * database) sampled every 20 ms while the file is made and sent, its peak above the level
 * just before. The forecast workbook is asked for its largest groupings over every year.
 */
async function downloadsMemory(cookie: string) {
	const downloads = [
		['projects.xlsx, every project', `${TRACKER_PATH}.xlsx?${filter(TRACKER_FILTERS.includeArchived, 'true')}`],
		['companies.xlsx, every company', '/companies.xlsx'],
		...['Region~Country', 'Country~Sector', 'UtilityIndustrial~Sector~Region'].map((groups) => [
			`forecast workbook, ${groups}`,
			`/data/export/xlsx?reportType=TotalSpending&groupBy=${groups}&globalForecast=true&techForecast=false`,
		]),
	]
	const rows: string[] = []
	for (const [name, url] of downloads) {
		await new Promise((resolve) => setTimeout(resolve, 1_000))
		const before = serverMemoryMb()
		let peak = before
		const timer = setInterval(() => (peak = Math.max(peak, serverMemoryMb())), 20)
		const started = performance.now()
		const response = await fetch(BASE + url, { headers: { Cookie: cookie } })
		const bytes = (await response.arrayBuffer()).byteLength
		const ms = performance.now() - started
		clearInterval(timer)
		peak = Math.max(peak, serverMemoryMb())
		rows.push(`| ${name} | ${response.status} | ${(bytes / 1024).toFixed(0)} | ${ms.toFixed(0)} | ${before.toFixed(0)} | ${peak.toFixed(0)} | ${(peak - before).toFixed(0)} |`)
		console.log(rows.at(-1))
	}
	return rows
}

async function main() {
	console.log(`[bench] ${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} · Node ${process.version} · scale ${SCALE}${QUICK ? ' · quick' : ''}`)
	if (ALERTS !== 'only' && process.env.BENCH_SKIP_BUILD !== '1') run('npm', ['run', 'build'], process.env)
	prepareDatabase()
	// On the bench's database before the server opens it (one process at a time runs its cluster).
	const alertDigests = ALERTS === '0' ? '' : benchAlertDigests()
	if (ALERTS === 'only') return console.log(alertDigests)
	await startServer()
	try {
		const member = await signInMember()
		if (process.env.BENCH_VARIED === 'list') {
			for (const [name, paths] of await variedFamilies(member)) console.log(`${name}: ${paths.length} distinct queries\n  ${paths.join('\n  ')}`)
			return
		}
		const families = await pageFamilies(member)
		const readers = ([['visitor', ''], ['member', member]] as const).filter(([role]) => !AS || AS === role)
		if (SERVER_WARMUP_SECONDS > 0) {
			const warmed = await warmServer(families.flatMap(([, pagePath]) => readers.map(([, cookie]) => ({ url: BASE + pagePath, cookie }))))
			console.log(`[bench] the server served every page in turn for ${warmed} s before measuring`)
		}
		const rows: string[] = []
		const splits: string[] = []
		const sizes: string[] = []
		for (const [name, pagePath] of families) {
			for (const [role, warmUpCookie] of readers) {
				// Signed in afresh for each page: the run outlasts an access token (an hour), and every
				// request with an expired one would renew it (a browser keeps the renewed cookie; the
				// load generator cannot), measuring the renewal instead of the page.
				const cookie = role === 'member' ? await signInMember() : warmUpCookie
				const url = BASE + pagePath
				const first = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })
				const html = await first.text()
				if (first.status !== 200) {
					rows.push(`| ${name} | ${role} | answered ${first.status} | | | | | | | |`)
					continue
				}
				const file = `${name.replace(/\W+/g, '-')}-${role}.html`
				fs.writeFileSync(path.join(STATIC_DIR, file), html)
				const timing = await alone(url, cookie)
				splits.push(`| ${name} | ${role} | ${timing.ms.toFixed(0)} | ${timing.api.toFixed(0)} | ${timing.render.toFixed(0)} |`)
				if (role === 'visitor') {
					const bytes = await pageBytes(html)
					sizes.push(`| ${name} | ${kb(bytes.html)} | ${kb(bytes.js)} (${bytes.scripts} files${bytes.charts ? ', charts' : ''}) | ${kb(bytes.css)} |`)
				}
				for (const connections of CONNECTIONS) {
					const { page, staticCopy, share } = await compare(url, cookie, WITH_STATIC ? BASE + STATIC_PATH + file : null, connections)
					rows.push(
						`| ${name} | ${role} | ${connections} | ${page.rps.toFixed(0)} | ${page.p50.toFixed(0)} | ${page.p99.toFixed(0)} | ${staticCopy.rps.toFixed(0)} | ${staticCopy.p99.toFixed(0)} | ${share > 0 ? `${Math.round(100 * share)} %` : '–'} | ${page.failures}${staticCopy.failures ? ` (static ${staticCopy.failures})` : ''} |`,
					)
					console.log(rows.at(-1))
				}
			}
		}
		if (WITH_VARIED && AS !== 'visitor') {
			const cookie = await signInMember()
			for (const [name, paths] of await variedFamilies(cookie)) {
				for (const connections of CONNECTIONS) {
					const page = await load(paths, cookie, connections)
					rows.push(`| ${name}: ${paths.length} queries | member | ${connections} | ${page.rps.toFixed(0)} | ${page.p50.toFixed(0)} | ${page.p99.toFixed(0)} | | | – | ${page.failures} |`)
					console.log(rows.at(-1))
				}
			}
		}
		const article = families.find(([name]) => name === 'article')
		const memory = article && AS !== 'member' ? await soak(BASE + article[1]) : undefined
		const duringExports = article && AS !== 'visitor' ? await articleDuringExports(BASE + article[1], await signInMember()) : undefined
		const downloads = AS !== 'visitor' && (!ONLY || ONLY.includes('downloads')) ? await downloadsMemory(await signInMember()) : undefined

		console.log(`\n### Load (autocannon, gzip; medians of ${ROUNDS} alternating rounds of ${SECONDS} s; "static" is the same HTML as a file from the same server)\n`)
		console.log('| page | as | connections | req/s | p50 ms | p99 ms | static req/s | static p99 ms | share of static | errors + non-2xx |')
		console.log('|---|---|---|---|---|---|---|---|---|---|')
		for (const row of rows) console.log(row)
		console.log(`\n### Server-Timing, one request at a time (medians of ${ALONE_REQUESTS})\n`)
		console.log('| page | as | total ms | api ms | render ms |')
		console.log('|---|---|---|---|---|')
		for (const row of splits) console.log(row)
		console.log('\n### Bytes a first visit downloads (kB, gzip)\n')
		console.log('| page | HTML | JS | CSS |')
		console.log('|---|---|---|---|')
		for (const row of sizes) console.log(row)
		if (duringExports) {
			const { result, exported, failed } = duringExports
			console.log(`\n### Article as a member, 10 connections, ${SECONDS} s, while 10 chart exports (PNG, JPG, PDF) run at once`)
			console.log(`${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.failures} errors/non-2xx; ${exported} exports done, ${failed} failed`)
		}
		if (downloads) {
			console.log('\n### Downloads one at a time as a member: server RSS (MB, every process but the database) sampled every 20 ms\n')
			console.log('| download | status | kB | ms | RSS before | RSS peak | growth |')
			console.log('|---|---|---|---|---|---|---|')
			for (const row of downloads) console.log(row)
		}
		if (memory) {
			console.log(`\n### Memory: article as a visitor, 50 connections, ${SOAK_SECONDS} s`)
			console.log(`${memory.result.rps.toFixed(0)} req/s, p99 ${memory.result.p99} ms, ${memory.result.failures} errors/non-2xx; server RSS (MB) every 5 s: ${memory.samples.map((mb) => mb.toFixed(0)).join(' ')}`)
		}
		if (alertDigests) console.log(alertDigests)
	} finally {
		await stopServer()
		fs.rmSync(STATIC_DIR, { recursive: true, force: true })
	}
}

process.on('SIGINT', () => void stopServer().then(() => process.exit(130)))
main().catch(async (error) => {
	console.error(error)
	await stopServer()
	process.exit(1)
})
