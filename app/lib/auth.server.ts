/**
 * Sign-in (spec 000 §4, §6): remix-auth with remix-auth-oauth2, the authorization code flow
 * with PKCE against any OpenID provider. OIDC_ISSUER names one (its endpoints come from its
 * discovery document); unset, it is the embedded provider at /oidc, whose endpoints we know:
 * readers' browsers go to it on the sign-in origin, and this server calls its token endpoint
 * over loopback.
 *
 * The strategy keeps the state and PKCE verifier in a short-lived `gwi_signin:*` cookie;
 * where the reader was going waits in `gwi_return_to`. Tokens end up in the session cookie,
 * never in a page.
 */
import { createCookie } from '@remix-run/node'
import { decodeJwt } from 'jose'
import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import { embeddedIssuer, getEnv, isProduction, signInOrigin } from './env.server.ts'
import { safeReturnUrl } from './return-url.ts'
import { withTimeout } from './time-limit.server.ts'
import { EMBEDDED_ISSUER_PATH, loopbackOrigin, SIGN_IN_CALLBACK_PATH, SIGN_IN_PROMPT, SIGN_IN_SCOPES, SIGNED_UP_AMR } from '../../contract/sign-in.ts'
import { log } from './log.ts'

/** What a sign-in leaves in the session. */
export type SignedIn = { accessToken: string; refreshToken: string | null; expiresAt: number; userName: string | null; email: string | null; signedUp: boolean }

export const SIGN_IN_STRATEGY = 'oidc'
/** Prefix of the strategy's state cookies (one per sign-in started). */
export const SIGN_IN_STATE_COOKIE = 'gwi_signin'
/**
 * Our choice: how long a sign-in may take (creating an account, waiting for a reset email)
 * before its state and return address are forgotten; as long as the provider's interaction.
 */
const SIGN_IN_SECONDS = 60 * 60
/** Our choice: a token endpoint that does not answer in time counts as failed. */
const PROVIDER_TIMEOUT_MS = 10_000

class SiteSignIn extends OAuth2Strategy<SignedIn> {
	override name = SIGN_IN_STRATEGY

	/** Ask for the password every time (see SIGN_IN_PROMPT). */
	protected override authorizationParams(params: URLSearchParams) {
		const next = new URLSearchParams(params)
		next.set('prompt', SIGN_IN_PROMPT)
		return next
	}
}

/** The ID token's name and email (it came straight from the token endpoint; the API verifies the access token). */
function readIdentity(idToken: string | null, accessToken: string) {
	const pick = (token: string | null) => {
		try {
			return token ? decodeJwt(token) : {}
		} catch {
			return {}
		}
	}
	const identity = pick(idToken)
	const claims = { ...pick(accessToken), ...identity }
	return {
		userName: typeof claims.name === 'string' ? claims.name : null,
		email: typeof claims.email === 'string' ? claims.email : null,
		// Only the ID token says how the reader authenticated (a new account: SIGNED_UP_AMR).
		signedUp: Array.isArray(identity.amr) && identity.amr.includes(SIGNED_UP_AMR),
	}
}

async function verify({ tokens }: OAuth2Strategy.VerifyOptions): Promise<SignedIn> {
	const accessToken = tokens.accessToken()
	let idToken: string | null = null
	try {
		idToken = tokens.idToken()
	} catch {
		// An OAuth provider without OpenID Connect sends none.
	}
	let expiresAt: number
	try {
		expiresAt = tokens.accessTokenExpiresAt().getTime()
	} catch {
		const exp = decodeJwt(accessToken).exp
		expiresAt = typeof exp === 'number' ? exp * 1000 : Date.now()
	}
	return { accessToken, refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null, expiresAt, ...readIdentity(idToken, accessToken) }
}

function strategyOptions() {
	const { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, API_AUDIENCE } = getEnv()
	return {
		clientId: OIDC_CLIENT_ID,
		clientSecret: OIDC_CLIENT_SECRET ?? null,
		redirectURI: `${signInOrigin()}${SIGN_IN_CALLBACK_PATH}`,
		scopes: [...SIGN_IN_SCOPES],
		// Providers such as Auth0 name the API by `audience`; the embedded one issues for it by default.
		audience: API_AUDIENCE,
		cookie: { name: SIGN_IN_STATE_COOKIE, httpOnly: true as const, sameSite: 'Lax' as const, ...(isProduction() ? { secure: true as const } : {}), path: '/', maxAge: SIGN_IN_SECONDS },
	}
}

