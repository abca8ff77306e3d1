/**
 * What never reaches a log, on either side: the values of secrets that travel in addresses,
 * forms and messages (a draft's preview `secret`, the password-reset `token`, the sign-in's
 * `code` and `state`, any password), and bearer tokens. Both the site's log (app/lib/log.ts)
 * and the server's (backend/logger.ts) pass every message and field through these.
 */

export const REDACTED = '[redacted]'

/** Names whose values are secret: these exactly, or any name that mentions a password, secret, token or credential header. */
const SECRET_NAME = /^(?:code|state)$|password|secret|token|authorization|cookie/i

export const isSecretName = (name: string) => SECRET_NAME.test(name)

/**
 * `name=value` in an address or form body, also percent-encoded inside another address's
 * parameter (`returnTo=%2Freset%3Ftoken%3D...`); the value ends at the next separator.
 */
const PARAMETER = /(^|[?&;\s,({]|%3F|%26)([\w.[\]-]+)(=|%3D)((?:(?!%26|%23|%3F)[^&\s#;"'<>,)])*)/gi
/** `"name": "value"` (or a bare value) in JSON. */
const JSON_FIELD = /("([^"\\]{1,100})"\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/g
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi

/** `text` with every secret value replaced by REDACTED. */
export function redactSecrets(text: string): string {
	if (!text) return text
	return text
		.replace(PARAMETER, (whole, before: string, name: string, equals: string) => (isSecretName(name) ? `${before}${name}${equals}${REDACTED}` : whole))
		.replace(JSON_FIELD, (whole, start: string, name: string) => (isSecretName(name) ? `${start}"${REDACTED}"` : whole))
		.replace(BEARER, (_whole, scheme: string) => `${scheme} ${REDACTED}`)
}

/** How deep a logged object is followed; deeper values are logged as they are (our fields are shallow). */
const MAX_DEPTH = 6

/**
 * A copy of a logged value with secrets redacted: fields with a secret's name lose their
 * value, strings are redacted as text. Only plain objects and arrays are followed; anything
 * else (an Error, a request) is left to the logger's serializers.
 */
export function redactValue(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return redactSecrets(value)
	if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value
	if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1))
	const prototype = Object.getPrototypeOf(value)
	if (prototype !== Object.prototype && prototype !== null) return value
	const copy: Record<string, unknown> = {}
	for (const [key, field] of Object.entries(value)) copy[key] = isSecretName(key) ? REDACTED : redactValue(field, depth + 1)
	return copy
}
