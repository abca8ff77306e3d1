import type { LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient } from '~/lib/api.server.ts'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { crawlerApiCall, notFoundResponse, xmlResponse } from '~/lib/crawler.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { articleTypeFeedPath, RSS_CONTENT_TYPE } from '~/lib/feeds.ts'
import { articleFeedXml, RSS_ITEM_COUNT } from '~/lib/rss.server.ts'

/** RSS 2.0 feed of one article type's newest articles; an unknown type is 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	if (!/^[a-z0-9-]+$/.test(slug)) throw notFoundResponse()
	const origin = publicOrigin()
	const api = createApiClient({ request, context })
	const [articleType, articles] = await Promise.all([
		crawlerApiCall(api.get('entities.bySlug', { params: { kind: 'article-types', slug } }), request),
		crawlerApiCall(api.get('articles.list', { query: { articleType: slug, pageSize: RSS_ITEM_COUNT, sortBy: 'Date' } }), request),
	])
	const name = articleType.item?.name ?? slug
	return xmlResponse(
		articleFeedXml({
			title: `${PRODUCT_NAME}: ${name}`,
			description: articleType.item?.description || `The latest ${name} articles from ${PRODUCT_NAME}.`,
			link: `${origin}/article-types/${slug}`,
			self: `${origin}${articleTypeFeedPath(slug)}`,
			origin,
			articles: articles.items,
		}),
		{ contentType: RSS_CONTENT_TYPE },
	)
}
