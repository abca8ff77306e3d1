/**
 * The origin's cache of anonymous pages (backend/http/page-cache.ts), on the real production
 * server (build/server.js in a child process, its own embedded PostgreSQL): a visitor's page is
 * kept and answered again with the nonce it was rendered with; a signed-in reader's page is
 * never kept and never answered from a visitor's copy; the consent cookie is part of the key;
 * a change of shared content empties it, a reader's own post does not.
 * The server runs as a cluster (two workers on this machine), each with its own copy: a test of
 * one copy talks to one worker over one kept-alive connection; a change on one worker must
 * empty the other's copy too.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PAGE_CACHE_HEADER, pageCacheKey, sharedLifetime } from '../../backend/http/page-cache.ts'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { Browser, formAction } from '../support/oidc-browser.ts'
import { freePort } from '../support/free-port.ts'

const run = promisify(execFile)
/** A bound against a hang, not a measure of speed: on an oversubscribed machine a start took over 30 s. */
const START_TIMEOUT_MS = 90_000

let dataDir: string
let server: ChildProcess | undefined
let origin: string
let output = ''

beforeAll(async () => {
	if (!existsSync('build/server.js')) await run('npm', ['run', 'build', '--silent'])
	dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'page-cache-'))
	await fs.chmod(dataDir, 0o755)
	const [port, databasePort] = [await freePort(), await freePort()]
	origin = `http://127.0.0.1:${port}`
	const { DATABASE_URL: _url, OIDC_ISSUER: _issuer, SESSION_SECRET: _secret, API_BASE_URL: _api, PAGE_CACHE: _cache, ...inherited } = process.env
	const env: NodeJS.ProcessEnv = { ...inherited, NODE_ENV: 'production', SITE_MODE: 'demo', HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(databasePort) }
	await run('node_modules/.bin/tsx', ['backend/seed/cli.ts', '--scale', '0.02'], { env })
	const child = spawn(process.execPath, ['build/server.js'], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
	server = child
	child.stdout.on('data', (chunk) => (output += chunk))
	child.stderr.on('data', (chunk) => (output += chunk))
	const deadline = Date.now() + START_TIMEOUT_MS
	while (!output.includes('site ready')) {
		if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}, 300_000)

afterAll(async () => {
	if (server && server.exitCode === null) {
		const exited = new Promise((resolve) => server!.once('exit', resolve))
		server.kill('SIGTERM')
		await exited
	}
	await fs.rm(dataDir, { recursive: true, force: true })
})

/** A bound for a change notice to reach the other worker (milliseconds when the machine is quiet). */
const NOTICE_TIMEOUT_MS = 20_000

/** The CSP nonce a page was rendered with (a kept copy is answered with its own). */
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1] ?? ''

/** One kept-alive connection, so a test of one copy always reaches the same worker. */
const oneWorker = new http.Agent({ keepAlive: true, maxSockets: 1 })
afterAll(() => oneWorker.destroy())

/** A GET on the kept-alive connection, or (`newConnection`) on a connection of its own. */
const get = (pathname: string, cookie = '', { newConnection = false } = {}) =>
	new Promise<{ status: number; headers: Headers; html: string }>((resolve, reject) => {
		const request = http.get(origin + pathname, { agent: newConnection ? false : oneWorker, headers: cookie ? { Cookie: cookie } : {} }, (response) => {
			let html = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (html += chunk))
			response.on('end', () => {
				const headers = new Headers()
				for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(name, String(value))
				resolve({ status: response.statusCode ?? 0, headers, html })
			})
			response.on('error', reject)
		})
		request.on('error', reject)
	})
const nonceIn = (html: string) => html.match(/<script nonce="([^"]+)"/)?.[1]

