/**
 * Content API access tokens for the demo readers, as the embedded identity provider issues
 * them (backend/identity/tokens.ts): their claims from the seeded database, signed with the
 * site's key (./data, shared with the e2e server), for the issuer the running server
 * announces. Lets a test ask the API as a given reader without a sign-in per call.
 */
import type { APIRequestContext } from '@playwright/test'
import { connect } from '../../backend/db/client.ts'
import { loadUserClaims } from '../../backend/identity/claims.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { EMBEDDED_ISSUER_PATH } from '../../contract/sign-in.ts'
import { templateDatabaseUrl } from './seeded-data.ts'

/** A bearer token for the demo reader with `email`, valid for ten minutes. */
export async function apiTokenFor(request: APIRequestContext, email: string): Promise<string> {
	const { issuer } = (await (await request.get(`${EMBEDDED_ISSUER_PATH}/.well-known/openid-configuration`)).json()) as { issuer: string }
	const db = connect(await templateDatabaseUrl(), { max: 1 })
	try {
		const { rows } = await db.$client.query<{ id: number }>('select id from users where lower(email) = lower($1)', [email])
		const claims = rows[0] && (await loadUserClaims(db, rows[0].id))
		if (!claims) throw new Error(`the seed has no reader ${email}`)
		return await issueAccessToken({ ...claims, issuer, expiresIn: 600 })
	} finally {
		await db.$client.end()
	}
}
