/**
 * The content API client (spec 000 §7, §8, §4). Loaders and actions call the API only
 * through this module. It adds the bearer token (renewing an expired one first), retries
 * transient failures and records its time for Server-Timing; the call itself, the status
 * codes' messages and the response checks are api-call.server.ts's.
 */
import type { AppLoadContext } from '@remix-run/node'
import { API_MAX_RETRIES } from '../../contract/constants.ts'
import { ApiError, callApi, ContractError } from './api-call.server.ts'
import { getReaderToken, renewReaderToken } from './session-refresh.server.ts'
import { ENDPOINTS, type EndpointInput, type EndpointName, type EndpointResponse, type HttpMethod } from '../../contract/endpoints.ts'

export { ApiError, apiTransport, callApi, ContractError, errorForStatus } from './api-call.server.ts'

/**
 * Spec 000 §4: "not retried on a not-found-type error or an expired session; otherwise
 * retried up to 3 times". We read "otherwise" as the failures a retry can cure (network,
 * timeouts, 5xx, 408, 429): other 4xx answers are the same on every attempt
 * (docs/decisions/0004-api-client-retries.md).
 */
function isRetryable(error: unknown) {
	if (error instanceof ContractError) return false
	if (!(error instanceof ApiError)) return true // network failure or timeout
	// An answer with Retry-After (the API's database overloaded) asks for a pause longer
	// than this request should wait; retrying at once would only add to the load.
	if (error.retryAfter !== null) return false
	return error.status >= 500 || error.status === 408 || error.status === 429
}
/** The endpoints of one method: the client's get, post and put each take only theirs. */
type NamesOf<M extends HttpMethod> = { [N in EndpointName]: (typeof ENDPOINTS)[N]['method'] extends M ? N : never }[EndpointName]
/** Endpoints that need nothing (no path parameters, no body): their input may be left out. */
type WithoutInput<M extends HttpMethod> = { [N in NamesOf<M>]: Record<never, never> extends EndpointInput<N> ? N : never }[NamesOf<M>]
/** A call of one method: by name, with its input; the response's type follows from both. */
type MethodCall<M extends HttpMethod> = {
	<N extends NamesOf<M>, const I extends EndpointInput<N>>(name: N, input: I): Promise<EndpointResponse<N, I>>
	<N extends WithoutInput<M>>(name: N): Promise<EndpointResponse<N>>
}

export type ApiClient = ReturnType<typeof createApiClient>

/**
 * One client per incoming request: it carries that reader's token (renewed first when it has
 * expired, see session-refresh.server.ts) and timing. Should the API still answer 'Login
 * token expired', the token is renewed and the call made once more.
 */
export function createApiClient({ request, context }: { request: Request; context: AppLoadContext }) {
	let token: Promise<string | null> | undefined
	let renewed = false

	async function attempt<N extends EndpointName, I extends EndpointInput<N>>(name: N, options: I): Promise<EndpointResponse<N, I>> {
		token ??= getReaderToken({ request, context })
		const bearer = await token
		try {
			return await callApi({ request, context }, name, { ...options, bearer })
		} catch (error) {
			if (!(error instanceof ApiError) || !error.isExpiredLogin || !bearer || renewed) throw error
			renewed = true
			token = renewReaderToken({ request, context })
			return callApi({ request, context }, name, { ...options, bearer: await token })
		}
	}

	async function call<N extends EndpointName, I extends EndpointInput<N>>(name: N, options: I = {} as I): Promise<EndpointResponse<N, I>> {
		const timing = context.timing
		const run = async () => {
			// Only reads are retried: a mutation must never happen twice.
			const retries = ENDPOINTS[name].method === 'GET' ? API_MAX_RETRIES : 0
			for (let attemptNumber = 0; ; attemptNumber++) {
				try {
					return await attempt(name, options)
				} catch (error) {
					if (request.signal.aborted || attemptNumber >= retries || !isRetryable(error)) throw error
					await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attemptNumber))
				}
			}
		}
		return timing ? timing.time('api', 'Content API', run) : run()
	}

	return {
		get: call as MethodCall<'GET'>,
		post: call as MethodCall<'POST'>,
		put: call as MethodCall<'PUT'>,
	}
}
