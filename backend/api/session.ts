/**
 * The reader's sign-in as the API sees it. Not in spec 000 §7: the
 * site's own calls, so a logged-out or password-changed session is dead at once.
 *
 *   GET    /userprofile/session  200 while the bearer token's sign-in stands; 401 once it
 *                                was ended (or 'Login token expired' when the token expired)
 *   DELETE /userprofile/session  ends the bearer token's sign-in: the token and its grant
 *                                are recorded as revoked (identity/revocation.ts) and the
 *                                grant's refresh tokens deleted, so neither a copied cookie
 *                                nor the token itself works again
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { SessionState } from '../../contract/identity.ts'
import { revocationKeys, revoke } from '../identity/revocation.ts'
import { requireViewer } from './auth.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'

const SESSION_PATH = '/session'

export const sessionResource: Resource = ({ db }) =>
	new Hono<ApiEnv>()
		.get(SESSION_PATH, (c) => {
			requireViewer(c)
			c.header('Cache-Control', 'no-store')
			return itemResponse<SessionState>(c, { active: true })
		})
		.delete(SESSION_PATH, async (c) => {
			const { tokenIds } = requireViewer(c)
			const { jti = null, grantId = null } = tokenIds ?? {}
			await revoke(db, revocationKeys({ jti, grantId }))
			if (grantId) await db.execute(sql`delete from oidc_models where grant_id = ${grantId} or (kind = 'Grant' and id = ${grantId})`)
			c.header('Cache-Control', 'no-store')
			return itemResponse<SessionState>(c, { active: false })
		})
