/**
 * Table, chart and database chart cards (spec 000 §5; 001 §2 Database chart card, Paginated
 * table card). A table or chart card appears only with enough figures (2 rows, 2 columns).
 */
import { cardParam, TABLE_ALL_ROWS, TABLE_PAGE_PARAM, TOTAL_ROW } from '../../../contract/card-rules.ts'
import { CUSTOM_URL_CHART_TYPE } from '../../../contract/forecast.ts'
import { Chart } from './Chart.tsx'
import { chartTypeOf } from './chart-options.ts'
import { DataTable } from './DataTable.tsx'
import { parseDataPoints, transpose, type TableData } from './data-points.ts'
import { CardHeader, SmartLink } from './parts.tsx'
import type { CardProps } from './types.ts'

type Notes = { source?: string; footnote?: string }

function CardNotes({ source, footnote }: Notes) {
	if (!source && !footnote) return null
	return (
		<footer className="card__notes">
			{source ? <p>Source: {source}</p> : null}
			{footnote ? <p>{footnote}</p> : null}
		</footer>
	)
}

type TableConfig = Notes & {
	title?: string
	description?: string
	dataPoints?: unknown
	maxRecordCount?: number
	downloadUrl?: string
	fullDataDownloadUrl?: string
	seeMoreLink?: string
	seeMoreOption?: string
}

/** A paginated table with its title, description, downloads and see-more link. */
export function TableCard({ config, card }: CardProps<TableConfig>) {
	const data = parseDataPoints(config.dataPoints)
	if (!data) return null
	const pageSize = typeof config.maxRecordCount === 'number' ? config.maxRecordCount : undefined
	return (
		<section className="card card--table">
			<CardHeader title={config.title} seeMoreLink={config.seeMoreLink} seeMoreText={config.seeMoreOption || 'See more'} />
			{config.description ? <p className="card__description">{config.description}</p> : null}
			<DataTable data={data} caption={config.title} pageSize={pageSize} pageParam={cardParam(TABLE_PAGE_PARAM, card.id)} />
			{config.downloadUrl || config.fullDataDownloadUrl ? (
				<p className="card__downloads">
					{config.downloadUrl ? (
						<SmartLink to={config.downloadUrl} className="button button--outline">
							Download sample data
						</SmartLink>
					) : null}
					{config.fullDataDownloadUrl ? (
						<SmartLink to={config.fullDataDownloadUrl} className="button button--outline">
							Download full data
						</SmartLink>
					) : null}
				</p>
			) : null}
			<CardNotes source={config.source} footnote={config.footnote} />
		</section>
	)
}

type ChartConfig = Notes & { title?: string; description?: string; dataPoints?: unknown; chartType?: string; xAxisLabel?: string; yAxisLabel?: string }

/** A chart of its figures; the figures themselves are its table (always on the page). */
export function ChartCard({ config }: CardProps<ChartConfig>) {
	const data = parseDataPoints(config.dataPoints)
	if (!data) return null
	return (
		<section className="card card--chart">
			<CardHeader title={config.title} />
			{config.description ? <p className="card__description">{config.description}</p> : null}
			<Chart data={data} chartType={chartTypeOf(config.chartType, 'column')} labels={{ xAxisLabel: config.xAxisLabel, yAxisLabel: config.yAxisLabel }}>
				<DataTable data={data} caption={config.title} pageSize={TABLE_ALL_ROWS} />
			</Chart>
			<CardNotes source={config.source} footnote={config.footnote} />
		</section>
	)
}

type DatabaseChartConfig = Notes & {
	title?: string
	description?: string
	hasAccess?: boolean
	dataPoints?: unknown
	unit?: string
	publishedAt?: string | null
	reportTitleFilters?: string[]
	trends?: string | null
	exploreLink?: string
	chartType?: string
	chartTableDisplayType?: 'Table' | 'ChartTable' | 'TableChart'
	xAxisLabel?: string
	yAxisLabel?: string
	/** The card's query, as the CMS set it (the resolver passes it on). */
	dataSourceChartType?: string
	countryName?: string
	customUrl?: string
	startYear?: number
	endYear?: number
	hideCAGR?: boolean
}

