import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { companyIdRedirect } from '~/lib/legacy-redirects.ts'
import { LEGACY_REDIRECT_STATUS, logRedirect } from '~/lib/legacy-redirects.server.ts'

/**
 * Company-id lookup (spec 002 §2): /companies/id/{id} — our choice of URL for the old
 * numeric company links — goes to /search for the company the id stands for. Known ids move
 * for good (301); unknown or invalid ids go to the home page with a temporary redirect,
 * since the table may learn them later.
 */
export function loader({ request, context, params }: LoaderFunctionArgs) {
	const destination = companyIdRedirect(params.id ?? '')
	logRedirect({ request, context }, destination)
	return destination === '/' ? redirect('/') : redirect(destination, { status: LEGACY_REDIRECT_STATUS })
}
