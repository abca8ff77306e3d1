import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import type { Article } from '~/lib/api-types.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { routeError } from '~/lib/errors.server.ts'
import { formatDate } from '~/lib/format.ts'
import { pageCacheHeaders, reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import { articleJsonLd, GATED_SECTION_CLASS } from './structured-data.ts'
import { MembershipGate } from './MembershipGate.tsx'
import { ArticleTags } from './ArticleTags.tsx'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const response = await api.get<Article>(`/articles/slug/${encodeURIComponent(params.slug ?? '')}`).catch((error: unknown) => routeError(error, request))
	const article = response.item!
	const user = request.headers.get('Cookie')?.includes('__session=') ?? false
	return data(
		{ origin: publicOrigin(request), article, signedIn: user },
		// What a reader sees depends on their access, so articles are private once signed in.
		{ headers: pageCacheHeaders(request) },
	)
}

export const headers = reuseLoaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { article, origin } = data
	const canonical = absoluteUrl(origin, `/articles/${article.slug}`)
	return [
		...seoMeta({
			title: article.seoProperties.title ?? article.headline,
			description: article.seoProperties.description ?? article.standfirst,
			canonical,
			image: article.imageUrl ?? article.thumbnail,
			type: 'article',
			jsonLd: articleJsonLd(article, origin),
		}),
		{ property: 'article:published_time', content: article.publicationDate },
		{ property: 'article:modified_time', content: article.updatedAt },
		{ property: 'article:section', content: article.articleType.name },
	]
}

export default function ArticlePage() {
	const { article, signedIn } = useLoaderData<typeof loader>()
	const image = article.imageUrl ?? article.thumbnail
	return (
		<article className="article">
			<header className="article__header">
				<p className="article__type">
					<Link to={`/article-types/${article.articleType.slug}`}>{article.articleType.name}</Link>
				</p>
				<h1>{article.headline}</h1>
				{article.standfirst ? <p className="article__standfirst">{article.standfirst}</p> : null}
				<p className="article__byline">
					{article.author.length > 0 ? (
						<>
							By{' '}
							{article.author.map((author, index) => (
								<span key={author.slug}>
									{index > 0 ? ', ' : null}
									<Link to={`/authors/${author.slug}`}>{author.name}</Link>
								</span>
							))}{' '}
							·{' '}
						</>
					) : null}
					<time dateTime={article.publicationDate}>{formatDate(article.publicationDate)}</time>
				</p>
				{article.sponsor ? (
					<p className="article__sponsor">
						Sponsored by <Link to={`/companies/${article.sponsor.slug}`}>{article.sponsor.name}</Link>
					</p>
				) : null}
			</header>
			{image ? <img className="article__image" src={image} alt="" width="1200" height="675" /> : null}
			{article.hasAccess && article.bodyText ? (
				<div className={`prose article__body ${GATED_SECTION_CLASS}`} dangerouslySetInnerHTML={{ __html: article.bodyText }} />
			) : (
				<>
					{article.leadIn ? <p className="article__lead-in">{article.leadIn}</p> : null}
					{article.previewText ? <div className="prose article__preview" dangerouslySetInnerHTML={{ __html: article.previewText }} /> : null}
					<MembershipGate article={article} signedIn={signedIn} />
				</>
			)}
			<ArticleTags article={article} />
		</article>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
