/**
 * The forecast chart's options and its server-side SVG (app/components/forecast): chart
 * types, stacking, legend placement, escaping, the sunburst, round axis ticks.
 */
import { describe, expect, test } from 'vitest'
import type { ForecastResult } from '../../contract/forecast.ts'
import { forecastChartOptions } from '../../app/components/forecast/chart-options.ts'
import { niceTicks, renderChartSvg, SVG_HEIGHT } from '../../app/components/forecast/chart-svg.ts'

function result(series: { name: string; data: (number | null)[] }[], sunburst: ForecastResult['dataForChart']['sunburst'] = {}): ForecastResult {
	const row = { keys: ['x'], isAggregate: false, aggregation: 0, values: [1, 2], cagr: null }
	return {
		reportTitle: 'CAPEX by Region',
		reportTitleFilters: [],
		unit: '$ million',
		downloadFileName: 'forecastDownload_1.xlsx',
		publishedAt: '2026-01-01T00:00:00.000Z',
		request: { groupBy: ['Region'] },
		cagrStartYear: 2020,
		cagrEndYear: 2021,
		defaultYear: 2020,
		dataForChart: { categories: [2020, 2021], series, sunburst },
		dataForTable: { headers: ['Region', '2020', '2021'], rows: [row], total: row },
	}
}

const heights = (svg: string) => [...svg.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="(#[0-9a-f]+)"><title>/g)].map((m) => ({ y: Number(m[1]), h: Number(m[2]), fill: m[3] }))

describe('the server-drawn chart', () => {
	test('stacked columns sit on each other; grouped columns stand side by side from the same baseline', () => {
		const data = result([
			{ name: 'A', data: [10, 20] },
			{ name: 'B', data: [30, 40] },
		])
		const stacked = heights(renderChartSvg(forecastChartOptions(data, 'column-stacked', 2020)))
		expect(stacked).toHaveLength(4)
		// As Highcharts stacks them (reversedStacks): the first series on top, A in 2020 starts where B ends.
		expect(stacked[0].y + stacked[0].h).toBeCloseTo(stacked[2].y, 0)
		expect(stacked[2].h / stacked[0].h).toBeCloseTo(3, 1)
		const grouped = heights(renderChartSvg(forecastChartOptions(data, 'column', 2020)))
		expect(grouped[0].y + grouped[0].h).toBeCloseTo(grouped[2].y + grouped[2].h, 0)
	})

	test('lines are polylines; bars are horizontal', () => {
		const data = result([{ name: 'A', data: [10, 20] }])
		expect(renderChartSvg(forecastChartOptions(data, 'line', 2020))).toMatch(/<polyline [^>]*points="[\d.]+,[\d.]+ [\d.]+,[\d.]+"/)
		const bars = renderChartSvg(forecastChartOptions(data, 'bar', 2020))
		expect(bars).not.toContain('<polyline')
		expect(heights(bars)[1].h).toBeLessThan(SVG_HEIGHT / 2)
	})

	test('names are escaped, in the legend and titles', () => {
		const svg = renderChartSvg(forecastChartOptions(result([{ name: '<script>alert(1)</script> & co', data: [1, 2] }]), 'column', 2020), { title: 'A "title" <b>' })
		expect(svg).not.toContain('<script>')
		expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co')
		expect(svg).toContain('aria-label="A &quot;title&quot; &lt;b&gt;"')
	})

	test('more than 8 series move the legend to the right; more than 12 use the 24-colour palette', () => {
		const many = result(Array.from({ length: 13 }, (_, i) => ({ name: `S${i}`, data: [i, i] })))
		const options = forecastChartOptions(many, 'line', 2020)
		expect(options.legend).toMatchObject({ layout: 'vertical', align: 'right' })
		expect((options.colors as string[]).length).toBe(24)
	})

	test('the sunburst draws a ring per level around the year', () => {
		const data = result([], {
			'2024': [
				{ id: 'xa', parent: '', name: 'Middle East/Africa', value: 3, level: 1 },
				{ id: 'xa/Utility', parent: 'xa', name: 'Utility', value: 2, level: 2 },
				{ id: 'xa/Industrial', parent: 'xa', name: 'Industrial', value: 1, level: 2 },
			],
		})
		const svg = renderChartSvg(forecastChartOptions(data, 'sunburst', 2024))
		expect(svg.match(/<path /g)).toHaveLength(3)
		expect(svg).toContain('>2024</text>')
	})

	test('axis ticks are round numbers covering the range', () => {
		expect(niceTicks(0, 83)).toEqual([0, 20, 40, 60, 80, 100])
		expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1])
		expect(niceTicks(-10, 25)[0]).toBeLessThanOrEqual(-10)
	})
})
