import { createCookieSessionStorage } from '@remix-run/node'
import { getEnv, isProduction } from './env.server.ts'

/**
 * The cookie session holds the reader's tokens (never sent to client scripts: httpOnly,
 * and loaders return only what views need). Sign-in fills it; until then it is empty.
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

let storage: ReturnType<typeof createStorage> | undefined
function createStorage() {
	return createCookieSessionStorage<SessionData>({
		cookie: {
			name: '__session',
			httpOnly: true,
			sameSite: 'lax',
			path: '/',
			secure: isProduction(),
			secrets: getEnv().SESSION_SECRET.split(','),
			maxAge: 60 * 60 * 24 * 30,
		},
	})
}
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

/** Forgets a sign-in by network address (the organisation's token and name). */
export function clearNetworkSignIn(session: Session) {
	session.unset('ipToken')
	session.unset('ipUserName')
}

/** Whether the response depends on who is asking (decides public vs private caching). */
export function isPersonalised(request: Request) {
	return Boolean(request.headers.get('Cookie')?.includes('__session='))
}
