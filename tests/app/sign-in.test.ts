/**
 * The site's sign-in, session refresh and sign-out against the embedded provider over real
 * HTTP, as server.ts wires them: /login sends the reader to the provider, the provider's
 * sign-in page returns them to /auth/callback, whose loader exchanges the code over loopback;
 * an expired token is renewed through POST /userprofile/refreshtoken before API calls; and
 * /logout revokes the refresh token.
 *
 * The modules are imported after the environment names this test's server (PORT), as
 * server.ts sets it before anything reads it.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { AppLoadContext } from '@remix-run/node'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { useTestDatabase } from '../support/database.ts'
import { Browser, formAction } from '../support/oidc-browser.ts'
import { thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const saved = { ...process.env }

let server: http.Server
let origin: string
let modules: Awaited<ReturnType<typeof load>>

async function load() {
	return {
		login: await import('../../app/routes/login.tsx'),
		callback: await import('../../app/routes/auth.callback.tsx'),
		logout: await import('../../app/routes/logout.tsx'),
		root: await import('../../app/root.tsx'),
		profile: await import('../../app/routes/profile/route.tsx'),
		article: await import('../../app/routes/articles.$slug/route.tsx'),
		applications: await import('../../app/routes/applications._index.tsx'),
		refresh: await import('../../app/lib/session-refresh.server.ts'),
		session: await import('../../app/lib/session.server.ts'),
		api: await import('../../backend/api/index.ts'),
		tokens: await import('../../backend/identity/tokens.ts'),
		tokenClient: await import('../../backend/identity/token-client.ts'),
		identity: await import('../../backend/identity/index.ts'),
		provider: await import('../../backend/identity/provider.ts'),
		timing: await import('../../app/lib/timing.server.ts'),
		responseCookies: await import('../../app/lib/response-cookies.server.ts'),
	}
}

beforeAll(async () => {
	const app = express()
	server = http.createServer(app)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as AddressInfo).port
	origin = `http://localhost:${port}`
	Object.assign(process.env, { PORT: String(port), HOST: '127.0.0.1', OIDC_CLIENT_ID: 'site-under-test', OIDC_CLIENT_SECRET: 'site-under-test-secret-0123456789' })
	delete process.env.PUBLIC_URL
	delete process.env.OIDC_ISSUER
	vi.resetModules()
	modules = await load()
	await modules.identity.mountIdentityProvider(app, { db: database.db, stylesheets: async () => [], mailer: { send: async () => {} } })
})

afterAll(async () => {
	await new Promise<void>((resolve) => server?.close(() => resolve()))
	for (const key of ['PORT', 'HOST', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL', 'OIDC_ISSUER']) {
		if (saved[key] === undefined) delete process.env[key]
		else process.env[key] = saved[key]
	}
})

/** server.ts's load context: the embedded API in-process, Set-Cookie headers collected. */
function siteContext(tokenClient?: import('../../backend/identity/token-client.ts').TokenClient) {
	const api = modules.api.createApi({ db: database.db, tokenClient })
	const cookies: string[] = []
	const context: AppLoadContext = {
		cspNonce: 'nonce',
		timing: new modules.timing.ServerTiming(),
		apiFetch: (request) => Promise.resolve(api.fetch(request)),
		// As server.ts does: one header per cookie name on the response.
		setCookie: (header) => {
			cookies.splice(0, cookies.length, ...modules.responseCookies.replaceSetCookie(cookies, header))
		},
	}
	return { context, cookies }
}

const cookiePairs = (headers: string[]) => headers.map((header) => header.split(';')[0]).join('; ')
const setCookies = (response: Response) => response.headers.getSetCookie()

/** The whole sign-in, as a browser without scripts makes it; the session cookie at the end. */
async function signIn(email: string, returnUrl = '/articles') {
	const start = (await modules.login.loader({ request: new Request(`${origin}/login?returnUrl=${encodeURIComponent(returnUrl)}`), context: {}, params: {} })) as Response
	const browser = new Browser(`http://127.0.0.1:${new URL(origin).port}`)
	const signInPage = await browser.follow(start.headers.get('Location')!.replace('localhost', '127.0.0.1'))
	const done = await browser.follow(formAction(signInPage.text, '/login'), { form: { email, password: DEMO_PASSWORD } })
	const callbackUrl = done.location!.replace('127.0.0.1', 'localhost')
	const response = (await modules.callback.loader({ request: new Request(callbackUrl, { headers: { Cookie: cookiePairs(setCookies(start)) } }), context: {}, params: {} })) as Response
	return { start, response, cookie: setCookies(response).find((header) => header.startsWith('__session='))!.split(';')[0] }
}

