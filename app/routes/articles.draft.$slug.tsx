/**
 * /articles/draft/{slug}?secret= (spec 000 §2): an editor's preview of a draft. The secret
 * goes to the API as the PreviewToken header; a wrong or missing one is a 404. Never cached
 * publicly and never indexed.
 */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import articleStyles from './articles.$slug/article.css?url'
import { ArticleView } from './articles.$slug/ArticleView.tsx'
import { DRAFT_HEADERS, loadDraftPage } from './articles.$slug/data.server.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: articleStyles }]

export async function loader(args: LoaderFunctionArgs) {
	return loadDraftPage(args)
}

/** The same on the preview and on its error pages (a wrong secret). */
export const headers: HeadersFunction = () => DRAFT_HEADERS

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { article, origin } = data.page
	return seoMeta({
		title: `Draft: ${article.headline}`,
		description: article.standfirst,
		// Where the article will live once published.
		canonical: absoluteUrl(origin, `/articles/${article.slug}`),
		type: 'article',
		noindex: true,
	})
}

export default function DraftArticlePage() {
	const page = useLoaderData<typeof loader>().page
	return <ArticleView page={page} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
