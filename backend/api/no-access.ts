/**
 * GET /noaccesses (spec 000 §6, §7, §9): the no-access messages, chosen by the site by slug
 * with the 'default' one as fallback. The site asks for them all at once (pageSize=100).
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { NoAccessMessage } from '../../contract/articles.ts'
import { plainText } from './content-html.ts'
import type { ApiEnv, Resource } from './context.ts'
import { listResponse } from './envelope.ts'
import { pagingSchema } from '../../contract/query.ts'
import { fetchPage, parseQuery } from './query.ts'

export const noAccesses: Resource = ({ db }) =>
	new Hono<ApiEnv>().get('/', async (c) => {
		const query = parseQuery(c, pagingSchema)
		const page = await fetchPage(
			query,
			async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from no_access_messages`)).rows[0].n,
			async (limit, offset) => {
				const { rows } = await db.execute<NoAccessMessage>(sql`select slug, message from no_access_messages order by slug limit ${limit} offset ${offset}`)
				// The site shows a message as text (a heading of the no-access panel): no markup leaves.
				return rows.map((row) => ({ ...row, message: plainText(row.message) }))
			},
		)
		return listResponse(c, page)
	})
