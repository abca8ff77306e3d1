/**
 * oidc-provider's storage in PostgreSQL (table `oidc_models`): sessions, interactions,
 * grants, authorization codes, refresh tokens... one row per model instance, keyed by
 * (kind, id). Everything lives in the database, so a restart (or a second web server)
 * signs nobody out.
 *
 * Expired rows are treated as absent on read and swept now and then on write; consumed
 * models (a used authorization code) keep their row with `consumed` set, which is how
 * oidc-provider detects code replay.
 */
import { sql } from 'drizzle-orm'
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider'
import type { Db } from '../db/client.ts'

/** Our choice: how often (at most) a write also deletes expired rows. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000

type Row = { payload: AdapterPayload; consumed_at: Date | string | null }

export function createPostgresAdapter(db: Db): AdapterConstructor {
	let lastSweep = 0

	async function sweepExpired() {
		if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return
		lastSweep = Date.now()
		await db.execute(sql`delete from oidc_models where expires_at is not null and expires_at < now()`)
	}

	const withConsumed = (row: Row | undefined): AdapterPayload | undefined => {
		if (!row) return undefined
		if (row.consumed_at === null) return row.payload
		return { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
	}

	return class PostgresAdapter implements Adapter {
		constructor(readonly kind: string) {}

		async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
			const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null
			await db.execute(sql`
				insert into oidc_models (kind, id, payload, grant_id, user_code, uid, expires_at)
				values (${this.kind}, ${id}, ${JSON.stringify(payload)}::jsonb, ${payload.grantId ?? null}, ${payload.userCode ?? null}, ${payload.uid ?? null}, ${expiresAt})
				on conflict (kind, id) do update set
					payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
					uid = excluded.uid, expires_at = excluded.expires_at`)
			await sweepExpired()
		}

		async find(id: string) {
			const { rows } = await db.execute<Row>(sql`
				select payload, consumed_at from oidc_models
				where kind = ${this.kind} and id = ${id} and (expires_at is null or expires_at > now())`)
			return withConsumed(rows[0])
		}

		async findByUid(uid: string) {
			const { rows } = await db.execute<Row>(sql`
				select payload, consumed_at from oidc_models
				where kind = ${this.kind} and uid = ${uid} and (expires_at is null or expires_at > now())
				limit 1`)
			return withConsumed(rows[0])
		}

		async findByUserCode(userCode: string) {
			const { rows } = await db.execute<Row>(sql`
				select payload, consumed_at from oidc_models
				where kind = ${this.kind} and user_code = ${userCode} and (expires_at is null or expires_at > now())
				limit 1`)
			return withConsumed(rows[0])
		}

		async consume(id: string) {
			await db.execute(sql`update oidc_models set consumed_at = now() where kind = ${this.kind} and id = ${id}`)
		}

		async destroy(id: string) {
			await db.execute(sql`delete from oidc_models where kind = ${this.kind} and id = ${id}`)
		}

		/** The provider calls this for each token kind when a grant is revoked. */
		async revokeByGrantId(grantId: string) {
			await db.execute(sql`delete from oidc_models where kind = ${this.kind} and grant_id = ${grantId}`)
		}
	}
}

/**
 * Ends everything the provider holds for an account (after a password reset): its grants
 * and their tokens, and its sign-in sessions. Grant-bound rows carry the account id in
 * their payload.
 */
export async function revokeAccountGrants(db: Db, accountId: string) {
	await db.execute(sql`
		delete from oidc_models
		where grant_id in (select id from oidc_models where kind = 'Grant' and payload->>'accountId' = ${accountId})
			or (kind in ('Grant', 'Session', 'RefreshToken', 'AccessToken', 'AuthorizationCode') and payload->>'accountId' = ${accountId})`)
}
