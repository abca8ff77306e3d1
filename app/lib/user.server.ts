import type { AppLoadContext } from '@remix-run/node'
import { routeError } from './errors.server.ts'
import type { DatedRole } from '../../contract/membership.ts'
import { getReaderToken } from './session-refresh.server.ts'
import { getSession } from './session.server.ts'
import { readDatedRoles, tokenClaims } from './token-claims.server.ts'

/**
 * What the page shell needs to know about the reader. Read from the token's claims for
 * display only: the API verifies the token on every call and decides access itself.
 * Never holds the token itself (this goes to the page as loader data).
 */
export type UserSummary = {
	/** Subject of the token: keys per-reader UI state such as closed banners. */
	sub: string | null
	name: string
	email: string | null
	permissions: string[]
	/** Spec 000 §3 `dated_roles`: every role held, past, current and future. */
	datedRoles: DatedRole[]
	viaNetworkAddress: boolean
}

/**
 * The reader of the token the API is asked with: renewed first when stale (once per request,
 * shared with the API client, and the renewal committed), so what a page shows of access
 * matches what the API decided. A sign-in that cannot be renewed is the expired-session
 * page (routeError); the refresh's request chain is a redirect for the page to follow.
 */
export async function getUserSummary(request: Request, context: AppLoadContext): Promise<UserSummary | null> {
	const token = await getReaderToken({ request, context }).catch((error: unknown) => routeError(error, request))
	if (!token) return null
	const session = await getSession(request)
	try {
		const claims = tokenClaims(token)
		if (!claims) return null
		const viaNetworkAddress = token === session.get('ipToken')
		const email = typeof claims.email === 'string' ? claims.email : viaNetworkAddress ? null : (session.get('email') ?? null)
		const name = typeof claims.name === 'string' ? claims.name : ((viaNetworkAddress ? session.get('ipUserName') : session.get('userName')) ?? email ?? 'Member')
		const permissions = Array.isArray(claims.permissions) ? claims.permissions.filter((p): p is string => typeof p === 'string') : []
		return { sub: claims.sub ?? null, name, email, permissions, datedRoles: readDatedRoles(claims.dated_roles), viaNetworkAddress }
	} catch {
		return null
	}
}
