/** The backend's configuration (backend/env.ts): defaults, and a clear message for a bad variable. */
import { describe, expect, test } from 'vitest'
import { backendEnv } from '../../backend/env.ts'
import { demoData, describeMode, missingProductionSettings, purchases, siteMode } from '../../backend/mode.ts'
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
		[{ SITE_MODE: 'staging' }, /SITE_MODE/],
		[{ DEMO_DATA: 'yes' }, /DEMO_DATA/],
		[{ PAYMENT_SANDBOX: 'true' }, /PAYMENT_SANDBOX/],
		[{ PAYMENT_SANDBOX: '1', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, /PAYMENT_SANDBOX=1 and STRIPE_SECRET_KEY are exclusive/],
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

describe('the mode (backend/mode.ts)', () => {
	const external = { DATABASE_URL: 'postgresql://u:p@db/water' }
	test('the demo on the embedded database, production on DATABASE_URL; SITE_MODE names it outright', () => {
		expect(siteMode(backendEnv({}))).toBe('demo')
		expect(siteMode(backendEnv(external))).toBe('production')
		expect(siteMode(backendEnv({ ...external, SITE_MODE: 'demo' }))).toBe('demo')
		expect(siteMode(backendEnv({ SITE_MODE: 'production' }))).toBe('production')
	})

	test('production takes the demo data and the sandbox only when asked', () => {
		expect([demoData(backendEnv({})), purchases(backendEnv({}))]).toEqual([true, 'sandbox'])
		expect([demoData(backendEnv(external)), purchases(backendEnv(external))]).toEqual([false, 'off'])
		expect([demoData(backendEnv({ ...external, DEMO_DATA: '1' })), purchases(backendEnv({ ...external, PAYMENT_SANDBOX: '1' }))]).toEqual([true, 'sandbox'])
		expect(purchases(backendEnv({ ...external, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toBe('stripe')
		expect(describeMode(backendEnv(external))).toBe('[server] production mode: external database, no demo data, purchases off (no Stripe keys; PAYMENT_SANDBOX unset)')
	})

	test('production names every missing secret; an external identity provider needs no signing keys; the demo needs none', () => {
		expect(missingProductionSettings(backendEnv({})).length).toBe(0)
		expect(missingProductionSettings(backendEnv(external)).map((line) => line.split(' ')[0])).toEqual(['SESSION_SECRET', 'PUBLIC_URL', 'OIDC_CLIENT_SECRET', 'SIGNING_JWKS'])
		expect(missingProductionSettings(backendEnv({ ...external, OIDC_ISSUER: 'https://id.example.com/' })).map((line) => line.split(' ')[0])).toEqual(['SESSION_SECRET', 'PUBLIC_URL', 'OIDC_CLIENT_SECRET'])
	})
})
