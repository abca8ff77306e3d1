/**
 * Access tokens of the content API (spec 000 §3 "Token claims"): RS256 JWTs carrying
 * `permissions` and `dated_roles`, issued by the embedded OpenID provider (or an external
 * one, OIDC_ISSUER) for the API audience. `issueAccessToken` signs with the site's key
 * (the identity provider and tests use it); `verifyAccessToken` is what the API trusts.
 */
import crypto from 'node:crypto'
import { createLocalJWKSet, createRemoteJWKSet, errors, importJWK, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose'
import { LRUCache } from 'lru-cache'
import { DEFAULT_API_AUDIENCE, EMBEDDED_ISSUER_PATH } from '../../contract/sign-in.ts'
import { getSigningKeys, SIGNING_ALGORITHM } from './keys.ts'
import { logger } from '../logger.ts'

const origin = (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '')
/** The site's canonical origin: where the embedded provider lives and sends readers back to. */
export const SITE_ORIGIN = origin

/** An external identity provider, when set; otherwise the embedded one at /oidc. */
export const EXTERNAL_ISSUER = process.env.OIDC_ISSUER?.replace(/\/+$/, '') || null
/** The `iss` the API expects. */
export const ISSUER = EXTERNAL_ISSUER ?? `${origin}${EMBEDDED_ISSUER_PATH}`
/** The `aud` of tokens meant for the content API (a resource indicator URN). */
export const API_AUDIENCE = process.env.API_AUDIENCE || DEFAULT_API_AUDIENCE
/** Default lifetime of an access token we issue. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
/** Clock skew tolerated between the issuer and the API. */
const CLOCK_TOLERANCE_SECONDS = 5

/** A role held between two dates, as the token carries it (spec 000 §3). */
export type DatedRoleClaim = { RoleName: string; StartDate: string; EndDate: string }

export type AccessTokenClaims = {
	sub: string
	email: string | null
	permissions: string[]
	datedRoles: DatedRoleClaim[]
}

export type IssueAccessTokenInput = {
	sub: string
	email?: string | null
	name?: string | null
	permissions?: readonly string[]
	datedRoles?: readonly { RoleName: string; StartDate: string | Date; EndDate: string | Date }[]
	/** Lifetime in seconds from now (negative: already expired), or a jose time span such as '2h'. */
	expiresIn?: number | string
	/** The issuer to name; ISSUER unless a test process signs for a server on another origin. */
	issuer?: string
}

/**
 * What an API access token says beyond the registered claims (spec 000 §3 "Token claims"):
 * `email` and `name` when known, `permissions` and `dated_roles`. The embedded provider adds
 * exactly these to the tokens it issues.
 */
export function apiTokenClaims({ email = null, name = null, permissions = [], datedRoles = [] }: Omit<IssueAccessTokenInput, 'sub' | 'expiresIn'>) {
	const toIso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value)
	return {
		...(email ? { email } : {}),
		...(name ? { name } : {}),
		permissions: [...permissions],
		dated_roles: datedRoles.map((role) => ({ RoleName: role.RoleName, StartDate: toIso(role.StartDate), EndDate: toIso(role.EndDate) })),
	}
}

/** Signs an access token for the API with the site's private key. */
export async function issueAccessToken({ sub, expiresIn = ACCESS_TOKEN_TTL_SECONDS, issuer = ISSUER, ...claims }: IssueAccessTokenInput): Promise<string> {
	const { privateJwk } = await getSigningKeys()
	const key = await importJWK(privateJwk, SIGNING_ALGORITHM)
	const now = Math.floor(Date.now() / 1000)
	return new SignJWT(apiTokenClaims(claims))
		.setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: privateJwk.kid, typ: 'at+jwt' })
		.setIssuer(issuer)
		.setAudience(API_AUDIENCE)
		.setSubject(sub)
		.setIssuedAt(now)
		.setExpirationTime(typeof expiresIn === 'number' ? now + expiresIn : expiresIn)
		.setJti(crypto.randomUUID())
		.sign(key)
}

/** The claim naming an access token's grant (added by provider.ts). */
export const GRANT_ID_CLAIM = 'grant_id'

/** The ids a token carries: its own (`jti`) and its grant's, which revocation records (identity/revocation.ts). */
export type TokenIds = { jti: string | null; grantId: string | null }

