/**
 * A database chart card's chart (spec 001 §2): the card's table (a row per group, a column
 * per year, then the CAGR and the total row) as the figures the explorer's chart is drawn
 * from, so the card is drawn by the same options and the same server-side SVG renderer.
 */
import { TOTAL_ROW } from '../../../contract/card-rules.ts'
import { CHART_TYPES, DEFAULT_CHART_TYPE, type ForecastChartType } from '../../../contract/forecast.ts'
import type { ChartFigures } from '../forecast/chart-options.ts'
import type { TableData } from './data-points.ts'

const YEAR = /^\d{4}$/

/** The card's chart type: one of the explorer's, column-stacked by default (spec 001 §4). */
export const cardChartTypeOf = (value: unknown): ForecastChartType => ((CHART_TYPES as readonly unknown[]).includes(value) ? (value as ForecastChartType) : DEFAULT_CHART_TYPE)

/** The years of the table, in its column order (the columns after the first that are years). */
export const tableYears = (table: TableData): number[] => table.columns.slice(1).filter((column) => YEAR.test(column)).map(Number)

const finite = (cell: unknown) => (typeof cell === 'number' && Number.isFinite(cell) ? cell : null)

/** Series per row (not the total), years as categories, and per year a one-level sunburst of the rows. */
export function cardChartFigures(table: TableData, { unit, title }: { unit?: string; title?: string }): ChartFigures {
	const yearColumns = table.columns.map((column, index) => (index > 0 && YEAR.test(column) ? index : -1)).filter((index) => index > 0)
	const rows = table.rows.filter((row) => row[0] !== TOTAL_ROW && row[0] !== null)
	const sunburst = Object.fromEntries(
		yearColumns.map((column) => [
			table.columns[column],
			rows.flatMap((row) => {
				const value = finite(row[column])
				const name = String(row[0])
				return value !== null && value > 0 ? [{ id: name, parent: '', name, value, level: 1 }] : []
			}),
		]),
	)
	return {
		reportTitle: title ?? '',
		unit: unit ?? '',
		dataForChart: { categories: yearColumns.map((column) => Number(table.columns[column])), series: rows.map((row) => ({ name: String(row[0]), data: yearColumns.map((column) => finite(row[column])) })), sunburst },
	}
}

/**
 * What a card's drawing is cached by: the card's query (its source, place, company, years,
 * custom link), the chart type and year, and the release it shows.
 */
export function cardChartQuery(config: Record<string, unknown>, chartType: ForecastChartType, year: number | null): string {
	const company = (config.company as { slug?: unknown } | undefined)?.slug ?? config.companySlug
	const query = new URLSearchParams()
	for (const [key, value] of Object.entries({
		dataSourceChartType: config.dataSourceChartType,
		countryName: config.countryName,
		region: config.region,
		company,
		startYear: config.startYear,
		endYear: config.endYear,
		customUrl: config.customUrl,
		hideCAGR: config.hideCAGR,
		unit: config.unit,
		publishedAt: config.publishedAt,
		chartType,
		year: chartType === 'sunburst' ? year : null,
	}))
		if (value !== undefined && value !== null && value !== '') query.set(key, String(value))
	return `database-chart?${query}`
}

/** The chart menu's image and document exports (spec 001 §2 "Charts"): the explorer's, by label. */
export const CARD_CHART_EXPORTS = [
	['png', 'PNG'],
	['jpg', 'JPG'],
	['svg', 'SVG'],
	['pdf', 'PDF'],
	['pptx', 'PPT'],
] as const

/**
 * A card's chart as the explorer exports it: the export route of its "Explore data" page
 * (/data or /desaldata) with that query, the card's chart type and sunburst year. The card's
 * figures are the explorer's for that query. None for a financial history or an outside link.
 */
export function cardExportLink(exploreLink: string | undefined, format: string, chartType: ForecastChartType, year: number | null): string | null {
	const match = exploreLink?.match(/^\/(data|desaldata)\?(.*)$/)
	if (!match) return null
	const query = new URLSearchParams(match[2])
	query.set('chartType', chartType)
	if (chartType === 'sunburst' && year !== null) query.set('year', String(year))
	else query.delete('year')
	return `/${match[1]}/export/${format}?${query.toString().replaceAll('%7E', '~')}`
}
