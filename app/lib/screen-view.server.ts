/**
 * Switching between the strategist and executive views (spec 000 §2 "switch screens",
 * §4 strategist mode): only readers with edit:screen-view choose; the choice is stored in
 * their profile (PUT /userprofile/preferences) and, for when the profile cannot be read,
 * in a cookie. Everyone else is sent home with nothing changed.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import type { ProfilePreferences } from '../../contract/identity.ts'
import { createApiClient } from './api.server.ts'
import { requirePermission } from './guards.server.ts'
import { strategistViewCookie } from './preferences.server.ts'
import { log } from './log.ts'

export async function switchScreenView({ request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>, strategyMenuEnabled: boolean) {
	// Everyone else is sent home with nothing changed, visitors included.
	await requirePermission({ request, context }, 'canChangeScreenView', { otherwise: () => redirect('/') })
	const api = createApiClient({ request, context })
	const preferences: ProfilePreferences = { strategyMenuEnabled }
	try {
		await api.put('userProfile.preferences', { body: preferences })
	} catch (error) {
		// The cookie still carries the choice on this browser.
		log.error({ err: error }, '[screen-view] preference not saved')
	}
	return redirect('/', { headers: { 'Set-Cookie': await strategistViewCookie().serialize(strategyMenuEnabled) } })
}
