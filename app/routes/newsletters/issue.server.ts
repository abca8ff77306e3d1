/** The issue routes' loader and headers (see issue-page.tsx). */
import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { DRAFT_HEADERS, loadIssue, type IssueMode } from '~/lib/newsletters.server.ts'

export function issueLoader(mode: IssueMode, full: boolean) {
	return async ({ request, context, params }: LoaderFunctionArgs) => {
		const issue = await loadIssue({ request, context, slug: params.slug ?? '', mode, full })
		// Issues greet signed-in readers by name: private for them, public for visitors.
		const headers = mode === 'draft' ? DRAFT_HEADERS : pageCacheHeaders(request)
		return data({ ...issue, mode, full }, { headers })
	}
}

export type IssueLoader = ReturnType<typeof issueLoader>

export function issueHeaders(mode: IssueMode): HeadersFunction {
	return mode === 'draft' ? () => DRAFT_HEADERS : reuseLoaderHeaders
}

