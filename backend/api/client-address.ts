/**
 * The address of the person behind a request, for sign-in by network address (spec 000 §4)
 * and per-client rate limits.
 *
 * Which source is believed, in order:
 *   1. `?debugIPAddress=` — only outside production (NODE_ENV !== 'production') or with
 *      TRUST_DEBUG_IP=1, so testers can sign in "from" an organisation's network.
 *   2. The `X-Client-Address` header, set by the site's server from the connection it
 *      accepted (behind its own trusted proxies). Believed when the request reached the API
 *      IN-PROCESS (the site calls `api.fetch` directly; no socket is attached), or when
 *      TRUST_CLIENT_ADDRESS_HEADER=1 says the API host is reachable only by the site.
 *      A request arriving from the network at /api could write any header, so there it
 *      is ignored: otherwise anyone could claim an organisation's address.
 *   3. The connection's own address (Express's `req.ip`, which believes X-Forwarded-For only
 *      from the proxies TRUST_PROXY names: backend/http/forwarded.ts, none by default).
 */
import net from 'node:net'
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { CLIENT_ADDRESS_HEADER } from '../../contract/identity.ts'
import { backendEnv } from '../env.ts'

export const DEBUG_IP_PARAM = 'debugIPAddress'

export type ClientAddress = { address: string | null; source: 'debug' | 'header' | 'connection' | 'none' }

/** Read at call time, so a process (or a test) can change its mode. */
export const debugAddressAllowed = () => {
	const { NODE_ENV, TRUST_DEBUG_IP } = backendEnv()
	return NODE_ENV !== 'production' || TRUST_DEBUG_IP === '1'
}

/** Node's request when the API was reached over HTTP (@hono/node-server passes it as env). */
function incomingMessage(c: Context): (IncomingMessage & { ip?: string }) | undefined {
	const env = c.env as { incoming?: IncomingMessage & { ip?: string } } | undefined
	return env?.incoming
}

export function readClientAddress(c: Context): ClientAddress {
	const debug = c.req.query(DEBUG_IP_PARAM)?.trim()
	if (debug && debugAddressAllowed()) return { address: debug, source: 'debug' }
	const incoming = incomingMessage(c)
	const header = c.req.header(CLIENT_ADDRESS_HEADER)?.trim()
	if (header && (!incoming || backendEnv().TRUST_CLIENT_ADDRESS_HEADER === '1')) return { address: header, source: 'header' }
	const connection = incoming?.ip ?? incoming?.socket?.remoteAddress
	return connection ? { address: connection, source: 'connection' } : { address: null, source: 'none' }
}

/**
 * A valid IP address in the form PostgreSQL's inet takes, or null: IPv4-mapped IPv6
 * (::ffff:198.51.100.23, as Node reports IPv4 clients on dual-stack sockets) becomes plain
 * IPv4 so it falls in IPv4 ranges; an IPv6 zone (%eth0) is dropped.
 */
export function normaliseAddress(value: string | null | undefined): string | null {
	if (!value) return null
	let address = value.trim()
	if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1)
	address = address.replace(/%[\w.-]+$/, '')
	const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
	if (mapped) address = mapped[1]
	return net.isIP(address) === 0 ? null : address.toLowerCase()
}
