/**
 * The change-password form (spec 000 §5, §8): one zod schema that conform runs in the
 * browser (a courtesy) and the action runs on the server (the authority), and the spec's
 * messages verbatim. The "... is required" texts are ours: the spec only says nothing is
 * sent unless all three are given.
 */
import { z } from 'zod'

export const PASSWORD_MESSAGES = {
	oldPasswordRequired: 'Please enter your old password',
	newPasswordRequired: 'Please enter a new password',
	confirmPasswordRequired: 'Please confirm your new password',
	mustDiffer: 'Old and new password must be different',
	mustMatch: 'New password and confirmed password must match',
	missingEmail: 'Sorry, there was an error reading your email address. Please logout and log in again then retry',
	wrongOldPassword: 'Failed to change password: please ensure old password is correct',
	unauthorized: 'You are unauthorized to perform this action',
	failed: 'Sorry, there was an error changing your password.',
	success: 'Password successfully changed',
	/** The password policy, shown beside the form and when the API rejects a new password. */
	policy: 'Your new password must contain an uppercase letter, a lowercase letter, a number and a symbol, and be at least 8 characters long.',
} as const

export const CHANGE_PASSWORD_INTENT = 'change-password'

/** Field names; also the fields never sent back into the page (passwords are not echoed). */
export const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const

export const ChangePasswordSchema = z
	.object({
		oldPassword: z.string({ error: PASSWORD_MESSAGES.oldPasswordRequired }),
		newPassword: z.string({ error: PASSWORD_MESSAGES.newPasswordRequired }),
		confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmPasswordRequired }),
	})
	.refine((form) => form.oldPassword !== form.newPassword, { message: PASSWORD_MESSAGES.mustDiffer, path: ['newPassword'] })
	.refine((form) => form.newPassword === form.confirmPassword, { message: PASSWORD_MESSAGES.mustMatch, path: ['confirmPassword'] })
