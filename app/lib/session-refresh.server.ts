/**
 * Keeping a signed-in reader's token usable (spec 000 §4 "Session refresh"; 002 §4
 * membership confirmation). Loaders never call the API with a token known to be stale:
 *
 * - The identity provider's access token has expired (or will within REFRESH_MARGIN_MS), or
 *   one of its dated roles has started or ended since it was issued (a trial ran out, a
 *   renewal began): it is exchanged at POST /userprofile/refreshtoken, the new cookie is
 *   committed on this response, and the request goes on with the new token.
 * - The provider refused the refresh token: the sign-in is forgotten (tokens cleared) and
 *   the reader sees 'Your login session has expired. Please log in again' with a login button
 *   (an ApiError 'Login token expired', which routeError turns into that page).
 * - The provider could not be reached: the same address is asked for again with
 *   `refreshCount` one higher (the spec's request chain), at most MAX_REFRESH_ATTEMPTS
 *   attempts in all; then as refused.
 * - A network-address token has expired: the reader goes through /ip-login again
 *   (refreshing=true), which signs them in afresh or leaves them a visitor.
 *
 * Loaders of one request, and requests of one reader arriving together, refresh once: an
 * outcome is shared by refresh token for SHARED_OUTCOME_MS.
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { LRUCache } from 'lru-cache'
import { ApiError, callApi } from './api-call.server.ts'
import { TRANSPORT_ERRORS } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { MAX_REFRESH_ATTEMPTS, REFRESH_COUNT_PARAM, RefreshCountParamsSchema } from '../../contract/sign-in.ts'
import { queueSetCookie } from './response-cookies.server.ts'
import { clearNetworkSignIn, clearSignIn, forgetEverySignIn, getSession, isPersonalised, sessionStorage, type Session } from './session.server.ts'
import { readDatedRoles, tokenClaims } from './token-claims.server.ts'
import { log } from './log.ts'
import { perRequest } from './per-request.server.ts'

/** Spec 000 §4/§9: "at most 3 attempts, counted in the refreshCount query parameter". */
/** Our choice: renew a token this close to its expiry, so it cannot expire mid-request. */
export const REFRESH_MARGIN_MS = 30_000
/** Our choice: how long one refresh's outcome answers for its refresh token. */
export const SHARED_OUTCOME_MS = 60_000
/** Spec 000 §8 "Tokens" messages, used in the server log. */
export const TOKEN_MESSAGES = { refreshed: 'Token successfully refreshed', failed: 'Failed to refresh token' } as const
/** Where network-address readers sign in again (app/routes/ip-login.tsx). */
export const IP_LOGIN_PATH = '/ip-login'

type Args = { request: Request; context: AppLoadContext }
type Expectations = { expectedPermissions?: string[]; expectedTrialPermissions?: string[] }
type Outcome = { ok: true; token: string; refreshToken: string; expiresAt: number; hasExpectedPermissions: boolean } | { ok: false; rejected: boolean }

// ---------------------------------------------------------------- when a token is stale

/**
 * Whether an identity-provider token must be renewed before use: expired or about to, or a
 * dated role in it has started or ended since it was issued (its permissions are out of date).
 */
export function tokenNeedsRefresh(token: string, expiresAt: number | undefined, now: number): boolean {
	const claims = tokenClaims(token)
	if (!claims) return true
	const expiry = expiresAt ?? (typeof claims.exp === 'number' ? claims.exp * 1000 : 0)
	if (expiry - REFRESH_MARGIN_MS <= now) return true
	if (typeof claims.iat !== 'number') return false
	const issuedAt = claims.iat * 1000
	return readDatedRoles(claims.dated_roles).some((role) =>
		[Date.parse(role.startDate), Date.parse(role.endDate)].some((boundary) => issuedAt < boundary && boundary <= now),
	)
}

const hasExpired = (token: string, now: number) => {
	const exp = tokenClaims(token)?.exp
	return typeof exp !== 'number' || exp * 1000 <= now
}

/** The request chain's count so far: 0 unless a refresh was retried. */
export function refreshCountOf(request: Request): number {
	return parseUrlParams(RefreshCountParamsSchema, new URL(request.url).searchParams)[REFRESH_COUNT_PARAM]
}

/** This request's address (path and query) with the refresh count set, or removed when 0. */
export function addressWithRefreshCount(request: Request, count: number): string {
	const url = new URL(request.url)
	if (count > 0) url.searchParams.set(REFRESH_COUNT_PARAM, String(count))
	else url.searchParams.delete(REFRESH_COUNT_PARAM)
	return `${url.pathname}${url.search}`
}

