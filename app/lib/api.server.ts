/**
 * The content API client (spec 000 §7, §8, §4). Loaders and actions call the API only
 * through this module: in-process into the embedded API by default, over HTTP when
 * API_BASE_URL is set. A call names its endpoint (contract/endpoints.ts) and gets that
 * endpoint's typed response. It adds the bearer token (renewing an expired one first),
 * retries transient failures, maps status codes to the spec's messages and records its
 * time for Server-Timing. Every response is checked against the endpoint's schema
 * (contract drift fails, in tests as in production).
 */
import type { AppLoadContext } from '@remix-run/node'
import { API_MAX_RETRIES, API_TIMEOUT_MS, TRANSPORT_ERRORS } from '../../contract/constants.ts'
import { getEnv } from './env.server.ts'
import { getReaderToken, renewReaderToken } from './session-refresh.server.ts'
import { withTimeout } from './time-limit.server.ts'
import { ENDPOINTS, endpointPath, responseSchema, type EndpointInput, type EndpointName, type EndpointResponse, type HttpMethod, type QueryValue } from '../../contract/endpoints.ts'

/** An API answer other than success, carrying the spec's message for its status. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly errors: string[] = [],
		/** The answer's Retry-After: the API asks not to be called again before then. */
		readonly retryAfter: string | null = null,
	) {
		super(message)
		this.name = 'ApiError'
	}
	get isNotFound() {
		return this.status === 404
	}
	get isExpiredLogin() {
		return this.status === 401 && this.message === TRANSPORT_ERRORS.loginTokenExpired
	}
}

/** Spec 000 §8, transport errors: the message a caller sees for each status. */
export function errorForStatus(status: number, statusText: string, errors: string[]): ApiError {
	const body = errors.join('; ')
	if (status === 401) {
		return new ApiError(401, errors.includes(TRANSPORT_ERRORS.loginTokenExpired) ? TRANSPORT_ERRORS.loginTokenExpired : TRANSPORT_ERRORS.unauthorized, errors)
	}
	if (status === 403) return new ApiError(403, TRANSPORT_ERRORS.forbidden, errors)
	if (status === 404) {
		const detail = errors[0]?.replace(/^Not found:?\s*/i, '')
		return new ApiError(404, detail ? `${TRANSPORT_ERRORS.notFound}: ${detail}` : TRANSPORT_ERRORS.notFound, errors)
	}
	if (status === 409) return new ApiError(409, body || TRANSPORT_ERRORS.conflict, errors)
	if (status === 400) return new ApiError(400, body || TRANSPORT_ERRORS.badRequest, errors)
	if (status >= 400 && status < 500) return new ApiError(status, body || statusText, errors)
	return new ApiError(status, TRANSPORT_ERRORS.unknown, errors)
}

/** A response that does not match its endpoint's schema: the API and the site disagree, a bug, never retried. */
export class ContractError extends Error {
	constructor(endpoint: EndpointName, issues: string) {
		super(`The content API's answer to ${endpoint} breaks the contract: ${issues}`)
		this.name = 'ContractError'
	}
}

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

type Query = Record<string, QueryValue>

function toSearchParams(query: Query = {}) {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined || value === null || value === '') continue
		if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
		else params.set(key, String(value))
	}
	return params
}

/** One call as the transport sees it: the endpoint's name and what the caller passed. */
type CallOptions = { params?: Record<string, string>; query?: Query; body?: unknown; headers?: Record<string, string | undefined> }

/** How this server reaches the API: HTTP to API_BASE_URL, else the embedded API in-process. */
export function apiTransport(context: AppLoadContext) {
	const { API_BASE_URL } = getEnv()
	return (apiRequest: Request) => {
		if (API_BASE_URL) return fetch(apiRequest)
		if (context.apiFetch) return context.apiFetch(apiRequest)
		throw new Error('No content API: set API_BASE_URL, or run server.ts which embeds the API')
	}
}

/** Every answer is checked against its endpoint's schema, everywhere: the API and the site must agree. */
function checkResponse(name: EndpointName, params: Record<string, string> | undefined, payload: unknown) {
	const result = responseSchema(name, params).safeParse(payload)
	if (result.success) return
	const issues = result.error.issues
		.slice(0, 3)
		.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
		.join('; ')
	throw new ContractError(name, issues)
}

/** The embedded API never reads a request's signal, so every call is also bounded by a plain timer. */
const apiTimedOut = () => new DOMException(`The content API did not answer within ${API_TIMEOUT_MS} ms`, 'TimeoutError')

/**
 * One API call with the given bearer (or none), no retries: its envelope, or the ApiError
 * of spec 000 §8. The building block of the client below, and of the session refresh,
 * which must call without the reader's expired token.
 */
export async function callApi<N extends EndpointName, const I extends EndpointInput<N>>(
	{ request, context }: { request: Request; context: AppLoadContext },
	name: N,
	input: I & { bearer: string | null },
): Promise<EndpointResponse<N, I>> {
	const { params, query, body, headers, bearer } = input as CallOptions & { bearer: string | null }
	const { method, path } = ENDPOINTS[name]
	const base = (getEnv().API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	const search = toSearchParams(query).toString()
	const url = `${base}${endpointPath(path, params)}${search ? `?${search}` : ''}`
	const requestHeaders = {
		Accept: 'application/json',
		...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
		...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
		...Object.fromEntries(Object.entries(headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)),
	}
	const apiRequest = new Request(url, {
		method,
		headers: requestHeaders,
		body: body === undefined ? undefined : JSON.stringify(body),
		// Over HTTP, fetch gives up after API_TIMEOUT_MS or with the reader's request.
		signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
	})
	const response = await withTimeout(apiTransport(context)(apiRequest), API_TIMEOUT_MS, apiTimedOut)
	const payload = (await response.json().catch(() => null)) as { success?: boolean; errors?: string[] } | null
	if (!response.ok || !payload || payload.success === false) {
		const error = errorForStatus(response.ok ? 500 : response.status, response.statusText, payload?.errors ?? [])
		throw new ApiError(error.status, error.message, error.errors, response.headers.get('Retry-After'))
	}
	checkResponse(name, params, payload)
	return payload as EndpointResponse<N, I>
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
