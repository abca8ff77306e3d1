/**
 * The embedded OpenID provider over real HTTP on a real database: the sign-in page, the
 * authorization code flow with PKCE, the access token's claims, refresh and revocation,
 * persistence across a restart, creating an account, the forgotten-password link and the
 * rate limits.
 */
import crypto from 'node:crypto'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCOUNT_SUBJECT_PREFIX } from '../../backend/identity/accounts.ts'
import { loadUserClaims } from '../../backend/identity/claims.ts'
import { IDENTITY_TEXT } from '../../backend/identity/pages.ts'
import { PASSWORD_POLICY_TEXT } from '../../backend/identity/password-policy.ts'
import { RATE_LIMITS } from '../../backend/identity/rate-limit.ts'
import { createTokenClient, TokenRefreshError } from '../../backend/identity/token-client.ts'
import { API_AUDIENCE, GRANT_ID_CLAIM, ISSUER, verifyAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { useTestDatabase } from '../support/database.ts'
import { userIdByEmail } from '../support/api-identity.ts'
import { authorizationUrl, Browser, formAction, pkce, revoke, signInForTokens, startIdentityServer, TEST_CLIENT, tokenRequest } from '../support/oidc-browser.ts'

const database = useTestDatabase()
let server: Awaited<ReturnType<typeof startIdentityServer>>

beforeAll(async () => {
	server = await startIdentityServer(database.db)
})
afterAll(async () => {
	await server?.close()
})

const refresher = (origin = server.origin) => createTokenClient({ tokenEndpoint: async () => `${origin}/oidc/token`, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret })

describe('signing in (authorization code with PKCE)', () => {
	test('the sign-in page is our own, styled like the site, with no scripts', async () => {
		const browser = new Browser(server.origin)
		const page = await browser.follow(authorizationUrl(server.origin, { state: 's1', challenge: pkce().challenge }))
		expect(page.status).toBe(200)
		expect(page.url).toMatch(/\/oidc\/interaction\/[\w-]+$/)
		expect(page.text).toContain(`<h1 id="identity-title">${IDENTITY_TEXT.signInTitle}</h1>`)
		expect(page.text).toContain('<link rel="stylesheet" href="/assets/test.css">')
		expect(page.text).toContain(IDENTITY_TEXT.signUpLink)
		expect(page.text).not.toMatch(/<script/i)
	})

	test("a wrong password keeps the email and says so; the right one returns to the site with a code", async () => {
		const browser = new Browser(server.origin)
		const { verifier, challenge } = pkce()
		const signIn = await browser.follow(authorizationUrl(server.origin, { state: 'abc', challenge }))
		const action = formAction(signIn.text, '/login')
		const wrong = await browser.follow(action, { form: { email: 'trial@example.com', password: 'Not-It-1!' } })
		expect(wrong.status).toBe(401)
		expect(wrong.text).toContain(IDENTITY_TEXT.wrongCredentials)
		expect(wrong.text).toContain('value="trial@example.com"')
		expect(wrong.text).not.toContain('Not-It-1!')

		const done = await browser.follow(action, { form: { email: ' Trial@Example.com ', password: DEMO_PASSWORD } })
		const callback = new URL(done.location!)
		expect(`${callback.origin}${callback.pathname}`).toBe(TEST_CLIENT.redirectUris[0])
		expect(callback.searchParams.get('state')).toBe('abc')

		// PKCE: the code is useless without its verifier; it works once.
		const code = callback.searchParams.get('code')!
		const exchange = (codeVerifier: string) => tokenRequest(server.origin, { grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: TEST_CLIENT.redirectUris[0] })
		expect((await exchange(pkce().verifier)).status).toBe(400)
		expect((await exchange(verifier)).status).toBe(200)
		expect((await exchange(verifier)).status).toBe(400)
	})

	test('an authorization request without PKCE goes back to the site with an error', async () => {
		const url = new URL(authorizationUrl(server.origin, { state: 'x', challenge: 'y' }))
		url.searchParams.delete('code_challenge')
		url.searchParams.delete('code_challenge_method')
		const page = await new Browser(server.origin).follow(url.href)
		expect(new URL(page.location!).searchParams.get('error')).toBe('invalid_request')
	})

	test("errors the provider cannot send back to the site show our error page, without scripts", async () => {
		const url = new URL(authorizationUrl(server.origin, { state: 'x', challenge: 'y' }))
		url.searchParams.set('redirect_uri', 'https://evil.example/callback')
		const page = await new Browser(server.origin).follow(url.href)
		expect(page.status).toBe(400)
		expect(page.text).toContain(IDENTITY_TEXT.errorTitle)
		expect(page.text).toContain('redirect_uri')
		expect(page.text).not.toMatch(/<script/i)
	})
})

describe('the access token (spec 000 §3 token claims)', () => {
	test('a JWT for the API audience, verified by the API, with the permissions and dated roles of the reader', async () => {
		const { tokens } = await signInForTokens(server.origin, 'trial@example.com', DEMO_PASSWORD)
		expect(tokens).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), refresh_token: expect.any(String), id_token: expect.any(String) })
		expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' })
		const payload = decodeJwt(tokens.access_token)
		expect(payload).toMatchObject({ iss: ISSUER, aud: API_AUDIENCE, sub: 'demo|trial', email: 'trial@example.com', name: 'Tariq Trialson' })

		const expected = (await loadUserClaims(database.db, await userIdByEmail(database.db, 'trial@example.com')))!
		const verified = await verifyAccessToken(tokens.access_token)
		expect(verified).toEqual({
			ok: true,
			claims: { sub: 'demo|trial', email: 'trial@example.com', permissions: expected.permissions, datedRoles: expected.datedRoles },
			ids: { jti: payload.jti, grantId: payload[GRANT_ID_CLAIM] },
		})
		expect(payload.jti).toEqual(expect.any(String))
		expect(payload[GRANT_ID_CLAIM]).toEqual(expect.any(String))
		expect(expected.permissions).toContain('read:executive-trial')
		expect(expected.datedRoles.map((role) => role.RoleName)).toEqual(['base account', 'Executive - Trial'])
		// The ID token names the reader for the site's header.
		expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: 'demo|trial', email: 'trial@example.com', name: 'Tariq Trialson' })
	})

	test('a refresh gives a new token with the permissions of now (a role granted since sign-in shows)', async () => {
		const { tokens } = await signInForTokens(server.origin, 'free@example.com', DEMO_PASSWORD)
		expect((await verifyAccessToken(tokens.access_token)) as any).toMatchObject({ claims: { permissions: [] } })
		const userId = await userIdByEmail(database.db, 'free@example.com')
		await database.db.execute(sql`
			insert into dated_roles (user_id, role_id, start_date, end_date)
			select ${userId}, id, now() - interval '1 minute', now() + interval '1 year' from roles where name = 'Executive'`)
		const refreshed = await refresher().refresh(tokens.refresh_token)
		expect(refreshed.refreshToken).toBe(tokens.refresh_token)
		const verified = (await verifyAccessToken(refreshed.accessToken)) as any
		expect(verified.claims.permissions).toContain('read:executive')
		expect(verified.claims.datedRoles.map((role: any) => role.RoleName)).toContain('Executive')
	})

	test('grants live in PostgreSQL: a new provider (a restart) still refreshes; revoking ends the refresh token', async () => {
		const { tokens } = await signInForTokens(server.origin, 'executive@example.com', DEMO_PASSWORD)
		const { rows } = await database.db.execute<{ kind: string }>(sql`select distinct kind from oidc_models order by kind`)
		expect(rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['AuthorizationCode', 'Grant', 'Interaction', 'RefreshToken', 'Session']))

		const restarted = await startIdentityServer(database.db)
		try {
			const refreshed = await refresher(restarted.origin).refresh(tokens.refresh_token)
			expect(((await verifyAccessToken(refreshed.accessToken)) as any).claims.sub).toBe('demo|executive')
			expect(await revoke(restarted.origin, tokens.refresh_token)).toBe(200)
			await expect(refresher(restarted.origin).refresh(tokens.refresh_token)).rejects.toMatchObject({ reason: 'rejected' })
		} finally {
			await restarted.close()
		}
	})

	test('an unreachable provider is "unavailable", not "rejected"', async () => {
		const error = await refresher('http://127.0.0.1:1').refresh('x').catch((e: unknown) => e)
		expect(error).toBeInstanceOf(TokenRefreshError)
		expect(error).toMatchObject({ reason: 'unavailable' })
	})
})

