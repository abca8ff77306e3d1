/**
 * A table's download: the API answers the table's query with the xlsx file
 * itself (GET /downloadProjects...), not a JSON envelope, so the site passes the reader's
 * token and hands the file on as it came. A refusal or a failure goes back to the table
 * with the spec's message (spec 002 §8 "Failed to download projects: {first error}"; an index's
 * failure other than a refusal, spec 001 §8 "Failed to download search results").
 */
import type { AppLoadContext } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { TRANSPORT_ERRORS } from '../../contract/constants.ts'
import { noticeCode, noticeText } from '../../contract/notices.ts'
import { DOWNLOAD_ENTITIES_API_PATH, type DownloadableEntity } from '../../contract/indexes.ts'
import { INDEX_MESSAGES } from '../../contract/index-common.ts'
import { apiTransport, createApiClient } from './api.server.ts'
import { opensIndexPage } from './index-table.server.ts'
import { getReader } from './reader.server.ts'
import { getEnv } from './env.server.ts'
import { getReaderToken } from './session-refresh.server.ts'
import { log } from './log.ts'

export async function downloadTableFile({
	request,
	context,
	apiPath,
	tablePath,
	filename,
	failure,
}: {
	request: Request
	context: AppLoadContext
	apiPath: string
	/**
	 * The table's page, where a refusal or failure is shown; or how to find it, asked only on a
	 * failure (null when the reader is not shown that page: they get the message alone).
	 */
	tablePath: string | (() => Promise<string | null>)
	filename: string
	/** The table's own words for a file that could not be made; without them, the API's (or 'Unknown error'). A refusal always keeps the API's words. */
	failure?: string
}): Promise<Response> {
	const url = new URL(request.url)
	const bearer = await getReaderToken({ request, context })
	const base = (getEnv().API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	const failed = async (apiMessage: string, status: number) => {
		const refused = status === 401 || status === 403
		const message = failure !== undefined && !refused ? failure : apiMessage
		const page = typeof tablePath === 'string' ? tablePath : await tablePath()
		if (page === null) {
			// The site's own words only (noticeText), as on the table's page.
			const text = noticeText(noticeCode(message)) ?? TRANSPORT_ERRORS.unknown
			return new Response(text, { status: status >= 500 ? 502 : status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
		}
		const back = new URLSearchParams(url.search)
		back.delete('entityType')
		back.set('downloadError', noticeCode(message))
		return redirect(`${page}?${back}`)
	}
	let response: Response
	try {
		response = await apiTransport(context)(
			new Request(`${base}${apiPath}${url.search}`, {
				headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
				signal: request.signal,
			}),
		)
	} catch (error) {
		if (request.signal.aborted) throw error
		log.error({ err: error }, '[download] content API failed')
		return failed(TRANSPORT_ERRORS.unknown, 502)
	}
	if (!response.ok) {
		const payload = (await response.json().catch(() => null)) as {
			errors?: string[]
		} | null
		return failed(payload?.errors?.[0] ?? TRANSPORT_ERRORS.unknown, response.status)
	}
	return new Response(response.body, {
		headers: {
			'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream',
			'Content-Disposition': `attachment; filename="${filename}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

/**
 * An index's file: GET /downloadEntities?entityType={entity} with the index's query; failures go
 * back to /{entity}, or, for a reader that page sends home (a direct link), are answered here.
 */
export function downloadEntityFile({ request, context }: { request: Request; context: AppLoadContext }, entity: DownloadableEntity) {
	const url = new URL(request.url)
	url.searchParams.set('entityType', entity)
	url.searchParams.delete('downloadError')
	// Who the reader is matters only when the file is refused: a download never waits for it.
	const tablePath = async () => {
		const { capabilities } = await getReader({ request, context, api: createApiClient({ request, context }) })
		return opensIndexPage(capabilities, entity) ? `/${entity}` : null
	}
	return downloadTableFile({ request: new Request(url, request), context, apiPath: DOWNLOAD_ENTITIES_API_PATH, tablePath, filename: `${entity}.xlsx`, failure: INDEX_MESSAGES.downloadFailed })
}
