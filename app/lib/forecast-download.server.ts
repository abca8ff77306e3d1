/**
 * The export resource routes of /data and /desaldata (`{path}/export/{format}?{the page's
 * query}`): the same access and state as the page, then the file. The table's files (xlsx,
 * csv) are the API's (POST /forecast/download, the one builder of the workbook), streamed on
 * as they come; the chart's (svg, png, jpg, pdf, pptx) are drawn here from the chart the page
 * shows. A refusal or a failure goes back to the page with the spec's message in a banner
 * (`downloadError`, as the tables' downloads do), so a reader without scripts sees it too.
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import { ENDPOINTS, endpointPath } from '../../contract/endpoints.ts'
import { noticeCode } from '../../contract/notices.ts'
import { TableNoticeParamsSchema } from '../../contract/tables.ts'
import { ChartDownloadQuerySchema, FORECAST_MESSAGES, FORECAST_PAGES, parseForecastState, type ForecastPageKey, type ForecastState } from '../../contract/forecast.ts'
import { forecastChartOptions } from '~/components/forecast/chart-options.ts'
import { cachedChartSvg } from '~/components/forecast/svg-cache.ts'
import { apiTransport, createApiClient } from './api.server.ts'
import { getEnv } from './env.server.ts'
import { explorerChartQuery, explorerState, fetchForecast, normaliseParams } from './forecast-explorer.server.ts'
import { chartFileResponse } from './forecast-export.server.ts'
import { getReader } from './reader.server.ts'
import { getReaderToken } from './session-refresh.server.ts'
import { log } from './log.ts'

export const DOWNLOAD_FORMATS = ['xlsx', 'csv', 'svg', 'png', 'jpg', 'pdf', 'pptx'] as const
type Args = { request: Request; context: AppLoadContext; params: { format?: string } }

/** The API's file endpoints (marked `file` in the contract). */
type FileEndpoint = 'forecast.download' | 'forecast.downloadForChart'

/**
 * A file from the API: the reader's token, the query (and body); the file as it came, or the
 * message for the reader: the permission refusal and the chart query's own rule in the spec's
 * words (spec 001 §5, §8), anything else "Failed to download forecast data".
 */
async function apiFile({ request, context }: Pick<Args, 'request' | 'context'>, name: FileEndpoint, query: URLSearchParams, body?: unknown): Promise<Response | { refused: string; status: number }> {
	const { method, path } = ENDPOINTS[name]
	const bearer = await getReaderToken({ request, context })
	const base = (getEnv().API_BASE_URL ?? 'http://api.internal').replace(/\/$/, '')
	let response: Response
	try {
		response = await apiTransport(context)(
			new Request(`${base}${endpointPath(path)}?${query}`, {
				method,
				headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: request.signal,
			}),
		)
	} catch (error) {
		if (request.signal.aborted) throw error
		log.error({ err: error }, '[forecast] the download failed')
		return { refused: FORECAST_MESSAGES.downloadFailed, status: 503 }
	}
	if (!response.ok) {
		const payload = (await response.json().catch(() => null)) as { errors?: string[] } | null
		const message = payload?.errors?.[0]
		const known: string[] = [FORECAST_MESSAGES.noDownloadPermission, FORECAST_MESSAGES.noGeographyOrChartType]
		return { refused: message && known.includes(message) ? message : FORECAST_MESSAGES.downloadFailed, status: response.status }
	}
	return new Response(response.body, {
		headers: {
			'Content-Type': response.headers.get('Content-Type') ?? 'application/octet-stream',
			'Content-Disposition': response.headers.get('Content-Disposition') ?? 'attachment',
			'Cache-Control': 'private, no-store',
		},
	})
}

/** The table's file of the page's state (POST /forecast/download). */
function tableFile(args: Args, state: ForecastState, previewMode: boolean, csv: boolean) {
	const query = new URLSearchParams({ startYear: String(state.startYear), endYear: String(state.endYear), previewMode: String(previewMode), pivot: 'true', outputAsCsv: String(csv) })
	return apiFile(args, 'forecast.download', query, { reportType: state.reportType, variant: state.variant, groupBy: state.groupBy, filters: state.filters })
}

/**
 * A database chart card's workbook (`/data/chart.xlsx?chartType&countryName&customUrl&...`,
 * POST /forecast/downloadForChart): the link's own parameters passed on, with the reader's
 * preview setting. Cards sit on any page, so a refusal answers with the spec's message as text.
 */
export async function chartDownload(args: Pick<Args, 'request' | 'context'>): Promise<Response> {
	const asked = new URL(args.request.url).searchParams
	const query = new URLSearchParams()
	for (const key of ChartDownloadQuerySchema.keyof().options) {
		const value = asked.get(key)
		if (value && key !== 'previewMode') query.set(key, value)
	}
	const reader = await getReader({ request: args.request, context: args.context, api: createApiClient(args) })
	query.set('previewMode', String(reader.capabilities.canPreviewData && reader.profile?.previewData === true))
	const file = await apiFile(args, 'forecast.downloadForChart', query)
	if (file instanceof Response) return file
	return new Response(file.refused, { status: file.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

/** Back to the page the link was on, with the message for its banner. */
function backToPage(page: ForecastPageKey, url: URL, message: string) {
	const back = new URLSearchParams(url.search)
	back.set('downloadError' satisfies keyof typeof TableNoticeParamsSchema.shape, noticeCode(message))
	return redirect(`${FORECAST_PAGES[page].path}?${back.toString().replaceAll('%7E', '~')}`)
}

export async function forecastDownload(args: Args, page: ForecastPageKey): Promise<Response> {
	const format = args.params.format as (typeof DOWNLOAD_FORMATS)[number]
	if (!DOWNLOAD_FORMATS.includes(format)) return new Response(`Unknown format: ${String(args.params.format).slice(0, 20)}`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const { api, access, info, url } = await explorerState(args, page)
	if (!access.canViewData) return backToPage(page, url, FORECAST_MESSAGES.noDownloadPermission)
	if (!info) return backToPage(page, url, FORECAST_MESSAGES.downloadFailed)
	const state = parseForecastState(normaliseParams(url.searchParams, page, info.yearRange), page, info.yearRange)
	if (format === 'xlsx' || format === 'csv') {
		const file = await tableFile(args, state, access.previewMode, format === 'csv')
		return file instanceof Response ? file : backToPage(page, url, file.refused === FORECAST_MESSAGES.noDownloadPermission ? file.refused : FORECAST_MESSAGES.downloadFailed)
	}
	const { result, message } = await fetchForecast(api, state, access.previewMode)
	if (!result || message) return backToPage(page, url, FORECAST_MESSAGES.downloadFailed)
	const svg = cachedChartSvg(explorerChartQuery(page, state, info.yearRange, access.previewMode, result), () => forecastChartOptions(result, state.chartType, state.year ?? result.defaultYear), { title: result.reportTitle })
	return chartFileResponse(svg, format, { title: result.reportTitle, subtitle: [result.unit, ...result.reportTitleFilters].join('; ') })
}