// ---------------------------------------------------------------- the exchange

/** Outcomes by refresh token; the bound is far above the refreshes one process makes in SHARED_OUTCOME_MS. */
const shared = new LRUCache<string, Promise<Outcome>>({ max: 10_000, ttl: SHARED_OUTCOME_MS })

async function requestRefresh(args: Args, refreshToken: string, expectations: Expectations = {}): Promise<Outcome> {
	try {
		const { item } = await callApi(args, 'userProfile.refreshToken', { body: { refreshToken, ...expectations }, bearer: null })
		if (!item?.token) return { ok: false, rejected: false }
		return { ok: true, token: item.token, refreshToken: item.refreshToken, expiresAt: Date.now() + item.expiresIn * 1000, hasExpectedPermissions: item.hasExpectedPermissions }
	} catch (error) {
		// 4xx (but a timeout or a rate limit): the refresh token itself was refused.
		const rejected = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
		log.error({ err: error }, `[session] ${TOKEN_MESSAGES.failed} (${rejected ? 'refused' : 'provider unavailable'})`)
		return { ok: false, rejected }
	}
}

/** When a token was issued (its `iat`, in seconds), or 0 when it does not say. */
const issuedAtOf = (token: string) => {
	const iat = tokenClaims(token)?.iat
	return typeof iat === 'number' ? iat : 0
}

/**
 * One exchange per refresh token at a time; a failure to reach the provider is not kept.
 * A kept outcome answers only for a token older than the one it brought: refresh tokens are
 * not rotated, so an outcome kept from before the reader's roles changed (a trial started, on
 * this process or another) would otherwise hand back the token without the new role, and the
 * reader would lose it again for up to SHARED_OUTCOME_MS.
 */
async function refreshShared(args: Args, refreshToken: string, { force = false, replacing }: { force?: boolean; replacing?: string } = {}): Promise<Outcome> {
	const existing = shared.get(refreshToken)
	if (existing && !force) {
		const kept = await existing
		if (!kept.ok || replacing === undefined || issuedAtOf(kept.token) > issuedAtOf(replacing)) return kept
	}
	const outcome = requestRefresh(args, refreshToken)
	shared.set(refreshToken, outcome)
	void outcome.then((result) => {
		if (!result.ok && !result.rejected && shared.get(refreshToken) === outcome) shared.delete(refreshToken)
	})
	return outcome
}

function storeTokens(session: Session, outcome: Extract<Outcome, { ok: true }>) {
	session.set('accessToken', outcome.token)
	session.set('refreshToken', outcome.refreshToken)
	session.set('expiresAt', outcome.expiresAt)
}

/** Forgets the sign-in and answers as the spec's expired session. */
async function expireSession({ context }: Args, session: Session): Promise<never> {
	clearSignIn(session)
	queueSetCookie(context, await sessionStorage().commitSession(session))
	throw new ApiError(401, TRANSPORT_ERRORS.loginTokenExpired, [TRANSPORT_ERRORS.loginTokenExpired])
}

async function refreshSession(args: Args, session: Session, options: { force?: boolean } = {}): Promise<string> {
	const { request, context } = args
	const refreshToken = session.get('refreshToken')
	if (!refreshToken) return expireSession(args, session)
	const attempt = refreshCountOf(request)
	const outcome = await refreshShared(args, refreshToken, { ...options, replacing: session.get('accessToken') })
	if (outcome.ok) {
		storeTokens(session, outcome)
		const cookie = await sessionStorage().commitSession(session)
		// A chain that ends well returns to the plain address.
		if (attempt > 0 && request.method === 'GET') throw redirect(addressWithRefreshCount(request, 0), { headers: { 'Set-Cookie': cookie } })
		queueSetCookie(context, cookie)
		return outcome.token
	}
	if (outcome.rejected || attempt + 1 >= MAX_REFRESH_ATTEMPTS) return expireSession(args, session)
	throw redirect(addressWithRefreshCount(request, attempt + 1))
}

/** Back through /ip-login, which asks the API again for the organisation's token. */
async function networkSignInAgain(request: Request, session: Session): Promise<never> {
	clearNetworkSignIn(session)
	const returnUrl = addressWithRefreshCount(request, 0)
	throw redirect(`${IP_LOGIN_PATH}?${new URLSearchParams({ returnUrl, refreshing: 'true' })}`, { headers: { 'Set-Cookie': await sessionStorage().commitSession(session) } })
}

// ---------------------------------------------------------------- for loaders

