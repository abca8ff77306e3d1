/**
 * Mounts the embedded identity provider on the site's Express app at /oidc: our pages first
 * (they parse their own form bodies), then oidc-provider itself (which must read its bodies
 * untouched). server.ts calls this unless OIDC_ISSUER points the site at another provider.
 */
import type { Express, RequestHandler } from 'express'
import type Provider from 'oidc-provider'
import type { Db } from '../db/client.ts'
import { errorPageRenderer, IDENTITY_BASE_PATH, identityPages } from './interactions.ts'
import type { Mailer } from './mailer.ts'
import type { PageShell } from './pages.ts'
import { publicHostOnly, sitePublicOrigin } from '../http/forwarded.ts'
import { cookieKeysFrom, createIdentityProvider, siteClientFromEnv, type SiteClient } from './provider.ts'

export type MountOptions = {
	db: Db
	/** The site's stylesheet URLs (from the Remix build). */
	stylesheets: () => Promise<string[]>
	client?: SiteClient
	sessionSecret?: string
	mailer?: Mailer
}

export async function mountIdentityProvider(app: Express, { db, stylesheets, client = siteClientFromEnv(), sessionSecret = process.env.SESSION_SECRET, mailer }: MountOptions): Promise<Provider> {
	if (!sessionSecret) throw new Error('SESSION_SECRET is not set (server.ts fills it from ./data)')
	const shell = async (): Promise<PageShell> => ({ stylesheets: await stylesheets().catch(() => []) })
	const provider = await createIdentityProvider({ db, client, cookieKeys: cookieKeysFrom(sessionSecret), renderError: errorPageRenderer(shell) })
	app.use(IDENTITY_BASE_PATH, publicHostOnly(), expressDecidesForwarding)
	app.use(IDENTITY_BASE_PATH, identityPages({ db, provider, shell, mailer }))
	app.use(IDENTITY_BASE_PATH, provider.callback())
	return provider
}

/**
 * oidc-provider (Koa, `proxy` on) reads the scheme and client address from X-Forwarded-*;
 * it is told Express's answers, which believe only the proxies named in TRUST_PROXY. On the
 * public host the scheme is PUBLIC_URL's, so URLs it writes match its issuer even behind a
 * TLS-terminating proxy that is not named.
 */
const expressDecidesForwarding: RequestHandler = (req, _res, next) => {
	const publicOrigin = sitePublicOrigin()
	req.headers['x-forwarded-proto'] = req.headers.host === publicOrigin.host ? publicOrigin.protocol.slice(0, -1) : req.protocol
	req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? ''
	next()
}
