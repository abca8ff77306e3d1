/**
 * One call to the content API (spec 000 §7, §8): in-process into the embedded API by default,
 * over HTTP when API_BASE_URL is set. A call names its endpoint (contract/endpoints.ts) and
 * gets that endpoint's typed response, or the ApiError carrying the spec's message for its
 * status. Every response is checked against the endpoint's schema, in tests as in production
 * (contract drift fails). Loaders use the client built on this (api.server.ts); the session
 * refresh calls it directly, with the token it is renewing rather than the reader's.
 */
import type { AppLoadContext } from '@remix-run/node'
import { API_TIMEOUT_MS, TRANSPORT_ERRORS } from '../../contract/constants.ts'
import { getEnv } from './env.server.ts'
import { withTimeout } from './time-limit.server.ts'
import { ENDPOINTS, endpointPath, responseSchema, type EndpointInput, type EndpointName, type EndpointResponse, type QueryValue } from '../../contract/endpoints.ts'

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
	const { API_BASE_URL } = getEnv()
	const base = (API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
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
		// Over HTTP, fetch gives up after API_TIMEOUT_MS or with the reader's request. The embedded
		// API never reads a signal (withTimeout below bounds it), and a timeout signal per call
		// (ten a page) is a timer and a tracked object kept until it fires.
		signal: API_BASE_URL ? AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]) : undefined,
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
