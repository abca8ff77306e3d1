import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { EntityPageView } from '~/components/entities/EntityPageView.tsx'
import { entityPageMeta } from '~/components/entities/meta.ts'
import { entityStyles } from '~/components/entities/styles.ts'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { entityPageResponse } from '~/lib/entity-pages.server.ts'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl } from '~/lib/seo.ts'

/**
 * A blog type page (spec 002 §2: "Loaded as entity type blogtypes, with a section-anchored
 * hash scroll"): its cards and its posts, each post anchored by its slug, so /blogs/{slug}#{post}
 * scrolls to that post (the browser does it; no script needed).
 */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
	entityPageMeta(data, error, {
		collection: false,
		jsonLd: data
			? [
					{
						'@context': 'https://schema.org',
						'@type': 'Blog',
						name: data.entity.name,
						description: data.entity.description ?? undefined,
						url: absoluteUrl(data.origin, data.canonicalPath),
						publisher: { '@type': 'Organization', name: PRODUCT_NAME },
						blogPost: (data.articles?.items ?? []).map((post) => ({
							'@type': 'BlogPosting',
							headline: post.headline,
							datePublished: post.publicationDate,
							url: absoluteUrl(data.origin, `/articles/${post.slug}`),
						})),
					},
				]
			: [],
	})

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'blogs')
}

export default function BlogType() {
	const page = useLoaderData<typeof loader>()
	return <EntityPageView page={page} eyebrow="Blog" articlesTitle="Latest posts" anchoredArticles />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
