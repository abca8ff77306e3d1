/**
 * POST /userprofile/refreshtoken (spec 000 §4, §7; 002 §4): body
 * `{ refreshToken, expectedPermissions?, expectedTrialPermissions? }`. Exchanges the site's
 * refresh token at the identity provider and answers with the new access token, which it
 * verifies first (a token the API would refuse is no use to the site). No bearer token is
 * needed: the caller's access token has usually just expired.
 *
 *   200  item RefreshedToken { token, refreshToken, expiresIn, hasExpectedPermissions }
 *        (a warning when the expected permissions are not in the new token yet)
 *   400  no refreshToken
 *   401  'Failed to refresh token': the provider refused it (the site signs the reader out)
 *   503  'Failed to refresh token': the provider could not be reached (the site retries)
 */
import { Hono } from 'hono'
import { REFRESH_MESSAGES, RefreshTokenBodySchema, type RefreshedToken } from '../../contract/identity.ts'
import { tokenClientFromEnv, TokenRefreshError, type TokenClient } from '../identity/token-client.ts'
import { ACCESS_TOKEN_TTL_SECONDS, verifyAccessToken } from '../identity/tokens.ts'
import type { ApiEnv, Resource } from './context.ts'
import { itemResponse } from './envelope.ts'
import { ApiError, badRequest } from './errors.ts'
import { readJsonBody } from './request-body.ts'
import { logger } from '../logger.ts'

const bodySchema = RefreshTokenBodySchema

/**
 * After a paid join the token should carry the membership's permissions; after a trial join,
 * the trial's. Either list, when given and fully present, is what was expected.
 */
export function hasExpectedPermissions(permissions: readonly string[], expected: (readonly string[] | undefined)[]): boolean {
	const lists = expected.filter((list): list is readonly string[] => Array.isArray(list) && list.length > 0)
	return lists.length === 0 || lists.some((list) => list.every((permission) => permissions.includes(permission)))
}

export const refreshTokenResource: Resource = ({ tokenClient }) => {
	let client: TokenClient | undefined
	return new Hono<ApiEnv>().post('/refreshtoken', async (c) => {
		const parsed = bodySchema.safeParse(await readJsonBody(c))
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? REFRESH_MESSAGES.required)
		const { refreshToken, expectedPermissions, expectedTrialPermissions } = parsed.data
		client ??= tokenClient ?? tokenClientFromEnv()
		let tokens
		try {
			tokens = await client.refresh(refreshToken)
		} catch (error) {
			const rejected = error instanceof TokenRefreshError && error.reason === 'rejected'
			logger.error({ err: error }, `[api] token refresh ${rejected ? 'refused' : 'failed'}`)
			throw new ApiError(rejected ? 401 : 503, REFRESH_MESSAGES.failed)
		}
		const verified = await verifyAccessToken(tokens.accessToken)
		if (!verified.ok) {
			logger.error('[api] token refresh: the provider issued a token the API does not accept')
			throw new ApiError(401, REFRESH_MESSAGES.failed)
		}
		const expected = hasExpectedPermissions(verified.claims.permissions, [expectedPermissions, expectedTrialPermissions])
		const item: RefreshedToken = {
			token: tokens.accessToken,
			// A provider that keeps refresh tokens (no rotation) may not send it again.
			refreshToken: tokens.refreshToken ?? refreshToken,
			expiresIn: tokens.expiresIn ?? ACCESS_TOKEN_TTL_SECONDS,
			hasExpectedPermissions: expected,
		}
		c.header('Cache-Control', 'no-store')
		return itemResponse(c, item, expected ? [] : [REFRESH_MESSAGES.missingPermissions])
	})
}
