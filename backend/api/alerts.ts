/**
 * A member's alerts: GET /alerts (theirs, with their saved search), POST /alerts
 * (turn a saved search into an alert, or change how often), POST /alerts/:id/pause, /resume
 * and /delete, and POST /alerts/unsubscribe (the email's signed one-click link: no sign-in).
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { ALERT_MESSAGES, SetAlertBodySchema, UnsubscribeBodySchema, type Alert } from '../../contract/alerts.ts'
import { isAlertKind } from '../alerts/digest.ts'
import { unsubscribe } from '../alerts/unsubscribe.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { ApiError, badRequest, notFound } from './errors.ts'
import { idParam, parseJsonBody, signedInUserId } from './request-body.ts'
import { iso } from './sql.ts'

export type AlertRow = { id: number; saved_search_id: number; kind: string; name: string; url: string; frequency: Alert['frequency']; paused_reason: Alert['pausedReason']; last_sent_at: string | null }
export const toAlert = (row: AlertRow): Alert => ({
	id: row.id,
	savedSearchId: row.saved_search_id,
	kind: row.kind,
	name: row.name,
	url: row.url,
	frequency: row.frequency,
	pausedReason: row.paused_reason,
	lastSentAt: iso(row.last_sent_at),
})

const SELECT = sql`select a.id, a.saved_search_id, s.kind, s.name, s.url, a.frequency, a.paused_reason, a.last_sent_at from alerts a join saved_searches s on s.id = a.saved_search_id`

export const alertsResource: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()
	const one = async (userId: number, id: number) => {
		const { rows } = await db.execute<AlertRow>(sql`${SELECT} where a.id = ${id} and a.user_id = ${userId}`)
		if (!rows[0]) throw notFound('alert')
		return toAlert(rows[0])
	}

	app.get('/', async (c) => {
		const { rows } = await db.execute<AlertRow>(sql`${SELECT} where a.user_id = ${signedInUserId(c)} order by s.name, a.id`)
		return c.json({ success: true, items: rows.map(toAlert), errors: [], warnings: [] })
	})

	app.post('/unsubscribe', async (c) => {
		const { token } = await parseJsonBody(c, UnsubscribeBodySchema)
		if (!(await unsubscribe(db, token))) throw new ApiError(400, ALERT_MESSAGES.unsubscribeUsed)
		return c.json({ success: true, errors: [], warnings: [] })
	})

	// Turning on, or changing how often: news is counted from now, and a paused alert is on again.
	app.post('/', async (c) => {
		const userId = signedInUserId(c)
		const input = await parseJsonBody(c, SetAlertBodySchema)
		const { rows: searches } = await db.execute<{ kind: string }>(sql`select kind from saved_searches where id = ${input.savedSearchId} and user_id = ${userId}`)
		if (!searches[0]) throw notFound('saved search')
		if (!isAlertKind(searches[0].kind)) throw badRequest(ALERT_MESSAGES.notAvailable)
		const { rows } = await db.execute<{ id: number }>(sql`
			insert into alerts (saved_search_id, user_id, frequency) values (${input.savedSearchId}, ${userId}, ${input.frequency})
			on conflict (saved_search_id) do update set frequency = excluded.frequency, paused_reason = null,
				since = case when alerts.paused_reason is null then alerts.since else now() end
			returning id`)
		return itemResponse(c, await one(userId, rows[0]!.id))
	})

	app.post('/:id/pause', async (c) => {
		const userId = signedInUserId(c)
		const id = idParam(c, 'alert')
		await db.execute(sql`update alerts set paused_reason = 'member' where id = ${id} and user_id = ${userId} and paused_reason is null`)
		return itemResponse(c, await one(userId, id))
	})

	app.post('/:id/resume', async (c) => {
		const userId = signedInUserId(c)
		const id = idParam(c, 'alert')
		// What happened while it was paused is not news: the next digest counts from now.
		await db.execute(sql`update alerts set paused_reason = null, since = now() where id = ${id} and user_id = ${userId} and paused_reason is not null`)
		return itemResponse(c, await one(userId, id))
	})

	app.post('/:id/delete', async (c) => {
		const { rowCount } = await db.execute(sql`delete from alerts where id = ${idParam(c, 'alert')} and user_id = ${signedInUserId(c)}`)
		if (!rowCount) throw notFound('alert')
		return c.json({ success: true, errors: [], warnings: [] })
	})

	return app
}
