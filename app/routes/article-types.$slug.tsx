import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { articleTypeFeedPath, RSS_CONTENT_TYPE } from '~/lib/feeds.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'

/** An article type page: every article of the type, newest first, and its RSS feed. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
	...entityPageMeta(data, error),
	...(data ? [{ tagName: 'link', rel: 'alternate', type: RSS_CONTENT_TYPE, title: `${data.entity.name} – latest articles`, href: articleTypeFeedPath(data.entity.slug) }] : []),
]

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'article-types')
}

export default function ArticleType() {
	const page = useLoaderData<typeof loader>()
	return <EntityPageView page={page} eyebrow="Article type" articlesTitle={`Latest: ${page.entity.name}`} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
