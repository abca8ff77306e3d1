/**
 * Sealing the session cookie: AES-256-GCM, so the tokens inside are
 * neither readable nor changeable by whoever holds the cookie (a signature alone left them
 * readable base64). Keys come from SESSION_SECRET, comma separated for rotation: the first
 * seals, every one opens, so a new secret can go first while cookies sealed with the old one
 * still open until they are next written.
 */
import crypto from 'node:crypto'

const ALGORITHM = 'aes-256-gcm'
const IV_BYTES = 12
const TAG_BYTES = 16
/** Marks the format, so a future one can be told apart (and an old signed cookie is not opened). */
const VERSION = 'v1'

/** A 256-bit key per secret (HKDF: a secret is a passphrase, not a key). */
export function sealingKeys(secrets: readonly string[], purpose: string): Buffer[] {
	return secrets
		.map((secret) => secret.trim())
		.filter(Boolean)
		.map((secret) => Buffer.from(crypto.hkdfSync('sha256', secret, '', `gwi ${purpose} ${VERSION}`, 32)))
}

/** `purpose` is bound into the ciphertext: a value sealed for one cookie does not open as another. */
export function seal(value: unknown, keys: readonly Buffer[], purpose: string): string {
	const key = keys[0]
	if (!key) throw new Error('no key to seal with: SESSION_SECRET is empty')
	const iv = crypto.randomBytes(IV_BYTES)
	const cipher = crypto.createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
	cipher.setAAD(Buffer.from(purpose))
	const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
	return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`
}

/** The sealed value, or null when it was not sealed by one of `keys` for `purpose` (or was altered). */
export function open(sealed: unknown, keys: readonly Buffer[], purpose: string): unknown {
	if (typeof sealed !== 'string' || !sealed.startsWith(`${VERSION}.`)) return null
	const bytes = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url')
	if (bytes.length <= IV_BYTES + TAG_BYTES) return null
	const iv = bytes.subarray(0, IV_BYTES)
	const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES)
	const ciphertext = bytes.subarray(IV_BYTES + TAG_BYTES)
	for (const key of keys) {
		try {
			const decipher = crypto.createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
			decipher.setAAD(Buffer.from(purpose))
			decipher.setAuthTag(tag)
			return JSON.parse(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8'))
		} catch {
			// Not this key (or altered): try the next.
		}
	}
	return null
}
