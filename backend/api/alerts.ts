/**
 * A member's alerts (issue 38): GET /alerts (theirs, with their saved search), POST /alerts
 * (turn a saved search into an alert, or change how often), POST /alerts/:id/pause, /resume
 * and /delete, and POST /alerts/unsubscribe (the email's signed one-click link: no sign-in).
 */
import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import { ALERT_MESSAGES, SetAlertBodySchema, UnsubscribeBodySchema, type Alert } from '../../contract/alerts.ts'
import { isAlertKind } from '../alerts/digest.ts'
import { unsubscribe } from '../alerts/unsubscribe.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { ApiError, badRequest, notFound, unauthorized } from './errors.ts'
import { readJsonBody } from './request-body.ts'
import { iso } from './sql.ts'

type Row = { id: number; saved_search_id: number; kind: string; name: string; url: string; frequency: Alert['frequency']; paused_reason: Alert['pausedReason']; last_sent_at: string | null }
const toAlert = (row: Row): Alert => ({
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

function userOf(c: Context<ApiEnv>): number {
	const userId = c.get('viewer')?.userId
	if (userId == null) throw unauthorized()
	return userId
}

async function body<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
	const parsed = schema.safeParse(await readJsonBody(c))
	if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
	return parsed.data
}

const idOf = (c: Context) => {
	const id = Number(c.req.param('id'))
	if (!Number.isSafeInteger(id) || id < 1) throw notFound('alert')
	return id
}

export const alertsResource: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()
	const one = async (userId: number, id: number) => {
		const { rows } = await db.execute<Row>(sql`${SELECT} where a.id = ${id} and a.user_id = ${userId}`)
		if (!rows[0]) throw notFound('alert')
		return toAlert(rows[0])
	}

	app.get('/', async (c) => {
		const { rows } = await db.execute<Row>(sql`${SELECT} where a.user_id = ${userOf(c)} order by s.name, a.id`)
		return c.json({ success: true, items: rows.map(toAlert), errors: [], warnings: [] })
	})

	app.post('/unsubscribe', async (c) => {
		const { token } = await body(c, UnsubscribeBodySchema)
		if (!(await unsubscribe(db, token))) throw new ApiError(400, ALERT_MESSAGES.unsubscribeUsed)
		return c.json({ success: true, errors: [], warnings: [] })
	})

	// Turning on, or changing how often: news is counted from now, and a paused alert is on again.
	app.post('/', async (c) => {
		const userId = userOf(c)
		const input = await body(c, SetAlertBodySchema)
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
		const userId = userOf(c)
		const id = idOf(c)
		await db.execute(sql`update alerts set paused_reason = 'member' where id = ${id} and user_id = ${userId} and paused_reason is null`)
		return itemResponse(c, await one(userId, id))
	})

	app.post('/:id/resume', async (c) => {
		const userId = userOf(c)
		const id = idOf(c)
		// What happened while it was paused is not news: the next digest counts from now.
		await db.execute(sql`update alerts set paused_reason = null, since = now() where id = ${id} and user_id = ${userId} and paused_reason is not null`)
		return itemResponse(c, await one(userId, id))
	})

	app.post('/:id/delete', async (c) => {
		const { rowCount } = await db.execute(sql`delete from alerts where id = ${idOf(c)} and user_id = ${userOf(c)}`)
		if (!rowCount) throw notFound('alert')
		return c.json({ success: true, errors: [], warnings: [] })
	})

	return app
}