/** The demo Strategist, signed in through the site's /login and the embedded provider's form. */
async function signedInCookie() {
	const browser = new Browser(origin)
	const signInPage = await browser.follow('/login?returnUrl=%2F')
	await browser.follow(formAction(signInPage.text, '/login'), { form: { email: 'strategist@example.com', password: DEMO_PASSWORD } })
	const home = await browser.request('/')
	expect(home.text).toContain('profile-menu')
	return browser.cookie('__session') ?? ''
}

describe('the page cache', () => {
	test("keeps a visitor's page and answers it again, with the nonce it was rendered with", async () => {
		const first = await get('/articles?page=2')
		expect(first.status).toBe(200)
		expect(first.headers.get(PAGE_CACHE_HEADER)).toBe('miss')
		const second = await get('/articles?page=2')
		expect(second.headers.get(PAGE_CACHE_HEADER)).toBe('hit')
		expect(second.html).toBe(first.html)
		const nonce = nonceIn(second.html)
		expect(nonce).toBeTruthy()
		expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
		expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
	})

	test('answers a copy compressed once for each encoding the reader accepts', async () => {
		const raw = (encoding: string) =>
			new Promise<{ encoding: string | undefined; cache: string | undefined; length: string | undefined; body: Buffer }>((resolve, reject) => {
				http.get(origin + '/articles?page=7', { agent: oneWorker, headers: { 'Accept-Encoding': encoding } }, (response) => {
					const chunks: Buffer[] = []
					response.on('data', (chunk: Buffer) => chunks.push(chunk))
					response.on('end', () =>
						resolve({ encoding: response.headers['content-encoding'], cache: response.headers[PAGE_CACHE_HEADER.toLowerCase()] as string | undefined, length: response.headers['content-length'], body: Buffer.concat(chunks) }),
					)
					response.on('error', reject)
				}).on('error', reject)
			})
		await raw('identity') // kept
		const plain = await raw('identity')
		const brotli = await raw('br, gzip')
		const gzip = await raw('gzip')
		expect([plain.cache, brotli.cache, gzip.cache]).toEqual(['hit', 'hit', 'hit'])
		expect([plain.encoding, brotli.encoding, gzip.encoding]).toEqual([undefined, 'br', 'gzip'])
		expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString())
		expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString())
		// Stored bytes, not a stream compressed anew: their length is known before they are sent.
		expect([brotli.length, gzip.length]).toEqual([String(brotli.body.length), String(gzip.body.length)])
	})

	test("never keeps a signed-in reader's page, nor answers one from a visitor's copy", async () => {
		const cookie = await signedInCookie()
		expect(cookie).not.toBe('')
		await get('/articles?page=3') // a visitor's copy now exists
		for (let i = 0; i < 2; i++) {
			const member = await get('/articles?page=3', cookie)
			expect(member.status).toBe(200)
			expect(member.headers.get(PAGE_CACHE_HEADER)).toBeNull()
			expect(member.html).toContain('profile-menu')
			expect(member.headers.get('cache-control')).toContain('private')
		}
		// The signed-in page was not kept for visitors either.
		const visitor = await get('/articles?page=4')
		await get('/articles?page=4', cookie)
		const again = await get('/articles?page=4')
		expect(visitor.html).not.toContain('profile-menu')
		expect(again.html).not.toContain('profile-menu')
		expect(again.html).toBe(visitor.html)
	})

	test('a visitor who has answered the cookie banner gets their own copy, without the banner', async () => {
		const undecided = await get('/articles?page=5')
		expect(undecided.html).toContain('name="intent" value="accept-all"')
		const consent = await fetch(`${origin}/consent`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ intent: 'reject-all', returnUrl: '/articles?page=5' }) })
		const cookie = consent.headers.getSetCookie()[0]!.split(';')[0]!
		const decided = await get('/articles?page=5', cookie)
		expect(decided.headers.get(PAGE_CACHE_HEADER)).toBe('miss')
		expect(decided.html).not.toContain('name="intent" value="accept-all"')
		// A change notice (another test's write, through PostgreSQL) may reach this worker a
		// moment later and empty a copy stored in between: the copy is kept again by the next request.
		await expect.poll(async () => (await get('/articles?page=5', cookie)).headers.get(PAGE_CACHE_HEADER), { interval: 100, timeout: 5_000 }).toBe('hit')
		expect((await get('/articles?page=5')).html).toContain('name="intent" value="accept-all"')
	})

	test("a reader's own post leaves it; a change of shared content empties it, on every worker", async () => {
		// The cluster's primary hands new connections to its idle workers in turn: four new
		// connections leave a copy on each worker, the last two answered from those copies.
		const page = () => get('/articles?page=6', '', { newConnection: true })
		const cached = async () => (await page()).headers.get(PAGE_CACHE_HEADER)
		await page()
		await page()
		const copies = [await page(), await page()]
		expect(copies.map((copy) => copy.headers.get(PAGE_CACHE_HEADER))).toEqual(['hit', 'hit'])
		// Each worker's copy is known by the nonce it was rendered with.
		const keptNonces = new Set(copies.map((copy) => nonceOf(copy.html)))
		// Consent changes only this visitor's cookie, which is part of the key.
		await fetch(`${origin}/consent`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ intent: 'accept-all', returnUrl: '/' }) })
		expect([await cached(), await cached()]).toEqual(['hit', 'hit'])
		// A member adds an opportunity: content every reader sees (a write through the API).
		const added = await fetch(`${origin}/opportunities/add`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Cookie: await signedInCookie(), Origin: origin },
			body: new URLSearchParams({
				name: 'Page cache test: reuse plant operator',
				category: 'Build',
				country: 'es',
				organisation: 'Aguas de Prueba',
				description: 'Operation and maintenance of a water reuse plant for eight years, with guarantees.',
				contactEmail: 'tenders@prueba.example.com',
			}),
		})
		expect(added.status).toBe(302)
		// The writer's worker empties its copy before answering; the other hears of the change
		// through PostgreSQL's notice a moment later. Asked in pairs (one request to each worker)
		// until neither answers with an old copy: a worker that never empties its copy fails this.
		await expect.poll(async () => [nonceOf((await page()).html), nonceOf((await page()).html)].filter((nonce) => keptNonces.has(nonce)), { interval: 50, timeout: NOTICE_TIMEOUT_MS }).toEqual([])
	})
})

