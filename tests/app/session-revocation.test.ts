/**
 * The session cookie is sealed, and a sign-in that was ended (logout, a
 * password change elsewhere) is dead at once: a copy of its cookie no longer signs in, its
 * access token is refused by the API, and its refresh token no longer renews.
 */
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { open, seal, sealingKeys } from '../../app/lib/session-seal.server.ts'
import { sessionStorage } from '../../app/lib/session.server.ts'
import { getUserSummary } from '../../app/lib/user.server.ts'
import { action as logoutAction, loader as logoutLoader } from '../../app/routes/logout.tsx'
import { createApi } from '../../backend/api/index.ts'
import { GRANT_ID_CLAIM } from '../../backend/identity/tokens.ts'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'
import { networkAddressCookie, sessionCookieFor } from '../support/reader-session.ts'
import { signInForTokens, startIdentityServer, tokenRequest } from '../support/oidc-browser.ts'
import { SITE, siteContext, unwrap } from '../support/site.ts'

const database = useTestDatabase()

describe('the sealed cookie', () => {
	test('its tokens cannot be read from it, and an altered cookie opens empty', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const session = await sessionStorage().getSession()
		session.set('accessToken', token)
		session.set('email', 'executive@example.com')
		const cookie = (await sessionStorage().commitSession(session)).split(';')[0]!
		const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
		const decoded = Buffer.from(value, 'base64').toString('latin1')
		for (const readable of [value, decoded]) {
			expect(readable).not.toContain(token.split('.')[1])
			expect(readable).not.toContain('executive@example.com')
		}
		const reopened = await sessionStorage().getSession(cookie)
		expect(reopened.get('accessToken')).toBe(token)

		const sealed = JSON.parse(decoded) as string
		// One character of the sealed text changed (its second-to-last: every bit of it is data).
		const altered = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`
		expect(altered).not.toBe(sealed)
		const alteredCookie = `__session=${encodeURIComponent(Buffer.from(JSON.stringify(altered)).toString('base64'))}`
		expect((await sessionStorage().getSession(alteredCookie)).data).toEqual({})
	})

	test('SESSION_SECRET rotation: the first secret seals, every one opens', () => {
		const before = sealingKeys(['old-secret-0123456789'], '__session')
		const after = sealingKeys(['new-secret-0123456789', 'old-secret-0123456789'], '__session')
		const sealedBefore = seal({ accessToken: 'x' }, before, '__session')
		expect(open(sealedBefore, after, '__session')).toEqual({ accessToken: 'x' })
		expect(open(seal({ a: 1 }, after, '__session'), before, '__session')).toBeNull()
		expect(open(sealedBefore, before, 'gwi_return_to')).toBeNull()
	})
})

describe('a copied cookie after logout', () => {
	const post = (cookie: string) =>
		logoutAction({ request: new Request(`${SITE}/logout`, { method: 'POST', headers: { Cookie: cookie, Origin: SITE } }), context: siteContext(database.db), params: {} }) as Promise<Response>

	test.each([
		['a reader signed in at the identity provider', () => sessionCookieFor(database.db, 'executive@example.com')],
		['an organisation signed in by network address', () => networkAddressCookie(database.db)],
	])('%s: signs in no more, and its token is refused by the API', async (_label, makeCookie) => {
		const copied = await makeCookie()
		const context = siteContext(database.db)
		const page = (cookie: string) => new Request(`${SITE}/articles`, { headers: { Cookie: cookie } })
		expect(await getUserSummary(page(copied), context)).not.toBeNull()
		const session = await sessionStorage().getSession(copied)
		const token = (session.get('accessToken') ?? session.get('ipToken'))!

		const loggedOut = await post(copied)
		expect(loggedOut.status).toBe(302)

		expect(await getUserSummary(page(copied), siteContext(database.db))).toBeNull()
		const api = createApi({ db: database.db })
		expect((await call(api, 'GET', '/userprofile/session', { token })).status).toBe(401)
		expect((await call(api, 'GET', '/articles', { token })).status).toBe(401)
	})

	test('another reader, and the same reader signed in elsewhere, stay signed in', async () => {
		const elsewhere = await sessionCookieFor(database.db, 'executive@example.com')
		const other = await sessionCookieFor(database.db, 'free@example.com')
		await post(await sessionCookieFor(database.db, 'executive@example.com'))
		for (const cookie of [elsewhere, other]) expect(await getUserSummary(new Request(`${SITE}/`, { headers: { Cookie: cookie } }), siteContext(database.db))).not.toBeNull()
	})
})

describe('a password change', () => {
	let server: Awaited<ReturnType<typeof startIdentityServer>>
	beforeAll(async () => {
		server = await startIdentityServer(database.db)
	})
	afterAll(() => server.close())

	test("ends the reader's other sign-ins: their refresh no longer renews and their access tokens are refused", async () => {
		const email = 'strategist@example.com'
		const here = (await signInForTokens(server.origin, email, DEMO_PASSWORD)).tokens
		const elsewhere = (await signInForTokens(server.origin, email, DEMO_PASSWORD)).tokens
		expect(decodeJwt(here.access_token)[GRANT_ID_CLAIM]).toEqual(expect.any(String))
		expect(decodeJwt(here.access_token)[GRANT_ID_CLAIM]).not.toBe(decodeJwt(elsewhere.access_token)[GRANT_ID_CLAIM])
		const api = createApi({ db: database.db })
		expect((await call(api, 'GET', '/userprofile', { token: elsewhere.access_token })).status).toBe(200)

		const changed = await call(api, 'PUT', `/user/${email}/password`, { token: here.access_token, body: { oldPassword: DEMO_PASSWORD, newPassword: 'Changed-Water-2026!' } })
		expect(changed.status).toBe(200)

		expect((await call(api, 'GET', '/userprofile', { token: elsewhere.access_token })).status).toBe(401)
		expect((await tokenRequest(server.origin, { grant_type: 'refresh_token', refresh_token: elsewhere.refresh_token })).status).toBe(400)
		// The session that made the change goes on.
		expect((await call(api, 'GET', '/userprofile', { token: here.access_token })).status).toBe(200)
		const renewed = await tokenRequest(server.origin, { grant_type: 'refresh_token', refresh_token: here.refresh_token })
		expect(renewed.status).toBe(200)
		expect((await call(api, 'GET', '/userprofile', { token: renewed.body.access_token })).status).toBe(200)
	})
})

describe('GET /logout', () => {
	const get = async (headers: Record<string, string>) => {
		const cookie = await sessionCookieFor(database.db, 'executive@example.com')
		return unwrap<{ pressForReader: boolean }>(await logoutLoader({ request: new Request(`${SITE}/logout`, { headers: { Cookie: cookie, ...headers } }), context: siteContext(database.db), params: {} })).data
	}

	test('the button is pressed for the reader only when they came from one of the site pages', async () => {
		expect(await get({ 'Sec-Fetch-Site': 'same-origin', Referer: `${SITE}/articles` })).toEqual({ pressForReader: true })
		expect(await get({ Referer: `${SITE}/articles` })).toEqual({ pressForReader: true })
		expect(await get({ 'Sec-Fetch-Site': 'cross-site', Referer: 'https://evil.example/' })).toEqual({ pressForReader: false })
		expect(await get({ Referer: 'https://evil.example/page' })).toEqual({ pressForReader: false })
		expect(await get({ 'Sec-Fetch-Site': 'none' })).toEqual({ pressForReader: false })
		expect(await get({})).toEqual({ pressForReader: false })
	})
})
