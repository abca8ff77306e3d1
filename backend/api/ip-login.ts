/**
 * POST /ip-login and POST /ip-login/{id} (spec 000 §3, §4, §7): sign-in by network
 * address. The organisation whose `organisation_ip_ranges.cidr` contains the client's
 * address (see client-address.ts for which address is believed) gets an access token
 * for the API carrying its permissions and dated roles, subject `organisation|{reference}`.
 * With {id}, only that organisation's ranges are considered.
 *
 *   200  item NetworkUser { email: null, token, refreshToken: null, userName: organisation name }
 *   400  no valid address (or an {id} that is not a positive integer)
 *   404  'Not found': no organisation's range holds the address
 *   429  too many attempts from the address (RATE_LIMITS.ipLogin)
 */
import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import type { NetworkUser } from '../../contract/identity.ts'
import { loadOrganisationClaims } from '../identity/claims.ts'
import { consumeRateLimit, RATE_LIMITS } from '../identity/rate-limit.ts'
import { issueAccessToken } from '../identity/tokens.ts'
import { normaliseAddress, readClientAddress } from './client-address.ts'
import type { ApiEnv, ApiDeps, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { ApiError, badRequest } from './errors.ts'

export const IP_LOGIN_MESSAGES = {
	invalidAddress: 'Bad request: no valid client IP address',
	invalidId: 'Bad request: id must be a positive integer',
	notFound: 'Not found',
	tooManyAttempts: 'Too many sign-in attempts from this address. Please try again later.',
} as const

async function ipLogin({ db }: ApiDeps, c: Context<ApiEnv>, organisationId: number | null) {
	const address = normaliseAddress(readClientAddress(c).address)
	if (!address) throw badRequest(IP_LOGIN_MESSAGES.invalidAddress)
	const limit = await consumeRateLimit(db, RATE_LIMITS.ipLogin, address)
	if (!limit.allowed) {
		c.header('Retry-After', String(limit.retryAfterSeconds))
		throw new ApiError(429, IP_LOGIN_MESSAGES.tooManyAttempts)
	}
	// The narrowest range wins when ranges nest (a subsidiary inside its parent's network).
	const { rows } = await db.execute<{ organisation_id: number }>(sql`
		select r.organisation_id from organisation_ip_ranges r
		where ${address}::inet <<= r.cidr ${organisationId === null ? sql`` : sql`and r.organisation_id = ${organisationId}`}
		order by masklen(r.cidr) desc, r.organisation_id
		limit 1`)
	const match = rows[0]
	const claims = match ? await loadOrganisationClaims(db, match.organisation_id) : null
	if (!claims) throw new ApiError(404, IP_LOGIN_MESSAGES.notFound)
	const token = await issueAccessToken({ sub: claims.sub, name: claims.name, permissions: claims.permissions, datedRoles: claims.datedRoles })
	return itemResponse<NetworkUser>(c, { email: null, token, refreshToken: null, userName: claims.name ?? '' })
}

export const ipLoginResource: Resource = (deps) =>
	new Hono<ApiEnv>()
		.post('/', (c) => ipLogin(deps, c, null))
		.post('/:id', (c) => {
			const id = c.req.param('id')
			if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2 ** 31 - 1) throw badRequest(IP_LOGIN_MESSAGES.invalidId)
			return ipLogin(deps, c, Number(id))
		})
