/**
 * The site's token signing keys: one RS256 key pair, generated on first use and kept as a
 * private JWKS in <DATA_DIR>/secrets/jwks.json (never in the repository). The embedded
 * OpenID provider signs access tokens with it; the content API verifies them with the
 * public half. `SIGNING_JWKS` (a private JWKS as JSON) overrides the file, for hosts that
 * keep secrets in the environment.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import { DATA_DIR } from '../secrets.ts'

export const SIGNING_ALGORITHM = 'RS256'
export const JWKS_FILE = path.join(DATA_DIR, 'secrets', 'jwks.json')

export type SigningKeys = { privateJwk: JWK; publicJwks: { keys: JWK[] } }

/** Members of an RSA JWK that are private; the rest is the public key. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const

let keys: Promise<SigningKeys> | undefined

export function getSigningKeys(): Promise<SigningKeys> {
	keys ??= loadKeys().catch((error: unknown) => {
		keys = undefined // a failed read is retried on the next call
		throw error
	})
	return keys
}

async function loadKeys(): Promise<SigningKeys> {
	const jwks = process.env.SIGNING_JWKS ? (JSON.parse(process.env.SIGNING_JWKS) as { keys: JWK[] }) : await readOrCreateJwks()
	const privateJwk = jwks.keys.find((key) => key.kty === 'RSA' && key.d)
	if (!privateJwk) throw new Error('The signing JWKS holds no private RSA key')
	const publicJwks = { keys: jwks.keys.map(toPublicJwk) }
	return { privateJwk, publicJwks }
}

export function toPublicJwk(jwk: JWK): JWK {
	const copy: Record<string, unknown> = { ...jwk }
	for (const member of PRIVATE_MEMBERS) delete copy[member]
	return copy as JWK
}

async function readOrCreateJwks(): Promise<{ keys: JWK[] }> {
	const existing = await readJwks()
	if (existing) return existing
	const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true, modulusLength: 2048 })
	const jwk = await exportJWK(privateKey)
	const privateJwk: JWK = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' }
	// ./data stays traversable (the embedded database runs as another OS user); secrets/ does not.
	await fs.mkdir(DATA_DIR, { recursive: true, mode: 0o755 })
	await fs.mkdir(path.dirname(JWKS_FILE), { recursive: true, mode: 0o700 })
	// Two processes starting at once must end up with ONE key: each writes its own file
	// exclusively ('wx'), then links it into place, which fails if the other got there
	// first. Readers never see a half-written file.
	const temporary = `${JWKS_FILE}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
	await fs.writeFile(temporary, JSON.stringify({ keys: [privateJwk] }, null, 2), { mode: 0o600, flag: 'wx' })
	try {
		await fs.link(temporary, JWKS_FILE)
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
	} finally {
		await fs.rm(temporary, { force: true })
	}
	const stored = await readJwks()
	if (!stored) throw new Error(`Could not read the signing keys from ${JWKS_FILE}`)
	return stored
}

async function readJwks(): Promise<{ keys: JWK[] } | null> {
	const text = await fs.readFile(JWKS_FILE, 'utf8').catch((error: NodeJS.ErrnoException) => {
		if (error.code === 'ENOENT') return null
		throw error
	})
	if (!text) return null
	const parsed = JSON.parse(text) as { keys?: JWK[] }
	if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error(`${JWKS_FILE} holds no keys`)
	return { keys: parsed.keys }
}
