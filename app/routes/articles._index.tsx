import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ArticleTeaser, teaserOf, type TeaserVariant } from '~/components/cards/ArticleTeaser.tsx'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { Pagination } from '~/components/Pagination.tsx'
import { createApiClient } from '~/lib/api.server.ts'
import { MESSAGES } from '../../contract/constants.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { ARTICLES_FEED_PATH, RSS_CONTENT_TYPE } from '~/lib/feeds.ts'
import { formatCount } from '~/lib/format.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { clampPage, pagingUrl, parsePaging } from '../../contract/paging.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'

/** How the list shows each article (the loader sends only what this teaser shows). */
const LIST_VARIANT = 'image-row' satisfies TeaserVariant

export async function loader({ request, context }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const paging = parsePaging(url.searchParams)
	// Garbage paging parameters (page=abc, pageSize=10000, page=-3) go to the canonical URL.
	const canonicalPath = pagingUrl(url, paging)
	if (canonicalPath !== `${url.pathname}${url.search}`) throw redirect(canonicalPath)

	const api = createApiClient({ request, context })
	const response = (await api
		.get('articles.list', { query: { pageNum: paging.page, pageSize: paging.pageSize, sortBy: 'Date' } })
		.catch((error: unknown) => routeError(error, request)))
	const page = clampPage(paging.page, response.totalPages)
	if (page !== paging.page) throw redirect(pagingUrl(url, { ...paging, page }))

	return data(
		{
			origin: publicOrigin(),
			canonicalPath,
			articles: response.items.map((article) => teaserOf(article, LIST_VARIANT)),
			totalHits: response.totalHits,
			totalPages: response.totalPages,
			...paging,
		},
		{ headers: pageCacheHeaders(request) },
	)
}

export const headers = reuseLoaderHeaders

/** Feed readers find the articles feed from the list page. */
export const links: LinksFunction = () => [{ rel: 'alternate', type: RSS_CONTENT_TYPE, title: 'Latest articles', href: ARTICLES_FEED_PATH }]

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	return seoMeta({
		title: data.page > 1 ? `Latest water industry news – page ${data.page}` : 'Latest water industry news',
		description: 'News, analysis and comment on water and wastewater markets, projects, deals and technology.',
		canonical: absoluteUrl(data.origin, data.canonicalPath),
	})
}

export default function Articles() {
	const { articles, totalHits, totalPages, page, pageSize } = useLoaderData<typeof loader>()
	return (
		<section className="list-page">
			<header className="list-page__header">
				<h1>Articles</h1>
				<p className="list-page__count">
					{formatCount(totalHits)} {totalHits === 1 ? 'article' : 'articles'}
				</p>
			</header>
			{articles.length === 0 ? (
				<p className="empty">{MESSAGES.noResults}</p>
			) : (
				<div className="article-list">
					{articles.map((article) => (
						<ArticleTeaser key={article.id} article={article} variant={LIST_VARIANT} headingLevel={2} />
					))}
				</div>
			)}
			<Pagination page={page} pageSize={pageSize} totalPages={totalPages} totalHits={totalHits} />
		</section>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
