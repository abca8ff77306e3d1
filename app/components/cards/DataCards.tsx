/**
 * Table, chart and database chart cards (spec 000 §5; 001 §2 Database chart card, Paginated
 * table card). A table or chart card appears only with enough figures (2 rows, 2 columns).
 */
import { Link, useLocation, useMatches, useSearchParams } from '@remix-run/react'
import { useMemo, useState } from 'react'
import {
	CHART_PANEL_LABELS,
	CHART_PANELS,
	cardParam,
	chartTableDisplayTypeOf,
	databaseChartSearch,
	databaseChartState,
	TABLE_ALL_ROWS,
	TABLE_PAGE_PARAM,
	TOTAL_ROW,
	type ChartPanel,
} from '../../../contract/card-rules.ts'
import { askAnAnalystLink, CUSTOM_URL_CHART_TYPE, FORECAST_MESSAGES, type Definition } from '../../../contract/forecast.ts'
import { DrawnChart } from '../forecast/DrawnChart.tsx'
import { Chart } from './Chart.tsx'
import { chartCardFiles } from './chart-card-files.ts'
import { ChartMenu } from './ChartMenu.tsx'
import { chartTypeOf } from './chart-options.ts'
import { CARD_CHART_EXPORTS, cardChartFigures, cardChartQuery, cardChartTypeOf, cardExportLink, tableYears } from './database-chart.ts'
import { DataTable } from './DataTable.tsx'
import { parseDataPoints } from './data-points.ts'
import { CardHeader, NO_DATA, SmartLink } from './parts.tsx'
import type { CardProps } from './types.ts'
import { formatMonthYear } from '~/lib/format.ts'

type Notes = { source?: string; footnote?: string }

