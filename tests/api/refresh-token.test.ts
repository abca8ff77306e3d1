/**
 * POST /userprofile/refreshtoken (spec 000 §7; 002 §4): the API exchanges the site's refresh
 * token at the identity provider (here the embedded one over real HTTP) and answers with a
 * token it has verified, saying whether the expected permissions arrived.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApi } from '../../backend/api/index.ts'
import { REFRESH_MESSAGES } from '../../contract/identity.ts'
import { hasExpectedPermissions } from '../../backend/api/refresh-token.ts'
import { createTokenClient, TokenRefreshError } from '../../backend/identity/token-client.ts'
import { verifyAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_PASSWORD } from '../../backend/seed/demo-accounts.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'
import { signInForTokens, startIdentityServer, TEST_CLIENT } from '../support/oidc-browser.ts'

const database = useTestDatabase()
let server: Awaited<ReturnType<typeof startIdentityServer>>
let api: ReturnType<typeof createApi>

beforeAll(async () => {
	server = await startIdentityServer(database.db)
	api = createApi({ db: database.db, tokenClient: createTokenClient({ tokenEndpoint: async () => server.tokenEndpoint, clientId: TEST_CLIENT.clientId, clientSecret: TEST_CLIENT.clientSecret }) })
})
afterAll(async () => {
	await server?.close()
})

const refresh = (body: unknown, target = api) => call(target, 'POST', '/userprofile/refreshtoken', { body })

describe('POST /userprofile/refreshtoken', () => {
	test('a good refresh token: a new token the API accepts, no bearer needed', async () => {
		const { tokens } = await signInForTokens(server.origin, 'executive@example.com', DEMO_PASSWORD)
		const { status, body, headers } = await refresh({ refreshToken: tokens.refresh_token, expectedPermissions: ['read:executive'] })
		expect(status).toBe(200)
		expect(headers.get('Cache-Control')).toBe('no-store')
		expect(body).toMatchObject({ success: true, warnings: [], item: { refreshToken: tokens.refresh_token, expiresIn: 3600, hasExpectedPermissions: true } })
		expect(body.item.token).not.toBe(tokens.access_token)
		expect(await verifyAccessToken(body.item.token)).toMatchObject({ ok: true, claims: { sub: 'demo|executive' } })
	})

	test('expected permissions not (yet) in the token: answered, with a warning', async () => {
		const { tokens } = await signInForTokens(server.origin, 'free@example.com', DEMO_PASSWORD)
		const { status, body } = await refresh({ refreshToken: tokens.refresh_token, expectedPermissions: ['read:executive'], expectedTrialPermissions: ['read:executive-trial'] })
		expect(status).toBe(200)
		expect(body.item.hasExpectedPermissions).toBe(false)
		expect(body.warnings).toEqual([REFRESH_MESSAGES.missingPermissions])
	})

	test('a refresh token the provider refuses: 401; the provider out of reach: 503', async () => {
		expect(await refresh({ refreshToken: 'not-a-refresh-token' })).toMatchObject({ status: 401, body: { success: false, errors: [REFRESH_MESSAGES.failed] } })
		const unreachable = createApi({ db: database.db, tokenClient: { refresh: async () => Promise.reject(new TokenRefreshError('unavailable', 'down')) } })
		expect(await refresh({ refreshToken: 'x' }, unreachable)).toMatchObject({ status: 503, body: { errors: [REFRESH_MESSAGES.failed] } })
	})

	test('a token the API would not accept is not handed on', async () => {
		const foreign = createApi({ db: database.db, tokenClient: { refresh: async () => ({ accessToken: 'eyJhbGciOiJub25lIn0.e30.', refreshToken: null, expiresIn: 60 }) } })
		expect(await refresh({ refreshToken: 'x' }, foreign)).toMatchObject({ status: 401 })
	})

	test('no refresh token, or not JSON: 400 with the reason', async () => {
		expect(await refresh({})).toMatchObject({ status: 400, body: { errors: [REFRESH_MESSAGES.required] } })
		expect(await refresh({ refreshToken: '' })).toMatchObject({ status: 400, body: { errors: [REFRESH_MESSAGES.required] } })
		expect((await refresh('nope')).status).toBe(400)
	})

	test('an expired bearer sent along is refused as expired (the site sends none)', async () => {
		const expired = await tokenFor(database.db, 'executive@example.com', { expiresIn: -60 })
		const { status, body } = await call(api, 'POST', '/userprofile/refreshtoken', { token: expired, body: { refreshToken: 'x' } })
		expect(status).toBe(401)
		expect(body.errors).toEqual(['Login token expired'])
	})
})

test('expected permissions: every one of either list', () => {
	expect(hasExpectedPermissions(['read:executive'], [undefined, undefined])).toBe(true)
	expect(hasExpectedPermissions(['read:executive'], [['read:executive'], undefined])).toBe(true)
	expect(hasExpectedPermissions(['read:executive-trial'], [['read:executive'], ['read:executive-trial']])).toBe(true)
	expect(hasExpectedPermissions(['read:executive'], [['read:executive', 'read:strategy'], []])).toBe(false)
	expect(hasExpectedPermissions([], [['read:executive'], undefined])).toBe(false)
})
