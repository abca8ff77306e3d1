import type { FinancialIndicator } from '../../../contract/entities.ts'
import { formatMillions, formatRoundedMoney } from '~/components/cards/parts.tsx'
import { TABLE_ALL_ROWS } from '../../../contract/card-rules.ts'
import { DataTable } from '~/components/cards/DataTable.tsx'
import { DrawnChart } from '~/components/forecast/DrawnChart.tsx'
import { FINANCIAL_STATS_MESSAGES } from '~/lib/entity-pages.ts'
import { REVENUE_CHART_TITLE, revenueChart } from './revenue-chart.ts'

/** What the page knows of the financial indicators: the card is hidden on Forbidden (spec 000 §2). */
export type FinancialStatsState = { status: 'forbidden' } | { status: 'error' } | { status: 'ok'; items: FinancialIndicator[] }

/** Indicators held in millions come rounded to 'm' or 'bn' (backend/api/company-indicators.ts). */
const isMillions = (unit: string) => unit === 'm' || unit === 'bn'

/**
 * The financial stats card: one tile per indicator, its latest year (spec 000 §3 stats items),
 * then the revenue chart, drawn on the server as SVG like every chart (Highcharts with scripts).
 */
export function FinancialStats({ stats, slug }: { stats: FinancialStatsState; slug: string }) {
	if (stats.status === 'forbidden') return null
	const chart = stats.status === 'ok' ? revenueChart(slug, stats.items) : null
	const footnotes = stats.status === 'ok' ? [...new Set(stats.items.map((item) => item.footnote).filter(Boolean))] : []
	return (
		<section className="entity-section entity-section--wide financial-stats" aria-labelledby="financial-stats-title">
			{/* The spec's name for the card: the company's content may have its own "Financial performance" section (axe landmark-unique). */}
			<h2 id="financial-stats-title">Financial stats</h2>
			{stats.status === 'error' ? (
				<p className="empty">{FINANCIAL_STATS_MESSAGES.error}</p>
			) : stats.items.length === 0 ? (
				<p className="empty">{FINANCIAL_STATS_MESSAGES.noData}</p>
			) : (
				<>
					<dl className="stats-tiles">
						{stats.items.map((item) => (
							<div key={item.indicator} className="stats-tile">
								<dt>{item.indicatorDisplayName}</dt>
								{/* Read as the details card reads its water revenue (CompanyProfile.tsx): one rule, "¥1.6 Billion". */}
								<dd className="stats-tile__value">{isMillions(item.roundedUnit) ? formatMillions(item.value, item.currency) : formatRoundedMoney(item.roundedValue, item.roundedUnit, item.currency)}</dd>
								<dd className="stats-tile__footer">
									<span>{item.year}</span>
									<span>{item.currency === 'USD' ? item.unitDisplayName : formatRoundedMoney(item.roundedValueUSD, item.roundedUnitUSD)}</span>
								</dd>
							</div>
						))}
					</dl>
					{footnotes.length > 0 ? <p className="form-hint">{footnotes.join(' ')}</p> : null}
					{chart ? (
						<div className="financial-stats__chart">
							<h3>{REVENUE_CHART_TITLE}</h3>
							<DrawnChart figures={chart.figures} chartType="column" year={chart.figures.dataForChart.categories.at(-1)!} query={chart.query} label={`${REVENUE_CHART_TITLE}, ${chart.figures.unit}`} className="chart--revenue" />
							<details className="chart__data">
								<summary>Data table</summary>
								<DataTable data={chart.table} caption={`${REVENUE_CHART_TITLE} (${chart.figures.unit})`} pageSize={TABLE_ALL_ROWS} />
							</details>
						</div>
					) : null}
				</>
			)}
		</section>
	)
}
