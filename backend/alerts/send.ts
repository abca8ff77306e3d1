/**
 * Sending one alert's digest, once: the alert's row is locked (SKIP LOCKED) for the whole
 * send and moved on in the same transaction, so two workers that pick the same alert send
 * one email, and a failed send leaves it due for the job's retry.
 */
import { sql } from 'drizzle-orm'
import { ALERT_INTERVAL_DAYS, type AlertFrequency } from '../../contract/alerts.ts'
import { intArray } from '../api/sql.ts'
import type { Db } from '../db/client.ts'
import type { Mailer } from '../identity/mailer.ts'
import { ALERT_KINDS, alertAccess, isAlertKind, kindDigest, kindDigests, sameForAnyFinancialAccess, type Digest } from './digest.ts'
import { digestEmail, lapsedEmail } from './email.ts'
import { rowsMemberMayOpen } from './site-search.ts'
import { newNonce, unsubscribeToken, unsubscribeUrl } from './unsubscribe.ts'

export type AlertSender = { db: Db; mailer: Mailer; publicUrl: string; secret?: string }

/** An alert is due once its interval has passed since the digest before (or since it was turned on). */
const dueAt = (now: Date) =>
	sql`a.since + make_interval(days => case a.frequency when 'weekly' then ${ALERT_INTERVAL_DAYS.weekly}::int else ${ALERT_INTERVAL_DAYS.daily}::int end) <= ${now.toISOString()}::timestamptz`

/** The ids of every alert that is on and due at `now`: one statement, whatever their number. */
export async function dueAlertIds(db: Db, now = new Date()): Promise<number[]> {
	const { rows } = await db.execute<{ id: number }>(sql`select a.id from alerts a where a.paused_reason is null and ${dueAt(now)} order by a.id`)
	return rows.map((row) => row.id)
}

/** Every alert that is on, whenever it is due: what staff's "send now" in the demo mailbox sends. */
export async function activeAlertIds(db: Db): Promise<number[]> {
	const { rows } = await db.execute<{ id: number }>(sql`select a.id from alerts a where a.paused_reason is null order by a.id`)
	return rows.map((row) => row.id)
}

export type SendOutcome = 'sent' | 'nothing new' | 'paused: lapsed' | 'not due'

type AlertRow = { id: number; user_id: number; frequency: AlertFrequency; since: string; unsubscribe_nonce: string | null; kind: string; name: string; url: string; email: string }

/**
 * Sends one alert's digest. `computed` is its digest from a batch (computeDigests) at the same
 * `now`: used when the alert's `since` is still the one it was computed from, else computed here.
 * `anyTime`: send now whether or not the alert's day has come (the demo mailbox's button). The
 * digest still covers what changed since the one before and moves `since` on, so nothing is
 * reported twice, and the row lock still makes one email of two sends that race.
 */