describe('what may be kept', () => {
	test("a page's public Cache-Control gives the shared lifetime; private or no-store gives none", () => {
		expect(sharedLifetime('public, max-age=0, s-maxage=300, stale-while-revalidate=3600')).toEqual({ freshMs: 300_000, staleMs: 3_600_000 })
		expect(sharedLifetime('private, no-cache')).toBeNull()
		expect(sharedLifetime('no-store')).toBeNull()
		expect(sharedLifetime('public, max-age=60')).toBeNull()
		expect(sharedLifetime(undefined)).toBeNull()
	})

	test('a request with the session cookie has no key; the key holds the address, the cookies and whether a crawler asks', () => {
		const request = (headers: Record<string, string>, originalUrl = '/articles') => ({ method: 'GET', originalUrl, headers })
		expect(pageCacheKey(request({ cookie: 'gwi_consent=x; __session=abc' }))).toBeNull()
		expect(pageCacheKey({ ...request({}), method: 'POST' })).toBeNull()
		expect(pageCacheKey(request({ cookie: 'a=1; b=2' }))).toBe(pageCacheKey(request({ cookie: 'b=2; a=1' })))
		expect(pageCacheKey(request({ cookie: 'gwi_consent=x' }))).not.toBe(pageCacheKey(request({})))
		expect(pageCacheKey(request({}, '/articles?page=2'))).not.toBe(pageCacheKey(request({})))
		expect(pageCacheKey(request({ 'user-agent': 'Googlebot/2.1' }))).not.toBe(pageCacheKey(request({ 'user-agent': 'Mozilla/5.0 Firefox/120' })))
	})
})
