/**
 * Sign-in by network address (spec 000 §4). Organisations whose address ranges match sign
 * in without a password: the API answers POST /ip-login with a token for the organisation,
 * kept in the session (ipToken, which takes precedence as the bearer). Any failure goes to
 * returnUrl silently: the reader simply stays a visitor. Spec's "sign-in link": a GET that
 * only signs in.
 */
import { redirect, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { CLIENT_ADDRESS_HEADER, type NetworkUser } from '../../contract/identity.ts'
import { ApiError, callApi } from '~/lib/api.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { IpLoginParamsSchema } from '../../contract/sign-in.ts'
import { getEnv, isProduction } from '~/lib/env.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'
import { clearNetworkSignIn, getSession, sessionStorage } from '~/lib/session.server.ts'
import { log } from '../lib/log.ts'

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

export const meta: MetaFunction = () => [{ title: `${LOGGING_IN}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const params = parseUrlParams(IpLoginParamsSchema, url.searchParams)
	const returnUrl = safeReturnUrl(params.returnUrl)
	const refreshing = params.refreshing
	const session = await getSession(request)
	// Signed in through the identity provider: a person's own sign-in wins.
	if (session.get('accessToken')) return redirect(returnUrl)

	// Signed in by network address but the details are missing: clear them once and sign in afresh.
	if (session.get('ipToken') && !session.get('ipUserName') && !refreshing) {
		session.unset('ipToken')
		url.searchParams.set('refreshing', 'true')
		return redirect(`${url.pathname}${url.search}`, { headers: { 'Set-Cookie': await sessionStorage().commitSession(session) } })
	}
	// Refreshing (the token expired, see session-refresh.server.ts): whatever was stored is stale.
	if (refreshing) clearNetworkSignIn(session)

	// The debug address is for trying the flow on a developer's machine (or a staging host that says so).
	const debugIPAddress = isProduction() && getEnv().TRUST_DEBUG_IP !== '1' ? null : params.debugIPAddress
	const user = await requestNetworkLogin({ request, context, debugIPAddress })
	if (!user?.token || user.token === session.get('ipToken')) {
		return redirect(returnUrl, refreshing ? { headers: { 'Set-Cookie': await sessionStorage().commitSession(session) } } : undefined)
	}
	session.set('ipToken', user.token)
	session.set('ipUserName', user.userName)
	return redirect(returnUrl, { headers: { 'Set-Cookie': await sessionStorage().commitSession(session) } })
}

/**
 * POST /ip-login with the client address in a header, without anyone's bearer token.
 * Errors of every kind mean "no organisation", so they are only logged.
 */
async function requestNetworkLogin({ request, context, debugIPAddress }: { request: Request; context: AppLoadContext; debugIPAddress: string | null }): Promise<NetworkUser | null> {
	try {
		const { item } = await callApi({ request, context }, 'ipLogin.create', {
			query: { debugIPAddress },
			headers: context.clientAddress ? { [CLIENT_ADDRESS_HEADER]: context.clientAddress } : {},
			bearer: null,
		})
		return item ?? null
	} catch (error) {
		// 404: no organisation owns the address, the everyday answer.
		if (!(error instanceof ApiError && error.status === 404)) log.error({ err: error }, '[ip-login] network-address sign-in failed')
		return null
	}
}

export default function IpLogin() {
	return <p className="logging-in">{LOGGING_IN}</p>
}