export function tokenIdsOf(payload: JWTPayload): TokenIds {
	const grantId = payload[GRANT_ID_CLAIM]
	return { jti: typeof payload.jti === 'string' ? payload.jti : null, grantId: typeof grantId === 'string' ? grantId : null }
}

export type VerifiedToken = { ok: true; claims: AccessTokenClaims; ids: Readonly<TokenIds> } | { ok: false; expired: boolean }

/** How many verified tokens are remembered (about one per reader active in the last hour, per process). */
const VERIFIED_TOKENS_MAX = 2_000

/**
 * Tokens whose signature already checked out, with their claims, until they expire: a reader's
 * token comes with every page, and the RSA check is the costly part of reading it. Only
 * successes are kept, never past `exp` (plus the tolerance); revocation is the database's
 * answer (backend/api/auth.ts asks it on every page), so it is never remembered here.
 */
const verifiedTokens = new LRUCache<string, { claims: AccessTokenClaims; ids: Readonly<TokenIds> }>({
	max: VERIFIED_TOKENS_MAX,
	// `exp` is wall-clock time, so the cache ages its entries by the wall clock too.
	perf: { now: () => Date.now() },
})

/** Checks signature, issuer, audience and expiry; never throws for a bad token. */
export async function verifyAccessToken(token: string): Promise<VerifiedToken> {
	const known = verifiedTokens.get(token)
	if (known) return { ok: true, claims: known.claims, ids: known.ids }
	try {
		const { payload } = await jwtVerify(token, await keySet(), {
			issuer: ISSUER,
			audience: API_AUDIENCE,
			algorithms: [SIGNING_ALGORITHM],
			clockTolerance: CLOCK_TOLERANCE_SECONDS,
			requiredClaims: ['sub', 'exp'],
		})
		// Frozen: every page of this reader shares these claims and ids.
		const claims = freezeClaims(readClaims(payload))
		const ids = Object.freeze(tokenIdsOf(payload))
		const ttl = (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000 - Date.now()
		if (ttl > 0) verifiedTokens.set(token, { claims, ids }, { ttl })
		return { ok: true, claims, ids }
	} catch (error) {
		return { ok: false, expired: error instanceof errors.JWTExpired }
	}
}

function freezeClaims(claims: AccessTokenClaims): AccessTokenClaims {
	for (const role of claims.datedRoles) Object.freeze(role)
	Object.freeze(claims.datedRoles)
	Object.freeze(claims.permissions)
	return Object.freeze(claims)
}

function readClaims(payload: JWTPayload): AccessTokenClaims {
	const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
	const datedRoles = Array.isArray(payload.dated_roles)
		? (payload.dated_roles as unknown[]).filter(
				(role): role is DatedRoleClaim =>
					typeof role === 'object' && role !== null && typeof (role as DatedRoleClaim).RoleName === 'string' && typeof (role as DatedRoleClaim).StartDate === 'string' && typeof (role as DatedRoleClaim).EndDate === 'string',
			)
		: []
	return {
		sub: payload.sub!,
		email: typeof payload.email === 'string' ? payload.email : null,
		permissions: strings(payload.permissions),
		datedRoles,
	}
}

let keys: Promise<JWTVerifyGetKey> | undefined

/** The embedded provider's public keys, or the external issuer's published JWKS. */
function keySet(): Promise<JWTVerifyGetKey> {
	keys ??= (EXTERNAL_ISSUER ? remoteKeySet(EXTERNAL_ISSUER) : getSigningKeys().then(({ publicJwks }) => createLocalJWKSet(publicJwks))).catch((error: unknown) => {
		keys = undefined
		throw error
	})
	return keys
}

/** The issuer's `jwks_uri` from its discovery document; the conventional path when that fails. */
async function remoteKeySet(issuer: string): Promise<JWTVerifyGetKey> {
	let jwksUri = `${issuer}/.well-known/jwks.json`
	try {
		const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) })
		const discovery = response.ok ? ((await response.json()) as { jwks_uri?: unknown }) : {}
		if (typeof discovery.jwks_uri === 'string') jwksUri = discovery.jwks_uri
	} catch (error) {
		logger.error({ err: error }, `[auth] discovery of ${issuer} failed, using ${jwksUri}`)
	}
	return createRemoteJWKSet(new URL(jwksUri))
}
