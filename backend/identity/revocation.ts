/**
 * The server-side record of ended sign-ins (table `revoked_tokens`), so a logged-out or
 * password-changed session is dead at once instead of when its access token expires.
 *
 * An access token is refused when its `jti`, or its grant (the `grant_id` claim the embedded
 * provider adds: one sign-in and all its refreshes), is recorded. The API checks this on
 * every authenticated call in the same query that finds the reader (one primary-key probe),
 * and the site asks the API once per signed-in page (app/lib/session-refresh.server.ts): no
 * cache, so every web server agrees the moment the row is written.
 */
import { sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import type { Db } from '../db/client.ts'
import { ACCESS_TOKEN_TTL_SECONDS, tokenIdsOf, type TokenIds } from './tokens.ts'

/** Our choice: how often (at most) a revocation also deletes rows whose tokens are all expired. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000
let lastSweep = 0

export const jtiKey = (jti: string) => `jti:${jti}`
export const grantKey = (grantId: string) => `grant:${grantId}`

/** The ids a token carries, read without checking it (the API has them from verifyAccessToken). */
export function tokenIds(token: string): TokenIds {
	return tokenIdsOf(decodeJwt(token))
}

/** The keys that name a token: its own id and its grant's. */
export function revocationKeys({ jti, grantId }: { jti: string | null; grantId: string | null }): string[] {
	return [...(jti ? [jtiKey(jti)] : []), ...(grantId ? [grantKey(grantId)] : [])]
}

/**
 * Records keys as revoked until `until` (default: as long as any access token issued now
 * lives, which covers every token of a grant whose refresh tokens are gone).
 */
export async function revoke(db: Db, keys: readonly string[], until: Date = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000)) {
	if (keys.length === 0) return
	const rows = sql.join(
		keys.map((key) => sql`(${key}, ${until})`),
		sql`, `,
	)
	await db.execute(sql`
		insert into revoked_tokens (id, expires_at) values ${rows}
		on conflict (id) do update set expires_at = greatest(revoked_tokens.expires_at, excluded.expires_at)`)
	if (Date.now() - lastSweep >= SWEEP_INTERVAL_MS) {
		lastSweep = Date.now()
		await db.execute(sql`delete from revoked_tokens where expires_at < now()`)
	}
}

/** SQL that is true when any of `keys` is revoked (for the reader lookup's select list). */
export function isRevokedSql(keys: readonly string[]) {
	if (keys.length === 0) return sql`false`
	return sql`exists (select 1 from revoked_tokens where id in (${sql.join(
		keys.map((key) => sql`${key}`),
		sql`, `,
	)}) and expires_at > now())`
}

/**
 * Ends every sign-in of an account at the provider (a password change or reset), but the
 * grant `except` (the session that made the change): their refresh tokens and sessions are
 * deleted, and their grants recorded so access tokens already issued are refused too.
 */
export async function revokeAccountGrants(db: Db, accountId: string, { except = null }: { except?: string | null } = {}) {
	const others = sql`kind = 'Grant' and payload->>'accountId' = ${accountId} ${except ? sql`and id <> ${except}` : sql``}`
	const { rows } = await db.execute<{ id: string }>(sql`select id from oidc_models where ${others}`)
	await revoke(
		db,
		rows.map((row) => grantKey(row.id)),
	)
	await db.execute(sql`
		delete from oidc_models
		where grant_id in (select id from oidc_models where ${others})
			or (${others})
			or (kind = 'Session' and payload->>'accountId' = ${accountId})
			or (kind in ('RefreshToken', 'AccessToken', 'AuthorizationCode') and payload->>'accountId' = ${accountId} ${except ? sql`and grant_id is distinct from ${except}` : sql``})`)
}