/**
 * The bearer token for this reader's API calls (spec 000 §4 precedence: network address,
 * joining, identity provider), renewed first when stale; null for a visitor. May throw a
 * redirect (the request chain, /ip-login) or ApiError 'Login token expired'.
 */
export async function getReaderToken(args: Args): Promise<string | null> {
	const token = await currentReaderToken(args)
	// The request's log line names the reader (server.ts); the token was just read, so its claims are at hand.
	const subject = token ? tokenClaims(token)?.sub : undefined
	if (subject) args.context?.noteReader?.(subject)
	return token
}

async function currentReaderToken(args: Args): Promise<string | null> {
	const { request } = args
	if (!isPersonalised(request)) return null
	const session = await getSession(request)
	const now = Date.now()
	const ipToken = session.get('ipToken')
	if (ipToken) {
		if (!hasExpired(ipToken, now)) return unlessEnded(args, session, ipToken)
		// /ip-login itself signs the reader in again; elsewhere, send them there.
		if (new URL(request.url).pathname === IP_LOGIN_PATH) return null
		return networkSignInAgain(request, session)
	}
	const joiningToken = session.get('joiningToken')
	if (joiningToken) return unlessEnded(args, session, joiningToken)
	const accessToken = session.get('accessToken')
	if (!accessToken) return null
	if (!tokenNeedsRefresh(accessToken, session.get('expiresAt'), now)) return unlessEnded(args, session, accessToken)
	return refreshSession(args, session)
}

// ---------------------------------------------------------------- ended sign-ins

/** One answer per token per incoming request, however many loaders ask. */
const sessionChecks = perRequest<Promise<boolean>>()

/**
 * Whether the API still accepts the token's sign-in: false once it was ended (logout, a
 * password change elsewhere), however valid the token looks. Asked on every signed-in page,
 * once per request, never cached across requests, so a copied cookie dies the moment its
 * sign-in does. Only an explicit refusal counts: when the API cannot answer, its own check on
 * the next call still refuses an ended token.
 */
function signInStands(args: Args, token: string): Promise<boolean> {
	return sessionChecks(args, token, () =>
		callApi(args, 'session.state', { bearer: token }).then(
			() => true,
			(error: unknown) => !(error instanceof ApiError && error.status === 401 && !error.isExpiredLogin),
		),
	)
}

/** The token, or null (a visitor) when its sign-in was ended: the session forgets it. */
async function unlessEnded(args: Args, session: Session, token: string): Promise<string | null> {
	if (await signInStands(args, token)) return token
	forgetEverySignIn(session)
	queueSetCookie(args.context, await sessionStorage().commitSession(session))
	return null
}

/** Ends the sign-ins the session holds at the API (logout); best effort, failures only logged. */
export async function endSignIns(args: Args, session: Session) {
	const tokens = [session.get('accessToken'), session.get('ipToken'), session.get('joiningToken')].filter((token): token is string => Boolean(token))
	await Promise.all(
		tokens.map((token) =>
			callApi(args, 'session.end', { bearer: token }).catch((error: unknown) => {
				// An expired token needs no ending; its refresh token is revoked at the provider.
				if (!(error instanceof ApiError && error.status === 401)) log.error({ err: error }, '[session] ending a sign-in failed')
			}),
		),
	)
}

/** After the API answered 'Login token expired' to a token we thought good: renew it regardless. */
export async function renewReaderToken(args: Args): Promise<string | null> {
	const session = await getSession(args.request)
	if (session.get('ipToken')) return networkSignInAgain(args.request, session)
	if (session.get('joiningToken') || !session.get('accessToken')) throw new ApiError(401, TRANSPORT_ERRORS.loginTokenExpired, [TRANSPORT_ERRORS.loginTokenExpired])
	return refreshSession(args, session, { force: true })
}

/**
 * Spec 002 §4 "Membership confirmation": after a join, one refresh that should bring the
 * new membership's permissions (expectedPermissions; expectedTrialPermissions after a trial
 * join). On failure the tokens are cleared, keeping the email and user name.
 */
export async function refreshSessionPermissions(args: Args, expectations: Expectations): Promise<{ ok: boolean; hasExpectedPermissions: boolean }> {
	const session = await getSession(args.request)
	const refreshToken = session.get('refreshToken')
	const outcome: Outcome = refreshToken ? await requestRefresh(args, refreshToken, expectations) : { ok: false, rejected: true }
	if (outcome.ok) storeTokens(session, outcome)
	else clearSignIn(session, { keepIdentity: true })
	queueSetCookie(args.context, await sessionStorage().commitSession(session))
	return { ok: outcome.ok, hasExpectedPermissions: outcome.ok && outcome.hasExpectedPermissions }
}
