/**
 * The company page's revenue chart (spec 001 §1 "company revenue, financial history"):
 * the revenue indicators (revenue, water revenue) by year, in millions of the company's
 * currency, as figures the explorer's chart options and SVG renderer draw.
 */
import type { FinancialIndicator } from '../../../contract/entities.ts'
import type { ChartFigures } from '~/components/forecast/chart-options.ts'
import type { TableData } from '~/components/cards/data-points.ts'

/** The indicators the revenue chart shows (the seed's and the CMS's names end so). */
export const isRevenueIndicator = (item: FinancialIndicator) => /revenue$/i.test(item.indicator)
/** Spec 000 §5's rule for charts, by analogy: at least two years to draw a chart. */
export const MIN_CHART_YEARS = 2
export const REVENUE_CHART_TITLE = 'Revenue'

export type RevenueChart = { figures: ChartFigures; table: TableData; query: string }

export function revenueChart(slug: string, items: FinancialIndicator[]): RevenueChart | null {
	const revenue = items.filter(isRevenueIndicator)
	// One currency to a chart: the first revenue indicator's.
	const currency = revenue[0]?.currency
	const shown = revenue.filter((item) => item.currency === currency)
	const years = [...new Set(shown.flatMap((item) => item.history.map((point) => point.year)))].sort((a, b) => a - b)
	if (shown.length === 0 || years.length < MIN_CHART_YEARS) return null
	const valueOf = (item: FinancialIndicator, year: number) => item.history.find((point) => point.year === year)?.value ?? null
	const series = shown.map((item) => ({ name: item.indicatorDisplayName, data: years.map((year) => valueOf(item, year)) }))
	const unit = `${currency} million`
	const latest = shown.map((item) => item.lastUpdated ?? '').sort().at(-1)
	return {
		figures: { reportTitle: REVENUE_CHART_TITLE, unit, dataForChart: { categories: years, series, sunburst: {} } },
		table: { columns: ['Indicator', ...years.map(String)], rows: series.map((s) => [s.name, ...s.data]) },
		// The drawing depends on the company and its latest figures.
		query: `company-revenue?${new URLSearchParams({ slug, currency: currency!, years: years.join('~'), updated: latest ?? '' })}`,
	}
}
