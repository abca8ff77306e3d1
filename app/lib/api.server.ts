/**
 * The content API client (spec 000 §7, §8, §4). Loaders and actions call the API only
 * through this module: in-process into the embedded API by default, over HTTP when
 * API_BASE_URL is set. It adds the bearer token (renewing an expired one first), retries
 * transient failures, maps status codes to the spec's messages and records its time for
 * Server-Timing.
 */
import type { AppLoadContext } from '@remix-run/node'
import { API_MAX_RETRIES, API_TIMEOUT_MS, TRANSPORT_ERRORS } from '../../contract/constants.ts'
import { getEnv } from './env.server.ts'
import { getReaderToken, renewReaderToken } from './session-refresh.server.ts'
import type { Envelope } from '../../contract/envelope.ts'

/** An API answer other than success, carrying the spec's message for its status. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly errors: string[] = [],
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

/**
 * Spec 000 §4: "not retried on a not-found-type error or an expired session; otherwise
 * retried up to 3 times". We read "otherwise" as the failures a retry can cure (network,
 * timeouts, 5xx, 408, 429): other 4xx answers are the same on every attempt
 * (docs/decisions/0004-api-client-retries.md).
 */
function isRetryable(error: unknown) {
	if (!(error instanceof ApiError)) return true // network failure or timeout
	return error.status >= 500 || error.status === 408 || error.status === 429
}

export type Query = Record<string, string | number | boolean | undefined | null | readonly (string | number)[]>

function toSearchParams(query: Query = {}) {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined || value === null || value === '') continue
		if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
		else params.set(key, String(value))
	}
	return params
}

type CallOptions = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: Query; body?: unknown; headers?: Record<string, string> }

/** How this server reaches the API: HTTP to API_BASE_URL, else the embedded API in-process. */
export function apiTransport(context: AppLoadContext) {
	const { API_BASE_URL } = getEnv()
	return (apiRequest: Request) => {
		if (API_BASE_URL) return fetch(apiRequest)
		if (context.apiFetch) return context.apiFetch(apiRequest)
		throw new Error('No content API: set API_BASE_URL, or run server.ts which embeds the API')
	}
}

export type ApiCall = CallOptions & { bearer: string | null }

/**
 * One API call with the given bearer (or none), no retries: its envelope, or the ApiError
 * of spec 000 §8. The building block of the client below, and of the session refresh,
 * which must call without the reader's expired token.
 */
export async function callApi<T>({ request, context }: { request: Request; context: AppLoadContext }, path: string, { method = 'GET', query, body, headers = {}, bearer }: ApiCall): Promise<Envelope<T> & Record<string, unknown>> {
	const base = (getEnv().API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	const search = toSearchParams(query).toString()
	const apiRequest = new Request(`${base}${path}${search ? `?${search}` : ''}`, {
		method,
		headers: {
			Accept: 'application/json',
			...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
			...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
			...headers,
		},
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
	})
	const response = await apiTransport(context)(apiRequest)
	const payload = (await response.json().catch(() => null)) as (Envelope<T> & Record<string, unknown>) | null
	if (!response.ok || !payload || payload.success === false) {
		throw errorForStatus(response.ok ? 500 : response.status, response.statusText, payload?.errors ?? [])
	}
	return payload
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

	async function attempt<T>(path: string, options: CallOptions): Promise<Envelope<T> & Record<string, unknown>> {
		token ??= getReaderToken({ request, context })
		const bearer = await token
		try {
			return await callApi<T>({ request, context }, path, { ...options, bearer })
		} catch (error) {
			if (!(error instanceof ApiError) || !error.isExpiredLogin || !bearer || renewed) throw error
			renewed = true
			token = renewReaderToken({ request, context })
			return callApi<T>({ request, context }, path, { ...options, bearer: await token })
		}
	}

	async function call<T>(path: string, options: CallOptions = {}) {
		const timing = context.timing
		const run = async () => {
			// Only reads are retried: a mutation must never happen twice.
			const retries = (options.method ?? 'GET') === 'GET' ? API_MAX_RETRIES : 0
			for (let attemptNumber = 0; ; attemptNumber++) {
				try {
					return await attempt<T>(path, options)
				} catch (error) {
					if (request.signal.aborted || attemptNumber >= retries || !isRetryable(error)) throw error
					await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attemptNumber))
				}
			}
		}
		return timing ? timing.time('api', 'Content API', run) : run()
	}

	return {
		get: <T>(path: string, query?: Query, headers?: Record<string, string>) => call<T>(path, { query, headers }),
		post: <T>(path: string, body?: unknown, query?: Query) => call<T>(path, { method: 'POST', body, query }),
		put: <T>(path: string, body?: unknown) => call<T>(path, { method: 'PUT', body }),
	}
}
