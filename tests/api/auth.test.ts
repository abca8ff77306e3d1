/**
 * Bearer authentication of the content API (spec 000 §3, §4, §8) and the signing keys.
 */
import fs from 'node:fs/promises'
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose'
import { describe, expect, test, vi } from 'vitest'
import { getSigningKeys, JWKS_FILE } from '../../backend/identity/keys.ts'
import { API_AUDIENCE, ISSUER, issueAccessToken, verifyAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { get } = useTestApi()


const strategist = () => issueAccessToken({ sub: 'demo|strategist', email: 'strategist@example.com', permissions: ['read:executive', 'read:strategy', 'read:strategy-beta'] })

/** The menu item named `name` anywhere in the menu. */
function menuItem(menu: any, name: string): any {
	for (const item of menu.menuItems) {
		if (item.name === name) return item
		const child = item.pageLinks.find((link: any) => link.name === name)
		if (child) return child
	}
	throw new Error(`no menu item ${name}`)
}

describe('menus: hasAccess from the viewer permissions', () => {
	test('anonymous: public items open, Strategist items closed (and tagged)', async () => {
		const { status, body } = await get('/menus/slug/main')
		expect(status).toBe(200)
		const menu = body.item
		expect(menuItem(menu, 'News').hasAccess).toBe(true)
		expect(menuItem(menu, 'Mergers & acquisitions')).toMatchObject({ hasAccess: false, displayWithStrategistTag: true })
		expect(menuItem(menu, 'Companies').hasAccess).toBe(false)
	})

	test('header and footer items in order, lists with their page links', async () => {
		const { body } = await get('/menus/slug/main')
		const items = body.item.menuItems
		const placements = items.map((item: any) => item.placement)
		expect(placements.indexOf('footer')).toBeGreaterThan(0)
		expect(placements.slice(placements.indexOf('footer')).every((placement: string) => placement === 'footer')).toBe(true)
		const news = menuItem(body.item, 'News')
		expect(news.menuItemType).toBe('PageLinkList')
		expect(news.pageLinks.map((link: any) => link.name).slice(0, 2)).toEqual(['Latest news', 'Analysis'])
		expect(news.pageLinks.every((link: any) => link.menuItemType === 'PageLink' && link.pageLinks.length === 0)).toBe(true)
	})

	test('a strategist opens the Strategist items; responses become private', async () => {
		const { status, headers, body } = await get('/menus/slug/main', await strategist())
		expect(status).toBe(200)
		expect(menuItem(body.item, 'Mergers & acquisitions').hasAccess).toBe(true)
		expect(menuItem(body.item, 'Companies').hasAccess).toBe(true)
		expect(headers.get('cache-control')).toBe('private, no-store')
	})

	test('an executive opens Companies but not Mergers', async () => {
		const token = await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] })
		const { body } = await get('/menus/slug/strategy', token)
		expect(body.item.slug).toBe('strategy')
		expect(menuItem(body.item, 'Companies').hasAccess).toBe(true)
		expect(menuItem(body.item, 'Mergers & acquisitions').hasAccess).toBe(false)
	})
})

