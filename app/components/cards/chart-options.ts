/**
 * The chart a table of figures draws: series per column, x values from the first column,
 * the axis type of spec 000 §5. Pure data (no chart library here), so the page bundle stays
 * small and the rules are tested without a browser.
 */
import type { AxisLabelsFormatterContextObject, Options, SeriesOptionsType } from 'highcharts'
import { formatAxisValue, formatSignificant } from '../../../contract/format.ts'
import { escapeHtml } from '../../../contract/html.ts'
import { xAxisType, type Cell, type TableData } from './data-points.ts'

/** Spec 001 §4 chart types (sunburst arrives with the data issue). */
export const CHART_TYPES = ['column', 'column-stacked', 'bar', 'bar-stacked', 'line', 'line-stacked'] as const
export type ChartType = (typeof CHART_TYPES)[number]

/** Our choice of the "palette 12 colours" (spec 001 §9): the theme colours, then quieter tones. */
export const CHART_PALETTE = ['#2d62b2', '#00b1ee', '#00a390', '#6cb411', '#efa724', '#df5620', '#cd3c7e', '#0b3d6b', '#7fb8e6', '#8c6bb1', '#52606d', '#b5c7d6']
/** "24 with more than 12 series": the palette again, lightened. */
const EXTENDED_PALETTE = [...CHART_PALETTE, '#6d92ca', '#59cdf4', '#59c2b6', '#a2d067', '#f4c46e', '#e98b65', '#de7aa6', '#54779a', '#b2d4ef', '#b29dcd', '#8c979f', '#d3dee7']
/** "Legend moves right, vertical, with more than 8 series." */
export const LEGEND_RIGHT_FROM = 9

export function chartTypeOf(value: unknown, fallback: ChartType): ChartType {
	return (CHART_TYPES as readonly string[]).includes(String(value)) ? (value as ChartType) : fallback
}

const yValue = (cell: Cell) => (typeof cell === 'number' && Number.isFinite(cell) ? cell : null)

export type ChartLabels = { xAxisLabel?: string | null; yAxisLabel?: string | null }

/** The options, with their series (the server's SVG renderer draws from them too). */
export type CardChartOptions = Options & { series: SeriesOptionsType[] }

export function chartOptions(data: TableData, chartType: ChartType, { xAxisLabel, yAxisLabel }: ChartLabels = {}): CardChartOptions {
	const [type, stacking] = chartType.split('-') as ['column' | 'bar' | 'line', 'stacked' | undefined]
	const xValues = data.rows.map((row) => row[0])
	const axis = xAxisType(xValues)
	const x = (cell: Cell) => (axis === 'datetime' ? Date.parse(String(cell)) : (cell as number))
	const series = data.columns.slice(1).map(
		(name, index): SeriesOptionsType => ({
			type,
			name: name || `Series ${index + 1}`,
			data: data.rows.map((row) => (axis === 'category' ? yValue(row[index + 1]) : [x(row[0]), yValue(row[index + 1])])),
		}),
	)
	const manySeries = series.length >= LEGEND_RIGHT_FROM
	return {
		chart: { type, style: { fontFamily: 'inherit' } },
		title: { text: undefined },
		credits: { enabled: false },
		// The card's table is the accessible version of the chart (it is always on the page).
		accessibility: { enabled: false },
		colors: series.length > CHART_PALETTE.length ? EXTENDED_PALETTE : CHART_PALETTE,
		xAxis: {
			type: axis,
			...(axis === 'category' ? { categories: xValues.map((value) => String(value ?? '')) } : {}),
			...(axis === 'linear' ? { allowDecimals: false } : {}),
			title: { text: xAxisLabel || undefined },
		},
		yAxis: { title: { text: yAxisLabel || undefined }, labels: VALUE_AXIS_LABELS, reversedStacks: STACK_FIRST_SERIES_ON_TOP },
		legend: manySeries ? { enabled: true, layout: 'vertical', align: 'right', verticalAlign: 'middle' } : { enabled: series.length > 1 },
		plotOptions: { series: { stacking: stacking ? 'normal' : undefined } },
		tooltip: {
			shared: true,
			pointFormatter() {
				return `${escapeHtml(this.series.name)}: <b>${this.y === null || this.y === undefined ? '-' : toSignificant(this.y)}</b><br/>`
			},
		},
		series,
	}
}

/**
 * The value axis' labels as the server's SVG writes them (formatAxisValue: "1,000,000", never
 * Highcharts' own "1,000k" under a "$ million" title).
 */
export const VALUE_AXIS_LABELS = {
	formatter(this: AxisLabelsFormatterContextObject) {
		return typeof this.value === 'number' ? formatAxisValue(this.value) : String(this.value)
	},
}

/**
 * Which way a stack is built, for both drawings: the first series on top (Highcharts' own
 * `reversedStacks`), so a stack reads top to bottom in the table's and the legend's order.
 * The server's SVG reads the same option.
 */
export const STACK_FIRST_SERIES_ON_TOP = true

/** "tooltip values 3 significant digits" (spec 000 §9). */
export const TOOLTIP_SIGNIFICANT_DIGITS = 3
export const toSignificant = (value: number, digits = TOOLTIP_SIGNIFICANT_DIGITS) => formatSignificant(value, digits)