function CardNotes({ source, footnote }: Notes) {
	if (!source && !footnote) return null
	return (
		<footer className="card__notes">
			{source ? <p>{`Source: ${source}`}</p> : null}
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

/** A chart of its figures, drawn on the server as SVG; the figures themselves are its table (always on the page). */
export function ChartCard({ config, card }: CardProps<ChartConfig>) {
	const { pathname } = useLocation()
	const data = parseDataPoints(config.dataPoints)
	if (!data) return null
	const files = chartCardFiles(pathname, card.id)
	return (
		<section className="card card--chart">
			<CardHeader title={config.title} />
			{config.description ? <p className="card__description">{config.description}</p> : null}
			{/* The chart menu of every chart (spec 001 §2 "Charts"); Fullscreen is the chart's own button. */}
			{files.length ? <ChartMenu files={files} /> : null}
			<Chart data={data} chartType={chartTypeOf(config.chartType, 'column')} labels={{ xAxisLabel: config.xAxisLabel, yAxisLabel: config.yAxisLabel }} label={config.title ?? 'Chart'} fullscreen>
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
	/** The forecasts' methodology and the definitions of what the card shows (forecast cards only). */
	methodology?: Definition[]
	definitions?: Definition[]
	/** "Sunburst year defaults to the server's defaultYear." */
	defaultYear?: number
	exploreLink?: string
	chartType?: string
	chartTableDisplayType?: string
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

/** The panels a card has: what it has content (or a message) for. */
function panelsOf(config: DatabaseChartConfig, hasChart: boolean): ChartPanel[] {
	return CHART_PANELS.filter((panel) =>
		panel === 'table' ? hasChart : panel === 'trends' ? Boolean(config.trends) : panel === 'methodology' ? config.methodology !== undefined : config.definitions !== undefined,
	)
}

function References({ items, empty }: { items: Definition[]; empty: string }) {
	if (items.length === 0) return <p className="empty">{empty}</p>
	return (
		<dl className="card__references">
			{items.map((item) => (
				<div key={item.slug}>
					<dt>{item.name}</dt>
					<dd>{item.description}</dd>
				</div>
			))}
		</dl>
	)
}

/**
 * Forecast figures or a company's financial history (spec 001 §2 "Database chart card"):
 * title, description, "Updated {month year}", the filters line, Reset and (sunburst) the
 * year selector, the chart drawn on the server as SVG by the explorer's renderer (replaced
 * by Highcharts once scripts run), the "Data table", "Trends", methodology and definitions
 * panels (one open at a time), "Explore data", source and footnote. The card's state is in
 * the page's URL (contract/card-rules.ts databaseChartState), so it all works without
 * scripts. Without strategy beta access it renders nothing (spec 001 §6).
 */
export function DatabaseChartCard({ config, card }: CardProps<DatabaseChartConfig>) {
	const [params] = useSearchParams()
	const location = useLocation()
	// The page's origin, for "Ask an analyst" (pages with cards return it from their loader).
	const origin = useMatches()
		.map((match) => (match.data as { origin?: unknown } | undefined)?.origin)
		.find((value): value is string => typeof value === 'string') ?? ''
	const [redraw, setRedraw] = useState(0)
	// Parsed again only when the figures change: a new table would redraw the chart (loader data is fresh after every navigation).
	const figuresKey = JSON.stringify(config.dataPoints ?? null)
	// eslint-disable-next-line react-hooks/exhaustive-deps -- figuresKey stands for config.dataPoints, compared by content
	const table = useMemo(() => (config.hasAccess === false ? null : parseDataPoints(config.dataPoints)), [config.hasAccess, figuresKey])
	const display = chartTableDisplayTypeOf(config.chartTableDisplayType)
	const chartType = cardChartTypeOf(config.chartType)
	const years = table ? tableYears(table) : []
	const hasChart = table !== null && display !== 'Table' && years.length > 0 && table.rows.some((row) => row[0] !== TOTAL_ROW)
	const panels = panelsOf(config, hasChart)
	const state = databaseChartState(params, card.id, { panels, display, years, defaultYear: config.defaultYear ?? null })
	const figures = useMemo(() => (table && hasChart ? cardChartFigures(table, { unit: config.yAxisLabel ?? config.unit, title: config.title }) : null), [table, hasChart, config.yAxisLabel, config.unit, config.title])
	const year = state.year ?? years.at(-1) ?? 0
	if (config.hasAccess === false) return null
	const anchor = `database-chart-${card.id}`
	const workbook = chartWorkbookLink(config)
	const to = (search: string) => ({ search, hash: anchor })
	const tableView = table ? <DataTable data={table} caption={config.title} pageSize={TABLE_ALL_ROWS} totalRowLabel={TOTAL_ROW} /> : null
	const chart = figures ? (
		<DrawnChart figures={figures} chartType={chartType} year={year} query={cardChartQuery(config, chartType, year)} label={config.title ?? 'Chart'} redraw={redraw} className="chart--database" fullscreen />
	) : null
	const panel = state.panel ? (
		<div className="card__panel" id={`${anchor}-${state.panel}`} role="region" aria-label={CHART_PANEL_LABELS[state.panel]}>
			{state.panel === 'table' ? tableView : null}
			{state.panel === 'trends' ? <p>{config.trends}</p> : null}
			{state.panel === 'methodology' ? <References items={config.methodology ?? []} empty={FORECAST_MESSAGES.noMethodologies} /> : null}
			{state.panel === 'definitions' ? <References items={config.definitions ?? []} empty={FORECAST_MESSAGES.notApplicable} /> : null}
		</div>
	) : null
	return (
		<section className="card card--database-chart" id={anchor}>
			<CardHeader title={config.title} />
			{config.publishedAt ? <p className="card__subtitle">{`Updated ${formatMonthYear(config.publishedAt)}`}</p> : null}
			{config.description ? <p className="card__description">{config.description}</p> : null}
			{config.reportTitleFilters?.length ? <p className="card__filters">{config.reportTitleFilters.join(' | ')}</p> : null}
			{!table ? (
				<p className="empty">{NO_DATA}</p>
			) : (
				<>
					{hasChart ? (
						<div className="card__chart-tools">
							{/* "A Reset button (returns the chart to its top drilldown level)": the card's state goes, and the drawn chart starts afresh. */}
							<Link to={to(databaseChartSearch(params, card.id, { reset: true }))} preventScrollReset replace className="button button--outline" onClick={() => setRedraw((count) => count + 1)}>
								Reset
							</Link>
							{chartType === 'sunburst' ? (
								<nav aria-label="Sunburst year" className="card__years">
									{years.map((y) =>
										y === year ? (
											<strong key={y} aria-current="true">
												{y}
											</strong>
										) : (
											<Link key={y} to={to(databaseChartSearch(params, card.id, { year: y }))} preventScrollReset replace>
												{y}
											</Link>
										),
									)}
								</nav>
							) : null}
						</div>
					) : null}
					{hasChart ? (
						// "The full menu (XLSX, methodology, definitions, ask an analyst) is on for database charts" (spec 001 §2).
						<ChartMenu
							files={CARD_CHART_EXPORTS.flatMap(([format, label]) => {
								const href = cardExportLink(config.exploreLink, format, chartType, year)
								return href ? [{ format, label, href }] : []
							})}
						>
							{workbook ? <a href={workbook}>XLSX</a> : null}
							{panels.includes('methodology') ? (
								<Link to={to(databaseChartSearch(params, card.id, { toggle: 'methodology', open: state.panel === 'methodology' ? null : state.panel, display }))} preventScrollReset replace>
									Methodology
								</Link>
							) : null}
							{panels.includes('definitions') ? (
								<Link to={to(databaseChartSearch(params, card.id, { toggle: 'definitions', open: state.panel === 'definitions' ? null : state.panel, display }))} preventScrollReset replace>
									Definitions
								</Link>
							) : null}
							<a href={askAnAnalystLink(`${origin}${location.pathname}${location.search}`, config.title ?? 'Chart')}>Ask an analyst</a>
						</ChartMenu>
					) : null}
					{display === 'Table' ? tableView : null}
					{display === 'TableChart' ? panel : null}
					{chart}
					<div className="card__panels">
						{panels.map((name) => (
							<Link
								key={name}
								to={to(databaseChartSearch(params, card.id, { toggle: name, open: state.panel, display }))}
								preventScrollReset
								replace
								className={`button button--outline${state.panel === name ? ' is-active' : ''}`}
								aria-expanded={state.panel === name}
								aria-controls={state.panel === name ? `${anchor}-${name}` : undefined}
							>
								{CHART_PANEL_LABELS[name]}
							</Link>
						))}
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
					{display === 'TableChart' ? null : panel}
				</>
			)}
			<CardNotes source={config.source} footnote={config.footnote} />
		</section>
	)
}
