/**
 * Bad input is the sender's mistake, never a server error. First the
 * issue's own cases with the status each must get; then a bounded fuzz of every route of the
 * site (app/routes), of the content API (backend/api) and of the embedded identity provider
 * (its sign-in pages and its discovery document's endpoints), with real slugs from the seeded
 * database mutated into hostile values (NUL, malformed percent-encoding, overlong, numbers
 * out of range, dates out of range, markup, unicode, repeated names), hostile bodies on every
 * form post, and methods no page takes. A fixed seed makes every run send the same requests.
 * Nothing may answer 5xx, and the injected markup never comes back unescaped in HTML.
 * Pure HTTP: it runs in the chromium project only.
 */
import crypto from 'node:crypto'
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import type { EntitySummary } from '../contract/entities.ts'
import { OPPORTUNITY_MESSAGES } from '../contract/opportunities.ts'
import { MAX_FORM_BODY_BYTES } from '../contract/request-input.ts'
import { EMBEDDED_ISSUER_PATH } from '../contract/sign-in.ts'
import { draftArticle } from './support/seeded-data.ts'
import { signIn } from './support/sign-in.ts'
import { apiRoutes, entityKinds, identityRoutes, pageRoutes } from './support/site-routes.ts'

/** The fuzz's bounds: every run sends exactly the same FUZZ_REQUESTS requests (from FUZZ_SEED). */
const FUZZ_SEED = 0x9e3779b9
const FUZZ_REQUESTS = 2000
const FUZZ_CONCURRENCY = 4
const FUZZ_TIME_LIMIT_MS = 150_000

/** The markers a response must never reflect unescaped. */
const SCRIPT_MARK = '<script>fz9</script>'
const IMG_MARK = '"><img src=x onerror=fz9>'
const REFLECTED = ['<script>fz9', '<img src=x onerror=fz9']

/** mulberry32: small, fast and the same on every machine. */
function prng(seed: number) {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) }
}
type Random = ReturnType<typeof prng>

/** Hostile path segments and query values, as they go on the wire (already %-encoded where a client would). */
const HOSTILE = [
	'%zz',
	'%FF',
	'%C0%AE',
	'%',
	'%00',
	'a%00b',
	'%E2%80%AE%F0%9F%8C%8A',
	encodeURIComponent(SCRIPT_MARK),
	encodeURIComponent(IMG_MARK),
	'x'.repeat(4000),
	'..%2F..%2Fetc%2Fpasswd',
	'%2e%2e',
	'%252e',
	'%C3%BC',
	'-1',
	'0',
	'1.5',
	'1e309',
	'9007199254740993',
	'-9007199254740993',
	'NaN',
	'9999-12-31',
	'0000-01-01',
	'2024-02-30',
	'',
	'%20',
	'null',
	'%7B%22a%22%3A1%7D',
]
const QUERY_NAMES = [
	'pageNum',
	'pageSize',
	'page',
	'searchTerm',
	'publishedFrom',
	'publishedTo',
	'sortBy',
	'sortOrder',
	'filters%5BPage+type%5D',
	'filters%5BCountries%5D',
	'filters%5BArticle+type%5D',
	'includeAggregations',
	'secret',
	'returnUrl',
	'partner-company',
	'debugIPAddress',
	'type',
	'%zz',
	'%00',
]
const PAGE_METHODS_NOT_TAKEN = ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']

/** A form post cut off in the middle of a field, as a dropped connection leaves it. */
const TRUNCATED_MULTIPART = '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsta'