describe('tokens', () => {
	test("an expired token is 401 with exactly 'Login token expired' (the site refreshes the session)", async () => {
		const token = await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'], expiresIn: -60 })
		const { status, body } = await get('/articles?pageSize=1', token)
		expect(status).toBe(401)
		expect(body).toEqual({ success: false, errors: ['Login token expired'], warnings: [] })
	})

	test.each([
		['garbage', 'Bearer not-a-jwt'],
		['not bearer', 'Basic dXNlcjpwYXNz'],
		['empty bearer', 'Bearer '],
	])('a %s Authorization header is 401 Unauthorized', async (_, header) => {
		const { status, body } = await get('/articles?pageSize=1', undefined, { Authorization: header })
		expect(status).toBe(401)
		expect(body.errors).toEqual(['Unauthorized'])
	})

	test('a token signed by another key, for another audience or issuer is refused', async () => {
		const { privateJwk } = await getSigningKeys()
		const key = await importJWK(privateJwk, 'RS256')
		const sign = (issuer: string, audience: string) =>
			new SignJWT({ permissions: ['read:executive'] }).setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid }).setSubject('x').setIssuer(issuer).setAudience(audience).setIssuedAt().setExpirationTime('5m').sign(key)
		for (const token of [await sign('https://elsewhere.example/oidc', API_AUDIENCE), await sign(ISSUER, 'urn:other:api')]) {
			expect((await get('/articles?pageSize=1', token)).status).toBe(401)
		}
		const { privateKey } = await import('jose').then((jose) => jose.generateKeyPair('RS256'))
		const forged = await new SignJWT({ permissions: ['read:executive'] }).setProtectedHeader({ alg: 'RS256', kid: privateJwk.kid }).setSubject('x').setIssuer(ISSUER).setAudience(API_AUDIENCE).setIssuedAt().setExpirationTime('5m').sign(privateKey)
		expect((await get('/articles?pageSize=1', forged)).status).toBe(401)
	})

	test('claims of spec 000 §3 survive the round trip', async () => {
		const token = await issueAccessToken({
			sub: 'demo|trial',
			email: 'trial@example.com',
			permissions: ['read:executive-trial'],
			datedRoles: [{ RoleName: 'Executive - Trial', StartDate: new Date('2026-01-01T00:00:00Z'), EndDate: '2026-01-15T00:00:00.000Z' }],
		})
		expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' })
		const verified = await verifyAccessToken(token)
		expect(verified).toEqual({
			ok: true,
			claims: {
				sub: 'demo|trial',
				email: 'trial@example.com',
				permissions: ['read:executive-trial'],
				datedRoles: [{ RoleName: 'Executive - Trial', StartDate: '2026-01-01T00:00:00.000Z', EndDate: '2026-01-15T00:00:00.000Z' }],
			},
			ids: { jti: decodeJwt(token).jti, grantId: null },
		})
	})

	test('a token verified once is still refused once it expires (verified tokens are remembered only until exp)', async () => {
		const token = await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'], expiresIn: 60 })
		expect((await get('/articles?pageSize=1', token)).status).toBe(200)
		vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] })
		try {
			const { status, body } = await get('/articles?pageSize=1', token)
			expect(status).toBe(401)
			expect(body.errors).toEqual(['Login token expired'])
		} finally {
			vi.useRealTimers()
		}
	})

	test('the claims of a remembered token cannot be changed by one page for the next', async () => {
		const token = await issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive'] })
		const first = await verifyAccessToken(token)
		if (!first.ok) throw new Error('token refused')
		expect(() => (first.claims.permissions as string[]).push('read:strategy')).toThrow(TypeError)
		expect(() => ((first.ids as { jti: string | null }).jti = 'another')).toThrow(TypeError)
		expect(await verifyAccessToken(token)).toEqual({ ok: true, claims: expect.objectContaining({ permissions: ['read:executive'] }), ids: { jti: decodeJwt(token).jti, grantId: null } })
	})

	test('no token is an anonymous reader, with no caching header', async () => {
		const { status, headers } = await get('/articles?pageSize=1')
		expect(status).toBe(200)
		expect(headers.get('cache-control')).toBeNull()
	})
})

describe('signing keys', () => {
	test('one RS256 key pair, persisted privately and reused', async () => {
		const first = await getSigningKeys()
		expect(first.privateJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
		expect(first.privateJwk.d).toBeTruthy()
		expect(first.publicJwks.keys).toHaveLength(1)
		expect(first.publicJwks.keys[0].d).toBeUndefined()
		expect(first.publicJwks.keys[0].kid).toBe(first.privateJwk.kid)
		const stat = await fs.stat(JWKS_FILE)
		expect(stat.mode & 0o777).toBe(0o600)
		const stored = JSON.parse(await fs.readFile(JWKS_FILE, 'utf8'))
		expect(stored.keys[0].kid).toBe(first.privateJwk.kid)
		expect((await getSigningKeys()).privateJwk.kid).toBe(first.privateJwk.kid)
	})
})
