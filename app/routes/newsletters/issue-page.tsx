/**
 * The issue routes' shared loader, meta and page (published, archive and draft; page and full
 * view). Each route file names its mode; this is the one implementation.
 */
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { NewsletterView } from '~/components/newsletters/NewsletterView.tsx'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { DRAFT_HEADERS, loadIssue, type IssueMode } from '~/lib/newsletters.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'

const BASE_PATHS: Record<IssueMode, string> = { published: '/newsletters', archive: '/newsletters/archive', draft: '/newsletters/draft' }

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

export const issueMeta: MetaFunction<IssueLoader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { newsletter, origin, mode, full } = data
	return seoMeta({
		title: `${full ? 'Full view: ' : ''}${newsletter.name}`,
		description: `${newsletter.definition.name}, ${newsletter.edition}`,
		// One address per issue, whichever view it is read in.
		canonical: absoluteUrl(origin, `/newsletters/${newsletter.slug}`),
		image: newsletter.coverImage,
		noindex: mode === 'draft' || full,
	})
}

export function IssuePage() {
	const { newsletter, components, firstName, canExport, mode, full, gate } = useLoaderData<IssueLoader>()
	const { search } = useLocation()
	const secret = new URLSearchParams(search).get('secret')
	return (
		<NewsletterView
			newsletter={newsletter}
			components={components}
			firstName={firstName}
			canExport={canExport}
			basePath={`${BASE_PATHS[mode]}/${newsletter.slug}`}
			full={full}
			keep={mode === 'draft' && secret ? new URLSearchParams({ secret }).toString() : ''}
			gate={gate}
		/>
	)
}

export function IssueErrorBoundary() {
	return <GeneralErrorBoundary />
}
