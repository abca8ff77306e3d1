/** The backend's configuration (backend/env.ts): defaults, and a clear message for a bad variable. */
import { describe, expect, test } from 'vitest'
import { backendEnv } from '../../backend/env.ts'

describe('backend configuration, validated at start', () => {
	test('nothing set: the embedded defaults', () => {
		expect(backendEnv({})).toMatchObject({ NODE_ENV: 'development', PORT: 3000, HOST: '127.0.0.1', EMBEDDED_DATABASE_PORT: 5433, DATA_DIR: 'data' })
		expect(backendEnv({}).DATABASE_URL).toBeUndefined()
		// No proxy is believed unless named (backend/http/forwarded.ts).
		expect(backendEnv({}).TRUST_PROXY).toBeUndefined()
	})

	test('blank variables count as unset', () => {
		const env = backendEnv({ PORT: '', DATABASE_URL: '' })
		expect(env.PORT).toBe(3000)
		expect(env.DATABASE_URL).toBeUndefined()
	})

	test.each([
		[{ PORT: 'eighty' }, /PORT/],
		[{ EMBEDDED_DATABASE_PORT: '70000' }, /EMBEDDED_DATABASE_PORT/],
		[{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
		[{ SIGNING_JWKS: '{not json' }, /SIGNING_JWKS must be a JWKS/],
		[{ TRUST_DEBUG_IP: 'yes' }, /TRUST_DEBUG_IP/],
		[{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 16 characters/],
		[{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
	])('%j is refused, named', (env, message) => {
		expect(() => backendEnv(env)).toThrow(message)
	})

	test('good values are read as their types', () => {
		expect(backendEnv({ PORT: '8080', DATABASE_URL: 'postgresql://u:p@db/water', TRUST_DEBUG_IP: '1' })).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgresql://u:p@db/water', TRUST_DEBUG_IP: '1' })
	})
})
