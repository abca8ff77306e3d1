/**
 * A plain chart card's files (spec 001 §2 "Charts": PNG, JPG, PDF, PPT), drawn from the card
 * the reader's page holds: the page is loaded as the reader would see it (its access, its
 * cards), the card found by its id (also inside a context card), and its figures drawn by
 * the same renderer and options as the card's chart, then exported as the explorer's are.
 */
import type { Card } from '../../contract/cards.ts'
import { chartCardQuery } from '~/components/cards/chart-card-files.ts'
import { chartOptions, chartTypeOf } from '~/components/cards/chart-options.ts'
import { parseDataPoints } from '~/components/cards/data-points.ts'
import { cachedChartSvg } from '~/components/forecast/svg-cache.ts'
import { ApiError } from './api.server.ts'
import { chartFileResponse, isChartFileFormat } from './forecast-export.server.ts'

/** Our words for a file that cannot be had (the address names no chart of the page). */
export const CHART_FILE_NOT_FOUND = 'This chart is not on this page.'

const notFound = () => new Response(CHART_FILE_NOT_FOUND, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

const isCard = (value: unknown): value is Card => {
	const card = value as Partial<Card> | null
	return typeof card?.id === 'number' && typeof card.cardType === 'string' && typeof card.config === 'object' && card.config !== null
}

/**
 * A page the reader cannot have (unknown, or not theirs) holds no chart of theirs: its files
 * are this route's plain 404, not an error page (a file route has none). Failures are thrown.
 */
export function noPageCards(error: unknown): null {
	if (error instanceof ApiError && error.status < 500 && error.status !== 429) return null
	throw error
}

/** A plain chart card of `cards` by id, at any depth (a context card's contexts hold cards of their own). */
export function findChartCard(cards: unknown, id: number, depth = 0): Card | null {
	if (depth > 6 || cards === null || typeof cards !== 'object') return null
	if (isCard(cards) && cards.id === id && cards.cardType === 'ChartCard') return cards
	for (const value of Array.isArray(cards) ? cards : Object.values(cards)) {
		const found = findChartCard(value, id, depth + 1)
		if (found) return found
	}
	return null
}

/** The file of card `cardId` among the page's cards, in `format`; 404 for anything else. */
export async function chartCardFile(cards: unknown, cardId: string | undefined, format: string | undefined): Promise<Response> {
	const id = Number(cardId)
	if (!isChartFileFormat(format) || !Number.isSafeInteger(id)) return notFound()
	const card = findChartCard(cards, id)
	const config = (card?.config ?? {}) as { title?: string; description?: string; source?: string; chartType?: string; dataPoints?: unknown; xAxisLabel?: string; yAxisLabel?: string }
	const data = parseDataPoints(config.dataPoints)
	if (!card || !data) return notFound()
	const chartType = chartTypeOf(config.chartType, 'column')
	const labels = { xAxisLabel: config.xAxisLabel, yAxisLabel: config.yAxisLabel }
	const title = config.title ?? ''
	const svg = cachedChartSvg(chartCardQuery(data, chartType, labels), () => chartOptions(data, chartType, labels), { title })
	const subtitle = [config.description, config.source ? `Source: ${config.source}` : null].filter(Boolean).join('; ')
	return chartFileResponse(svg, format, { title, subtitle })
}
