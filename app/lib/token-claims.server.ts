import { decodeJwt, type JWTPayload } from 'jose'
import { LRUCache } from 'lru-cache'
import type { DatedRole } from '../../contract/membership.ts'

/**
 * A JWT's claims, unverified (the API verifies every token it is given), or null when the
 * token cannot be read. A page reads its reader's token several times (is it stale, who is
 * it), and a reader's token comes with every page for an hour: each token is decoded once.
 * The claims are frozen, since every page of the reader shares them.
 */
export function tokenClaims(token: string): Readonly<JWTPayload> | null {
	const known = decoded.get(token)
	if (known) return known.claims
	let claims: JWTPayload | null
	try {
		claims = deepFreeze(decodeJwt(token))
	} catch {
		claims = null
	}
	decoded.set(token, { claims })
	return claims
}

/** Our bound: readers signed in at once on one process, roughly; the least recently used goes first. */
const MAX_DECODED_TOKENS = 1_000
const decoded = new LRUCache<string, { claims: JWTPayload | null }>({ max: MAX_DECODED_TOKENS })

function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		for (const item of Object.values(value)) deepFreeze(item)
		Object.freeze(value)
	}
	return value
}

/** The token's `dated_roles` ({ RoleName, StartDate, EndDate }); malformed entries are skipped. */
export function readDatedRoles(value: unknown): DatedRole[] {
	if (!Array.isArray(value)) return []
	const roles: DatedRole[] = []
	for (const entry of value as unknown[]) {
		if (typeof entry !== 'object' || entry === null) continue
		const { RoleName, StartDate, EndDate } = entry as Record<string, unknown>
		if (typeof RoleName !== 'string' || typeof StartDate !== 'string' || typeof EndDate !== 'string') continue
		if (Number.isNaN(Date.parse(StartDate)) || Number.isNaN(Date.parse(EndDate))) continue
		roles.push({ name: RoleName, startDate: StartDate, endDate: EndDate })
	}
	return roles
}
