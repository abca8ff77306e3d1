/**
 * /auth/callback: where the identity provider sends the reader back. Exchanges the code
 * (PKCE) for tokens, keeps them in the session cookie and returns the reader to where they
 * were (a reader who just created an account by way of the registration confirmation). A reader who cancelled on the provider's page simply goes back.
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { OAuth2RequestError } from 'remix-auth-oauth2'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { finishSignIn, readReturnTo, signInCookiesCleared } from '~/lib/auth.server.ts'
import { joinUrl } from '../../contract/commerce.ts'
import { isJoinLink } from '~/components/membership/join-link.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { clearNetworkSignIn, getSession, sessionStorage } from '~/lib/session.server.ts'
import { log } from '../lib/log.ts'

export const SIGN_IN_FAILED = 'Sorry, we could not sign you in. Please try again.'

export const meta: MetaFunction = () => [{ title: `Login${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const returnUrl = await readReturnTo(request)
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	for (const cookie of await signInCookiesCleared(request)) headers.append('Set-Cookie', cookie)

	let signedIn
	try {
		signedIn = await finishSignIn(request)
	} catch (error) {
		if (error instanceof OAuth2RequestError && error.code === 'access_denied') return redirect(returnUrl, { headers })
		// A callback without a code or state (a bookmark, a crawler, a replay) makes the strategy
		// answer with a redirect to start over: one line, not the whole response, in the log.
		const reason = error instanceof Error ? error.message : error instanceof Response ? `the callback had no sign-in to finish (${error.status})` : String(error)
		log.error(`[auth] sign-in failed: ${reason}`)
		throw data(SIGN_IN_FAILED, { status: 400, headers })
	}

	const session = await getSession(request)
	session.set('accessToken', signedIn.accessToken)
	if (signedIn.refreshToken) session.set('refreshToken', signedIn.refreshToken)
	else session.unset('refreshToken')
	session.set('expiresAt', signedIn.expiresAt)
	for (const key of ['userName', 'email'] as const) {
		const value = signedIn[key]
		if (value) session.set(key, value)
		else session.unset(key)
	}
	// A person's own sign-in replaces a sign-in by network address.
	clearNetworkSignIn(session)
	headers.append('Set-Cookie', await sessionStorage().commitSession(session))
	// A new account first sees its registration confirmation, which leads on to where the reader
	// was; one that came from a Join or Start free trial link goes straight on to that join.
	const next = signedIn.signedUp && !isJoinLink(returnUrl) ? joinUrl('none', { returnPath: returnUrl }) : returnUrl
	return redirect(next, { headers })
}

export default function AuthCallback() {
	return null
}

export function ErrorBoundary() {
	return (
		<GeneralErrorBoundary
			statusHandlers={{
				400: ({ message }) => (
					<section className="error-page" aria-labelledby="error-title">
						<h1 id="error-title">{message}</h1>
						<Link className="button" to="/login" reloadDocument>
							Login
						</Link>
					</section>
				),
			}}
		/>
	)
}
