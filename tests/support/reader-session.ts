/**
 * The `Cookie` header of a signed-in reader, for calling loaders and actions as they would
 * be called after sign-in: a real session cookie holding a real access token.
 */
import { eq } from 'drizzle-orm'
import { sessionStorage } from '../../app/lib/session.server.ts'
import type { Db } from '../../backend/db/client.ts'
import { organisations } from '../../backend/db/schema.ts'
import { loadOrganisationClaims } from '../../backend/identity/claims.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { DEMO_ORGANISATION } from '../../backend/seed/demo-accounts.ts'
import { tokenFor } from './api-identity.ts'

async function cookieWith(values: { accessToken?: string; ipToken?: string; ipUserName?: string }) {
	const session = await sessionStorage().getSession()
	for (const [key, value] of Object.entries(values)) session.set(key as 'accessToken', value)
	return (await sessionStorage().commitSession(session)).split(';')[0]
}

/** Signed in as the demo user with this email, with their current claims. */
export async function sessionCookieFor(db: Db, email: string) {
	return cookieWith({ accessToken: await tokenFor(db, email) })
}

/** Signed in with a token of these claims (states the seed has no account for). */
export async function sessionCookieWithToken(token: string) {
	return cookieWith({ accessToken: token })
}

/** Signed in as the demo organisation by network address. */
export async function networkAddressCookie(db: Db) {
	const [organisation] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.reference, DEMO_ORGANISATION.reference))
	const claims = await loadOrganisationClaims(db, organisation.id)
	if (!claims) throw new Error('no demo organisation')
	return cookieWith({ ipToken: await issueAccessToken(claims), ipUserName: DEMO_ORGANISATION.name })
}