describe('creating a free account', () => {
	test('field errors keep what was typed (never the password); a good form signs the new reader in', async () => {
		const browser = new Browser(server.origin)
		const { verifier, challenge } = pkce()
		const signIn = await browser.follow(authorizationUrl(server.origin, { state: 'new', challenge }))
		const signUpLink = /href="([^"]+\/signup)"/.exec(signIn.text)![1]
		const signUp = await browser.follow(signUpLink)
		expect(signUp.text).toContain(IDENTITY_TEXT.signUpTitle)
		expect(signUp.text).toContain(PASSWORD_POLICY_TEXT)
		const action = formAction(signUp.text, '/signup')

		const bad = await browser.follow(action, { form: { firstName: 'Nadia', lastName: '', email: 'nadia@', password: 'weakpass', confirmPassword: 'weakpass' } })
		expect(bad.status).toBe(400)
		expect(bad.text).toContain(IDENTITY_TEXT.lastNameRequired)
		expect(bad.text).toContain(IDENTITY_TEXT.emailInvalid)
		expect(bad.text).toContain(PASSWORD_POLICY_TEXT)
		expect(bad.text).toContain('value="Nadia"')
		expect(bad.text).not.toContain('weakpass')

		const mismatch = await browser.follow(action, { form: { firstName: 'Nadia', lastName: 'Newcomer', email: 'nadia@example.org', password: 'Fresh-Water-1!', confirmPassword: 'Fresh-Water-2!' } })
		expect(mismatch.text).toContain(IDENTITY_TEXT.passwordsDiffer)

		const taken = await browser.follow(action, { form: { firstName: 'Nadia', lastName: 'Newcomer', email: 'FREE@example.com', password: 'Fresh-Water-1!', confirmPassword: 'Fresh-Water-1!' } })
		expect(taken.status).toBe(409)
		expect(taken.text).toContain(IDENTITY_TEXT.accountExists)

		const done = await browser.follow(action, { form: { firstName: 'Nadia', lastName: 'Newcomer', email: 'nadia@example.org', password: 'Fresh-Water-1!', confirmPassword: 'Fresh-Water-1!' } })
		const code = new URL(done.location!).searchParams.get('code')!
		const tokens = await tokenRequest(server.origin, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: TEST_CLIENT.redirectUris[0] })
		const verified = (await verifyAccessToken(tokens.body.access_token)) as any
		expect(verified.claims).toMatchObject({ email: 'nadia@example.org', permissions: [] })
		expect(verified.claims.sub.startsWith(ACCOUNT_SUBJECT_PREFIX)).toBe(true)
		expect(verified.claims.datedRoles.map((role: any) => role.RoleName)).toEqual(['base account'])
		// And the new account signs in with its password from now on.
		await expect(signInForTokens(server.origin, 'nadia@example.org', 'Fresh-Water-1!')).resolves.toBeTruthy()
	})
})

