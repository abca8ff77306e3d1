/**
 * /logout (spec 000 §4): signing out is a form post (the profile menu's Logout button).
 * It revokes the refresh token at the identity provider, forgets every sign-in the session
 * holds (identity provider, network address, joining) and goes to /. GET shows
 * 'Logging out...' with the button, pressed for the reader when scripts run.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { revokeRefreshToken } from '~/lib/auth.server.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { bearerOf, getSession, sessionStorage } from '~/lib/session.server.ts'

export const LOGOUT_TEXT = { loggingOut: 'Logging out...', button: 'Logout' } as const

export const meta: MetaFunction = () => [{ title: `${LOGOUT_TEXT.loggingOut}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
	// Signed in any way (identity provider, network address, joining): there is a token to give up.
	if (!bearerOf(await getSession(request))) return redirect('/')
	return data(null, { headers: { 'Cache-Control': CACHE_CONTROL.privatePage } })
}

export async function action({ request }: ActionFunctionArgs) {
	const session = await getSession(request)
	const refreshToken = session.get('refreshToken')
	if (refreshToken) await revokeRefreshToken(refreshToken)
	return redirect('/', { headers: { 'Set-Cookie': await sessionStorage().destroySession(session) } })
}

export default function Logout() {
	const form = useRef<HTMLFormElement>(null)
	useEffect(() => {
		form.current?.requestSubmit()
	}, [])
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
