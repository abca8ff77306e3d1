/**
 * The profile page's server side: what the page shows (roles with days left, the
 * preference toggles the reader may use) and its two kinds of post: a preference toggle
 * (PUT /userprofile/preferences) and a password change (PUT /user/{email}/password).
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import type { ProfilePreferences } from '../../../contract/identity.ts'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { ALERT_KINDS, ALERT_MESSAGE_PARAM, type Alert } from '../../../contract/alerts.ts'
import type { SavedSearch } from '../../../contract/saved-searches.ts'
import { noticeText } from '../../../contract/notices.ts'
import { capabilitiesFor } from '~/lib/capabilities.ts'
import { readForm } from '~/lib/form.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { daysRemaining, EXECUTIVE_TRIAL_ROLE, hasNoEndDate, lastDayHeld, MEMBERSHIP_LIMITS, type DatedRole } from '../../../contract/membership.ts'
import { readerProfile, readerStrategistMode } from '~/lib/reader.server.ts'
import { requireReader } from '~/lib/guards.server.ts'
import { CHANGE_PASSWORD_INTENT, ChangePasswordSchema, PASSWORD_FIELDS, PASSWORD_MESSAGES } from '../../../contract/change-password.ts'
import { log } from '../../lib/log.ts'

export const PROFILE_PATH = '/profile'

/**
 * The member's saved searches of every kind an alert can be, each with its alert if it has one
 * (the "Alerts" section turns any of them into one); null when they cannot be read just now.
 */
async function loadAlerts(api: ReturnType<typeof createApiClient>): Promise<{ search: SavedSearch; alert: Alert | null }[] | null> {
	try {
		const searches = await Promise.all(ALERT_KINDS.map((kind) => api.get('savedSearches.list', { query: { kind } })))
		return searches.flatMap((list) => (list.items ?? []).map(({ alert, ...search }) => ({ search, alert })))
	} catch (error) {
		if (error instanceof ApiError) return null
		throw error
	}
}
export const PREFERENCE_NOT_SAVED = 'Sorry, your preference could not be saved. Please try again.'

/** The toggles, by the intent their form posts, and the preference each sets. */
export const PREFERENCE_INTENTS = {
	'strategy-menu': 'strategyMenuEnabled',
	'preview-data': 'previewData',
	'usage-report-opt-out': 'hasOptedOutOfUsageReport',
} as const satisfies Record<string, keyof ProfilePreferences>
type PreferenceIntent = keyof typeof PREFERENCE_INTENTS

const noStore = { 'Cache-Control': CACHE_CONTROL.privatePage }

/** Signed-in readers only; everyone else signs in and comes back here. */
const requireProfileReader = (request: Request, context: AppLoadContext) => requireReader({ request, context }, { redirectTo: PROFILE_PATH })

/** A current role; `lastDay` and `daysRemaining` are null for a role with no end date (no countdown). */
export type ProfileRoleView = { name: string; lastDay: string | null; daysRemaining: number | null; warning: boolean }

export async function loadProfilePage({ request, context }: LoaderFunctionArgs) {
	const user = await requireProfileReader(request, context)
	const profile = await readerProfile(request, context)
	const capabilities = capabilitiesFor({ permissions: user.permissions, viaNetworkAddress: user.viaNetworkAddress })
	const now = new Date()
	const roles: DatedRole[] = profile?.roles.map((role) => ({ name: role.name, startDate: role.startDate, endDate: role.endDate })) ?? user.datedRoles
	const currentRoles: ProfileRoleView[] = roles
		.filter((role) => Date.parse(role.startDate) <= now.getTime() && daysRemaining(role, now) >= 0)
		.map((role): ProfileRoleView => {
			if (hasNoEndDate(role, now)) return { name: role.name, lastDay: null, daysRemaining: null, warning: false }
			const days = daysRemaining(role, now)
			return { name: role.name, lastDay: lastDayHeld(role).toISOString(), daysRemaining: days, warning: days <= MEMBERSHIP_LIMITS.trialBannerDays }
		})
	const alerts = user.viaNetworkAddress ? null : await loadAlerts(createApiClient({ request, context }))
	return data(
		{
			alerts,
			alertMessage: noticeText(new URL(request.url).searchParams.get(ALERT_MESSAGE_PARAM)),
			name: user.name,
			email: profile?.emailAddress ?? user.email,
			organisationName: profile?.organisationName ?? null,
			profileAvailable: profile !== null,
			roles: currentRoles,
			badges: capabilities.badges,
			// Toggles show only to readers they apply to (spec 000 §2 Profile page), and only when the profile says where they stand.
			strategyMenu: capabilities.canChangeScreenView ? await readerStrategistMode(request, capabilities, profile) : null,
			previewData: capabilities.canPreviewData && profile ? profile.previewData : null,
			usageReportOptOut: profile ? profile.hasOptedOutOfUsageReport : null,
			canChangePassword: !user.viaNetworkAddress,
			// A trial member sees what the trial unlocked (spec 000 §8 'No unlocked articles' when nothing yet); other readers unlock nothing.
			unlockedArticles: currentRoles.some((role) => role.name === EXECUTIVE_TRIAL_ROLE)
				? (profile?.meteredAccessItems ?? []).map((item) => ({ headline: item.description, path: item.fullSlug, unlockedOn: item.dateAccessGranted }))
				: null,
		},
		{ headers: noStore },
	)
}

