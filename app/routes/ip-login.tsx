/**
 * Sign-in by network address (spec 000 §4). Organisations whose address ranges match sign
 * in without a password: the API answers POST /ip-login with a token for the organisation,
 * kept in the session (ipToken, which takes precedence as the bearer). Any failure goes to
 * returnUrl silently: the reader simply stays a visitor. Spec's "sign-in link": a GET that
 * only signs in.
 */
import { redirect, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import type { Envelope, NetworkUser } from '~/lib/api-types.ts'
import { TITLE_SUFFIX } from '~/lib/constants.ts'
import { getEnv, isProduction } from '~/lib/env.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'
import { getSession, sessionStorage } from '~/lib/session.server.ts'

declare module '@remix-run/node' {
	interface AppLoadContext {
		/**
		 * The client's address as Express sees it (`req.ip`, which honours `trust proxy`).
		 * Never read from X-Forwarded-For here: anyone can send that header.
		 */
		clientAddress?: string
	}
}

export const LOGGING_IN = 'Logging in...'

/** Header the API reads the client address from (contract of POST /ip-login). */
export const CLIENT_ADDRESS_HEADER = 'X-Client-Address'

export const meta: MetaFunction = () => [{ title: `${LOGGING_IN}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const returnUrl = safeReturnUrl(url.searchParams.get('returnUrl'))
	const session = await getSession(request)
	// Signed in through the identity provider: a person's own sign-in wins.
	if (session.get('accessToken')) return redirect(returnUrl)

	// The debug address is for trying the flow on a developer's machine only.
	const debugIPAddress = isProduction() ? null : url.searchParams.get('debugIPAddress')
	const user = await requestNetworkLogin({ request, context, debugIPAddress })
	if (!user?.token || user.token === session.get('ipToken')) return redirect(returnUrl)
	session.set('ipToken', user.token)
	session.set('ipUserName', user.userName)
	return redirect(returnUrl, { headers: { 'Set-Cookie': await sessionStorage().commitSession(session) } })
}

/**
 * POST /ip-login with the client address in a header. Called directly rather than through
 * the API client because it needs that header (the client's post() takes none); errors of
 * every kind mean "no organisation", so they are only logged.
 */
async function requestNetworkLogin({ request, context, debugIPAddress }: { request: Request; context: AppLoadContext; debugIPAddress: string | null }): Promise<NetworkUser | null> {
	const { API_BASE_URL } = getEnv()
	const base = (API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	const query = debugIPAddress ? `?${new URLSearchParams({ debugIPAddress })}` : ''
	const headers: Record<string, string> = { Accept: 'application/json' }
	if (context.clientAddress) headers[CLIENT_ADDRESS_HEADER] = context.clientAddress
	const apiRequest = new Request(`${base}/ip-login${query}`, { method: 'POST', headers, signal: AbortSignal.any([request.signal, AbortSignal.timeout(10_000)]) })
	try {
		const response = API_BASE_URL ? await fetch(apiRequest) : context.apiFetch ? await context.apiFetch(apiRequest) : null
		if (!response?.ok) return null
		const payload = (await response.json()) as Envelope<NetworkUser>
		return payload.success && payload.item ? payload.item : null
	} catch (error) {
		console.error('[ip-login] network-address sign-in failed:', error instanceof Error ? error.message : error)
		return null
	}
}

export default function IpLogin() {
	return <p className="logging-in">{LOGGING_IN}</p>
}
