/**
 * Which request headers about the client and the site are believed: a forged header must not change who the client is or which site it asked for.
 *
 * - Client address, scheme: only proxies named in TRUST_PROXY may set X-Forwarded-For and
 *   X-Forwarded-Proto; by default nobody does, and the connection's own address is the
 *   client. Express applies the rule (`trust proxy`, hence `req.ip`, `req.protocol`); every
 *   other reader of the client address (the API's client-address.ts, the sign-in pages'
 *   rate limits, oidc-provider) takes Express's answer instead of reading headers itself.
 * - Host: the site's own name comes from PUBLIC_URL (else http://localhost:PORT), never from
 *   X-Forwarded-Host, and a Host header naming anything else is replaced by it before any
 *   handler runs, so no page, redirect or discovery document can carry a name the client
 *   made up. Loopback names pass only from a loopback peer: the site's own calls to the
 *   embedded identity provider, and a developer's browser.
 */
import net from 'node:net'
import type { Express, RequestHandler } from 'express'

/**
 * TRUST_PROXY in Express's `trust proxy` terms. Unset, '', 'none', 'false' or '0': nobody.
 * A number: that many proxies in front. 'true': every hop (only when nothing but the proxy
 * can reach the server). Otherwise addresses, subnets or 'loopback', 'linklocal',
 * 'uniquelocal', comma separated.
 */
export function trustProxySetting(value: string | undefined = process.env.TRUST_PROXY): boolean | number | string {
	const setting = value?.trim() ?? ''
	if (setting === '' || /^(none|false|0)$/i.test(setting)) return false
	if (/^\d+$/.test(setting)) return Number(setting)
	if (/^true$/i.test(setting)) return true
	return setting
}

/** The one rule for an Express app that serves readers (server.ts; tests that stand in for it). */
export function applyTrustProxy(app: Express, value?: string) {
	app.set('trust proxy', trustProxySetting(value))
}

/** The site's public origin as the backend knows it: PUBLIC_URL, else http://localhost:PORT. */
export function sitePublicOrigin(env: NodeJS.ProcessEnv = process.env): URL {
	return new URL((env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''))
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

function isLoopbackAddress(address: string | undefined) {
	if (!address) return false
	const plain = address.replace(/^::ffff:/i, '')
	return plain === '::1' || (net.isIPv4(plain) && plain.startsWith('127.'))
}

/** Whether a Host header may stand: the public host, or a loopback name from a loopback peer. */
export function isAllowedHost(host: string | undefined, peer: string | undefined, publicHost: string): boolean {
	if (!host) return false
	const name = host.toLowerCase()
	if (name === publicHost.toLowerCase()) return true
	const hostname = name.startsWith('[') ? name.slice(0, name.indexOf(']') + 1) : name.split(':')[0]!
	return LOOPBACK_NAMES.has(hostname) && isLoopbackAddress(peer)
}

/** Express middleware: X-Forwarded-Host is dropped and an unknown Host becomes the public host. */
export function publicHostOnly(publicOrigin: URL = sitePublicOrigin()): RequestHandler {
	return (req, _res, next) => {
		delete req.headers['x-forwarded-host']
		if (!isAllowedHost(req.headers.host, req.socket.remoteAddress, publicOrigin.host)) req.headers.host = publicOrigin.host
		next()
	}
}