describe('/login', () => {
	test('sends a visitor to the provider: code flow with PKCE, the spec scopes, a password prompt; keeps where they were', async () => {
		const response = (await modules.login.loader({ request: new Request(`${origin}/login?returnUrl=%2Fprojecttracker%3Fpage%3D2`), context: {}, params: {} })) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('X-Remix-Reload-Document')).toBe('true')
		const location = new URL(response.headers.get('Location')!)
		expect(`${location.origin}${location.pathname}`).toBe(`${origin}/oidc/auth`)
		expect(Object.fromEntries(location.searchParams)).toMatchObject({
			response_type: 'code',
			client_id: 'site-under-test',
			redirect_uri: `${origin}/auth/callback`,
			code_challenge_method: 'S256',
			scope: 'openid read:executive download:executive read:project download:project read:strategy profile email offline_access',
			prompt: 'login consent',
		})
		expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
		const cookies = setCookies(response)
		expect(cookies.some((cookie) => cookie.startsWith('gwi_signin:') && /HttpOnly/i.test(cookie))).toBe(true)
		expect(cookies.some((cookie) => cookie.startsWith('gwi_return_to='))).toBe(true)
	})

	test('another name for this server first moves the reader to the sign-in origin; off-site returnUrls are dropped', async () => {
		const port = new URL(origin).port
		const moved = (await modules.login.loader({ request: new Request(`http://127.0.0.1:${port}/login?returnUrl=https%3A%2F%2Fevil.example%2F`), context: {}, params: {} })) as Response
		expect(moved.headers.get('Location')).toBe(`${origin}/login?returnUrl=%2F`)
	})

	test('a stray state or code parameter does not stop the sign-in from starting', async () => {
		const response = (await modules.login.loader({ request: new Request(`${origin}/login?returnUrl=%2Fevents&state=x&code=y`), context: {}, params: {} })) as Response
		expect(response.status).toBe(302)
		const location = new URL(response.headers.get('Location')!)
		expect(`${location.origin}${location.pathname}`).toBe(`${origin}/oidc/auth`)
		expect(location.searchParams.get('state')).not.toBe('x')
	})
})

describe('/auth/callback', () => {
	test('exchanges the code, keeps the tokens in the session cookie only, and returns the reader', async () => {
		const { response, cookie } = await signIn('trial@example.com', '/articles?page=2')
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/articles?page=2')
		// The sign-in's state cookies and the return address are cleared.
		expect(setCookies(response).filter((header) => header.startsWith('gwi_signin:')).every((header) => /Max-Age=0/i.test(header))).toBe(true)
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		expect(session.get('accessToken')).toMatch(/^eyJ/)
		expect(session.get('refreshToken')).toBeTruthy()
		expect(session.get('userName')).toBe('Tariq Trialson')

		// The page shell knows the reader, and never shows a token.
		const { context } = siteContext()
		const { data } = unwrap<any>(await modules.root.loader({ request: new Request(`${origin}/articles`, { headers: { Cookie: cookie } }), context, params: {} }))
		expect(data.user).toMatchObject({ name: 'Tariq Trialson', email: 'trial@example.com' })
		expect(data.notices.banners.map((banner: any) => banner.id)).toEqual(['trial'])
		expect(JSON.stringify(data)).not.toContain(session.get('accessToken'))
	})

	test('a reader who cancelled goes back where they were; a forged state is refused', async () => {
		const start = (await modules.login.loader({ request: new Request(`${origin}/login?returnUrl=%2Fevents`), context: {}, params: {} })) as Response
		const state = new URL(start.headers.get('Location')!).searchParams.get('state')
		const cookie = cookiePairs(setCookies(start))
		const cancelled = (await modules.callback.loader({ request: new Request(`${origin}/auth/callback?error=access_denied&state=${state}`, { headers: { Cookie: cookie } }), context: {}, params: {} })) as Response
		expect(cancelled.headers.get('Location')).toBe('/events')
		const forged = await thrown(modules.callback.loader({ request: new Request(`${origin}/auth/callback?code=x&state=not-ours`, { headers: { Cookie: cookie } }), context: {}, params: {} }))
		expect(forged).toMatchObject({ status: 400, data: modules.callback.SIGN_IN_FAILED })
	})
})

