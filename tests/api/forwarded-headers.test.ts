/**
 * Headers a client writes about itself (X-Forwarded-For,
 * X-Forwarded-Host, Host) decide nothing unless a configured proxy wrote them.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApi } from '../../backend/api/index.ts'
import { applyTrustProxy, isAllowedHost, publicHostOnly, trustProxySetting } from '../../backend/http/forwarded.ts'
import { RATE_LIMITS } from '../../backend/identity/rate-limit.ts'
import { DEMO_ORGANISATION } from '../../backend/seed/demo-accounts.ts'
import { loader as robotsLoader } from '../../app/routes/robots[.]txt.ts'
import { loader as sitemapLoader } from '../../app/routes/sitemap[.]xml.ts'
import { loader as homeLoader, meta as homeMeta } from '../../app/routes/_index.tsx'
import { useTestDatabase } from '../support/database.ts'
import { authorizationUrl, Browser, formAction, pkce, startIdentityServer } from '../support/oidc-browser.ts'
import { siteContext, unwrap } from '../support/site.ts'

const database = useTestDatabase()

/** A plain HTTP request, so Host can be anything (fetch would not let us set it). */
function raw(origin: string, path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const request = http.request(new URL(path, origin), { method, headers }, (response) => {
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (body += chunk))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
		})
		request.on('error', reject)
		request.end()
	})
}

test('TRUST_PROXY: nobody by default; hops, lists and names as Express takes them', () => {
	expect(trustProxySetting(undefined)).toBe(false)
	for (const none of ['', 'none', 'false', '0']) expect(trustProxySetting(none)).toBe(false)
	expect(trustProxySetting('1')).toBe(1)
	expect(trustProxySetting('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8')
})

test('a Host stands when it is the public one, or a loopback name from a loopback peer', () => {
	expect(isAllowedHost('www.example.org', '203.0.113.9', 'www.example.org')).toBe(true)
	expect(isAllowedHost('evil.example', '127.0.0.1', 'www.example.org')).toBe(false)
	expect(isAllowedHost('127.0.0.1:3000', '127.0.0.1', 'www.example.org')).toBe(true)
	expect(isAllowedHost('localhost:9', '::ffff:127.0.0.1', 'www.example.org')).toBe(true)
	expect(isAllowedHost('localhost', '203.0.113.9', 'www.example.org')).toBe(false)
	expect(isAllowedHost(undefined, '127.0.0.1', 'www.example.org')).toBe(false)
})

describe('sign-in by network address over HTTP, as server.ts mounts the API', () => {
	let server: http.Server
	let origin: string
	const saved = process.env.NODE_ENV
	beforeAll(async () => {
		const app = express()
		applyTrustProxy(app)
		app.use(publicHostOnly())
		app.use('/api', getRequestListener(createApi({ db: database.db }).fetch))
		server = http.createServer(app)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(() => {
		process.env.NODE_ENV = saved
		server.close()
	})

	test("a forged X-Forwarded-For with the organisation's address does not sign in as the organisation", async () => {
		const forged = await raw(origin, '/api/ip-login', { method: 'POST', headers: { 'X-Forwarded-For': DEMO_ORGANISATION.sampleIp } })
		expect(forged.status).toBe(404)
		expect(forged.body).not.toContain('"token"')
	})

	test('rotating X-Forwarded-For does not get around the rate limit', async () => {
		const statuses: number[] = []
		for (let i = 0; i <= RATE_LIMITS.ipLogin.limit; i++) {
			statuses.push((await raw(origin, '/api/ip-login', { method: 'POST', headers: { 'X-Forwarded-For': `198.18.0.${i + 1}` } })).status)
		}
		expect(statuses.at(-1)).toBe(429)
	})
})

describe('sign-in attempts at the identity provider', () => {
	async function attempts(serverOptions: { trustProxy?: string }, count: number, email: string) {
		const server = await startIdentityServer(database.db, serverOptions)
		try {
			const browser = new Browser(server.origin)
			const { challenge } = pkce()
			const page = await browser.follow(authorizationUrl(server.origin, { state: 'state-1', challenge }))
			const action = formAction(page.text, '/login')
			const statuses: number[] = []
			for (let i = 0; i < count; i++) {
				const answer = await browser.request(action, { form: { email, password: `Wrong-guess-${i}!` }, headers: { 'X-Forwarded-For': `198.18.1.${i + 1}` } })
				statuses.push(answer.status)
			}
			return statuses
		} finally {
			await server.close()
		}
	}

	test('a forged X-Forwarded-For is not believed: the address-and-account limit holds', async () => {
		const statuses = await attempts({}, RATE_LIMITS.signIn.limit + 1, 'free@example.com')
		expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true)
		expect(statuses.at(-1)).toBe(429)
	})

	test('guesses from many addresses (through a trusted proxy) still stop at the per-account limit', async () => {
		const statuses = await attempts({ trustProxy: 'loopback' }, RATE_LIMITS.signInAccount.limit + 1, 'executive@example.com')
		expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true)
		expect(statuses.at(-1)).toBe(429)
	})
})

describe('an unknown Host or X-Forwarded-Host never reaches an absolute URL', () => {
	const evil = 'evil.example'
	const request = (path: string) => new Request(`http://${evil}${path}`, { headers: { 'X-Forwarded-Host': evil } })

	test("robots.txt's Sitemap line and the sitemap index", async () => {
		const robots = (await robotsLoader({ request: request('/robots.txt'), context: siteContext(database.db), params: {} })) as Response
		const text = await robots.text()
		expect(text).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
		expect(text).not.toContain(evil)
		const sitemap = (await sitemapLoader({ request: request('/sitemap.xml'), context: siteContext(database.db), params: {} })) as Response
		expect(await sitemap.text()).not.toContain(evil)
	})

	test("the home page's canonical link and og:url", async () => {
		const { data } = unwrap<Record<string, unknown>>(await homeLoader({ request: request('/'), context: siteContext(database.db), params: {} }))
		const tags = JSON.stringify(homeMeta({ data, params: {}, location: { pathname: '/', search: '', hash: '', state: null, key: 'k' }, matches: [] } as never))
		expect(tags).toContain('http://localhost:')
		expect(tags).not.toContain(evil)
	})

	test('OIDC discovery names the public host whatever Host and X-Forwarded-Host say', async () => {
		const server = await startIdentityServer(database.db)
		try {
			const forged: Record<string, string>[] = [{ Host: evil }, { 'X-Forwarded-Host': evil }, { Host: evil, 'X-Forwarded-Host': evil, 'X-Forwarded-Proto': 'https' }]
			for (const headers of forged) {
				const discovery = await raw(server.origin, '/oidc/.well-known/openid-configuration', { headers })
				expect(discovery.status).toBe(200)
				expect(discovery.body).not.toContain(evil)
				expect(discovery.body).not.toContain('https://')
			}
		} finally {
			await server.close()
		}
	})
})
