import { createCookie, createSession, type SessionStorage } from '@remix-run/node'
import { LRUCache } from 'lru-cache'
import { getEnv, isProduction } from './env.server.ts'
import { open, seal, sealingKeys } from './session-seal.server.ts'

/**
 * The cookie session holds the reader's tokens (never sent to client scripts: httpOnly,
 * and loaders return only what views need), sealed so that not even its holder can read
 * them. Sign-in fills it; until then it is empty. Logging out ends its sign-ins at the API
 * too (session-refresh.server.ts `endSignIns`), so a copy of the cookie dies with it.
 */
export type SessionData = {
	/** Identity-provider access token, its refresh token and expiry (epoch ms). */
	accessToken: string
	refreshToken: string
	expiresAt: number
	/** Who signed in, from the provider's ID token (for display when the access token has no name). */
	userName: string
	email: string
	/** Token from sign-in by network address (/ip-login). */
	ipToken: string
	ipUserName: string
	/** Token of a member who is joining (checkout in progress). */
	joiningToken: string
}

export const SESSION_COOKIE = '__session'
/** Our choice: a reader stays signed in for 30 days (the provider's refresh token lives as long). */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30
/** Browsers keep cookies up to about 4 KB; a longer one would be silently dropped. */
const MAX_COOKIE_BYTES = 4096

/**
 * Remix's cookie session, with the value sealed (session-seal.server.ts) instead of signed:
 * httpOnly, SameSite=Lax, Secure in production, 30 days.
 */
function createStorage(): SessionStorage<SessionData, SessionData> {
	const keys = sealingKeys(getEnv().SESSION_SECRET.split(','), SESSION_COOKIE)
	// No `secrets`: the sealed value needs no second signature.
	const cookie = createCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: isProduction(), maxAge: SESSION_MAX_AGE_SECONDS })
	return {
		async getSession(cookieHeader, options) {
			let opened = cookieHeader ? recentlyOpened.get(cookieHeader)?.data : undefined
			if (opened === undefined) {
				const sealed = cookieHeader ? await cookie.parse(cookieHeader, options).catch(() => null) : null
				opened = open(sealed, keys, SESSION_COOKIE)
				if (cookieHeader) recentlyOpened.set(cookieHeader, { data: opened })
			}
			// The kept data is never changed: createSession copies its entries into a Map of its own,
			// and every value is a string or a number. Remix's own storages start from a partial
			// object too: every key is optional when read.
			return createSession<SessionData, SessionData>((opened !== null && typeof opened === 'object' ? opened : {}) as SessionData)
		},
		async commitSession(session, options) {
			const header = await cookie.serialize(seal(session.data, keys, SESSION_COOKIE), options)
			if (header.length > MAX_COOKIE_BYTES) throw new Error(`the session cookie would be ${header.length} bytes, more than browsers keep`)
			return header
		},
		async destroySession(_session, options) {
			return cookie.serialize('', { ...options, maxAge: undefined, expires: new Date(0) })
		},
	}
}

/**
 * A page reads its session several times (root, route, each API client); opening it (parsing
 * and decrypting a cookie of some kB) is done once per Cookie header. Each caller gets a session
 * of its own over the kept data, since a session is changed in place before it is committed.
 */
const RECENTLY_OPENED_MAX = 256
const recentlyOpened = new LRUCache<string, { data: unknown }>({ max: RECENTLY_OPENED_MAX })

let storage: SessionStorage<SessionData, SessionData> | undefined
export const sessionStorage = () => (storage ??= createStorage())

export async function getSession(request: Request) {
	return sessionStorage().getSession(request.headers.get('Cookie'))
}

export type Session = Awaited<ReturnType<typeof getSession>>

/**
 * Spec 000 §4: network-address token, then joining token, then identity-provider token.
 * The token as the cookie holds it, expired or not; loaders reach the API through
 * `getReaderToken` (session-refresh.server.ts), which renews an expired one first.
 */
export const bearerOf = (session: Session) => session.get('ipToken') ?? session.get('joiningToken') ?? session.get('accessToken') ?? null

/** Forgets the identity-provider sign-in (tokens; with `keepIdentity`, not who it was). */
export function clearSignIn(session: Session, { keepIdentity = false }: { keepIdentity?: boolean } = {}) {
	session.unset('accessToken')
	session.unset('refreshToken')
	session.unset('expiresAt')
	if (!keepIdentity) {
		session.unset('userName')
		session.unset('email')
	}
}

/** Forgets every sign-in the session holds (identity provider, network address, joining). */
export function forgetEverySignIn(session: Session) {
	clearSignIn(session)
	clearNetworkSignIn(session)
	session.unset('joiningToken')
}

/** Forgets a sign-in by network address (the organisation's token and name). */
export function clearNetworkSignIn(session: Session) {
	session.unset('ipToken')
	session.unset('ipUserName')
}

/** Whether the response depends on who is asking (decides public vs private caching). */
export function isPersonalised(request: Request) {
	return Boolean(request.headers.get('Cookie')?.includes('__session='))
}
