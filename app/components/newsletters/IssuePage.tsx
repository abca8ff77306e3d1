/**
 * The issue routes' shared meta and page (published, archive and draft; page and full view);
 * their loader is app/lib/newsletters.server.ts's issueLoader. Each route file names its mode.
 */
import type { MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { NewsletterView } from './NewsletterView.tsx'
import type { IssueLoader, IssueMode } from '~/lib/newsletters.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'

const BASE_PATHS: Record<IssueMode, string> = { published: '/newsletters', archive: '/newsletters/archive', draft: '/newsletters/draft' }

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
