/**
 * What the site and the identity provider agree on for sign-in (both sides import this:
 * it is plain data). The site may be pointed at another OpenID provider (OIDC_ISSUER);
 * these are then what it asks that provider for.
 */
import { z } from 'zod'
import { queryInteger } from './query.ts'

/**
 * Spec 000 §6 "Scopes requested at login", plus `openid` (this is an OpenID Connect sign-in).
 * The `read:*` / `download:*` scopes are the content API's; the rest are the identity's.
 */
export const SIGN_IN_SCOPES = ['openid', 'read:executive', 'download:executive', 'read:project', 'download:project', 'read:strategy', 'profile', 'email', 'offline_access'] as const

/** The scopes of the content API (the resource server) among SIGN_IN_SCOPES. */
export const API_SCOPES = ['read:executive', 'download:executive', 'read:project', 'download:project', 'read:strategy'] as const

/** Where the identity provider sends the reader back to the site. */
export const SIGN_IN_CALLBACK_PATH = '/auth/callback'

/** Where the embedded provider is mounted (server.ts), under the site's origin. */
export const EMBEDDED_ISSUER_PATH = '/oidc'

/**
 * This server over loopback (HOST and PORT as server.ts listens): the site and the API call
 * the embedded provider's token endpoint here. Every interface (0.0.0.0, ::) means 127.0.0.1.
 */
export function loopbackOrigin(host: string | undefined, port: string | number | undefined) {
	const name = host && !['0.0.0.0', '::'].includes(host) ? host : '127.0.0.1'
	return `http://${name.includes(':') ? `[${name}]` : name}:${port ?? 3000}`
}

/** Our choices: the site's client id at the embedded provider, and the content API's audience. */
export const DEFAULT_OIDC_CLIENT_ID = 'water-intelligence-site'
export const DEFAULT_API_AUDIENCE = 'urn:water-intelligence:api'

/**
 * Sign-in always asks for the password (prompt=login), so Logout on a shared computer
 * really signs out even though the provider's own session cookie may outlive the site's;
 * `consent` keeps offline_access (a refresh token), which OpenID Connect drops otherwise.
 */
export const SIGN_IN_PROMPT = 'login consent'

/**
 * The ID token's `amr` value when the sign-in created the account: the site then lands the
 * reader on the registration confirmation (spec 002 §1 "after registration ... the user lands
 * on a confirmation page"), /join?joinType=none with the page they came from as returnPath.
 */
export const SIGNED_UP_AMR = 'signup'

// ---- the sign-in pages' URL parameters (spec 000 §4), parsed with parseUrlParams

/** Spec 000 §4: "Session refresh ... at most 3 attempts, counted in the refreshCount query parameter." */
export const MAX_REFRESH_ATTEMPTS = 3
export const REFRESH_COUNT_PARAM = 'refreshCount'

/** The refresh attempts so far: 0 unless a refresh was retried, never above MAX_REFRESH_ATTEMPTS. */
export const RefreshCountParamsSchema = z.object({
	[REFRESH_COUNT_PARAM]: queryInteger
		.optional()
		.catch(undefined)
		.transform((value) => (value === undefined || value < 1 ? 0 : Math.min(value, MAX_REFRESH_ATTEMPTS))),
})

/**
 * `returnUrl` of /login, /ip-login and /consent: any text here; the site keeps it only when it
 * is on the site (app/lib/return-url.ts, safeReturnUrl), else goes to /.
 */
const returnUrlParam = z.string().optional().catch(undefined)
export const ReturnUrlParamsSchema = z.object({ returnUrl: returnUrlParam })

/** /ip-login: returnUrl (default /), refreshing=true after a stale token, debugIPAddress (outside production). */
export const IpLoginParamsSchema = z.object({
	returnUrl: returnUrlParam,
	refreshing: z.string().optional().catch(undefined).transform((value) => value === 'true'),
	debugIPAddress: z.string().trim().max(64).optional().catch(undefined).transform((value) => value || null),
})
