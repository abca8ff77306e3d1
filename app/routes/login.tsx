/**
 * /login?returnUrl=: starts a sign-in at the identity provider (spec 000 §4, §6) and comes
 * back to returnUrl (same-origin paths only) through /auth/callback. A GET that only starts
 * a sign-in; a reader already signed in goes straight back.
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { startSignIn } from '~/lib/auth.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { ReturnUrlParamsSchema } from '../../contract/sign-in.ts'
import { signInOrigin } from '~/lib/env.server.ts'
import { loginUrl, safeReturnUrl } from '~/lib/return-url.ts'
import { getSession } from '~/lib/session.server.ts'
import { log } from '../lib/log.ts'

export const LOGIN_TEXT = {
	title: 'Login',
	unavailable: 'Sorry, signing in is not possible just now. Please try again in a few minutes.',
} as const

export const meta: MetaFunction = () => [{ title: `${LOGIN_TEXT.title}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const returnUrl = safeReturnUrl(parseUrlParams(ReturnUrlParamsSchema, url.searchParams).returnUrl)
	const session = await getSession(request)
	if (session.get('accessToken')) return redirect(returnUrl)
	// The provider returns to the sign-in origin; the state cookie must be set on its host too.
	// (Host, not origin: behind a TLS proxy this server may see http for an https origin.)
	const origin = signInOrigin()
	if (url.host !== new URL(origin).host) return redirect(loginUrl(returnUrl, origin))
	try {
		return await startSignIn(request, returnUrl)
	} catch (error) {
		log.error({ err: error }, '[auth] cannot start a sign-in')
		throw data(LOGIN_TEXT.unavailable, { status: 503, headers: { 'Cache-Control': 'no-store' } })
	}
}

export default function Login() {
	// Never rendered: the loader always redirects (or fails to the error boundary).
	return null
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
