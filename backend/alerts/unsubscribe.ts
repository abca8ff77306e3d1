/**
 * The one-click unsubscribe link of an alert's email (RFC 8058): `{alert id}.{nonce}.{signature}`,
 * signed with a key derived from SESSION_SECRET (the same on every host), so it works without
 * signing in; single use, because the nonce it names is cleared when it is used (the next
 * digest, if the alert is turned on again, carries a new one).
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/** Where the email's link goes: GET asks to confirm (mail scanners follow links), POST unsubscribes. */
export const UNSUBSCRIBE_PATH = '/alerts/unsubscribe'

const keyOf = (secret: string) => crypto.createHmac('sha256', secret.split(',')[0]!.trim()).update('alert-unsubscribe').digest()

function sessionSecret(secret = process.env.SESSION_SECRET): string {
	if (!secret) throw new Error('SESSION_SECRET is not set (server.ts fills it from ./data): alert emails cannot be signed')
	return secret
}

const signatureOf = (payload: string, secret: string) => crypto.createHmac('sha256', keyOf(secret)).update(payload).digest('base64url')

export const newNonce = () => crypto.randomBytes(18).toString('base64url')

export function unsubscribeToken(alertId: number, nonce: string, secret = sessionSecret()): string {
	const payload = `${alertId}.${nonce}`
	return `${payload}.${signatureOf(payload, secret)}`
}

export function unsubscribeUrl(publicUrl: string, token: string) {
	return `${publicUrl.replace(/\/$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`
}

/** The alert a well-signed token names, or null. */
function verify(token: string, secret: string): { alertId: number; nonce: string } | null {
	const [id, nonce, signature] = token.split('.')
	if (!id || !nonce || !signature || !/^\d{1,9}$/.test(id)) return null
	const expected = Buffer.from(signatureOf(`${id}.${nonce}`, secret))
	const given = Buffer.from(signature)
	if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null
	return { alertId: Number(id), nonce }
}

/** Pauses the alert the token names and spends the token; false when it is not valid or already used. */
export async function unsubscribe(db: Db, token: string, secret = sessionSecret()): Promise<boolean> {
	const named = verify(token, secret)
	if (!named) return false
	const { rowCount } = await db.execute(
		sql`update alerts set paused_reason = 'unsubscribed', unsubscribe_nonce = null where id = ${named.alertId} and unsubscribe_nonce = ${named.nonce}`,
	)
	return (rowCount ?? 0) > 0
}
