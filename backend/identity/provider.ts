/**
 * The embedded OpenID Connect provider (oidc-provider), mounted by server.ts at /oidc:
 *
 * - one client, the site itself (confidential: client_secret_basic), authorization code
 *   with PKCE required, refresh tokens through `offline_access`;
 * - access tokens are RS256 JWTs for the content API's audience (API_AUDIENCE), signed with
 *   the site's key (keys.ts), carrying `permissions` and `dated_roles` computed from the
 *   reader's dated roles at every issue (claims.ts), so a refresh picks up a new membership;
 * - everything it stores lives in PostgreSQL (adapter.ts): a restart signs nobody out;
 * - its pages (sign in, create an account, forgotten password) are ours (interactions.ts).
 */
import crypto from 'node:crypto'
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { sql } from 'drizzle-orm'
import { API_SCOPES, DEFAULT_OIDC_CLIENT_ID, EMBEDDED_ISSUER_PATH, SIGN_IN_CALLBACK_PATH } from '../../contract/sign-in.ts'
import type { Db } from '../db/client.ts'
import { accountName, findAccountBySubject } from './accounts.ts'
import { createPostgresAdapter } from './adapter.ts'
import { loadUserClaims } from './claims.ts'
import { getSigningKeys, SIGNING_ALGORITHM } from './keys.ts'
import { ACCESS_TOKEN_TTL_SECONDS, API_AUDIENCE, apiTokenClaims, GRANT_ID_CLAIM, ISSUER, SITE_ORIGIN } from './tokens.ts'

const DAY_SECONDS = 24 * 60 * 60

/** Lifetimes (our choices). A refresh token lasts as long as the site's session cookie. */
export const TOKEN_LIFETIMES = {
	AccessToken: ACCESS_TOKEN_TTL_SECONDS,
	AuthorizationCode: 60,
	IdToken: 60 * 60,
	/** An interaction is one visit to the sign-in pages. */
	Interaction: 60 * 60,
	/** The provider's own sign-in session only carries one sign-in through (prompt=login). */
	Session: DAY_SECONDS,
	RefreshToken: 30 * DAY_SECONDS,
	Grant: 30 * DAY_SECONDS,
} as const

/** The site, as the provider's one client. */
export type SiteClient = { clientId: string; clientSecret: string; redirectUris: string[] }

/** The site's registration from the environment (server.ts fills OIDC_CLIENT_SECRET from ./data). */
export function siteClientFromEnv(env: NodeJS.ProcessEnv = process.env): SiteClient {
	const clientSecret = env.OIDC_CLIENT_SECRET
	if (!clientSecret) throw new Error('OIDC_CLIENT_SECRET is not set: server.ts generates one into ./data for the embedded provider')
	return {
		clientId: env.OIDC_CLIENT_ID || DEFAULT_OIDC_CLIENT_ID,
		clientSecret,
		redirectUris: [`${SITE_ORIGIN}${SIGN_IN_CALLBACK_PATH}`],
	}
}

/**
 * Keys that sign the provider's cookies, derived from SESSION_SECRET (comma separated,
 * first signs): every web server shares them, and rotating SESSION_SECRET rotates them.
 */
export function cookieKeysFrom(sessionSecret: string): string[] {
	return sessionSecret
		.split(',')
		.map((secret) => secret.trim())
		.filter(Boolean)
		.map((secret) => crypto.createHmac('sha256', secret).update('oidc-provider cookies').digest('base64url'))
}

/** The content API as a resource server: JWT access tokens for its audience and scopes. */
function apiResourceServer() {
	return {
		scope: API_SCOPES.join(' '),
		audience: API_AUDIENCE,
		accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
		accessTokenFormat: 'jwt' as const,
		jwt: { sign: { alg: SIGNING_ALGORITHM } as const },
	}
}

export type IdentityProviderOptions = {
	db: Db
	client: SiteClient
	cookieKeys: string[]
	/** Renders the provider's own error page (interactions.ts supplies the site-styled one). */
	renderError?: Configuration['renderError']
	issuer?: string
}

