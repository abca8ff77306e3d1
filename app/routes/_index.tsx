import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CardGrid } from '~/components/cards/CardGrid.tsx'
import { cardQuery } from '~/components/cards/page-query.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { createApiClient } from '~/lib/api.server.ts'
import { MESSAGES, PRODUCT_DESCRIPTION, PRODUCT_NAME } from '../../contract/constants.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { CACHE_CONTROL, pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { capabilitiesFor } from '~/lib/capabilities.ts'
import { cmsEditUrl } from '~/lib/cms.server.ts'
import { getUserSummary } from '~/lib/user.server.ts'
import { log } from '../lib/log.ts'

/** The home page is the custom page named home (spec 000 §2). */
const HOME_PAGE_SLUG = 'home'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const origin = publicOrigin()
	const api = createApiClient({ request, context })
	// Outside the try: an ended session is answered as on every page, not as a failed home page.
	const user = await getUserSummary(request, context)
	try {
		// The page's query reaches its cards (the blog card's page, for one).
		const response = await api.get('pages.bySlug', { params: { slug: HOME_PAGE_SLUG }, query: cardQuery(new URL(request.url).searchParams) })
		// The home page is a custom page: staff who edit layouts get its Edit link like any other.
		const canEdit = capabilitiesFor({ permissions: user?.permissions ?? null, viaNetworkAddress: user?.viaNetworkAddress }).canEditPageLayout
		const editUrl = canEdit ? cmsEditUrl('pages', response.item.id) : null
		return data({ origin, page: response.item, cards: response.componentItems ?? [], editUrl }, { headers: pageCacheHeaders(request) })
	} catch (error) {
		// Spec: 'Welcome!' when the home page cannot be loaded. Not cached, so it heals itself.
		log.error({ err: error }, '[home] home page failed to load')
		return data({ origin, page: null, cards: [], editUrl: null }, { headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
	}
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { origin } = data
	return seoMeta({
		title: data.page?.seoProperties.title ?? PRODUCT_NAME,
		description: data.page?.seoProperties.description ?? data.page?.description ?? PRODUCT_DESCRIPTION,
		canonical: absoluteUrl(origin, '/'),
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': 'WebSite',
			name: PRODUCT_NAME,
			url: absoluteUrl(origin, '/'),
			potentialAction: {
				'@type': 'SearchAction',
				// The header search box's query (spec 000 §2: sortBy=Relevance, Page type = /articles).
				target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, '/search')}?sortBy=Relevance&filters%5BPage%20type%5D=%2Farticles&searchTerm={search_term_string}` },
				'query-input': 'required name=search_term_string',
			},
		},
	})
}

export default function Home() {
	const { page, cards, editUrl } = useLoaderData<typeof loader>()
	if (!page) {
		return (
			<section className="welcome">
				<h1>{MESSAGES.welcome}</h1>
			</section>
		)
	}
	// The home page is rendered without its page-title header; the site header stays.
	return (
		<>
			<h1 className="visually-hidden">{PRODUCT_NAME}</h1>
			{editUrl ? (
				<p className="home-edit">
					<a href={editUrl} className="button button--outline" target="_blank" rel="noopener noreferrer">
						Edit
					</a>
				</p>
			) : null}
			<CardGrid cards={cards} />
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
