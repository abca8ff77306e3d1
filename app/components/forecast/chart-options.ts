/**
 * The forecast chart as one Highcharts options object (spec 001 §4 chart types, §9 palette,
 * legend and sunburst rules). The server draws it as SVG from these same options
 * (chart-svg.ts); in the browser Highcharts draws it from them.
 */
import type { Options, SeriesOptionsType } from 'highcharts'
import { chartSeriesShownNote, type ForecastChartType, type ForecastResult } from '../../../contract/forecast.ts'
import { escapeHtml } from '../../../contract/html.ts'
import { CHART_PALETTE, LEGEND_RIGHT_FROM, STACK_FIRST_SERIES_ON_TOP, toSignificant, VALUE_AXIS_LABELS } from '../cards/chart-options.ts'

/** "24 with more than 12 series": the palette again, lightened (as the cards' charts). */
export const EXTENDED_PALETTE = [...CHART_PALETTE, '#6d92ca', '#59cdf4', '#59c2b6', '#a2d067', '#f4c46e', '#e98b65', '#de7aa6', '#54779a', '#b2d4ef', '#b29dcd', '#8c979f', '#d3dee7']
/** Spec 001 §9 "Sunburst central label 160 px"; "tooltip width 225". */
export const SUNBURST_CENTRE_PX = 160
export const TOOLTIP_WIDTH_PX = 225
/** Spec 000 §9 "Sunburst labels filtered by arc length (16 inner, 64 outer)": the first ring's labels by their inner arc, the outer rings' by their outer arc, in px. */
export const SUNBURST_LABEL_MIN_INNER_ARC = 16
export const SUNBURST_LABEL_MIN_OUTER_ARC = 64
/** The id of the sunburst's centre (the total); the top-level points are its children. */
export const SUNBURST_ROOT = '(total)'

export type ForecastChartOptions = Options & { series: SeriesOptionsType[] }

/** What a chart is drawn from: the explorer's forecast, or a database chart card's figures. */
export type ChartFigures = Pick<ForecastResult, 'dataForChart' | 'unit' | 'reportTitle'>

/**
 * The chart's note when it draws fewer series than the figures hold (the API's seriesTotal),
 * as a caption: both drawings (Highcharts' and the server's SVG, so every file too) carry it.
 */
export function seriesShownCaption(result: ChartFigures): Options['caption'] | undefined {
	const shown = result.dataForChart.series.length
	const total = result.dataForChart.seriesTotal ?? shown
	return total > shown ? { text: chartSeriesShownNote(shown, total) } : undefined
}

export function forecastChartOptions(result: ChartFigures, chartType: ForecastChartType, year: number): ForecastChartOptions {
	const base = {
		credits: { enabled: false },
		title: { text: undefined },
		accessibility: { enabled: false },
		tooltip: {
			style: { width: TOOLTIP_WIDTH_PX },
			// "tooltip values 3 significant digits" (spec 000 §9); a sunburst point's figure is its value.
			pointFormatter() {
				const value = this.y ?? (this as unknown as { value?: number }).value
				return `${escapeHtml(this.name || this.series.name)}: <b>${typeof value === 'number' && Number.isFinite(value) ? toSignificant(value) : '-'}</b><br/>`
			},
		},
	} satisfies Options
	if (chartType === 'sunburst') {
		const points = result.dataForChart.sunburst[String(year)] ?? []
		return {
			...base,
			chart: { type: 'sunburst', style: { fontFamily: 'inherit' } },
			colors: CHART_PALETTE,
			subtitle: { text: String(year) },
			series: [
				{
					type: 'sunburst',
					name: result.reportTitle,
					allowTraversingTree: true,
					// The root has an id of its own: Highcharts reads a missing parent as '', so a root
					// with the id '' is its own parent and the sunburst recurses without end.
					data: [{ id: SUNBURST_ROOT, parent: '', name: 'Total' }, ...points.map((p) => ({ id: p.id, parent: p.parent || SUNBURST_ROOT, name: p.name, value: p.value }))],
					// Level 1 is the centre (the total); the groups' rings follow.
					levels: [
						{ level: 2, colorByPoint: true, dataLabels: { filter: { property: 'innerArcLength', operator: '>', value: SUNBURST_LABEL_MIN_INNER_ARC } } },
						{ level: 3, colorVariation: { key: 'brightness', to: 0.4 }, dataLabels: { filter: { property: 'outerArcLength', operator: '>', value: SUNBURST_LABEL_MIN_OUTER_ARC } } },
						{ level: 4, colorVariation: { key: 'brightness', to: 0.4 }, dataLabels: { filter: { property: 'outerArcLength', operator: '>', value: SUNBURST_LABEL_MIN_OUTER_ARC } } },
						{ level: 5, colorVariation: { key: 'brightness', to: 0.4 }, dataLabels: { filter: { property: 'outerArcLength', operator: '>', value: SUNBURST_LABEL_MIN_OUTER_ARC } } },
					],
				},
			],
		}
	}
	const [type, stacking] = chartType.split('-') as ['column' | 'bar' | 'line', 'stacked' | undefined]
	const series = result.dataForChart.series.map((s): SeriesOptionsType => ({ type, name: s.name, data: s.data }))
	const caption = seriesShownCaption(result)
	return {
		...base,
		chart: { type, style: { fontFamily: 'inherit' } },
		colors: series.length > CHART_PALETTE.length ? EXTENDED_PALETTE : CHART_PALETTE,
		xAxis: { categories: result.dataForChart.categories.map(String) },
		yAxis: { title: { text: result.unit }, labels: VALUE_AXIS_LABELS, reversedStacks: STACK_FIRST_SERIES_ON_TOP },
		legend: series.length >= LEGEND_RIGHT_FROM ? { enabled: true, layout: 'vertical', align: 'right', verticalAlign: 'middle' } : { enabled: true },
		plotOptions: { series: { stacking: stacking ? 'normal' : undefined } },
		...(caption ? { caption } : {}),
		series,
	}
}