/**
 * A forecast card's workbook (spec 001 §2 "Charts": XLSX is on for database charts; §7 POST
 * /forecast/downloadForChart): a country's card by country and report type, any other (a
 * region, the world, a custom chart link) by its "Explore data" query as a custom chart link.
 */
function chartWorkbookLink(config: DatabaseChartConfig): string | null {
	if (config.dataSourceChartType === 'FinancialHistory' || !config.exploreLink) return null
	const byCountry = config.countryName && !config.customUrl
	const params = new URLSearchParams(
		byCountry ? { chartType: config.dataSourceChartType ?? 'TotalSpending', countryName: config.countryName! } : { chartType: CUSTOM_URL_CHART_TYPE, customUrl: config.exploreLink },
	)
	if (byCountry && config.startYear) params.set('startYear', String(config.startYear))
	if (byCountry && config.endYear) params.set('endYear', String(config.endYear))
	if (config.hideCAGR) params.set('hideCAGR', 'true')
	if (config.title) params.set('reportTitle', config.title)
	return `/data/chart.xlsx?${params}`
}

/** Spec 001 §4: "No data available" when there is no chart data. */
export const NO_DATA = 'No data available'
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The chart of a forecast table: years along the x axis, a series per group, no CAGR or total. */
function chartOfTable(table: TableData): TableData {
	const years = table.columns.findIndex((column, index) => index > 0 && !/^\d{4}$/.test(column))
	const keep = years === -1 ? table.columns.length : years
	return transpose({ columns: table.columns.slice(0, keep), rows: table.rows.filter((row) => row[0] !== TOTAL_ROW).map((row) => row.slice(0, keep)) })
}

/**
 * Forecast figures or a company's financial history (spec 001 §2): title, description,
 * "Updated {month year}", the filters line, chart and table in the order of
 * chartTableDisplayType, and the Data table / Trends panels (one open at a time) with the
 * "Explore data" link. Without strategy beta access it renders nothing (spec 001 §6).
 */
export function DatabaseChartCard({ config, card }: CardProps<DatabaseChartConfig>) {
	if (config.hasAccess === false) return null
	const table = parseDataPoints(config.dataPoints)
	const display = config.chartTableDisplayType ?? 'ChartTable'
	const chartData = table ? chartOfTable(table) : null
	const panel = `database-chart-${card.id}`
	const workbook = chartWorkbookLink(config)
	const tableView = table ? <DataTable data={table} caption={config.title} pageSize={TABLE_ALL_ROWS} totalRowLabel={TOTAL_ROW} /> : null
	const hasChart = chartData !== null && chartData.rows.length >= 2 && display !== 'Table'
	const chart = (withTable: boolean) =>
		hasChart ? (
			<Chart
				data={chartData}
				chartType={chartTypeOf(config.chartType, 'column-stacked')}
				labels={{ xAxisLabel: config.xAxisLabel, yAxisLabel: config.yAxisLabel ?? config.unit }}
				panelName={panel}
			>
				{withTable ? tableView : null}
			</Chart>
		) : null
	return (
		<section className="card card--database-chart">
			<CardHeader title={config.title} />
			{config.publishedAt ? <p className="card__subtitle">Updated {monthYear.format(new Date(config.publishedAt))}</p> : null}
			{config.description ? <p className="card__description">{config.description}</p> : null}
			{config.reportTitleFilters?.length ? <p className="card__filters">{config.reportTitleFilters.join(' | ')}</p> : null}
			{!table ? (
				<p className="empty">{NO_DATA}</p>
			) : !hasChart ? (
				tableView
			) : display === 'TableChart' ? (
				<>
					{tableView}
					{chart(false)}
				</>
			) : (
				chart(true)
			)}
			<div className="card__panels">
				{config.trends ? (
					// Panels share a name: opening one closes the other (spec 001 §4), without scripts.
					<details name={panel} className="card__panel">
						<summary>Trends</summary>
						<p>{config.trends}</p>
					</details>
				) : null}
				{config.exploreLink ? (
					<SmartLink to={config.exploreLink} className="button button--outline">
						Explore data
					</SmartLink>
				) : null}
				{workbook ? (
					<a href={workbook} className="button button--outline">
						Download .xlsx
					</a>
				) : null}
			</div>
			<CardNotes source={config.source} footnote={config.footnote} />
		</section>
	)
}
