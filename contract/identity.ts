/**
 * Identity and membership as the API reports them (spec 000 §3 "User profile", §7 identity
 * calls): GET /userprofile, PUT /userprofile/preferences, POST /userprofile/refreshtoken,
 * PUT /user/{email}/password and POST /ip-login. What sign-in agrees on is in sign-in.ts;
 * the membership date rules in membership.ts; the change-password form in change-password.ts.
 */
import { z } from 'zod'
import { MeteredAccessItemSchema } from './articles.ts'

export const ProfileRoleSchema = z.object({ name: z.string(), startDate: z.string(), endDate: z.string() })
export type ProfileRole = z.infer<typeof ProfileRoleSchema>
export const OrganisationRefSchema = z.object({ name: z.string(), id: z.number(), reference: z.string() })
export type OrganisationRef = z.infer<typeof OrganisationRefSchema>

/** GET /userprofile: the current reader (a person, or an organisation by network address). */
export const UserProfileSchema = z.object({
	roleNames: z.array(z.string()),
	roles: z.array(ProfileRoleSchema),
	/** Expired roles the reader may renew (their latest dated role of that name ended, renewable). */
	renewableExpiredRoles: z.array(z.string()),
	hasExpiredExecutiveTrialSubscription: z.boolean(),
	hasExpiredExecutiveSubscription: z.boolean(),
	showRenewalMessaging: z.boolean(),
	hasCompleteProfile: z.boolean(),
	/** The last paid role ended 12 months ago or more: a new trial may be requested. */
	expiredSubscriptionOldEnoughToAccessTrial: z.boolean(),
	emailAddress: z.string().nullable(),
	/** Subject at the identity provider (the spec's name for it). */
	auth0Id: z.string(),
	firstName: z.string().nullable(),
	lastName: z.string().nullable(),
	organisationName: z.string().nullable(),
	organisationId: z.number().nullable(),
	organisationReference: z.string().nullable(),
	parentOrganisation: OrganisationRefSchema.nullable(),
	hasOptedOutOfUsageReport: z.boolean(),
	meteredAccessItems: z.array(MeteredAccessItemSchema),
	/** Stored strategist-view toggle; null when the reader never chose. */
	strategyMenuEnabled: z.boolean().nullable(),
	/** Preview unpublished data (strategy beta users with preview:data). */
	previewData: z.boolean(),
})
export type UserProfile = z.infer<typeof UserProfileSchema>

/** PUT /userprofile/preferences: any subset; answers with the updated UserProfile. Unknown names are refused (a typo must not look like a saved preference). */
export const ProfilePreferencesSchema = z.strictObject({
	/** null forgets the choice: the strategist view follows the permissions again. */
	strategyMenuEnabled: z.boolean({ error: 'strategyMenuEnabled must be true, false or null' }).nullable().optional(),
	previewData: z.boolean({ error: 'previewData must be true or false' }).optional(),
	hasOptedOutOfUsageReport: z.boolean({ error: 'hasOptedOutOfUsageReport must be true or false' }).optional(),
})
export type ProfilePreferences = z.infer<typeof ProfilePreferencesSchema>

export const REFRESH_MESSAGES = {
	required: 'Bad request: refreshToken is required',
	failed: 'Failed to refresh token',
	missingPermissions: 'The refreshed token does not carry the expected permissions yet',
} as const

const permissionList = z.array(z.string().max(100)).max(50).optional()
/** POST /userprofile/refreshtoken: the body (no bearer token: the refresh token is the credential). */
export const RefreshTokenBodySchema = z.object({
	refreshToken: z.string({ error: REFRESH_MESSAGES.required }).min(1, { error: REFRESH_MESSAGES.required }).max(4096),
	expectedPermissions: permissionList,
	expectedTrialPermissions: permissionList,
})
export type RefreshTokenBody = z.infer<typeof RefreshTokenBodySchema>

/** POST /userprofile/refreshtoken: the answer. */
export const RefreshedTokenSchema = z.object({
	token: z.string(),
	refreshToken: z.string(),
	/** Seconds until `token` expires. */
	expiresIn: z.number(),
	/** The new token holds every expectedPermissions (or every expectedTrialPermissions) asked for. */
	hasExpectedPermissions: z.boolean(),
})
export type RefreshedToken = z.infer<typeof RefreshedTokenSchema>

/** PUT /user/{email}/password: body { oldPassword, newPassword, confirmPassword? }. */
export const PasswordChangeBodySchema = z.object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string().optional() })
/** PUT /user/{email}/password: the item on success. */
export const PasswordChangedSchema = z.object({ message: z.string() })
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>

/** The reader's network address, which the site passes to POST /ip-login (the API believes it only from the site, docs/decisions/0005). */
export const CLIENT_ADDRESS_HEADER = 'X-Client-Address'

/** POST /ip-login (spec 000 §3 "IP or joining user details"). */
export const NetworkUserSchema = z.object({ email: z.string().nullable(), token: z.string(), refreshToken: z.string().nullable(), userName: z.string() })
export type NetworkUser = z.infer<typeof NetworkUserSchema>

/** GET and DELETE /userprofile/session: whether the bearer token's sign-in stands (ended by DELETE). */
export const SessionStateSchema = z.object({ active: z.boolean() })
export type SessionState = z.infer<typeof SessionStateSchema>