type Body = { name: string; contentType?: string; data?: string | Buffer }
const HOSTILE_BODIES: Body[] = [
	{ name: 'json', contentType: 'application/json', data: '{"intent":"x","returnUrl":"/"}' },
	{ name: 'broken json', contentType: 'application/json', data: '{"intent":' },
	{ name: 'text', contentType: 'text/plain', data: 'intent=unlock' },
	{ name: 'xml', contentType: 'application/xml', data: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>' },
	{ name: 'multipart without boundary', contentType: 'multipart/form-data', data: 'intent=x' },
	{ name: 'malformed multipart', contentType: 'multipart/form-data; boundary=zz', data: '--zz\r\nContent-Disposition: form-data\r\n\r\nno name, no end' },
	{ name: 'truncated multipart', contentType: 'multipart/form-data; boundary=zz', data: TRUNCATED_MULTIPART },
	{ name: 'missing body' },
	{ name: 'utf-16 form', contentType: 'application/x-www-form-urlencoded; charset=utf-16', data: Buffer.from('intent=x', 'utf16le') },
	{ name: 'oversized form', contentType: 'application/x-www-form-urlencoded', data: `returnUrl=${'a'.repeat(MAX_FORM_BODY_BYTES + 1)}` },
	{ name: 'malformed form', contentType: 'application/x-www-form-urlencoded', data: 'intent=%zz&returnUrl=%' },
	{ name: 'NUL form', contentType: 'application/x-www-form-urlencoded', data: 'intent=%00&returnUrl=%2F%00&analytics=%00' },
	{ name: 'markup form', contentType: 'application/x-www-form-urlencoded', data: `intent=${encodeURIComponent(SCRIPT_MARK)}&returnUrl=${encodeURIComponent(IMG_MARK)}` },
]
const HOSTILE_JSON = ['{"a":"\\u0000"}', '[]', '"x"', '{', `{"oldPassword":"${'x'.repeat(20_000)}"}`, '{"newPassword":{"$ne":1},"pageNum":9007199254740993}', '']

/** Real values for every route parameter, from the seeded database. */
type Samples = { byKind: Map<string, string>; draft: { slug: string; secret: string }; sitemapFile: string; companyId: string; providerEndpoints: string[] }

async function samples(request: APIRequestContext): Promise<Samples> {
	const byKind = new Map<string, string>()
	const { items: articles } = (await (await request.get('/api/articles?pageSize=1')).json()) as { items: ArticleSummary[] }
	byKind.set('articles', articles[0]!.slug)
	for (const kind of entityKinds()) {
		const body = (await (await request.get(`/api/${kind}?pageSize=1`)).json()) as { items?: EntitySummary[] }
		if (body.items?.[0]?.slug) byKind.set(kind, body.items[0].slug)
	}
	byKind.set('blogs', byKind.get('blog-types') ?? 'water')
	byKind.set('pages', 'terms')
	byKind.set('geographies', 'de')
	byKind.set('menus', 'main')
	const index = await (await request.get('/sitemap.xml')).text()
	const sitemapFile = new URL(index.match(/<loc>([^<]+)<\/loc>/)![1]!).pathname.split('/').pop()!
	const discovery = (await (await request.get(`${EMBEDDED_ISSUER_PATH}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
	const providerEndpoints = [
		`${EMBEDDED_ISSUER_PATH}/.well-known/openid-configuration`,
		...Object.entries(discovery).flatMap(([name, value]) => (name.endsWith('_endpoint') || name === 'jwks_uri') && typeof value === 'string' ? [new URL(value).pathname] : []),
	]
	return { byKind, draft: await draftArticle(), sitemapFile, companyId: '1', providerEndpoints: [...new Set(providerEndpoints)] }
}

/** A route pattern with its parameters filled with real values (what the hostile values replace). */
function realPath(pattern: string, data: Samples): string {
	const segments = pattern.split('/')
	return segments
		.map((segment, index) => {
			if (segment === '*') return 'no-such-page'
			if (!segment.startsWith(':')) return segment
			const name = segment.slice(1)
			const kind = segments[1] === 'api' ? (segments[2]!.startsWith(':') ? 'articles' : segments[2]!) : segments[1]!
			if (name === 'entity') return 'topics'
			if (name === 'file') return data.sitemapFile
			if (name === 'id') return data.companyId
			if (name === 'email') return 'free%40example.com'
			if (name === 'type') return 'articles'
			if (name === 'status') return '400'
			if (segments[index - 1] === 'draft') return data.draft.slug
			return data.byKind.get(kind) ?? data.byKind.get('articles')!
		})
		.join('/')
}

/** The indexes of a path's segments that are parameters of its pattern. */
const paramIndexes = (pattern: string) => pattern.split('/').flatMap((segment, index) => (segment.startsWith(':') || segment === '*' ? [index] : []))

function hostileQuery(random: Random): string {
	const pairs: string[] = []
	for (let i = random.int(1, 3); i > 0; i--) {
		const name = random.pick(QUERY_NAMES)
		const value = random.pick(HOSTILE)
		pairs.push(`${name}=${value}`)
		// Repeated names: a=1&a=2.
		if (random.next() < 0.2) pairs.push(`${name}=${random.pick(HOSTILE)}`)
	}
	return pairs.join('&')
}

type FuzzRequest = { method: string; url: string; body?: Body; what: string }

/** One hostile variation of a route: a parameter, the query, the data URL, the method or the body. */
function mutate(random: Random, pattern: string, path: string, { isPage, takesForm }: { isPage: boolean; takesForm: boolean }): FuzzRequest {
	const segments = path.split('/')
	const params = paramIndexes(pattern)
	const roll = random.next()
	if (params.length > 0 && roll < 0.35) {
		segments[random.pick(params)] = random.pick(HOSTILE)
		const query = random.next() < 0.3 ? `?${hostileQuery(random)}` : ''
		return { method: 'GET', url: `${segments.join('/')}${query}`, what: 'path' }
	}
	if (roll < 0.65) return { method: 'GET', url: `${path}?${hostileQuery(random)}`, what: 'query' }
	if (isPage && roll < 0.75) {
		// Remix's single-fetch data URL of the page, and the legacy ?_data= form.
		const dataUrl = random.next() < 0.5 ? `${path === '/' ? '/_root' : path}.data?${hostileQuery(random)}` : `${path}?_data=${random.pick(['root', 'routes/$', '%zz', '%00', encodeURIComponent(SCRIPT_MARK)])}`
		return { method: 'GET', url: dataUrl, what: 'data' }
	}
	if (roll < 0.85 || !takesForm) return { method: random.pick(isPage ? PAGE_METHODS_NOT_TAKEN : ['TRACE', 'PATCH', 'DELETE', 'PUT']), url: path, what: 'method' }
	return { method: 'POST', url: path, body: random.pick(HOSTILE_BODIES), what: 'body' }
}

type Target = { pattern: string; path: string; isPage: boolean; takesForm: boolean; method: string }

/**
 * Routes that count attempts per client address (backend/identity/rate-limit.ts): fuzzed a
 * few times only, so the fuzz never spends the budget other tests of the run sign in with.
 */
const RATE_LIMITED = /\/ip-login/
const RATE_LIMITED_SHARE = 6

/** The whole fuzz plan: every route gets its share of FUZZ_REQUESTS, drawn from FUZZ_SEED. */
function fuzzPlan(data: Samples): FuzzRequest[] {
	const random = prng(FUZZ_SEED)
	const targets: Target[] = [
		...pageRoutes().map((route) => ({ pattern: route.pattern, path: realPath(route.pattern, data), isPage: true, takesForm: route.hasAction, method: 'GET' })),
		...apiRoutes().map((route) => ({ pattern: route.pattern, path: realPath(route.pattern, data), isPage: false, takesForm: route.method !== 'GET', method: route.method })),
		// The sign-in pages (an interaction that does not exist: each answers "start again" after reading its input).
		...identityRoutes().map((route) => ({ pattern: route.pattern, path: route.pattern.replace(':uid', 'no-such-interaction'), isPage: false, takesForm: route.method === 'POST', method: route.method })),
		// The provider's own endpoints, as its discovery document names them.
		...data.providerEndpoints.map((path) => ({ pattern: path, path, isPage: false, takesForm: true, method: 'GET' })),
	]
	const plan: FuzzRequest[] = []
	// Each target once as it is (a baseline that must itself be fine), then mutations in turn.
	for (const target of targets) plan.push({ method: target.method, url: target.path, what: 'baseline', body: target.method === 'GET' ? undefined : { name: 'empty json', contentType: 'application/json', data: '{}' } })
	const spent = new Map<Target, number>()
	while (plan.length < FUZZ_REQUESTS) {
		const target = random.pick(targets)
		if (RATE_LIMITED.test(target.path)) {
			if ((spent.get(target) ?? 0) >= RATE_LIMITED_SHARE) continue
			spent.set(target, (spent.get(target) ?? 0) + 1)
		}
		if (target.pattern.startsWith('/api/') && target.method !== 'GET') {
			plan.push({ method: target.method, url: target.path, what: 'json body', body: { name: 'json', contentType: random.pick(['application/json', 'text/plain', 'application/xml']), data: random.pick(HOSTILE_JSON) } })
			continue
		}
		if (target.method === 'POST') {
			plan.push({ method: 'POST', url: target.path, what: 'body', body: random.pick(HOSTILE_BODIES) })
			continue
		}
		plan.push(mutate(random, target.pattern, target.path, target))
	}
	return plan
}

/** Sends one request as a browser on the site would (same origin: the CSRF check lets it through to the route). */
async function send(request: APIRequestContext, baseURL: string, { method, url, body }: FuzzRequest): Promise<APIResponse> {
	const headers: Record<string, string> = { Origin: baseURL }
	if (body?.contentType) headers['Content-Type'] = body.contentType
	return request.fetch(url, { method, headers, data: body?.data, maxRedirects: 0, failOnStatusCode: false, timeout: 20_000 })
}

/** What is wrong with a response: a server error, or markup it reflected into HTML. */
async function problemsOf(response: APIResponse, what: string): Promise<string[]> {
	const problems: string[] = []
	if (response.status() >= 500) problems.push(`${what}: ${response.status()}`)
	if ((response.headers()['content-type'] ?? '').includes('html')) {
		const body = await response.text()
		for (const mark of REFLECTED) if (body.includes(mark)) problems.push(`${what}: reflects ${mark}`)
	}
	return problems
}

test.describe('hostile input', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'pure HTTP: once is enough')

	test("the issue's bad inputs get their 4xx, the site's error page or the API's envelope", async ({ request, baseURL }) => {
		const { items } = (await (await request.get('/api/articles?pageSize=1')).json()) as { items: ArticleSummary[] }
		const slug = items[0]!.slug
		const draft = await draftArticle()
		const page = (status: number) => ({ status, html: true })
		const api = (status: number) => ({ status, html: false })
		const form = 'application/x-www-form-urlencoded'
		const cases: [FuzzRequest, { status: number; html: boolean }][] = [
			...['%zz', '%FF', '%C0%AE', '%'].map((bad): [FuzzRequest, { status: number; html: boolean }] => [{ method: 'GET', url: `/articles/${bad}`, what: '' }, page(400)]),
			[{ method: 'GET', url: `/articles/${slug}%00`, what: '' }, page(400)],
			[{ method: 'GET', url: '/search?searchTerm=water%00', what: '' }, page(400)],
			[{ method: 'GET', url: '/search?filters%5BPage+type%5D=%2Farticles%00', what: '' }, page(400)],
			[{ method: 'GET', url: `/api/articles/slug/${slug}%00`, what: '' }, api(400)],
			[{ method: 'GET', url: '/api/search?searchTerm=%00', what: '' }, api(400)],
			[{ method: 'GET', url: '/api/topics?publishedTo=%zz', what: '' }, api(400)],
			[{ method: 'GET', url: '/api/articles?publishedTo=9999-12-31', what: '' }, api(200)],
			[{ method: 'GET', url: '/api/search?publishedTo=9999-12-31&publishedFrom=0001-01-01', what: '' }, api(200)],
			[{ method: 'GET', url: '/api/sitemap/articles?pageNum=9007199254740993', what: '' }, api(200)],
			[{ method: 'POST', url: '/consent', body: { name: '', contentType: 'application/json', data: '{}' }, what: '' }, page(415)],
			[{ method: 'POST', url: '/banners', body: { name: '', contentType: 'text/plain', data: 'x' }, what: '' }, page(415)],
			[{ method: 'POST', url: `/articles/${slug}`, body: { name: '', contentType: 'application/xml', data: '<a/>' }, what: '' }, page(415)],
			[{ method: 'POST', url: '/consent', what: '' }, page(400)],
			[{ method: 'POST', url: '/consent', body: { name: '', contentType: 'multipart/form-data; boundary=zz', data: '--zz\r\nbroken' }, what: '' }, page(400)],
			[{ method: 'POST', url: '/banners', body: { name: '', contentType: form, data: `a=${'b'.repeat(MAX_FORM_BODY_BYTES)}` }, what: '' }, page(413)],
			[{ method: 'POST', url: '/oidc/interaction/x/login', body: { name: '', contentType: form, data: `email=${'a'.repeat(17 * 1024)}` }, what: '' }, page(413)],
			[{ method: 'POST', url: '/oidc/interaction/x/login', body: { name: '', contentType: `${form}; charset=utf-16`, data: Buffer.from('email=a', 'utf16le') }, what: '' }, page(415)],
			[{ method: 'GET', url: '/oidc/auth?client_id=%00', what: '' }, page(400)],
			[{ method: 'GET', url: '/oidc/interaction/%zz', what: '' }, page(400)],
			[{ method: 'GET', url: `/articles/draft/${draft.slug}?secret=%C3%BC`, what: '' }, page(404)],
			[{ method: 'GET', url: `/articles/draft/${draft.slug}?secret=%FC`, what: '' }, page(400)],
			[{ method: 'GET', url: `/articles/${slug}?_data=routes%2F%24`, what: '' }, page(400)],
			[{ method: 'TRACE', url: '/', what: '' }, page(405)],
			[{ method: 'PUT', url: `/articles/${slug}`, what: '' }, page(405)],
			[{ method: 'TRACE', url: '/api/articles', what: '' }, api(405)],
		]
		const failures: string[] = []
		for (const [sent, expected] of cases) {
			const response = await send(request, baseURL!, sent)
			const where = `${sent.method} ${sent.url.slice(0, 80)}`
			if (response.status() !== expected.status) failures.push(`${where}: ${response.status()}, expected ${expected.status}`)
			const type = response.headers()['content-type'] ?? ''
			if (expected.html && expected.status >= 400 && !/class="error-page"|<h1/.test(await response.text())) failures.push(`${where}: not the site's error page (${type})`)
			if (!expected.html && expected.status >= 400) {
				const body = (await response.json().catch(() => null)) as { success?: boolean; errors?: string[] } | null
				if (body?.success !== false || !body.errors?.[0]) failures.push(`${where}: not the API's error envelope`)
			}
		}
		expect(failures).toEqual([])
	})

	test('signed in: cut-off form posts get 400, unknown or foreign payment references 404, an impossible date its message', async ({ page, baseURL }) => {
		await signIn(page, 'free@example.com')
		const request = page.request
		const { items } = (await (await request.get('/api/documents?pageSize=1')).json()) as { items: EntitySummary[] }
		const truncated: Body = { name: '', contentType: 'multipart/form-data; boundary=zz', data: TRUNCATED_MULTIPART }
		const failures: string[] = []
		const expectStatus = async (sent: FuzzRequest, status: number) => {
			const response = await send(request, baseURL!, sent)
			if (response.status() !== status) failures.push(`${sent.method} ${sent.url}: ${response.status()}, expected ${status}`)
			return response
		}
		for (const url of ['/saved-searches', '/memberships', `/documents/${items[0]!.slug}`, '/checkout?plan=executive&currency=GBP', '/join', '/checkout/pay/no-such-order', '/consent', '/opportunities/add']) {
			await expectStatus({ method: 'POST', url, body: truncated, what: '' }, 400)
		}
		await expectStatus({ method: 'GET', url: '/checkout/pay/no-such-order', what: '' }, 404)
		await expectStatus({ method: 'GET', url: '/checkout/pay/no-such-order.data', what: '' }, 404)
		await expectStatus({ method: 'GET', url: `/checkout/pay/${crypto.randomUUID()}`, what: '' }, 404)
		const impossible = await expectStatus({ method: 'POST', url: '/opportunities/add', body: { name: '', contentType: 'application/x-www-form-urlencoded', data: 'title=Desalination+plant+operator&closingDate=9999-99-99' }, what: '' }, 400)
		const html = await impossible.text()
		if (!html.includes(OPPORTUNITY_MESSAGES.closingDateInvalid) || !html.includes('9999-99-99')) failures.push("/opportunities/add: the closing date's message or the typed date is missing")
		expect(failures).toEqual([])
	})

	test('a seeded fuzz of every route and API endpoint: no 5xx, no reflected markup', async ({ request, baseURL }) => {
		test.setTimeout(FUZZ_TIME_LIMIT_MS + 30_000)
		const data = await samples(request)
		const plan = fuzzPlan(data)
		expect(plan.length).toBe(FUZZ_REQUESTS)
		// Every route of the site and of the API is in the plan (the route tables are read from the code).
		expect(pageRoutes().length).toBeGreaterThan(40)
		expect(apiRoutes().length).toBeGreaterThan(20)
		expect(identityRoutes().length).toBeGreaterThan(5)
		expect(data.providerEndpoints.length).toBeGreaterThan(3)
		const deadline = Date.now() + FUZZ_TIME_LIMIT_MS
		const failures: string[] = []
		const queue = [...plan]
		await Promise.all(
			Array.from({ length: FUZZ_CONCURRENCY }, async () => {
				for (let next = queue.shift(); next && Date.now() < deadline; next = queue.shift()) {
					const what = `${next.method} ${next.url.slice(0, 120)}${next.body ? ` [${next.body.name}]` : ''}`
					const response = await send(request, baseURL!, next).catch((error: unknown) => error as Error)
					if (response instanceof Error) failures.push(`${what}: ${response.message.split('\n')[0]}`)
					else failures.push(...(await problemsOf(response, what)))
				}
			}),
		)
		expect(failures).toEqual([])
		expect(queue.length, 'the whole plan ran within the time bound').toBe(0)
	})
})
