/**
 * What every handler of the content API can reach: the database (closed over by each
 * resource) and, per request, the verified viewer and their access rules.
 */
import type { Hono } from 'hono'
import type { Db } from '../db/client.ts'
import type { TokenClient } from '../identity/token-client.ts'
import type { DatedRoleClaim } from '../identity/tokens.ts'
import type { MeteredRow, ViewerAccess } from './access.ts'
import type { HotData } from './hot-data.ts'
import type { UserRow } from './profile-data.ts'

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
	/**
	 * For a page's reads (auth.ts): the reader's profile row (null without one) and unlocks,
	 * read in the same statement that verified the sign-in.
	 */
	preloaded?: { user: UserRow | null; metered: MeteredRow[] }
}

/** A request's verified reader and their access rules. */
export type ReaderOfRequest = { viewer: Viewer | null; access: ViewerAccess }

/**
 * The readers already verified while answering one page (server.ts makes one per incoming
 * request and hands it to the in-process API): by Authorization header, so a page's several
 * calls verify the token, check its sign-in and read the reader's unlocks once, not once per
 * call. A change made through the API empties it (auth.ts).
 */
export type ViewerMemo = Map<string, Promise<ReaderOfRequest>>

export type ApiEnv = { Variables: { viewer: Viewer | null; access: ViewerAccess } }

/** What the site's in-process caller passes as the API's environment (index.ts pageApiFetch). */
export type InProcessBindings = { viewers?: ViewerMemo }

export type ApiDeps = {
	db: Db
	/** Exchanges refresh tokens at the identity provider (POST /userprofile/refreshtoken); from the environment when unset. */
	tokenClient?: TokenClient
	/** Menus and messages kept in process (hot-data.ts; createApi makes one); unset: read each time. */
	hotData?: HotData
}

/** A resource is one file: a sub-app mounted at its path by index.ts. */
export type Resource = (deps: ApiDeps) => Hono<ApiEnv>
