/**
 * /logout (spec 000 §4): signing out is a form post (the profile menu's Logout button).
 * It ends the session's sign-ins at the API (its tokens are refused from then on, see
 * backend/identity/revocation.ts), revokes the refresh token at the identity provider, forgets every sign-in the session
 * holds (identity provider, network address, joining) and goes to /. GET shows
 * 'Logging out...' with the button. A script presses it for the reader only when they came
 * from one of the site's own pages: a link to /logout on another site (or in an email) must
 * not sign anyone out, so there the reader presses it themselves.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { revokeRefreshToken } from '~/lib/auth.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { endSignIns } from '~/lib/session-refresh.server.ts'
import { bearerOf, getSession, sessionStorage } from '~/lib/session.server.ts'

export const LOGOUT_TEXT = { loggingOut: 'Logging out...', button: 'Logout' } as const

export const meta: MetaFunction = () => [{ title: `${LOGOUT_TEXT.loggingOut}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
	// Signed in any way (identity provider, network address, joining): there is a token to give up.
	if (!bearerOf(await getSession(request))) return redirect('/')
	return data({ pressForReader: cameFromSite(request) }, { headers: { 'Cache-Control': CACHE_CONTROL.privatePage } })
}

/**
 * Whether the browser says this page was reached from one of ours: Sec-Fetch-Site, else the
 * Referer's origin (the site sends it to itself: Referrer-Policy strict-origin-when-cross-origin).
 * Neither can be written by another site's page; no answer at all counts as not from us.
 */
function cameFromSite(request: Request): boolean {
	const fetchSite = request.headers.get('Sec-Fetch-Site')
	if (fetchSite) return fetchSite === 'same-origin'
	const referer = request.headers.get('Referer')
	if (!referer) return false
	try {
		const from = new URL(referer).origin
		return from === new URL(request.url).origin || from === publicOrigin()
	} catch {
		return false
	}
}

export async function action({ request, context }: ActionFunctionArgs) {
	const session = await getSession(request)
	// Ended at the API as well as forgotten here: a copy of this cookie must not sign in again.
	await endSignIns({ request, context }, session)
	const refreshToken = session.get('refreshToken')
	if (refreshToken) await revokeRefreshToken(refreshToken)
	return redirect('/', { headers: { 'Set-Cookie': await sessionStorage().destroySession(session) } })
}

export default function Logout() {
	const { pressForReader } = useLoaderData<typeof loader>()
	const form = useRef<HTMLFormElement>(null)
	useEffect(() => {
		if (pressForReader) form.current?.requestSubmit()
	}, [pressForReader])
	return (
		<article className="logging-out">
			<h1>{LOGOUT_TEXT.loggingOut}</h1>
			<Form method="post" action="/logout" ref={form}>
				<button type="submit" className="button">
					{LOGOUT_TEXT.button}
				</button>
			</Form>
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
