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
import { sql, type SQL } from 'drizzle-orm'
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

	/** The live model of this kind that matches `condition` (expired rows count as absent). */
	async function findWhere(kind: string, condition: SQL): Promise<AdapterPayload | undefined> {
		const { rows } = await db.execute<Row>(sql`
			select payload, consumed_at from oidc_models
			where kind = ${kind} and ${condition} and (expires_at is null or expires_at > now())
			limit 1`)
		const row = rows[0]
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

		find(id: string) {
			return findWhere(this.kind, sql`id = ${id}`)
		}

		findByUid(uid: string) {
			return findWhere(this.kind, sql`uid = ${uid}`)
		}

		findByUserCode(userCode: string) {
			return findWhere(this.kind, sql`user_code = ${userCode}`)
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
