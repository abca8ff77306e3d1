/**
 * POST /about-you (spec 002 §3, §5, §7): the interest details of the signed-in reader,
 * validated with the form's own schema (contract/commerce.ts) and kept on their account.
 *
 *   200  item { hasRecordedInterests: true }
 *   400  the first validation message ('Please select how you found us', ...)
 *   401  not signed in; 403 no account (network address)
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { InterestDetailsSchema } from '../../../contract/interest-details.ts'
import type { Db } from '../../db/client.ts'
import { requireViewer } from '../auth.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { badRequest, forbidden } from '../errors.ts'
import { readJsonBody } from '../request-body.ts'

export const aboutYouRoutes = (db: Db) =>
	new Hono<ApiEnv>().post('/about-you', async (c) => {
		const viewer = requireViewer(c)
		if (viewer.userId === null) throw forbidden()
		const parsed = InterestDetailsSchema.safeParse(await readJsonBody(c))
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
		const interests = { ...parsed.data, recordedAt: new Date().toISOString() }
		await db.execute(sql`update users set interests = ${JSON.stringify(interests)}::jsonb where id = ${viewer.userId}`)
		return itemResponse(c, { hasRecordedInterests: true as const })
	})
