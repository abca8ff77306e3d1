import { z } from 'zod'
import { DEFAULT_API_AUDIENCE, DEFAULT_OIDC_CLIENT_ID, EMBEDDED_ISSUER_PATH } from '../../contract/sign-in.ts'

/**
 * The site's configuration (README "Configuration"), validated once. server.ts fills
 * SESSION_SECRET from ./data when it is unset; a deployment under remix-serve sets it.
 */
const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().positive().default(3000),
	/** Another host that speaks the content API contract; unset = the embedded API in-process. */
	API_BASE_URL: z.url().optional(),
	/** Canonical origin for every absolute URL (links, sitemaps, sign-in redirects); unset = http://localhost:PORT. */
	PUBLIC_URL: z.url().optional(),
	SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters (comma separated for rotation)'),
	CMS_URL: z.url().optional(),
	/** Interface server.ts listens on; the site reaches the embedded identity provider there. */
	HOST: z.string().default('127.0.0.1'),
	/** An external OpenID provider; unset = the embedded one at /oidc (server.ts mounts it). */
	OIDC_ISSUER: z.url().optional(),
	OIDC_CLIENT_ID: z.string().min(1).default(DEFAULT_OIDC_CLIENT_ID),
	/** Required with OIDC_ISSUER; for the embedded provider server.ts generates one into ./data. */
	OIDC_CLIENT_SECRET: z.string().min(1).optional(),
	/** The audience (resource) the site asks access tokens for: the content API. */
	API_AUDIENCE: z.string().min(1).default(DEFAULT_API_AUDIENCE),
	/** '1' lets /ip-login's debugIPAddress through in production too (a staging host for testers). */
	TRUST_DEBUG_IP: z.enum(['0', '1']).optional(),
})
export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined
export function getEnv(): Env {
	if (!cached) {
		const parsed = EnvSchema.safeParse(process.env)
		if (!parsed.success) throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`)
		cached = parsed.data
	}
	return cached
}

export const isProduction = () => getEnv().NODE_ENV === 'production'

/**
 * The site's origin in every absolute URL it writes (canonical links, og:url, robots.txt,
 * sitemaps, feeds, sign-in redirects): PUBLIC_URL, else http://localhost:PORT. Never the
 * request's Host or X-Forwarded-Host: those are whatever the client wrote, and the pages
 * they would end up in are cached for everyone.
 */
export function publicOrigin() {
	const { PUBLIC_URL, PORT } = getEnv()
	return (PUBLIC_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, '')
}

/**
 * The one origin sign-in happens on (the public origin): the identity provider's redirect
 * URI and the session cookie must share a host, so /login first moves a reader who arrived
 * on another name for this server (127.0.0.1, say) to this one.
 */
export const signInOrigin = publicOrigin

/** The embedded provider's issuer as readers' browsers reach it. */
export const embeddedIssuer = () => `${signInOrigin()}${EMBEDDED_ISSUER_PATH}`
