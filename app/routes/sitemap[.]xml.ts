import type { LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient } from '~/lib/api.server.ts'
import { crawlerApiCall, xmlResponse } from '~/lib/crawler.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { sitemapFiles, sitemapIndexXml } from '~/lib/sitemap.server.ts'

/** The sitemap index: one entry per type sitemap (/sitemaps/{type}.xml), lastmod from the data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const response = await crawlerApiCall(api.get('sitemap.types'), request)
	return xmlResponse(sitemapIndexXml(publicOrigin(), sitemapFiles(response.items ?? [])))
}
