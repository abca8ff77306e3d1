/**
 * Acting as a demo reader against the content API in tests: their users row found by
 * email, and an access token with the claims the identity provider would give them.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../backend/db/client.ts'
import { loadUserClaims } from '../../backend/identity/claims.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'

export async function userIdByEmail(db: Db, email: string): Promise<number> {
	const { rows } = await db.execute<{ id: number }>(sql`select id from users where lower(email) = lower(${email})`)
	if (!rows[0]) throw new Error(`no user ${email}`)
	return rows[0].id
}

/** A bearer token for the user with `email`, with their current claims. */
export async function tokenFor(db: Db, email: string, options: { expiresIn?: number } = {}): Promise<string> {
	const claims = await loadUserClaims(db, await userIdByEmail(db, email))
	if (!claims) throw new Error(`no claims for ${email}`)
	return issueAccessToken({ ...claims, ...options })
}

/** A JSON call to the API app; `body` is sent as JSON. */
export async function call(
	api: { request: (path: string, init?: RequestInit, env?: unknown) => Response | Promise<Response> },
	method: string,
	path: string,
	{ token, body, headers = {}, env }: { token?: string; body?: unknown; headers?: Record<string, string>; env?: unknown } = {},
) {
	const response = await api.request(
		path,
		{
			method,
			headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
			body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
		},
		env,
	)
	return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}
