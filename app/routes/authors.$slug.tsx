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

/** An author page (spec 000 §3 Author: name, photo, biography, description) and their articles. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
	entityPageMeta(data, error, {
		collection: false,
		jsonLd: data
			? [
					{
						'@context': 'https://schema.org',
						'@type': 'ProfilePage',
						url: absoluteUrl(data.origin, data.canonicalPath),
						mainEntity: {
							'@type': 'Person',
							name: data.entity.name,
							jobTitle: data.entity.headline ?? undefined,
							description: data.entity.description ?? undefined,
							image: data.entity.thumbnail ? absoluteUrl(data.origin, data.entity.thumbnail) : undefined,
							worksFor: { '@type': 'Organization', name: PRODUCT_NAME },
						},
					},
				]
			: [],
	})

export const headers = reuseLoaderHeaders

export const links = entityStyles

export async function loader(args: LoaderFunctionArgs) {
	return entityPageResponse(args, 'authors')
}

export default function Author() {
	const page = useLoaderData<typeof loader>()
	return <EntityPageView page={page} eyebrow="Author" image={page.entity.thumbnail} articlesTitle={`Articles by ${page.entity.name}`} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
