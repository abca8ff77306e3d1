/**
 * The site's two modes, decided here and nowhere else (docs/decisions/0029-demo-and-production-modes.md):
 * - the demo: what `npm start` gives on the embedded PostgreSQL. The demo catalogue and
 *   accounts are seeded into an empty database, the payment sandbox takes test cards, and
 *   secrets are generated once into DATA_DIR.
 * - production: anything on an external DATABASE_URL. Nothing of the demo appears unless an
 *   operator asks for it (DEMO_DATA=1, PAYMENT_SANDBOX=1), and start refuses without the
 *   secrets every host must share.
 * SITE_MODE names the mode outright (the browser tests run the demo on an external test cluster).
 * Read at call time, like backendEnv: a test may change the environment.
 */
import { backendEnv, type BackendEnv } from './env.ts'

export type SiteMode = 'demo' | 'production'
/** How the site takes a buyer's money: Stripe Checkout, the sandbox's test cards, or not at all. */
export type Purchases = 'stripe' | 'sandbox' | 'off'

export function siteMode(env: BackendEnv = backendEnv()): SiteMode {
	return env.SITE_MODE ?? (env.DATABASE_URL ? 'production' : 'demo')
}

/** Stripe when configured; else the sandbox in the demo or when asked for; else no purchases. */
export function purchases(env: BackendEnv = backendEnv()): Purchases {
	if (env.STRIPE_SECRET_KEY) return 'stripe'
	return siteMode(env) === 'demo' || env.PAYMENT_SANDBOX === '1' ? 'sandbox' : 'off'
}

/** Whether an empty database is seeded with the demo catalogue and accounts at start, and the demo accounts kept current. */
export function demoData(env: BackendEnv = backendEnv()): boolean {
	return siteMode(env) === 'demo' || env.DEMO_DATA === '1'
}

/** Whether secrets may be generated into DATA_DIR when unset (the demo's one machine); production shares them between hosts. */
export function generatesSecrets(env: BackendEnv = backendEnv()): boolean {
	return siteMode(env) === 'demo'
}

/**
 * The settings production cannot start without, one line each (none: ready). Generated ones
 * would differ per host: one host could not read another's sessions or verify its tokens.
 */
export function missingProductionSettings(env: BackendEnv = backendEnv()): string[] {
	if (siteMode(env) !== 'production') return []
	const missing: string[] = []
	if (!env.SESSION_SECRET) missing.push('SESSION_SECRET is required in production: at least 16 random characters, the same on every host (comma separated to rotate)')
	if (!env.PUBLIC_URL) missing.push("PUBLIC_URL is required in production: the site's public origin, e.g. https://www.example.com")
	if (!env.OIDC_CLIENT_SECRET) missing.push("OIDC_CLIENT_SECRET is required in production: the site's client secret at its identity provider")
	// An external provider signs its own tokens; the embedded one signs with these keys.
	if (!env.SIGNING_JWKS && !env.OIDC_ISSUER) missing.push('SIGNING_JWKS is required in production with the embedded identity provider (OIDC_ISSUER unset): a private JWKS in JSON, {"keys": [...]}, the same on every host')
	return missing
}

const PURCHASES_SAID: Record<Purchases, string> = {
	stripe: 'purchases through Stripe',
	sandbox: 'purchases in the payment sandbox (test cards, no money taken)',
	off: 'purchases off (no Stripe keys; PAYMENT_SANDBOX unset)',
}

/** The one line start prints: which mode, on which database, with what data and which purchases. */
export function describeMode(env: BackendEnv = backendEnv()): string {
	const mode = siteMode(env)
	const database = env.DATABASE_URL ? 'external database' : 'embedded database'
	const data = demoData(env) ? 'demo catalogue and accounts' : 'no demo data'
	return `[server] ${mode} mode: ${database}, ${data}, ${PURCHASES_SAID[purchases(env)]}`
}
