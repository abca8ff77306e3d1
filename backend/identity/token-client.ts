/**
 * The content API's side of "POST /userprofile/refreshtoken" (spec 000 §7): it exchanges the
 * site's refresh token at the identity provider's token endpoint, as the site's client.
 * With the embedded provider that is a loopback call to this very server; with an external
 * one (OIDC_ISSUER) the endpoint comes from the issuer's discovery document.
 */
import { DEFAULT_OIDC_CLIENT_ID, EMBEDDED_ISSUER_PATH, loopbackOrigin } from '../../contract/sign-in.ts'
import { EXTERNAL_ISSUER } from './tokens.ts'

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresIn: number | null }

/** Why a refresh failed: the token was refused (sign in again), or the provider could not be reached. */
export class TokenRefreshError extends Error {
	constructor(
		readonly reason: 'rejected' | 'unavailable',
		message: string,
	) {
		super(message)
		this.name = 'TokenRefreshError'
	}
}

export type TokenClient = { refresh(refreshToken: string): Promise<TokenSet> }

/** Our choice: how long the provider may take to answer. */
export const TOKEN_ENDPOINT_TIMEOUT_MS = 10_000

export function createTokenClient({ tokenEndpoint, clientId, clientSecret }: { tokenEndpoint: () => Promise<string>; clientId: string; clientSecret: string }): TokenClient {
	return {
		async refresh(refreshToken) {
			// No `scope`: the new access token keeps the scopes the reader granted at sign-in.
			const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken })
			let response: Response
			try {
				response = await fetch(await tokenEndpoint(), {
					method: 'POST',
					headers: {
						'Content-Type': 'application/x-www-form-urlencoded',
						Accept: 'application/json',
						Authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
					},
					body,
					signal: AbortSignal.timeout(TOKEN_ENDPOINT_TIMEOUT_MS),
				})
			} catch (error) {
				throw new TokenRefreshError('unavailable', `token endpoint unreachable: ${error instanceof Error ? error.message : error}`)
			}
			const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null
			if (response.ok && payload && typeof payload.access_token === 'string') {
				return {
					accessToken: payload.access_token,
					refreshToken: typeof payload.refresh_token === 'string' ? payload.refresh_token : null,
					expiresIn: typeof payload.expires_in === 'number' ? payload.expires_in : null,
				}
			}
			const error = typeof payload?.error === 'string' ? payload.error : `HTTP ${response.status}`
			// 400/401 answers (invalid_grant, invalid_client...) will not change on a retry.
			throw new TokenRefreshError(response.status === 400 || response.status === 401 ? 'rejected' : 'unavailable', `token endpoint refused the refresh: ${error}`)
		},
	}
}

/** The token endpoint named by the issuer's discovery document. */
async function discoverTokenEndpoint(issuer: string): Promise<string> {
	const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TOKEN_ENDPOINT_TIMEOUT_MS) })
	const discovery = response.ok ? ((await response.json()) as { token_endpoint?: unknown }) : {}
	if (typeof discovery.token_endpoint !== 'string') throw new TokenRefreshError('unavailable', `no token_endpoint in ${issuer}'s discovery document`)
	return discovery.token_endpoint
}

/** The token client of this deployment, from the same variables the site signs in with. */
export function tokenClientFromEnv(env: NodeJS.ProcessEnv = process.env): TokenClient {
	let endpoint: Promise<string> | undefined
	const tokenEndpoint = () => {
		endpoint ??= (EXTERNAL_ISSUER ? discoverTokenEndpoint(EXTERNAL_ISSUER) : Promise.resolve(`${loopbackOrigin(env.HOST, env.PORT)}${EMBEDDED_ISSUER_PATH}/token`)).catch((error: unknown) => {
			endpoint = undefined
			throw error
		})
		return endpoint
	}
	return {
		async refresh(refreshToken) {
			const clientSecret = env.OIDC_CLIENT_SECRET
			if (!clientSecret) throw new TokenRefreshError('unavailable', 'OIDC_CLIENT_SECRET is not set')
			return createTokenClient({ tokenEndpoint, clientId: env.OIDC_CLIENT_ID || DEFAULT_OIDC_CLIENT_ID, clientSecret }).refresh(refreshToken)
		},
	}
}
