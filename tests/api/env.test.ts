/** The backend's configuration (backend/env.ts): defaults, and a clear message for a bad variable. */
import { describe, expect, test } from 'vitest'
import { backendEnv } from '../../backend/env.ts'
import { addressList } from '../../backend/http/address-list.ts'

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
		[{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL/],
		[{ METRICS_ALLOW: 'loopback,10.0.0.0/33' }, /METRICS_ALLOW .*"10\.0\.0\.0\/33" is none of these/],
		[{ METRICS_ALLOW: 'prometheus.internal' }, /METRICS_ALLOW .*"prometheus\.internal"/],
	])('%j is refused, named', (env, message) => {
		expect(() => backendEnv(env)).toThrow(message)
	})

	test('good values are read as their types', () => {
		expect(backendEnv({ PORT: '8080', DATABASE_URL: 'postgresql://u:p@db/water', TRUST_DEBUG_IP: '1' })).toMatchObject({ PORT: 8080, DATABASE_URL: 'postgresql://u:p@db/water', TRUST_DEBUG_IP: '1' })
	})

	test('METRICS_ALLOW: loopback by default; addresses and subnets of both families', () => {
		expect(backendEnv({}).METRICS_ALLOW).toBe('loopback')
		const loopback = addressList(backendEnv({}).METRICS_ALLOW)
		expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map((address) => loopback.has(address))).toEqual([true, true, true])
		expect(['10.0.0.7', '203.0.113.9', undefined].map((address) => loopback.has(address))).toEqual([false, false, false])
		const listed = addressList(backendEnv({ METRICS_ALLOW: '10.0.0.0/8, fd00::/8,192.0.2.4' }).METRICS_ALLOW)
		expect(['10.1.2.3', 'fd00::5', '192.0.2.4', '192.0.2.5', '127.0.0.1'].map((address) => listed.has(address))).toEqual([true, true, true, false, false])
	})
})
