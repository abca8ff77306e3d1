import { decodeJwt } from 'jose'
import { getBearerToken, getSession } from './session.server.ts'

/**
 * What the page shell needs to know about the reader. Read from the token's claims for
 * display only: the API verifies the token on every call and decides access itself.
 */
export type UserSummary = { name: string; email: string | null; permissions: string[]; viaNetworkAddress: boolean }

export async function getUserSummary(request: Request): Promise<UserSummary | null> {
	const token = await getBearerToken(request)
	if (!token) return null
	const session = await getSession(request)
	try {
		const claims = decodeJwt(token)
		const email = typeof claims.email === 'string' ? claims.email : null
		const name = typeof claims.name === 'string' ? claims.name : (session.get('ipUserName') ?? email ?? 'Member')
		const permissions = Array.isArray(claims.permissions) ? claims.permissions.filter((p): p is string => typeof p === 'string') : []
		return { name, email, permissions, viaNetworkAddress: Boolean(session.get('ipToken')) }
	} catch {
		return null
	}
}
