/**
 * What every handler of the content API can reach: the database (closed over by each
 * resource) and, per request, the verified viewer and their access rules.
 */
import type { Hono } from 'hono'
import type { Db } from '../db/client.ts'
import type { TokenClient } from '../identity/token-client.ts'
import type { DatedRoleClaim } from '../identity/tokens.ts'
import type { ViewerAccess } from './access.ts'

/** The reader behind a request's bearer token; null for anonymous requests. */
export type Viewer = {
	sub: string
	email: string | null
	/** Our users row for the token's subject; null for users only the identity provider knows. */
	userId: number | null
	permissions: string[]
	datedRoles: DatedRoleClaim[]
	/** The token's own id and its sign-in's (grant), for ending it (logout, password change). */
	tokenIds?: { jti: string | null; grantId: string | null }
}

export type ApiEnv = { Variables: { viewer: Viewer | null; access: ViewerAccess } }

export type ApiDeps = {
	db: Db
	/** Exchanges refresh tokens at the identity provider (POST /userprofile/refreshtoken); from the environment when unset. */
	tokenClient?: TokenClient
}

/** A resource is one file: a sub-app mounted at its path by index.ts. */
export type Resource = (deps: ApiDeps) => Hono<ApiEnv>
