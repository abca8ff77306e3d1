/**
 * Bearer authentication: `Authorization: Bearer <JWT>` signed by the site's identity
 * provider for the API audience (backend/identity/tokens.ts). No header means an anonymous
 * reader, which every read call allows; a header with a bad token is refused (401), an
 * expired one with 'Login token expired' so the site refreshes the session, and one whose
 * sign-in was ended (logout, password change: identity/revocation.ts) with 401.
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../db/client.ts'
import { executePrepared } from '../db/prepared.ts'
import { isRevokedSql, revocationKeys } from '../identity/revocation.ts'
import { verifyAccessToken } from '../identity/tokens.ts'
import { meteredJson, ViewerAccess, type MeteredRow } from './access.ts'
import type { ApiEnv, InProcessBindings, ReaderOfRequest, Viewer, ViewerMemo } from './context.ts'
import { forbidden, loginTokenExpired, unauthorized } from './errors.ts'
import { USER_PROFILE_COLUMNS, USER_PROFILE_JOINS, type UserRow } from './profile-data.ts'

/** Responses for a signed-in reader are theirs alone. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** Requests that change nothing (also what createApi keeps its copies through). */
export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Calls after which the page's reader is still who they were: POSTs that only read (a forecast
 * query carries its query in the body) and the tracker's remembered filters. After any other
 * write (an unlock, a sign-out, a purchase) the page's later calls read the reader afresh.
 */
const LEAVE_THE_READER_AS_IS: readonly RegExp[] = [/^\/forecast(\/|$)/, /^\/trackerfilters$/]

export function authenticate(db: Db): MiddlewareHandler<ApiEnv> {
	return async (c, next) => {
		const header = c.req.header('Authorization')
		const memo = (c.env as InProcessBindings | undefined)?.viewers
		const reads = READ_METHODS.has(c.req.method) || LEAVE_THE_READER_AS_IS.some((pattern) => pattern.test(c.req.path))
		// A change (an unlock, a sign-out) must be seen by the page's later calls: they read the reader afresh.
		if (!reads) memo?.clear()
		const { viewer, access } = await readReaderOnce(db, header, reads ? memo : undefined)
		c.set('viewer', viewer)
		c.set('access', access)
		await next()
		if (!reads) memo?.clear()
		if (viewer) c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
	}
}

/**
 * Within one page (a memo from server.ts), the first call's verdict answers the others,
 * refusals included, and they share one ViewerAccess (the reader's unlocks are read once).
 */
function readReaderOnce(db: Db, header: string | undefined, memo: ViewerMemo | undefined): Promise<ReaderOfRequest> {
	// A page shows its reader's profile and unlocks (the site's root loader asks for them):
	// they come with the lookup that verifies the sign-in, one statement instead of three.
	const read = () => readViewer(db, header, { forPage: memo !== undefined }).then((viewer) => ({ viewer, access: new ViewerAccess(db, viewer) }))
	if (!memo || header === undefined) return read()
	let reader = memo.get(header)
	if (!reader) memo.set(header, (reader = read()))
	return reader
}

type ReaderRow = { id: number | null; revoked: boolean } & Partial<UserRow> & { metered?: MeteredRow[] }

async function readViewer(db: Db, header: string | undefined, { forPage }: { forPage: boolean }): Promise<Viewer | null> {
	if (header === undefined || header.trim() === '') return null
	const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]
	if (!token) throw unauthorized()
	const verified = await verifyAccessToken(token)
	if (!verified.ok) throw verified.expired ? loginTokenExpired() : unauthorized()
	// The ids come with the verified claims: decoding the token again was half a percent of a signed-in page.
	const { claims, ids: tokenIds } = verified
	// One round trip: who the reader is, whether this token's sign-in has been ended and, for a page, their profile and unlocks.
	const rows = await executePrepared<ReaderRow>(db, sql`
		select u.id, ${isRevokedSql(revocationKeys(tokenIds))} as revoked
			${forPage ? sql`, ${USER_PROFILE_COLUMNS}, ${meteredJson(sql`u.id`)} as metered` : sql``}
		from (select 1) as reader
		left join users u on u.subject = ${claims.sub}
		${forPage ? USER_PROFILE_JOINS : sql``}`)
	const row = rows[0]
	if (row?.revoked) throw unauthorized()
	const viewer: Viewer = { sub: claims.sub, email: claims.email, userId: row?.id ?? null, permissions: claims.permissions, datedRoles: claims.datedRoles, tokenIds }
	if (forPage && row) viewer.preloaded = { user: row.id === null ? null : userRowOf(row), metered: row.metered ?? [] }
	return viewer
}

/** The profile columns of the reader's row (USER_PROFILE_COLUMNS), without the lookup's own. */
function userRowOf({ id: _id, revoked: _revoked, metered: _metered, ...user }: ReaderRow): UserRow {
	return user as UserRow
}

/** For calls that need a signed-in reader (mutations, profile): 401 otherwise. */
export function requireViewer(c: Context<ApiEnv>): Viewer {
	const viewer = c.get('viewer')
	if (!viewer) throw unauthorized()
	return viewer
}

/** For calls that need one of some permissions: 401 when anonymous, 403 without them. */
export function requirePermission(c: Context<ApiEnv>, ...permissions: string[]): Viewer {
	const viewer = requireViewer(c)
	if (!permissions.some((permission) => viewer.permissions.includes(permission))) throw forbidden()
	return viewer
}

/** Constant-time comparison of a presented secret (a draft's PreviewToken) with the stored one. */
export function sameSecret(presented: string, stored: string) {
	const a = crypto.createHash('sha256').update(presented).digest()
	const b = crypto.createHash('sha256').update(stored).digest()
	return crypto.timingSafeEqual(a, b)
}
