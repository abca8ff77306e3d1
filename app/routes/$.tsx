import { data } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { MESSAGES } from '~/lib/constants.ts'

/** Every URL no route claims: the not-found page with status 404. */
export function loader() {
	throw data(MESSAGES.notFound, { status: 404, headers: { 'Cache-Control': 'public, max-age=0, s-maxage=60' } })
}

export default function NotFoundRoute() {
	return null
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
