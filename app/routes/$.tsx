import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { MESSAGES } from '../../contract/constants.ts'
import { legacyRedirectResponse } from '~/lib/legacy-redirects.server.ts'

/** Every URL no route claims: an old URL of the legacy table moves on (301), anything else is the not-found page with status 404. */
export function loader({ request, context }: LoaderFunctionArgs) {
	const moved = legacyRedirectResponse({ request, context })
	if (moved) return moved
	throw data(MESSAGES.notFound, { status: 404, headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60' } })
}

export default function NotFoundRoute() {
	return null
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
