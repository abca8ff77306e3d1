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

/** PUT /userprofile/preferences: any subset; answers with the updated UserProfile. */
export const ProfilePreferencesSchema = UserProfileSchema.pick({ strategyMenuEnabled: true, previewData: true, hasOptedOutOfUsageReport: true }).partial()
export type ProfilePreferences = z.infer<typeof ProfilePreferencesSchema>

/** POST /userprofile/refreshtoken: the body. */
export const RefreshTokenBodySchema = z.object({
	refreshToken: z.string(),
	expectedPermissions: z.array(z.string()).optional(),
	expectedTrialPermissions: z.array(z.string()).optional(),
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

/** POST /ip-login (spec 000 §3 "IP or joining user details"). */
export const NetworkUserSchema = z.object({ email: z.string().nullable(), token: z.string(), refreshToken: z.string().nullable(), userName: z.string() })
export type NetworkUser = z.infer<typeof NetworkUserSchema>
