/**
 * Saved tracker filters (spec 002 §2 "Saved filters are kept per device and login, and are
 * merged into the URL once on first load"). The member's last tracker query is kept by the
 * API (GET/PUT /trackerfilters), so it follows them across devices. "Once" is this browser
 * session's cookie: it names the member it was set for and the query last stored. While it
 * is there, the tracker's plain address is the plain tracker (so Reset clears the filters);
 * without it, a member's first plain /projecttracker goes to their saved filters.
 */
import { createCookie, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { ApiError, type ApiClient } from '~/lib/api.server.ts'
import { isProduction } from '~/lib/env.server.ts'
import { queueSetCookie } from '~/lib/response-cookies.server.ts'
import type { UserSummary } from '~/lib/user.server.ts'
import type { TableQuery } from '../../../contract/tables.ts'
import { mergeSavedFilters, TRACKER_PATH, trackerFilterParams } from '../../../contract/tracker.ts'
import { log } from '~/lib/log.ts'

/** No Max-Age: a browser-session cookie, so the next visit (on any device) starts from the saved filters again. */
const trackerFiltersCookie = () => createCookie('gwi_tracker_filters', { httpOnly: true, sameSite: 'lax', path: '/', secure: isProduction() })

const CookieSchema = z.object({ sub: z.string(), params: z.string() })
type Stored = z.infer<typeof CookieSchema>

async function readCookie(request: Request, sub: string): Promise<Stored | null> {
	const value = CookieSchema.safeParse(await trackerFiltersCookie().parse(request.headers.get('Cookie')))
	// Another member's cookie (a shared browser) is no cookie for this one.
	return value.success && value.data.sub === sub ? value.data : null
}

const serialize = (stored: Stored) => trackerFiltersCookie().serialize(stored)

/** Members who have saved filters: a person signed in (an organisation signed in by address has none). */
const memberOf = (user: UserSummary | null) => (user && user.sub && !user.viaNetworkAddress ? { ...user, sub: user.sub } : null)

/**
 * On a member's first load of the tracker in this browser session: the address with their
 * saved filters merged in, to redirect to, with the cookie that makes it happen once. With
 * nothing saved, no redirect, and the cookie is queued on the page, so the saved filters
 * are not asked for again. Null when the tracker should just render (a later load, a
 * visitor, an address with its own query — an explicit search, left as it is).
 */
export async function firstLoadRedirect({
	request,
	context,
	api,
	user,
}: {
	request: Request
	context: AppLoadContext
	api: ApiClient
	user: UserSummary | null
}): Promise<{ location: string; cookie: string } | null> {
	const member = memberOf(user)
	const url = new URL(request.url)
	if (!member || url.search !== '' || (await readCookie(request, member.sub))) return null
	let saved = ''
	try {
		saved = (await api.get('tracker.filters')).item?.params ?? ''
	} catch (error) {
		// No saved filters to read (a 401/403): the plain tracker.
		if (error instanceof ApiError && error.status < 500) return null
		throw error
	}
	const cookie = await serialize({ sub: member.sub, params: saved })
	const merged = mergeSavedFilters(saved, url.searchParams)
	if (!merged) {
		queueSetCookie(context, cookie)
		return null
	}
	return { location: `${TRACKER_PATH}?${merged}`, cookie }
}

/**
 * After a member's tracker load: keep this query as their saved filters when it differs from
 * the one last stored (Reset stores the empty query), and mark this browser session's first
 * load as done. Failing to store is not the page's failure.
 */
export async function rememberFilters({ request, context, api, user, query }: { request: Request; context: AppLoadContext; api: ApiClient; user: UserSummary | null; query: TableQuery }) {
	const member = memberOf(user)
	if (!member) return
	const params = trackerFilterParams(query)
	const stored = await readCookie(request, member.sub)
	if (stored?.params === params) return
	// A first plain load that was not redirected found nothing saved (firstLoadRedirect queued the cookie): nothing to store.
	if (!stored && params === '' && new URL(request.url).search === '') return
	try {
		await api.put('tracker.saveFilters', { body: { params } })
	} catch (error) {
		log.error({ err: error }, '[tracker] saving filters failed')
		return
	}
	queueSetCookie(context, await serialize({ sub: member.sub, params }))
}