async function createStrategy(): Promise<SiteSignIn> {
	const { OIDC_ISSUER, HOST, PORT } = getEnv()
	if (OIDC_ISSUER) return SiteSignIn.discover<SignedIn, SiteSignIn>(OIDC_ISSUER, strategyOptions(), verify)
	const internal = `${loopbackOrigin(HOST, PORT)}${EMBEDDED_ISSUER_PATH}`
	return new SiteSignIn(
		{
			...strategyOptions(),
			authorizationEndpoint: `${embeddedIssuer()}/auth`,
			tokenEndpoint: `${internal}/token`,
			tokenRevocationEndpoint: `${internal}/token/revocation`,
		},
		verify,
	)
}

let authenticator: Promise<{ authenticator: Authenticator<SignedIn>; strategy: SiteSignIn }> | undefined

/** Built on first use (discovery of an external issuer is a network call); a failure is retried next time. */
export function getAuthenticator() {
	authenticator ??= createStrategy().then(
		(strategy) => ({ authenticator: new Authenticator<SignedIn>().use(strategy), strategy }),
		(error: unknown) => {
			authenticator = undefined
			throw error
		},
	)
	return authenticator
}

/**
 * Starts a sign-in: the strategy answers with a redirect to the provider (and its state
 * cookie); we add the return address.
 */
export async function startSignIn(request: Request, returnUrl: string): Promise<Response> {
	const { authenticator } = await getAuthenticator()
	// The strategy takes any request with a `state` parameter for the provider's answer; the
	// start of a sign-in is told by its path alone, so a stray parameter cannot derail it.
	const { origin, pathname } = new URL(request.url)
	try {
		await authenticator.authenticate(SIGN_IN_STRATEGY, new Request(`${origin}${pathname}`, { headers: request.headers }))
	} catch (thrown) {
		if (!(thrown instanceof Response)) throw thrown
		const headers = new Headers(thrown.headers)
		headers.append('Set-Cookie', await returnToCookie().serialize(safeReturnUrl(returnUrl)))
		headers.set('Cache-Control', 'no-store')
		// The provider is not a Remix route: a client-side navigation must become a page load.
		headers.set('X-Remix-Reload-Document', 'true')
		return new Response(null, { status: thrown.status, headers })
	}
	throw new Error('the sign-in strategy did not redirect to the identity provider')
}

/** Finishes a sign-in on the callback: the tokens, or the strategy's error. */
export async function finishSignIn(request: Request): Promise<SignedIn> {
	const { authenticator } = await getAuthenticator()
	return withTimeout(authenticator.authenticate(SIGN_IN_STRATEGY, request), PROVIDER_TIMEOUT_MS, providerTimedOut)
}

/** Ends a sign-in at the provider (sign-out); best effort, a failure is only logged. */
export async function revokeRefreshToken(refreshToken: string) {
	try {
		const { strategy } = await getAuthenticator()
		await withTimeout(strategy.revokeToken(refreshToken), PROVIDER_TIMEOUT_MS, providerTimedOut)
	} catch (error) {
		log.error({ err: error }, '[auth] revoking the refresh token failed')
	}
}

const providerTimedOut = () => new Error('the identity provider did not answer in time')

/** Where the reader returns after signing in (same-origin paths only). */
export const returnToCookie = () =>
	createCookie('gwi_return_to', { httpOnly: true, sameSite: 'lax', secure: isProduction(), path: '/', maxAge: SIGN_IN_SECONDS, secrets: getEnv().SESSION_SECRET.split(',') })

export async function readReturnTo(request: Request) {
	const value = await returnToCookie()
		.parse(request.headers.get('Cookie'))
		.catch(() => null)
	return safeReturnUrl(value)
}

/** Set-Cookie headers that delete the sign-in's state cookies and the return address. */
export async function signInCookiesCleared(request: Request): Promise<string[]> {
	const names = (request.headers.get('Cookie') ?? '')
		.split(';')
		.map((pair) => pair.split('=')[0]!.trim())
		.filter((name) => name.startsWith(`${SIGN_IN_STATE_COOKIE}:`))
	const secure = isProduction() ? '; Secure' : ''
	return [
		...names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`),
		await returnToCookie().serialize('', { maxAge: 0 }),
	]
}