describe('forgotten password', () => {
	test('the link (by mail, or in the log) sets a new password once and ends the old sign-ins', async () => {
		const { tokens: before } = await signInForTokens(server.origin, 'expiring@example.com', DEMO_PASSWORD)
		const browser = new Browser(server.origin)
		const signIn = await browser.follow(authorizationUrl(server.origin, { state: 'f', challenge: pkce().challenge }))
		const forgot = await browser.follow(/href="([^"]+\/forgot)"/.exec(signIn.text)![1])
		const sent = await browser.follow(formAction(forgot.text, '/forgot'), { form: { email: 'expiring@example.com' } })
		expect(sent.text).toContain(IDENTITY_TEXT.forgotSent('expiring@example.com'))
		// An unknown address gets the same answer and no mail.
		const unknown = await browser.follow(formAction(forgot.text, '/forgot'), { form: { email: 'nobody@example.com' } })
		expect(unknown.text).toContain(IDENTITY_TEXT.forgotSent('nobody@example.com'))
		const mails = server.outbox.filter((mail) => mail.to === 'expiring@example.com')
		expect(mails).toHaveLength(1)
		expect(server.outbox.some((mail) => mail.to === 'nobody@example.com')).toBe(false)
		const link = /https?:\/\/\S+\/oidc\/password-reset\?token=\S+/.exec(mails[0].text)![0]
		const path = new URL(link).pathname + new URL(link).search

		const form = await browser.follow(path)
		expect(form.text).toContain(IDENTITY_TEXT.resetTitle)
		const weak = await browser.follow(formAction(form.text, '/password-reset'), { form: { token: new URL(link).searchParams.get('token')!, password: 'short', confirmPassword: 'short' } })
		expect(weak.status).toBe(400)
		expect(weak.text).toContain(PASSWORD_POLICY_TEXT)
		const done = await browser.follow(formAction(form.text, '/password-reset'), { form: { token: new URL(link).searchParams.get('token')!, password: 'Renewed-Water-9!', confirmPassword: 'Renewed-Water-9!' } })
		expect(done.text).toContain(IDENTITY_TEXT.resetDoneTitle)

		// Used once only; the old password is gone; the sign-in from before is ended.
		expect((await browser.follow(path)).text).toContain(IDENTITY_TEXT.resetInvalidTitle)
		await expect(signInForTokens(server.origin, 'expiring@example.com', DEMO_PASSWORD)).rejects.toThrow()
		await expect(signInForTokens(server.origin, 'expiring@example.com', 'Renewed-Water-9!')).resolves.toBeTruthy()
		await expect(refresher().refresh(before.refresh_token)).rejects.toMatchObject({ reason: 'rejected' })
	})

	test('a made-up token is refused', async () => {
		const page = await new Browser(server.origin).follow(`/oidc/password-reset?token=${crypto.randomBytes(32).toString('base64url')}`)
		expect(page.status).toBe(400)
		expect(page.text).toContain(IDENTITY_TEXT.resetInvalid)
	})
})

