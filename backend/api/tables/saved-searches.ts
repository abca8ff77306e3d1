/**
 * Saved searches (spec 001 §2-§5), kept per user on the server: GET /savedsearches
 * (newest first), POST /savedsearches (save; a default name when none is given), PUT
 * /savedsearches/:id (rename; names are unique per user and kind) and POST
 * /savedsearches/:id/delete. Only a signed-in person (a users row) has saved searches.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { defaultSavedSearchName, RenameSearchBodySchema, SAVED_SEARCH_MESSAGES, SavedSearchListQuerySchema, SaveSearchBodySchema, type SavedSearch } from '../../../contract/saved-searches.ts'
import type { Db } from '../../db/client.ts'
import { toAlert, type AlertRow } from '../alerts.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError, notFound } from '../errors.ts'
import { parseQuery } from '../query.ts'
import { idParam, parseJsonBody, signedInUserId } from '../request-body.ts'
import { isUniqueViolation, iso } from '../sql.ts'

type Row = { id: number; kind: SavedSearch['kind']; name: string; subtitle: string | null; url: string; last_updated: string }
const toSaved = (row: Row): SavedSearch => ({ id: row.id, kind: row.kind, name: row.name, subtitle: row.subtitle, url: row.url, lastUpdated: iso(row.last_updated)! })

/** The unique index on (user, kind, lower(name)) settles saves that race past nameTaken. */
async function unlessNameInUse<T>(write: Promise<T>): Promise<T> {
	try {
		return await write
	} catch (error) {
		if (isUniqueViolation(error)) throw new ApiError(409, SAVED_SEARCH_MESSAGES.nameInUse)
		throw error
	}
}

async function nameTaken(db: Db, userId: number, kind: string, name: string, exceptId?: number) {
	const { rows } = await db.execute(sql`select 1 from saved_searches where user_id = ${userId} and kind = ${kind} and lower(name) = lower(${name}) and id <> ${exceptId ?? 0} limit 1`)
	return rows.length > 0
}

export const savedSearches: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()

	app.get('/', async (c) => {
		const userId = signedInUserId(c)
		const { kind } = parseQuery(c, SavedSearchListQuerySchema)
		// Each with its alert (at most one per saved search), so a page reads its panel in one statement.
		const { rows } = await db.execute<Row & Partial<Omit<AlertRow, 'id'>> & { alert_id: number | null }>(sql`
			select s.*, a.id as alert_id, a.saved_search_id, a.frequency, a.paused_reason, a.last_sent_at
			from saved_searches s left join alerts a on a.saved_search_id = s.id and a.user_id = s.user_id
			where s.user_id = ${userId} and s.kind = ${kind} order by s.last_updated desc, s.id desc`)
		const items = rows.map((row) => ({ ...toSaved(row), alert: row.alert_id === null ? null : toAlert({ ...row, id: row.alert_id } as AlertRow) }))
		return c.json({ success: true, items, errors: [], warnings: [] })
	})

	app.post('/', async (c) => {
		const userId = signedInUserId(c)
		const input = await parseJsonBody(c, SaveSearchBodySchema)
		const name = input.name || (input.kind === 'forecasts' ? input.subtitle || 'Forecast' : defaultSavedSearchName(input.kind, new Date()))
		if (await nameTaken(db, userId, input.kind, name)) throw new ApiError(409, SAVED_SEARCH_MESSAGES.nameInUse)
		const { rows } = await unlessNameInUse(
			db.execute<Row>(sql`insert into saved_searches (user_id, kind, name, subtitle, url) values (${userId}, ${input.kind}, ${name}, ${input.subtitle ?? null}, ${input.url}) returning *`),
		)
		return itemResponse(c, toSaved(rows[0]!))
	})

	app.put('/:id', async (c) => {
		const userId = signedInUserId(c)
		const id = idParam(c, 'saved search')
		const input = await parseJsonBody(c, RenameSearchBodySchema)
		const { rows: found } = await db.execute<Row>(sql`select * from saved_searches where id = ${id} and user_id = ${userId}`)
		if (!found[0]) throw notFound('saved search')
		if (await nameTaken(db, userId, found[0].kind, input.name, id)) throw new ApiError(409, SAVED_SEARCH_MESSAGES.nameInUse)
		const { rows } = await unlessNameInUse(
			db.execute<Row>(sql`update saved_searches set name = ${input.name}, url = ${input.url ?? found[0].url}, last_updated = now() where id = ${id} and user_id = ${userId} returning *`),
		)
		return itemResponse(c, toSaved(rows[0]!))
	})

	app.post('/:id/delete', async (c) => {
		const userId = signedInUserId(c)
		const { rowCount } = await db.execute(sql`delete from saved_searches where id = ${idParam(c, 'saved search')} and user_id = ${userId}`)
		if (!rowCount) throw notFound('saved search')
		return c.json({ success: true, errors: [], warnings: [] })
	})

	return app
}