export async function sendAlertDigest(
	{ db, mailer, publicUrl, secret }: AlertSender,
	alertId: number,
	now = new Date(),
	{ computed, anyTime = false }: { computed?: ComputedDigest; anyTime?: boolean } = {},
): Promise<SendOutcome> {
	return db.transaction(async (tx) => {
		const { rows } = await tx.execute<AlertRow>(sql`
			select a.id, a.user_id, a.frequency, a.since, a.unsubscribe_nonce, s.kind, s.name, s.url, u.email
			from alerts a join saved_searches s on s.id = a.saved_search_id join users u on u.id = a.user_id
			where a.id = ${alertId} and a.paused_reason is null and ${anyTime ? sql`true` : dueAt(now)}
			for update of a skip locked`)
		const alert = rows[0]
		// Paused, deleted, sent already by another worker, or being sent by one now.
		if (!alert || !isAlertKind(alert.kind)) return 'not due'
		const nonce = alert.unsubscribe_nonce ?? newNonce()
		const addressed = {
			to: alert.email,
			name: alert.name,
			searchUrl: alert.url,
			publicUrl,
			unsubscribeUrl: unsubscribeUrl(publicUrl, unsubscribeToken(alert.id, nonce, secret)),
		}
		const access = await alertAccess(tx as unknown as Db, alert.user_id, alert.kind, now)
		if (!access.mayRead) {
			// The one notice: the alert is paused, so nothing more is sent until the member turns it on again.
			await mailer.send(lapsedEmail(addressed))
			await tx.execute(sql`update alerts set paused_reason = 'lapsed', unsubscribe_nonce = ${nonce}, last_sent_at = ${now.toISOString()}::timestamptz where id = ${alert.id}`)
			return 'paused: lapsed'
		}
		const since = new Date(alert.since)
		const { canViewFinancialData } = access
		const fits = computed && computed.since.getTime() === since.getTime() && (computed.canViewFinancialData === undefined || computed.canViewFinancialData === canViewFinancialData)
		const found = fits ? computed.digest : await kindDigest(tx as unknown as Db, alert.kind, alert.url, since, now, { canViewFinancialData })
		// A site search's items are read for anyone: only those the member may open now are sent
		// and counted. Rows beyond the kept candidates were counted without their access, so a
		// search that moved that much is read whole for this member ("and N more" counts only
		// what they may open).
		const whole = alert.kind === 'search' && found.more > 0 ? (await kindDigests(tx as unknown as Db, alert.kind, [{ id: alert.id, url: alert.url, since }], now, { everyRow: true })).get(alert.id)! : found
		const digest = alert.kind === 'search' ? await rowsMemberMayOpen(tx as unknown as Db, alert.user_id, whole.rows, now) : found
		if (digest.rows.length > 0) await mailer.send(digestEmail(addressed, digest))
		await tx.execute(sql`
			update alerts set since = ${now.toISOString()}::timestamptz, unsubscribe_nonce = ${nonce},
				last_sent_at = ${digest.rows.length > 0 ? sql`${now.toISOString()}::timestamptz` : sql`last_sent_at`}
			where id = ${alert.id}`)
		return digest.rows.length > 0 ? 'sent' : 'nothing new'
	})
}

/**
 * A digest computed ahead, the `since` it was computed from, and for a member who may (or may
 * not) see financial figures; undefined: the search filters on none, so it holds for either.
 */
export type ComputedDigest = { since: Date; digest: Digest; canViewFinancialData?: boolean }

/**
 * The digests of a batch of due alerts, computed together (kindDigests: a few statements per
 * kind whatever their number), each with the `since` it was computed from; sendAlertDigest then
 * sends them one by one, each under its own lock, after deciding what its member may read. A
 * search that filters on financial figures is computed for a member who may see them (the only
 * one whose page applies those filters); sendAlertDigest computes it again for one who may not.
 */
export async function computeDigests(db: Db, alertIds: readonly number[], now = new Date(), { anyTime = false } = {}): Promise<Map<number, ComputedDigest>> {
	if (alertIds.length === 0) return new Map()
	const { rows } = await db.execute<{ id: number; kind: string; url: string; since: string }>(sql`
		select a.id, s.kind, s.url, a.since from alerts a join saved_searches s on s.id = a.saved_search_id
		where a.id = any(${intArray(alertIds)}) and a.paused_reason is null and ${anyTime ? sql`true` : dueAt(now)}`)
	const computed = new Map<number, ComputedDigest>()
	for (const kind of ALERT_KINDS) {
		const alerts = rows.filter((row) => row.kind === kind).map((row) => ({ id: row.id, url: row.url, since: new Date(row.since) }))
		if (alerts.length === 0) continue
		const digests = await kindDigests(db, kind, alerts, now)
		for (const alert of alerts) {
			const financial = kind === 'projects' || sameForAnyFinancialAccess(kind, alert.url, now) ? undefined : true
			computed.set(alert.id, { since: alert.since, digest: digests.get(alert.id)!, canViewFinancialData: financial })
		}
	}
	return computed
}
