/**
 * The signing keys and token verification of backend/identity, in isolation: a fresh data
 * directory, and an external identity provider served from this process.
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterEach, describe, expect, test, vi } from 'vitest'

const saved = { DATA_DIR: process.env.DATA_DIR, OIDC_ISSUER: process.env.OIDC_ISSUER }
afterEach(() => {
	for (const [name, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[name]
		else process.env[name] = value
	}
	vi.resetModules()
})

describe('signing keys', () => {
	test('two processes starting at once on a fresh data directory end up with one key, kept private', async () => {
		const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'keys-'))
		process.env.DATA_DIR = dataDir
		try {
			// Two module instances stand for two processes: neither sees the other's memory.
			vi.resetModules()
			const first = await import('../../backend/identity/keys.ts')
			vi.resetModules()
			const second = await import('../../backend/identity/keys.ts')
			expect(first).not.toBe(second)
			const [a, b] = await Promise.all([first.getSigningKeys(), second.getSigningKeys()])
			expect(a.privateJwk.kid).toBe(b.privateJwk.kid)
			expect(a.privateJwk.d).toBe(b.privateJwk.d)
			const file = path.join(dataDir, 'secrets', 'jwks.json')
			expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
			expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700)
			expect(await fs.readdir(path.dirname(file))).toEqual(['jwks.json'])
		} finally {
			await fs.rm(dataDir, { recursive: true, force: true })
		}
	})
})

describe('an external identity provider (OIDC_ISSUER)', () => {
	test("tokens are verified against the issuer's published keys (discovery jwks_uri)", async () => {
		const { privateKey, publicKey } = await generateKeyPair('RS256')
		const jwk = { ...(await exportJWK(publicKey)), kid: 'external-1', alg: 'RS256', use: 'sig' }
		const server = http.createServer((request, response) => {
			const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
			response.setHeader('Content-Type', 'application/json')
			if (request.url === '/.well-known/openid-configuration') response.end(JSON.stringify({ issuer: origin, jwks_uri: `${origin}/keys` }))
			else if (request.url === '/keys') response.end(JSON.stringify({ keys: [jwk] }))
			else response.writeHead(404).end('{}')
		})
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		try {
			process.env.OIDC_ISSUER = issuer
			vi.resetModules()
			const tokens = await import('../../backend/identity/tokens.ts')
			expect(tokens.ISSUER).toBe(issuer)
			const sign = (iss: string) =>
				new SignJWT({ permissions: ['read:executive'], dated_roles: [] })
					.setProtectedHeader({ alg: 'RS256', kid: 'external-1' })
					.setSubject('auth0|123')
					.setIssuer(iss)
					.setAudience(tokens.API_AUDIENCE)
					.setIssuedAt()
					.setExpirationTime('5m')
					.sign(privateKey)
			expect(await tokens.verifyAccessToken(await sign(issuer))).toEqual({
				ok: true,
				claims: { sub: 'auth0|123', email: null, permissions: ['read:executive'], datedRoles: [] },
				ids: { jti: null, grantId: null },
			})
			expect(await tokens.verifyAccessToken(await sign('https://someone-else.example'))).toEqual({ ok: false, expired: false })
		} finally {
			server.close()
		}
	})
})
