/**
 * A plain chart card's files (spec 001 §2 "Charts"): drawn from the card's own figures by the
 * page's export route, `{page}/chart/{card id}/{format}`, so a link works without scripts and
 * the file shows what the card shows. Pure, so the card and the route agree on both the
 * address and the drawing's cache key.
 */
import type { ChartLabels, ChartType } from './chart-options.ts'
import type { TableData } from './data-points.ts'
import { CARD_CHART_EXPORTS } from './database-chart.ts'
import type { ChartFile } from './ChartMenu.tsx'

/** The pages whose route exports their chart cards: custom pages and contexts (/pages/{slug}, /contexts/{slug}). */
const EXPORTING_PAGE = /^\/(pages|contexts)\/([^/]+)\/?$/

/** The card's files on the page at `pathname`; none where no route exports them. */
export function chartCardFiles(pathname: string, cardId: number): ChartFile[] {
	const match = pathname.match(EXPORTING_PAGE)
	if (!match) return []
	return CARD_CHART_EXPORTS.map(([format, label]) => ({ format, label, href: `/${match[1]}/${match[2]}/chart/${cardId}/${format}` }))
}

/** What a chart card's drawing is cached by: its figures, type and axis labels (the same figures, the same drawing). */
export const chartCardQuery = (data: TableData, chartType: ChartType, labels: ChartLabels | undefined) => `chart-card?${JSON.stringify([data, chartType, labels])}`
