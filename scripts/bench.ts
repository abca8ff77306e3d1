/**
 * `npm run bench`: latency, throughput, Server-Timing and client JavaScript per page,
 * against a running site (default http://127.0.0.1:3000, i.e. `npm start`).
 * Bounded: REQUESTS per page at CONCURRENCY, each page stopping after MAX_SECONDS.
 * Loopback only — never point it at another host.
 */
import { gzipSync } from 'node:zlib'

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:3000'
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
const MAX_SECONDS = 30
/** A signed-in reader's session cookie (copy it from a browser signed in as a Strategist): member pages then measure their real queries, not the sample. */
const COOKIE = process.env.BENCH_COOKIE
const requestInit = (init: RequestInit = {}): RequestInit => (COOKIE ? { ...init, headers: { Cookie: COOKIE } } : init)

if (!/^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE)) {
	throw new Error(`bench only targets loopback addresses, not ${BASE}`)
}

type Sample = { ms: number; api: number; render: number; status: number }

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

function serverTiming(header: string | null, name: string) {
	const match = header?.match(new RegExp(`${name};[^,]*dur=([\\d.]+)`))
	return match ? Number(match[1]) : 0
}

async function measure(path: string): Promise<Sample[]> {
	const samples: Sample[] = []
	const deadline = Date.now() + MAX_SECONDS * 1000
	for (let i = 0; i < 5; i++) await fetch(BASE + path, requestInit()).then((r) => r.arrayBuffer()) // warm up
	let next = 0
	async function worker() {
		while (next < REQUESTS && Date.now() < deadline) {
			next++
			const started = performance.now()
			const response = await fetch(BASE + path, requestInit({ redirect: 'manual' }))
			await response.arrayBuffer()
			const timing = response.headers.get('server-timing')
			samples.push({ ms: performance.now() - started, api: serverTiming(timing, 'api'), render: serverTiming(timing, 'render'), status: response.status })
		}
	}
	const started = performance.now()
	await Promise.all(Array.from({ length: CONCURRENCY }, worker))
	;(samples as Sample[] & { seconds?: number }).seconds = (performance.now() - started) / 1000
	return samples
}

/** Scripts a first visit downloads (entry, route modules, preloads), gzipped. */
async function clientScriptKb(path: string) {
	const html = await fetch(BASE + path).then((r) => r.text())
	const sources = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]))
	let bytes = 0
	for (const source of sources) bytes += gzipSync(Buffer.from((await (await fetch(new URL(source, BASE))).arrayBuffer()) as ArrayBuffer)).length
	return { kb: bytes / 1024, files: sources.size, highcharts: [...sources].some((s) => /highcharts/i.test(s)) }
}

async function main() {
	const firstSlug = async (entity: string) => ((await fetch(`${BASE}/api/${entity}?pageSize=1`).then((r) => r.json())) as { items: { slug: string }[] }).items[0]!.slug
	const [article, company, project, topic, newsletter, document] = await Promise.all(['articles', 'companies', 'projects', 'topics', 'newsletters', 'documents'].map(firstSlug))
	const pages = [
		['home', '/'],
		['article list', '/articles'],
		['article list, page 50', '/articles?page=50'],
		['article', `/articles/${article}`],
		['custom page (every card kind)', '/pages/desalination-hub'],
		['company', `/companies/${company}`],
		['project list', '/projects'],
		['project', `/projects/${project}`],
		['topic', `/topics/${topic}`],
		['newsletter issue', `/newsletters/${newsletter}`],
		['site search', '/search?searchTerm=desalination&sortBy=Relevance&filters%5BPage%20type%5D=%2Farticles'],
		// A Strategist's page: without BENCH_COOKIE this measures the redirect to /.
		['forecast data (region by sector)', '/data?reportType=TotalSpending&groupBy=Region~Sector&globalForecast=true&techForecast=false'],
		['API: article list', '/api/articles?pageSize=10'],
		['memberships', '/memberships'],
		['advertise', '/advertise'],
		['document', `/documents/${document}`],
		// Issue 12 targets (p50 ≤ 80 ms; run with BENCH_COOKIE of a Strategist to measure the real queries, not the sample).
		['Project Tracker, three filters', '/projecttracker?filters%5BProject%20type%5D=Build&filters%5BProject%20category%5D=Desal~WWTP&filters%5BMinimum%20cost%5D=50'],
		['companies index, two filters', '/companies?filters%5BExpertise%5D=Desalination&filters%5BMinimum%20revenue%5D=1'],
	] as const
	console.log(`Benchmark of ${BASE}: ${REQUESTS} requests per page, ${CONCURRENCY} at a time\n`)
	console.log('| page | p50 ms | p95 ms | req/s | api p50 ms | render p50 ms | JS (gzip) |')
	console.log('|---|---|---|---|---|---|---|')
	for (const [name, path] of pages) {
		const samples = (await measure(path)) as Sample[] & { seconds: number }
		const failures = samples.filter((s) => s.status >= 400).length
		const js = path.startsWith('/api') ? null : await clientScriptKb(path)
		const ms = samples.map((s) => s.ms)
		console.log(
			`| ${name} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 95).toFixed(1)} | ${(samples.length / samples.seconds).toFixed(0)} | ${percentile(samples.map((s) => s.api), 50).toFixed(1)} | ${percentile(samples.map((s) => s.render), 50).toFixed(1)} | ${js ? `${js.kb.toFixed(1)} kB in ${js.files} files${js.highcharts ? ' (Highcharts!)' : ''}` : '–'} |${failures ? ` ${failures} failed` : ''}`,
		)
	}
}

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
