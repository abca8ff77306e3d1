/**
 * The password policy of spec 000 §5: "uppercase, lowercase, number, symbol, at least 8
 * characters". One module, so the identity provider's sign-up and reset pages, the profile
 * page's change-password form and the API's `PUT /user/{email}/password` agree exactly.
 * Pure (no Node or database imports): safe to import from browser-bound code too.
 */

export const PASSWORD_MIN_LENGTH = 8

/** The policy as users read it (shown beside password fields and in validation errors). */
export const PASSWORD_POLICY_TEXT =
	'Your password must contain an uppercase letter, a lowercase letter, a number and a symbol, and be at least 8 characters long.'

export type PasswordPolicyFailure = 'uppercase' | 'lowercase' | 'number' | 'symbol' | 'length'

/** One rule per clause of the spec's policy text, in the order the spec lists them. */
export const PASSWORD_RULES: readonly { rule: PasswordPolicyFailure; test: (password: string) => boolean }[] = [
	{ rule: 'uppercase', test: (password) => /\p{Lu}/u.test(password) },
	{ rule: 'lowercase', test: (password) => /\p{Ll}/u.test(password) },
	{ rule: 'number', test: (password) => /\p{Nd}/u.test(password) },
	// A symbol is anything that is not a letter, a digit or whitespace (punctuation, signs, emoji).
	{ rule: 'symbol', test: (password) => /[^\p{L}\p{N}\s]/u.test(password) },
	// Counted in code points, so an emoji is one character, as a person would count it.
	{ rule: 'length', test: (password) => [...password].length >= PASSWORD_MIN_LENGTH },
]

export type PasswordPolicyResult = { ok: true } | { ok: false; failures: PasswordPolicyFailure[]; message: string }

/** Says whether `password` meets the policy and, if not, which rules it breaks. */
export function checkPasswordPolicy(password: string): PasswordPolicyResult {
	const failures = PASSWORD_RULES.filter(({ test }) => !test(password)).map(({ rule }) => rule)
	return failures.length === 0 ? { ok: true } : { ok: false, failures, message: PASSWORD_POLICY_TEXT }
}

/** Shorthand for schema refinements (zod `.refine(meetsPasswordPolicy, PASSWORD_POLICY_TEXT)`). */
export const meetsPasswordPolicy = (password: string) => checkPasswordPolicy(password).ok
