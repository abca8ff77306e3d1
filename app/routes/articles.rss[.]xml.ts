import type { LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient } from '~/lib/api.server.ts'
import { PRODUCT_NAME } from '../../contract/constants.ts'
import { crawlerApiCall, xmlResponse } from '~/lib/crawler.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { ARTICLES_FEED_PATH, RSS_CONTENT_TYPE } from '~/lib/feeds.ts'
import { articleFeedXml, RSS_ITEM_COUNT } from '~/lib/rss.server.ts'

/** RSS 2.0 feed of the newest articles, all types. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const origin = publicOrigin()
	const api = createApiClient({ request, context })
	const response = await crawlerApiCall(api.get('articles.list', { query: { pageSize: RSS_ITEM_COUNT, sortBy: 'Date' } }), request)
	return xmlResponse(
		articleFeedXml({
			title: `${PRODUCT_NAME}: latest articles`,
			description: 'News, analysis and comment on water and wastewater markets, projects, deals and technology.',
			link: `${origin}/articles`,
			self: `${origin}${ARTICLES_FEED_PATH}`,
			origin,
			articles: response.items,
		}),
		{ contentType: RSS_CONTENT_TYPE },
	)
}
