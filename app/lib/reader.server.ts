/**
 * Who is reading, in one call for loaders: the token's summary, their profile
 * (GET /userprofile — tolerated when it fails: the page still renders), the capability
 * flags and strategist mode.
 */
import type { AppLoadContext } from '@remix-run/node'
import type { UserProfile } from '../../contract/identity.ts'
import { createApiClient, type ApiClient } from './api.server.ts'
import { capabilitiesFor, VISITOR_CAPABILITIES, type Capabilities } from './capabilities.ts'
import { strategistMode } from '../../contract/membership.ts'
import { readStrategistViewCookie } from './preferences.server.ts'
import { getUserSummary, type UserSummary } from './user.server.ts'
import { log } from './log.ts'
import { perRequest } from './per-request.server.ts'

export type Reader = {
	user: UserSummary | null
	profile: UserProfile | null
	capabilities: Capabilities
	strategistMode: boolean
}

async function loadProfile(api: ApiClient): Promise<UserProfile | null> {
	try {
		return (await api.get('userProfile.get')).item ?? null
	} catch (error) {
		// A redirect (the session refresh's request chain) is for the page to follow.
		if (error instanceof Response) throw error
		log.error({ err: error }, '[reader] profile failed to load')
		return null
	}
}

const profileReads = perRequest<Promise<UserProfile | null>>()

/** The reader's profile, read once per incoming request however many loaders ask. */
export function readerProfile(request: Request, context: AppLoadContext, api: ApiClient = createApiClient({ request, context })): Promise<UserProfile | null> {
	return profileReads({ request, context }, 'profile', () => loadProfile(api))
}

/** The reader of this request, for any loader or action: the root's and the page's share one profile read. */
export async function getReader({ request, context, api = createApiClient({ request, context }) }: { request: Request; context: AppLoadContext; api?: ApiClient }): Promise<Reader> {
	// The token is renewed here when stale (getUserSummary); one that cannot be is the expired-session page.
	const user = await getUserSummary(request, context)
	if (!user) return { user: null, profile: null, capabilities: VISITOR_CAPABILITIES, strategistMode: false }
	const capabilities = capabilitiesFor({ permissions: user.permissions, viaNetworkAddress: user.viaNetworkAddress })
	const profile = await readerProfile(request, context, api)
	return { user, profile, capabilities, strategistMode: await readerStrategistMode(request, capabilities, profile) }
}

/** Strategist mode of spec 000 §4; the stored toggle is the profile's, else the last switch made on this browser. */
export async function readerStrategistMode(request: Request, capabilities: Capabilities, profile: UserProfile | null) {
	const storedToggle = profile?.strategyMenuEnabled ?? (capabilities.canChangeScreenView ? await readStrategistViewCookie(request) : null)
	return strategistMode({ hasStrategyAccess: capabilities.hasStrategyAccess, canChangeScreenView: capabilities.canChangeScreenView, storedToggle })
}
