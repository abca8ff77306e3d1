/**
 * The Project Tracker's saved filters (spec 002 §2, §6 "Saved tracker filters are per device
 * and login"; kept per member on the server here, so they follow the member):
 *   GET /trackerfilters   the member's last tracker query ({ params: '' } when none)
 *   PUT /trackerfilters   body { params }: stored in the tracker's canonical form
 * Only a signed-in person (a users row) has saved filters.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { parseTableParams } from '../../../contract/tables.ts'
import { TRACKER_TABLE, trackerFilterParams, TrackerFiltersBodySchema } from '../../../contract/tracker.ts'
import type { Db } from '../../db/client.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { badRequest } from '../errors.ts'
import { readJsonBody, signedInUserId } from '../request-body.ts'

export function trackerFilterRoutes(db: Db) {
	const app = new Hono<ApiEnv>()

	app.get('/trackerfilters', async (c) => {
		const { rows } = await db.execute<{ params: string }>(sql`select params from tracker_filters where user_id = ${signedInUserId(c)}`)
		return itemResponse(c, { params: rows[0]?.params ?? '' })
	})

	app.put('/trackerfilters', async (c) => {
		const userId = signedInUserId(c)
		const parsed = TrackerFiltersBodySchema.safeParse(await readJsonBody(c))
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
		// Whatever was sent, what is kept is a query the tracker understands, in its canonical form.
		const params = trackerFilterParams(parseTableParams(TRACKER_TABLE, new URLSearchParams(parsed.data.params)))
		await db.execute(sql`
			insert into tracker_filters (user_id, params) values (${userId}, ${params})
			on conflict (user_id) do update set params = excluded.params, updated_at = now()
			where tracker_filters.params is distinct from excluded.params`)
		return itemResponse(c, { params })
	})

	return app
}
