import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { MESSAGES } from '../../contract/constants.ts'
import { INPUT_ERROR_PAGES, isInputErrorStatus } from '../../contract/request-input.ts'
import { errorMeta } from '~/lib/seo.ts'

/**
 * The site's error page for bad input (a malformed address, an unknown method, a form of the
 * wrong type or size). The server's input guard (backend/input/input-guard.ts) hands such a
 * request here instead of to its route, so it gets the page with its own 4xx status.
 */
export function loader({ params }: LoaderFunctionArgs) {
	const status = Number(params.status)
	if (!isInputErrorStatus(status)) throw data(MESSAGES.notFound, { status: 404 })
	throw data(INPUT_ERROR_PAGES[status], { status, headers: { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } })
}

export const meta: MetaFunction = ({ error }) => errorMeta(error)

export default function RequestErrorRoute() {
	return null
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
