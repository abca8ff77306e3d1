/**
 * Password hashing with node:crypto scrypt (memory-hard). Stored form:
 *   scrypt$32768$8$1$<salt base64url>$<hash base64url>
 * The cost parameters travel with the hash, so they can be raised later without
 * invalidating stored passwords.
 */
import crypto from 'node:crypto'

const N = 2 ** 15
const R = 8
const P = 1
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** scrypt needs 128 * N * r bytes (32 MiB here); leave headroom. */
const MAX_MEMORY = 64 * 1024 * 1024

/** Longer inputs are refused before hashing: scrypt's cost must not be the caller's to choose. */
export const MAX_PASSWORD_LENGTH = 200

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		crypto.scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r, p, maxmem: Math.max(MAX_MEMORY, 256 * n * r) }, (error, key) =>
			error ? reject(error) : resolve(key),
		)
	})
}

export async function hashPassword(password: string): Promise<string> {
	const salt = crypto.randomBytes(SALT_LENGTH)
	const key = await scrypt(password, salt, N, R, P, KEY_LENGTH)
	return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
	const parts = hash.split('$')
	if (parts.length !== 6 || parts[0] !== 'scrypt') return false
	const [n, r, p] = parts.slice(1, 4).map(Number)
	if (![n, r, p].every((v) => Number.isInteger(v) && v > 0) || n > 2 ** 20 || r > 32 || p > 16) return false
	const salt = Buffer.from(parts[4], 'base64url')
	const expected = Buffer.from(parts[5], 'base64url')
	if (salt.length === 0 || expected.length === 0) return false
	const actual = await scrypt(password, salt, n, r, p, expected.length)
	return crypto.timingSafeEqual(actual, expected)
}
