/**
 * /documents/{slug}/download[?isSample=true]: the document's file, streamed from the API
 * (GET /documents/slug/{slug}/download). A refusal comes back to the document page with
 * 'Sorry, you do not have permission to download this file', any other failure with
 * 'Download failed'.
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { fetchApiFile } from '~/lib/commerce.server.ts'
import { DocumentDownloadQuerySchema } from '../../contract/documents.ts'
import { parseUrlParams } from '../../contract/query.ts'

/** Headers of the API's answer that describe the file. */
const FILE_HEADERS = ['Content-Type', 'Content-Length', 'Content-Disposition', 'Cache-Control', 'X-Content-Type-Options']

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const slug = params.slug ?? ''
	const { isSample } = parseUrlParams(DocumentDownloadQuerySchema.catch({}), new URL(request.url).searchParams)
	const query = isSample === 'true' ? '?isSample=true' : ''
	let response: Response
	try {
		response = await fetchApiFile({ request, context }, `/documents/slug/${encodeURIComponent(slug)}/download${query}`)
	} catch (error) {
		if (error instanceof Response) throw error
		console.error('[documents] download failed:', error instanceof Error ? error.message : error)
		return redirect(`/documents/${encodeURIComponent(slug)}?downloadError=failed`)
	}
	if (!response.ok) {
		await response.body?.cancel()
		return redirect(`/documents/${encodeURIComponent(slug)}?downloadError=${response.status === 403 || response.status === 401 ? 'permission' : 'failed'}`)
	}
	const headers = new Headers()
	for (const name of FILE_HEADERS) {
		const value = response.headers.get(name)
		if (value) headers.set(name, value)
	}
	return new Response(response.body, { status: 200, headers })
}
