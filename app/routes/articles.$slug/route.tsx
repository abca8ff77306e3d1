import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { reuseLoaderHeaders } from '~/lib/http.server.ts'
import { absoluteUrl, errorMeta, seoMeta } from '~/lib/seo.ts'
import articleStyles from './article.css?url'
import { ArticleView } from './ArticleView.tsx'
import { loadArticlePage, unlockAction } from './data.server.ts'
import { articleBreadcrumbJsonLd, articleJsonLd } from './structured-data.ts'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: articleStyles }]

export async function loader(args: LoaderFunctionArgs) {
	return loadArticlePage(args)
}

export const headers = reuseLoaderHeaders

/** The trial member's Market Map unlock (spec 000 §4): a form post, so it works without scripts. */
export async function action(args: ActionFunctionArgs) {
	return unlockAction(args)
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
	if (!data) return errorMeta(error)
	const { article, origin } = data.page
	const canonical = absoluteUrl(origin, `/articles/${article.slug}`)
	return [
		...seoMeta({
			title: article.seoProperties.title ?? article.headline,
			description: article.seoProperties.description ?? article.standfirst,
			canonical,
			image: article.imageUrl ?? article.thumbnail,
			type: 'article',
			jsonLd: [articleJsonLd(article, origin), articleBreadcrumbJsonLd(article, origin)],
		}),
		{ property: 'article:published_time', content: article.publicationDate },
		{ property: 'article:modified_time', content: article.updatedAt },
		{ property: 'article:section', content: article.articleType.name },
	]
}

export default function ArticlePage() {
	const page = useLoaderData<typeof loader>().page
	const actionData = useActionData<typeof action>()
	return <ArticleView page={page} unlock={actionData?.unlock} />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