describe('rate limits', () => {
	test('sign-in: after the limit of wrong passwords for one account, 429 even with the right one', async () => {
		const browser = new Browser(server.origin)
		const signIn = await browser.follow(authorizationUrl(server.origin, { state: 'r', challenge: pkce().challenge }))
		const action = formAction(signIn.text, '/login')
		for (let attempt = 0; attempt < RATE_LIMITS.signIn.limit; attempt++) {
			expect((await browser.follow(action, { form: { email: 'strategist@example.com', password: `Wrong-${attempt}!` } })).status).toBe(401)
		}
		const blocked = await browser.follow(action, { form: { email: 'strategist@example.com', password: DEMO_PASSWORD } })
		expect(blocked.status).toBe(429)
		expect(blocked.text).toContain('Too many sign-in attempts')
		// Another account from the same address is not blocked by it.
		expect((await browser.follow(action, { form: { email: 'staff@example.com', password: DEMO_PASSWORD } })).location).toContain('/auth/callback')
	})
})

describe('interaction pages', () => {
	test('an expired or unknown interaction offers to start again', async () => {
		const page = await new Browser(server.origin).follow('/oidc/interaction/not-a-real-one')
		expect(page.status).toBe(400)
		expect(page.text).toContain(IDENTITY_TEXT.expiredTitle)
		expect(page.text).toContain('href="/login"')
	})

	test('cancelling goes back to the site with access_denied', async () => {
		const browser = new Browser(server.origin)
		const signIn = await browser.follow(authorizationUrl(server.origin, { state: 'c', challenge: pkce().challenge }))
		const done = await browser.follow(formAction(signIn.text, '/abort'), { form: {} })
		const callback = new URL(done.location!)
		expect(callback.searchParams.get('error')).toBe('access_denied')
		expect(callback.searchParams.get('state')).toBe('c')
	})
})
