/**
 * The export resource routes of /data and /desaldata (`{path}/export/{format}?{the page's
 * query}`): the same access and state as the page, then the file. Readers without
 * read:forecast-data get 403 and the spec's permission message.
 */
import type { AppLoadContext } from '@remix-run/node'
import { CHART_EXPORT_FILE_NAME, FORECAST_MESSAGES, parseForecastState, type ForecastPageKey } from '../../contract/forecast.ts'
import { forecastChartOptions } from '~/components/forecast/chart-options.ts'
import { renderChartSvg } from '~/components/forecast/chart-svg.ts'
import { explorerState, fetchForecast, normaliseParams } from './forecast-explorer.server.ts'
import { chartJpeg, chartPdf, chartPng, chartPptx, forecastCsv, forecastWorkbook } from './forecast-export.server.ts'

export const DOWNLOAD_FORMATS = ['xlsx', 'csv', 'svg', 'png', 'jpg', 'pdf', 'pptx'] as const

const plain = (message: string, status: number) => new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function forecastDownload(args: { request: Request; context: AppLoadContext; params: { format?: string } }, page: ForecastPageKey): Promise<Response> {
	const format = args.params.format as (typeof DOWNLOAD_FORMATS)[number]
	if (!DOWNLOAD_FORMATS.includes(format)) return plain(`Unknown format: ${String(args.params.format).slice(0, 20)}`, 404)
	const { api, access, info, url } = await explorerState(args, page)
	if (!access.canViewData) return plain(FORECAST_MESSAGES.noDownloadPermission, 403)
	if (!info) return plain(FORECAST_MESSAGES.downloadFailed, 503)
	const state = parseForecastState(normaliseParams(url.searchParams, page, info.yearRange), page, info.yearRange)
	const { result, message } = await fetchForecast(api, state, access.previewMode)
	if (!result || message) return plain(message ?? FORECAST_MESSAGES.downloadFailed, result ? 404 : 400)
	const headers = (type: string, name: string) => ({ 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' })
	switch (format) {
		case 'xlsx':
			return new Response(new Uint8Array(await forecastWorkbook(result)), { headers: headers('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', result.downloadFileName) })
		case 'csv':
			return new Response(forecastCsv(result), { headers: headers('text/csv; charset=utf-8', result.downloadFileName.replace(/\.xlsx$/, '.csv')) })
		default: {
			const svg = renderChartSvg(forecastChartOptions(result, state.chartType, state.year ?? result.defaultYear), { title: result.reportTitle })
			const file = (extension: string) => `${CHART_EXPORT_FILE_NAME}.${extension}`
			const document = { title: result.reportTitle, subtitle: [result.unit, ...result.reportTitleFilters].join('; ') }
			if (format === 'svg') return new Response(svg, { headers: headers('image/svg+xml', file('svg')) })
			if (format === 'png') return new Response(new Uint8Array(chartPng(svg)), { headers: headers('image/png', file('png')) })
			if (format === 'jpg') return new Response(new Uint8Array(chartJpeg(svg)), { headers: headers('image/jpeg', file('jpg')) })
			if (format === 'pdf') return new Response(new Uint8Array(await chartPdf(svg, document)), { headers: headers('application/pdf', file('pdf')) })
			return new Response(new Uint8Array(await chartPptx(svg, document)), { headers: headers('application/vnd.openxmlformats-officedocument.presentationml.presentation', file('pptx')) })
		}
	}
}
