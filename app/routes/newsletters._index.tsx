/** /newsletters on its own: the latest issue, as the API names it. */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient } from '~/lib/api.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { pageCacheHeaders } from '~/lib/http.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const latest = await createApiClient({ request, context })
		.get('newsletters.latest')
		.catch((error: unknown) => routeError(error, request))
	// Temporary (302): the latest issue changes every week.
	return redirect(`/newsletters/${latest.item.slug}`, { headers: pageCacheHeaders(request) })
}