describe('session refresh before API calls (spec 000 §4)', () => {
	/** The same session with its access token marked expired. */
	async function expired(cookie: string) {
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		session.set('expiresAt', Date.now() - 1000)
		return (await modules.session.sessionStorage().commitSession(session)).split(';')[0]
	}
	const profileOf = async (cookie: string, context: AppLoadContext, path = '/profile') =>
		unwrap<any>(await modules.profile.loader({ request: new Request(`${origin}${path}`, { headers: { Cookie: cookie } }), context, params: {} }))

	test('an expired token is renewed on the server and the new cookie committed; the page renders signed in', async () => {
		const { cookie } = await signIn('executive@example.com')
		const stale = await expired(cookie)
		const { context, cookies } = siteContext()
		const page = await profileOf(stale, context)
		expect(page.data.email).toBe('executive@example.com')
		expect(cookies).toHaveLength(1)
		const renewed = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookies[0].split(';')[0] } }))
		expect(renewed.get('expiresAt')).toBeGreaterThan(Date.now() + 30 * 60 * 1000)
		const before = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		expect(renewed.get('accessToken')).not.toBe(before.get('accessToken'))
		expect(await modules.tokens.verifyAccessToken(renewed.get('accessToken')!)).toMatchObject({ ok: true, claims: { sub: 'demo|executive' } })
	})

	test('a renewal kept for its refresh token never answers for a newer token (the reader would lose a role just granted)', async () => {
		const { cookie } = await signIn('executive@example.com')
		// The first renewal is kept for the refresh token: loaders and requests arriving together share it.
		const first = siteContext()
		await profileOf(await expired(cookie), first.context)
		const kept = (await modules.session.getSession(new Request(origin, { headers: { Cookie: first.cookies[0]!.split(';')[0] } }))).get('accessToken')
		// A newer token on the same refresh token, as the join flow's own refresh brings once a
		// trial has started; issued a few seconds on, so its iat is later whatever the clock.
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_000 })
		const newer = await modules.tokens.issueAccessToken({ sub: 'demo|executive', email: 'executive@example.com' }).finally(() => vi.useRealTimers())
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		session.set('accessToken', newer)
		session.set('expiresAt', Date.now() - 1000)
		const second = siteContext()
		await profileOf((await modules.session.sessionStorage().commitSession(session)).split(';')[0]!, second.context)
		const renewed = (await modules.session.getSession(new Request(origin, { headers: { Cookie: second.cookies[0]!.split(';')[0] } }))).get('accessToken')
		expect(renewed).toBeDefined()
		expect(renewed).not.toBe(kept)
		expect(renewed).not.toBe(newer)
	})

	test("a token the API calls expired, though the session thought it good, is renewed once and the call made again", async () => {
		const { cookie } = await signIn('executive@example.com')
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		session.set('accessToken', await modules.tokens.issueAccessToken({ sub: 'demo|executive', email: 'executive@example.com', expiresIn: -60 }))
		session.set('expiresAt', Date.now() + 3600_000)
		const skewed = (await modules.session.sessionStorage().commitSession(session)).split(';')[0]
		const { context, cookies } = siteContext()
		const page = await profileOf(skewed, context)
		expect(page.data.profileAvailable).toBe(true)
		expect(page.data.roles.map((role: any) => role.name)).toContain('Executive')
		expect(cookies).toHaveLength(1)
	})

	/** The free account signed in, its cookie's token stale and claiming more than the account holds now. */
	async function staleFreeSession(claims: { permissions: string[]; datedRoles?: { RoleName: string; StartDate: Date; EndDate: Date }[] }) {
		const { cookie } = await signIn('free@example.com')
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		const sub = JSON.parse(Buffer.from(session.get('accessToken')!.split('.')[1], 'base64url').toString()).sub
		session.set('accessToken', await modules.tokens.issueAccessToken({ sub, email: 'free@example.com', ...claims }))
		session.set('expiresAt', Date.now() - 1000)
		return (await modules.session.sessionStorage().commitSession(session)).split(';')[0]
	}

	test("the article page's gate reads the renewed token the API was asked with, not the cookie's stale one", async () => {
		// The cookie's token still says trial (the unlock permission, a trial role); the account is free.
		const trial = { RoleName: 'Executive - Trial', StartDate: new Date(Date.now() - 9 * 86400_000), EndDate: new Date(Date.now() + 5 * 86400_000) }
		const stale = await staleFreeSession({ permissions: ['read:executive-trial', 'read:project', 'unlock:article'], datedRoles: [trial] })
		const { rows } = await database.db.execute<{ slug: string }>(
			sql`select a.slug from articles a join article_types t on t.id = a.article_type_id where t.slug = 'market-map' and not a.is_draft limit 1`,
		)
		const slug = rows[0].slug
		const { context, cookies } = siteContext()
		const page = unwrap<any>(await modules.article.loader({ request: new Request(`${origin}/articles/${slug}`, { headers: { Cookie: stale } }), context, params: { slug } }))
		expect(cookies).toHaveLength(1)
		expect((page.data.page as any).access).toMatchObject({ status: 'gated', unlock: null })
	})

	test("a strategist-only page decides on the renewed token's permissions, not the cookie's stale ones", async () => {
		// The cookie's token still says Strategist; the account is free.
		const stale = await staleFreeSession({ permissions: ['read:strategy'] })
		const { context, cookies } = siteContext()
		const response = await thrown(modules.applications.loader({ request: new Request(`${origin}/applications`, { headers: { Cookie: stale } }), context, params: {} }))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/')
		expect(cookies).toHaveLength(1)
	})

	test('a token whose trial has ended since it was issued is renewed too (its permissions are out of date)', () => {
		const now = Date.now()
		const iat = Math.floor(now / 1000) - 600
		const token = (claims: object) => `e30.${Buffer.from(JSON.stringify({ iat, exp: iat + 3600, ...claims })).toString('base64url')}.sig`
		const role = (end: number) => ({ RoleName: 'Executive - Trial', StartDate: new Date(now - 14 * 86400_000).toISOString(), EndDate: new Date(end).toISOString() })
		expect(modules.refresh.tokenNeedsRefresh(token({ dated_roles: [role(now + 86400_000)] }), undefined, now)).toBe(false)
		expect(modules.refresh.tokenNeedsRefresh(token({ dated_roles: [role(now - 60_000)] }), undefined, now)).toBe(true)
		// Ended before the token was issued: the token already knew.
		expect(modules.refresh.tokenNeedsRefresh(token({ dated_roles: [role(iat * 1000 - 1)] }), undefined, now)).toBe(false)
		// Expiry within the margin counts as expired.
		expect(modules.refresh.tokenNeedsRefresh(token({}), now + modules.refresh.REFRESH_MARGIN_MS - 1, now)).toBe(true)
		expect(modules.refresh.tokenNeedsRefresh('not a token', now + 3600_000, now)).toBe(true)
	})

	test("a refused refresh clears the tokens and shows 'Your login session has expired. Please log in again'", async () => {
		const { cookie } = await signIn('strategist@example.com')
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		const revoked = await fetch(`http://127.0.0.1:${new URL(origin).port}/oidc/token/revocation`, {
			method: 'POST',
			headers: { Authorization: `Basic ${Buffer.from('site-under-test:site-under-test-secret-0123456789').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ token: session.get('refreshToken')! }),
		})
		expect(revoked.status).toBe(200)
		const { context, cookies } = siteContext()
		const error = await thrown(modules.root.loader({ request: new Request(`${origin}/articles`, { headers: { Cookie: await expired(cookie) } }), context, params: {} }))
		expect(error).toMatchObject({ status: 401, data: 'Your login session has expired. Please log in again' })
		const cleared = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookies.at(-1)!.split(';')[0] } }))
		expect(cleared.get('accessToken')).toBeUndefined()
		expect(cleared.get('refreshToken')).toBeUndefined()
	})

	test('a provider out of reach: the page is asked for again with refreshCount, at most 3 attempts, then the expired session', async () => {
		const { cookie } = await signIn('incomplete@example.com')
		const stale = await expired(cookie)
		const down = { refresh: async () => Promise.reject(new modules.tokenClient.TokenRefreshError('unavailable', 'down')) }
		const load = (path: string) => {
			const { context, cookies } = siteContext(down)
			return { cookies, result: thrown(modules.root.loader({ request: new Request(`${origin}${path}`, { headers: { Cookie: stale } }), context, params: {} })) }
		}
		const first = await load('/articles?page=2').result
		expect(first).toMatchObject({ status: 302 })
		expect(first.headers.get('Location')).toBe('/articles?page=2&refreshCount=1')
		expect((await load('/articles?page=2&refreshCount=1').result).headers.get('Location')).toBe('/articles?page=2&refreshCount=2')
		const last = load('/articles?page=2&refreshCount=2')
		expect(await last.result).toMatchObject({ status: 401, data: 'Your login session has expired. Please log in again' })
		expect(last.cookies).toHaveLength(1)
		// A garbage count is no count.
		expect((await load('/articles?refreshCount=abc').result).headers.get('Location')).toBe('/articles?refreshCount=1')
	})

	test('a chain that ends well returns to the plain address with the new cookie', async () => {
		const { cookie } = await signIn('executive@example.com')
		const { context } = siteContext()
		const response = await thrown(modules.root.loader({ request: new Request(`${origin}/events?refreshCount=2`, { headers: { Cookie: await expired(cookie) } }), context, params: {} }))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/events')
		expect(response.headers.get('Set-Cookie')).toMatch(/^__session=/)
	})

	test('membership confirmation (spec 002 §4): one refresh that says whether the expected permissions arrived', async () => {
		const { cookie } = await signIn('executive@example.com')
		const args = () => ({ request: new Request(`${origin}/join/complete`, { headers: { Cookie: cookie } }), ...siteContext() })
		const member = args()
		expect(await modules.refresh.refreshSessionPermissions(member, { expectedPermissions: ['read:executive'] })).toEqual({ ok: true, hasExpectedPermissions: true })
		expect(member.cookies).toHaveLength(1)
		expect(await modules.refresh.refreshSessionPermissions(args(), { expectedTrialPermissions: ['read:executive-trial'] })).toEqual({ ok: true, hasExpectedPermissions: false })

		// On failure the tokens go, the email and user name stay.
		const failing = { ...args(), ...siteContext({ refresh: async () => Promise.reject(new modules.tokenClient.TokenRefreshError('rejected', 'no')) }) }
		expect(await modules.refresh.refreshSessionPermissions(failing, { expectedPermissions: ['read:executive'] })).toEqual({ ok: false, hasExpectedPermissions: false })
		const after = await modules.session.getSession(new Request(origin, { headers: { Cookie: failing.cookies[0].split(';')[0] } }))
		expect(after.get('refreshToken')).toBeUndefined()
		expect(after.get('accessToken')).toBeUndefined()
		expect(after.get('userName')).toBe('Elena Executive')
		expect(after.get('email')).toBe('executive@example.com')
	})
})

describe('/logout', () => {
	test("GET shows 'Logging out...' to a signed-in reader and sends a visitor home", async () => {
		const { cookie } = await signIn('free@example.com')
		const page = unwrap(await modules.logout.loader({ request: new Request(`${origin}/logout`, { headers: { Cookie: cookie } }), context: {}, params: {} }))
		expect(page.status).toBe(200)
		const visitor = (await modules.logout.loader({ request: new Request(`${origin}/logout`), context: {}, params: {} })) as Response
		expect(visitor.headers.get('Location')).toBe('/')
	})

	test('POST revokes the refresh token at the provider, clears the session and goes to /', async () => {
		const { cookie } = await signIn('staff@example.com')
		const session = await modules.session.getSession(new Request(origin, { headers: { Cookie: cookie } }))
		const response = (await modules.logout.action({ request: new Request(`${origin}/logout`, { method: 'POST', headers: { Cookie: cookie } }), context: {}, params: {} })) as Response
		expect(response.headers.get('Location')).toBe('/')
		expect(response.headers.get('Set-Cookie')).toMatch(/^__session=; .*Expires=Thu, 01 Jan 1970/)
		const client = modules.tokenClient.tokenClientFromEnv()
		await expect(client.refresh(session.get('refreshToken')!)).rejects.toMatchObject({ reason: 'rejected' })
	})
})
