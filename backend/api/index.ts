/**
 * The embedded content API (spec 000 §7): a Hono app with its routes at the root. server.ts
 * mounts it at /api; the site also calls it in-process through `app.fetch`.
 *
 * Every response is the JSON envelope `{ success, item | items, errors, warnings }`.
 * Adding a resource is one file exporting a `Resource`, listed in RESOURCES below.
 */
import { Hono } from 'hono'
import type { Db } from '../db/client.ts'
import type { TokenClient } from '../identity/token-client.ts'
import { articles } from './articles.ts'
import { authenticate, READ_METHODS } from './auth.ts'
import { hotDataFor, type HotData } from './hot-data.ts'
import { changePassword } from './change-password.ts'
import { commerce } from './commerce/index.ts'
import { companyIndicators } from './company-indicators.ts'
import type { ApiEnv, InProcessBindings, Resource, ViewerMemo } from './context.ts'
import { entities } from './entities.ts'
import { handleError, handleNotFound } from './errors.ts'
import { forecast } from './forecast/index.ts'
import { geographyLists } from './geographies.ts'
import { ipLoginResource } from './ip-login.ts'
import { menus } from './menus.ts'
import { newsletters } from './newsletters/index.ts'
import { noAccesses } from './no-access.ts'
import { pages } from './pages.ts'
import { rejectUndecodableInput } from './query.ts'
import { profilePreferences } from './profile-preferences.ts'
import { refreshTokenResource } from './refresh-token.ts'
import { search } from './search.ts'
import { sessionResource } from './session.ts'
import { siteLog } from './site-log.ts'
import { sitemap } from './sitemap.ts'
import { tables } from './tables/index.ts'
import { savedSearches } from './tables/saved-searches.ts'
import { alertsResource } from './alerts.ts'
import { mailboxResource } from './mailbox.ts'
import { userProfile } from './user-profile.ts'

/** Path → resource. The generic entities come last: `/{entity}` matches any first segment. */
const RESOURCES: [path: string, resource: Resource][] = [
	['/menus', menus],
	['/pages', pages],
	['/articles', articles],
	// No-access messages, chosen by slug (articles and search).
	['/noaccesses', noAccesses],
	['/search', search],
	['/sitemap', sitemap],
	// Identity calls (spec 000 §7); before the entities, whose `/{entity}` would take them.
	['/userprofile', userProfile],
	['/userprofile', profilePreferences],
	['/userprofile', refreshTokenResource],
	['/userprofile', sessionResource],
	['/user', changePassword],
	['/ip-login', ipLoginResource],
	['/log', siteLog],
	['/forecast', forecast],
	// Entity pages: a company's financial indicators (before the generic entities).
	['/companies', companyIndicators],
	// The geography lists (spec 000 §7), before the generic entities too.
	['/geographies', geographyLists],
	['/newsletters', newsletters],
	// Membership and commerce: offers, trials, about-you, checkout, downloads.
	['/', commerce],
	// Searchable tables: /searchProjects, /downloadProjects...
	['/', tables],
	['/savedsearches', savedSearches],
	['/alerts', alertsResource],
	['/mailbox', mailboxResource],
	['/', entities],
]

/**
 * Writes that change only the reader's own records (their unlocks, profile, sign-in, saved
 * searches, orders and trials, the site log), or that read through a POST (forecast queries):
 * nothing the hot data or an anonymous page shows. Every other write (content, menus, an
 * opportunity) empties the kept copies; an address missing here only costs a refill.
 */
export const PERSONAL_WRITES: readonly RegExp[] = [
	/^\/articles\/slug\/[^/]+\/unlock$/,
	/^\/userprofile(\/|$)/,
	/^\/user\//,
	/^\/ip-login(\/|$)/,
	/^\/savedsearches(\/|$)/,
	/^\/alerts(\/|$)/,
	// The demo mailbox's button: alerts' own rows and emails.
	/^\/mailbox(\/|$)/,
	/^\/trackerfilters$/,
	/^\/(trials|about-you)$/,
	/^\/checkout(\/|$)/,
	/^\/documents\/slug\/[^/]+\/access$/,
	/^\/forecast(\/|$)/,
	/^\/log$/,
]

/** Whether a request may change what is kept for every reader (hot data, the page cache). */
export function changesSharedData(method: string, path: string): boolean {
	return !READ_METHODS.has(method) && !PERSONAL_WRITES.some((pattern) => pattern.test(path))
}

/**
 * `onSharedChange`: told of every change to what every reader sees, before and after it is
 * made (server.ts empties its page cache). `onSharedChangeDone`: told once it is made, with
 * what was written (server.ts tells every process of every host through PostgreSQL).
 */
export function createApi({
	db,
	tokenClient,
	onSharedChange,
	onSharedChangeDone,
}: {
	db: Db
	tokenClient?: TokenClient
	onSharedChange?: () => void
	onSharedChangeDone?: (reason: string) => Promise<void> | void
}): Hono<ApiEnv> & { hotData: HotData } {
	const hotData = hotDataFor(db)
	const changed = () => {
		hotData.invalidate()
		onSharedChange?.()
	}
	const app = new Hono<ApiEnv>()
	app.use('*', rejectUndecodableInput)
	app.use('*', authenticate(db))
	// A change made through the API shows at once: kept copies are forgotten before and after it.
	// Anonymous writes change nothing shared (they are the reader's own, or refused).
	app.use('*', async (c, next) => {
		if (!c.get('viewer') || !changesSharedData(c.req.method, c.req.path)) return next()
		changed()
		try {
			await next()
		} finally {
			changed()
			// Awaited: the notice is sent before the writer hears back, so its next page, on any host, is not an old copy.
			await onSharedChangeDone?.(`${c.req.method} ${c.req.path}`.slice(0, 200))
		}
	})
	for (const [path, resource] of RESOURCES) app.route(path, resource({ db, tokenClient, hotData }))
	app.notFound(handleNotFound)
	app.onError(handleError)
	return Object.assign(app, { hotData })
}

/**
 * One page's way into the API in this process: the Hono app's own fetch with a Request, its
 * answer read as any HTTP client reads it. The page's reader is verified once however many
 * calls its loaders make (a memo per page, auth.ts).
 */
export function pageApiFetch(api: Hono<ApiEnv>): (request: Request) => Promise<Response> {
	const viewers: ViewerMemo = new Map()
	return (request) => Promise.resolve(api.fetch(request, { viewers } satisfies InProcessBindings))
}
