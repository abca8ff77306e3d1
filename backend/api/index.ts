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
import { authenticate } from './auth.ts'
import { createHotData, type HotData } from './hot-data.ts'
import { changePassword } from './change-password.ts'
import { commerce } from './commerce/index.ts'
import { companyIndicators } from './company-indicators.ts'
import type { ApiEnv, Resource } from './context.ts'
import { entities } from './entities.ts'
import { handleError, handleNotFound } from './errors.ts'
import { forecast } from './forecast/index.ts'
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
import { userProfile } from './user-profile.ts'

/** Path → resource. The generic entities come last: `/{entity}` matches any first segment. */
const RESOURCES: [path: string, resource: Resource][] = [
	['/menus', menus],
	['/pages', pages],
	['/articles', articles],
	// No-access messages, chosen by slug (articles and search, issue 4).
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
	['/newsletters', newsletters],
	// Membership and commerce (issue 13): offers, trials, about-you, checkout, downloads.
	['/', commerce],
	// Searchable tables (issue 12): /searchProjects, /downloadProjects...
	['/', tables],
	['/savedsearches', savedSearches],
	['/', entities],
]

/** Requests that change nothing; any other request may change what the hot data keeps. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function createApi({ db, tokenClient }: { db: Db; tokenClient?: TokenClient }): Hono<ApiEnv> & { hotData: HotData } {
	const hotData = createHotData()
	const app = new Hono<ApiEnv>()
	app.use('*', rejectUndecodableInput)
	// A change made through the API shows at once: kept menus and messages are forgotten before and after it.
	app.use('*', async (c, next) => {
		if (READS.has(c.req.method)) return next()
		hotData.invalidate()
		try {
			await next()
		} finally {
			hotData.invalidate()
		}
	})
	app.use('*', authenticate(db))
	for (const [path, resource] of RESOURCES) app.route(path, resource({ db, tokenClient, hotData }))
	app.notFound(handleNotFound)
	app.onError(handleError)
	return Object.assign(app, { hotData })
}
