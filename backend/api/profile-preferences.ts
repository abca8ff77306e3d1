/**
 * PUT /userprofile/preferences: body JSON `ProfilePreferences` (any subset of
 * strategyMenuEnabled, previewData, hasOptedOutOfUsageReport); answers with the updated
 * `UserProfile`. The strategist-view toggle needs edit:screen-view and the preview toggle
 * preview:data (spec 000 §2 "Profile page", §4 "Strategist mode"): 403 'Forbidden'
 * otherwise, and nothing is written. Only readers with an account row have preferences.
 */
import { sql, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { ProfilePreferencesSchema } from '../../contract/identity.ts'
import { PERMISSIONS } from '../identity/roles.ts'
import { requireViewer } from './auth.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { badRequest, forbidden } from './errors.ts'
import { loadUserProfile } from './profile-data.ts'
import { readJsonBody } from './request-body.ts'

export const preferencesSchema = ProfilePreferencesSchema

/** Which permission each preference needs; preferences not listed are the reader's own. */
const PREFERENCE_PERMISSIONS = {
	strategyMenuEnabled: PERMISSIONS.editScreenView,
	previewData: PERMISSIONS.previewData,
} as const

export const profilePreferences: Resource = ({ db }) =>
	new Hono<ApiEnv>().put('/preferences', async (c) => {
		const viewer = requireViewer(c)
		const parsed = preferencesSchema.safeParse(await readJsonBody(c))
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
		const preferences = parsed.data
		for (const [name, permission] of Object.entries(PREFERENCE_PERMISSIONS)) {
			if (preferences[name as keyof typeof PREFERENCE_PERMISSIONS] !== undefined && !viewer.permissions.includes(permission)) throw forbidden()
		}
		// An organisation signed in by network address has nowhere to keep preferences.
		if (viewer.userId === null) throw forbidden()

		const assignments: SQL[] = []
		if (preferences.strategyMenuEnabled !== undefined) assignments.push(sql`strategy_menu_enabled = ${preferences.strategyMenuEnabled}`)
		if (preferences.previewData !== undefined) assignments.push(sql`preview_data = ${preferences.previewData}`)
		if (preferences.hasOptedOutOfUsageReport !== undefined) assignments.push(sql`has_opted_out_of_usage_report = ${preferences.hasOptedOutOfUsageReport}`)
		if (assignments.length) await db.execute(sql`update users set ${sql.join(assignments, sql`, `)} where id = ${viewer.userId}`)
		return itemResponse(c, await loadUserProfile(db, viewer, c.get('access')))
	})