export async function createIdentityProvider({ db, client, cookieKeys, renderError, issuer = ISSUER }: IdentityProviderOptions): Promise<Provider> {
	const { privateJwk } = await getSigningKeys()
	const configuration: Configuration = {
		adapter: createPostgresAdapter(db),
		clients: [
			{
				client_id: client.clientId,
				client_secret: client.clientSecret,
				client_name: 'Global Water Intelligence',
				redirect_uris: client.redirectUris,
				grant_types: ['authorization_code', 'refresh_token'],
				response_types: ['code'],
				token_endpoint_auth_method: 'client_secret_basic',
			},
		],
		jwks: { keys: [privateJwk as never] },
		cookies: {
			keys: cookieKeys,
			long: { httpOnly: true, sameSite: 'lax', signed: true },
			short: { httpOnly: true, sameSite: 'lax', signed: true },
		},
		scopes: ['openid', 'offline_access', 'profile', 'email'],
		// amr (how the reader authenticated) rides with openid: the site reads SIGNED_UP_AMR from it.
		claims: { openid: ['sub', 'amr'], email: ['email'], profile: ['name', 'given_name', 'family_name'] },
		// The ID token carries the name and email the site shows (there is no userinfo call).
		conformIdTokenClaims: false,
		async findAccount(_ctx, sub) {
			const account = await findAccountBySubject(db, sub)
			if (!account) return undefined
			return {
				accountId: sub,
				async claims() {
					return { sub, email: account.email, name: accountName(account) ?? undefined, given_name: account.firstName ?? undefined, family_name: account.lastName ?? undefined }
				},
			}
		},
		async extraTokenClaims(_ctx, token) {
			if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId) return undefined
			if (token.resourceServer?.audience !== API_AUDIENCE) return undefined
			const claims = await loadClaimsBySubject(db, token.accountId)
			if (!claims) return undefined
			// The sign-in the token belongs to, so logging out or a password change can end it (revocation.ts).
			const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined
			return { ...apiTokenClaims(claims), ...(grantId ? { [GRANT_ID_CLAIM]: grantId } : {}) }
		},
		features: {
			devInteractions: { enabled: false },
			// The site revokes its own tokens only.
			revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
			// Without a userinfo endpoint every access token is for the content API.
			userinfo: { enabled: false },
			// The site signs out by revoking its refresh token; every sign-in asks for the password.
			rpInitiatedLogout: { enabled: false },
			resourceIndicators: {
				enabled: true,
				defaultResource: () => API_AUDIENCE,
				useGrantedResource: () => true,
				getResourceServerInfo(_ctx, resourceIndicator) {
					if (resourceIndicator !== API_AUDIENCE) throw new errors.InvalidTarget()
					return apiResourceServer()
				},
			},
		},
		interactions: { url: (_ctx, interaction) => `${EMBEDDED_ISSUER_PATH}/interaction/${interaction.uid}` },
		pkce: { required: () => true },
		responseTypes: ['code'],
		// A confidential client's refresh token stays the same: two requests refreshing at
		// once (two tabs, two servers) can never lose the session to token rotation.
		rotateRefreshToken: false,
		ttl: { ...TOKEN_LIFETIMES },
		renderError,
		// Nobody else's browser calls these endpoints.
		clientBasedCORS: () => false,
	}
	const provider = new Provider(issuer, configuration)
	// Scheme and client address from X-Forwarded-*, which index.ts sets from Express's answers
	// (TRUST_PROXY); the host was pinned to the public one before (backend/http/forwarded.ts).
	provider.proxy = true
	return provider
}

async function loadClaimsBySubject(db: Db, subject: string) {
	const { rows } = await db.execute<{ id: number }>(sql`select id from users where subject = ${subject}`)
	return rows[0] ? loadUserClaims(db, rows[0].id) : null
}

export type { KoaContextWithOIDC }
