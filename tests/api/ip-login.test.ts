/**
 * POST /ip-login and /ip-login/{id} (spec 000 §3, §4, §7): sign-in by network address,
 * which address is believed, and the token it gives.
 */
import { sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { NetworkUser } from '../../contract/identity.ts'
import { normaliseAddress } from '../../backend/api/client-address.ts'
import { createApi } from '../../backend/api/index.ts'
import { loadOrganisationClaims } from '../../backend/identity/claims.ts'
import { RATE_LIMITS } from '../../backend/identity/rate-limit.ts'
import { verifyAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_ORGANISATION } from '../../backend/seed/demo-accounts.ts'
import { call } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
let api: ReturnType<typeof createApi>
let demoOrganisationId: number

beforeAll(async () => {
	api = createApi({ db: database.db })
	const { rows } = await database.db.execute<{ id: number }>(sql`select id from organisations where reference = ${DEMO_ORGANISATION.reference}`)
	demoOrganisationId = rows[0].id
})

const saved = { NODE_ENV: process.env.NODE_ENV, TRUST_DEBUG_IP: process.env.TRUST_DEBUG_IP, TRUST_CLIENT_ADDRESS_HEADER: process.env.TRUST_CLIENT_ADDRESS_HEADER }
afterEach(() => {
	for (const [name, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[name]
		else process.env[name] = value
	}
})

/** As the site's server calls it: in-process, with the client's address in X-Client-Address. */
const fromSite = (address: string, path = '/ip-login') => call(api, 'POST', path, { headers: { 'X-Client-Address': address } })
/** As a request arriving over the network at /api (the Node adapter passes its IncomingMessage). */
const overNetwork = (path: string, peer: string, headers: Record<string, string> = {}) =>
	call(api, 'POST', path, { headers, env: { incoming: { socket: { remoteAddress: peer } } } })

describe('POST /ip-login', () => {
	test("inside the demo organisation's range: a token the API accepts, with the organisation's permissions", async () => {
		const { status, body } = await fromSite(DEMO_ORGANISATION.sampleIp)
		expect(status).toBe(200)
		const user = body.item as NetworkUser
		expect(user).toEqual({ email: null, token: expect.any(String), refreshToken: null, userName: DEMO_ORGANISATION.name })

		const verified = await verifyAccessToken(user.token)
		const claims = (await loadOrganisationClaims(database.db, demoOrganisationId))!
		expect(verified).toEqual({
			ok: true,
			claims: { sub: `organisation|${DEMO_ORGANISATION.reference}`, email: null, permissions: claims.permissions, datedRoles: claims.datedRoles },
			ids: { jti: decodeJwt(user.token).jti, grantId: null },
		})
		// The seed gives the organisation a current Executive role.
		expect(claims.permissions).toContain('read:executive')

		const profile = await call(api, 'GET', '/userprofile', { token: user.token })
		expect(profile.status).toBe(200)
		expect(profile.body.item).toMatchObject({ emailAddress: null, organisationReference: DEMO_ORGANISATION.reference, roleNames: ['Executive'] })
	})

	test("outside every range: 404 'Not found'; an invalid or missing address: 400", async () => {
		expect(await fromSite('203.0.113.9')).toMatchObject({ status: 404, body: { success: false, errors: ['Not found'] } })
		expect(await fromSite('198.51.101.1')).toMatchObject({ status: 404 })
		expect(await fromSite('2001:db8::1')).toMatchObject({ status: 404 })
		for (const bad of ['not-an-ip', '198.51.100.256', '198.51.100.0/24', "1.2.3.4'; drop table users; --"]) {
			const { status, body } = await fromSite(bad)
			expect(status, bad).toBe(400)
			expect(body.errors[0]).toMatch(/^Bad request/)
		}
		expect((await call(api, 'POST', '/ip-login')).status).toBe(400)
	})

	test('debugIPAddress is honoured outside production, ignored in production unless TRUST_DEBUG_IP=1', async () => {
		const path = `/ip-login?debugIPAddress=${DEMO_ORGANISATION.sampleIp}`
		expect((await fromSite('203.0.113.9', path)).status).toBe(200)

		process.env.NODE_ENV = 'production'
		expect((await fromSite('203.0.113.9', path)).status).toBe(404) // the real address decides
		expect((await call(api, 'POST', path)).status).toBe(400) // and without one there is none

		process.env.TRUST_DEBUG_IP = '1'
		expect((await fromSite('203.0.113.9', path)).status).toBe(200)
	})

	test('over the network the X-Client-Address header is not believed (anyone could write it)', async () => {
		const spoofed = await overNetwork('/ip-login', '203.0.113.50', { 'X-Client-Address': DEMO_ORGANISATION.sampleIp })
		expect(spoofed.status).toBe(404)
		// The connection's own address decides, IPv4-mapped IPv6 included.
		expect((await overNetwork('/ip-login', `::ffff:${DEMO_ORGANISATION.sampleIp}`)).status).toBe(200)
		// An API host only the site can reach may say so.
		process.env.TRUST_CLIENT_ADDRESS_HEADER = '1'
		expect((await overNetwork('/ip-login', '203.0.113.50', { 'X-Client-Address': DEMO_ORGANISATION.sampleIp })).status).toBe(200)
	})

	test('the narrowest matching range wins', async () => {
		const { rows } = await database.db.execute<{ id: number }>(
			sql`insert into organisations (name, reference, parent_id) values ('Demo Water Lab', 'ORG-DEMO-LAB', ${demoOrganisationId}) returning id`,
		)
		await database.db.execute(sql`insert into organisation_ip_ranges (organisation_id, cidr) values (${rows[0].id}, '198.51.100.16/28')`)
		try {
			expect((await fromSite('198.51.100.20')).body.item.userName).toBe('Demo Water Lab')
			expect((await fromSite('198.51.100.40')).body.item.userName).toBe(DEMO_ORGANISATION.name)
			// /ip-login/{id} looks only at that organisation's ranges.
			expect((await fromSite('198.51.100.20', `/ip-login/${demoOrganisationId}`)).body.item.userName).toBe(DEMO_ORGANISATION.name)
		} finally {
			await database.db.execute(sql`delete from organisations where id = ${rows[0].id}`)
		}
	})

	test('POST /ip-login/{id}: that organisation only; a bad id is 400', async () => {
		expect((await fromSite(DEMO_ORGANISATION.sampleIp, `/ip-login/${demoOrganisationId}`)).status).toBe(200)
		expect((await fromSite(DEMO_ORGANISATION.sampleIp, `/ip-login/${demoOrganisationId + 1000}`)).status).toBe(404)
		for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await fromSite(DEMO_ORGANISATION.sampleIp, `/ip-login/${id}`)).status, id).toBe(400)
	})

	test('rate-limited per address: 429 with Retry-After', async () => {
		const address = '203.0.113.77'
		for (let i = 0; i < RATE_LIMITS.ipLogin.limit; i++) expect((await fromSite(address)).status).toBe(404)
		const limited = await fromSite(address)
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
		// Other addresses are not affected.
		expect((await fromSite(DEMO_ORGANISATION.sampleIp)).status).toBe(200)
	})
})

describe('normaliseAddress', () => {
	test('valid addresses in the form PostgreSQL takes; anything else null', () => {
		expect(normaliseAddress('198.51.100.23')).toBe('198.51.100.23')
		expect(normaliseAddress(' ::FFFF:198.51.100.23 ')).toBe('198.51.100.23')
		expect(normaliseAddress('[2001:DB8::1]')).toBe('2001:db8::1')
		expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1')
		for (const bad of [null, undefined, '', 'localhost', '10.0.0.1/8', '1.2.3', '1.2.3.4.5']) expect(normaliseAddress(bad)).toBeNull()
	})
})