export async function profileAction({ request, context }: ActionFunctionArgs) {
	const user = await requireProfileReader(request, context)
	const formData = await readForm(request)
	const intent = formData.get('intent')
	const api = createApiClient({ request, context })
	if (intent === CHANGE_PASSWORD_INTENT) return changePassword({ formData, email: user.email, api })
	if (typeof intent === 'string' && intent in PREFERENCE_INTENTS) {
		const capabilities = capabilitiesFor({ permissions: user.permissions })
		const allowed: Record<PreferenceIntent, boolean> = { 'strategy-menu': capabilities.canChangeScreenView, 'preview-data': capabilities.canPreviewData, 'usage-report-opt-out': true }
		const key = intent as PreferenceIntent
		if (!allowed[key]) return data({ intent, error: PREFERENCE_NOT_SAVED }, { status: 403 })
		const preferences: ProfilePreferences = { [PREFERENCE_INTENTS[key]]: formData.get('enabled') === 'true' }
		try {
			await api.put('userProfile.preferences', { body: preferences })
		} catch (error) {
			log.error({ err: error }, '[profile] preference not saved')
			return data({ intent, error: PREFERENCE_NOT_SAVED }, { status: error instanceof ApiError && error.status < 500 ? error.status : 503 })
		}
		// Post/redirect/get: a reload never repeats the change.
		return redirect(PROFILE_PATH)
	}
	return data({ intent: null, error: PREFERENCE_NOT_SAVED }, { status: 400 })
}

type Api = ReturnType<typeof createApiClient>

/**
 * Passwords are never sent back into the page (hideFields): after any error the three
 * fields are empty again, with the message beside the field it concerns.
 */
async function changePassword({ formData, email, api }: { formData: FormData; email: string | null; api: Api }) {
	const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
	const hideFields = [...PASSWORD_FIELDS]
	if (submission.status !== 'success') {
		return data({ intent: CHANGE_PASSWORD_INTENT, result: submission.reply({ hideFields }), message: null }, { status: 400 })
	}
	const fail = (status: number, formErrors: string[], fieldErrors?: Record<string, string[]>) =>
		data({ intent: CHANGE_PASSWORD_INTENT, result: submission.reply({ formErrors, fieldErrors, hideFields }), message: null }, { status })
	if (!email) return fail(400, [PASSWORD_MESSAGES.missingEmail])
	try {
		await api.put('user.changePassword', { params: { email }, body: { oldPassword: submission.value.oldPassword, newPassword: submission.value.newPassword } })
	} catch (error) {
		const status = error instanceof ApiError ? error.status : 503
		if (status === 403) return fail(403, [], { oldPassword: [PASSWORD_MESSAGES.wrongOldPassword] })
		if (status === 401) return fail(401, [PASSWORD_MESSAGES.unauthorized])
		if (status === 400) return fail(400, [], { newPassword: [PASSWORD_MESSAGES.policy] })
		if (status !== 429) log.error({ err: error }, '[profile] password change failed')
		return fail(status >= 400 && status < 500 ? status : 503, [PASSWORD_MESSAGES.failed])
	}
	return data({ intent: CHANGE_PASSWORD_INTENT, result: submission.reply({ resetForm: true }), message: PASSWORD_MESSAGES.success }, { status: 200 })
}
