import type { LoaderFunctionArgs } from '@remix-run/node'
import { createApiClient } from '~/lib/api.server.ts'
import { crawlerApiCall, notFoundResponse, xmlResponse } from '~/lib/crawler.server.ts'
import { publicOrigin } from '~/lib/env.server.ts'
import { parseSitemapFile, urlsetXml } from '~/lib/sitemap.server.ts'
import { SITEMAP_MAX_URLS } from '../../contract/pages.ts'

/** One type's sitemap: /sitemaps/{type}.xml or, for a type split in files, /sitemaps/{type}-{n}.xml. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const file = parseSitemapFile(params.file ?? '')
	if (!file) throw notFoundResponse()
	const api = createApiClient({ request, context })
	const response = await crawlerApiCall(api.get('sitemap.entries', { params: { type: file.type }, query: { pageNum: file.page, pageSize: SITEMAP_MAX_URLS } }), request)
	// The API answers a page beyond the last with the last page; that file does not exist.
	if (response.pageNum !== file.page) throw notFoundResponse()
	return xmlResponse(urlsetXml(publicOrigin(), response.items))
}
