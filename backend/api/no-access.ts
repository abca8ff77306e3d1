/**
 * GET /noaccesses (spec 000 §6, §7, §9): the no-access messages, chosen by the site by slug
 * with the 'default' one as fallback. The site asks for them all at once (pageSize=100).
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { NoAccessMessage } from '../../contract/articles.ts'
import { plainText } from './content-html.ts'
import type { ApiEnv, Resource } from './context.ts'
import { UNKEPT } from './hot-data.ts'
import { listResponse } from './envelope.ts'
import { pagingSchema } from '../../contract/query.ts'
import { fetchPage, parseQuery } from './query.ts'

export const noAccesses: Resource = ({ db, hotData = UNKEPT }) => {
	/** Every message (a few dozen), the same for every reader: kept hot, paged here. */
	const readAll = () =>
		hotData.read('no-access-messages', async () => {
			const { rows } = await db.execute<NoAccessMessage>(sql`select slug, message from no_access_messages order by slug`)
			// The site shows a message as text (a heading of the no-access panel): no markup leaves.
			return rows.map((row) => ({ ...row, message: plainText(row.message) }))
		})
	return new Hono<ApiEnv>().get('/', async (c) => {
		const query = parseQuery(c, pagingSchema)
		const page = await fetchPage(
			query,
			async () => (await readAll()).length,
			async (limit, offset) => (await readAll()).slice(offset, offset + limit),
		)
		return listResponse(c, page)
	})
}
