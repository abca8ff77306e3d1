import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { MESSAGES } from '../../contract/constants.ts'
import { INPUT_ERROR_PAGES, isInputErrorStatus } from '../../contract/request-input.ts'
import { loginUrl } from '~/lib/return-url.ts'

type StatusHandler = (info: { message: string; status: number }) => ReactNode

/** The not-found page (spec 000 §8): "Please click here to return to the home page." */
export function NotFound() {
	return (
		<section className="error-page" aria-labelledby="error-title">
			<h1 id="error-title">Page not found</h1>
			<p>
				Sorry, there has been an error. Please <Link to="/">click here</Link> to return to the home page.
			</p>
		</section>
	)
}

function ExpiredSession() {
	const { pathname, search } = useLocation()
	return (
		<section className="error-page" aria-labelledby="error-title">
			<h1 id="error-title">{MESSAGES.expiredSession}</h1>
			<Link className="button" to={loginUrl(pathname + search)} reloadDocument>
				Login
			</Link>
		</section>
	)
}

const defaultHandlers: Record<number, StatusHandler> = {
	404: () => <NotFound />,
	401: ({ message }) => (message === MESSAGES.expiredSession ? <ExpiredSession /> : <OtherError message={message} />),
}

function OtherError({ message }: { message?: string }) {
	return (
		<section className="error-page" aria-labelledby="error-title">
			<h1 id="error-title">{MESSAGES.otherError}</h1>
			{message ? <p>{message}</p> : null}
			<p>
				<Link to="/">Return to the home page</Link>
			</p>
		</section>
	)
}

/**
 * The one error boundary every route uses. Loaders throw `data(message, { status })`
 * with the spec's text; unexpected errors show the generic message, never a stack trace.
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
	const error = useRouteError()
	if (isRouteErrorResponse(error)) {
		// The router's own errors (a form posted to a page without an action) carry Remix's internal text: the site's words instead.
		const internal = 'internal' in error && error.internal === true
		const message = internal ? (isInputErrorStatus(error.status) ? INPUT_ERROR_PAGES[error.status] : MESSAGES.genericError) : typeof error.data === 'string' ? error.data : MESSAGES.genericError
		const handler = statusHandlers?.[error.status] ?? defaultHandlers[error.status]
		return <>{handler ? handler({ message, status: error.status }) : <OtherError message={message} />}</>
	}
	return <OtherError message={MESSAGES.genericError} />
}
