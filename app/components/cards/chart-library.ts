/**
 * The chart library, loaded only by a chart's effect (a dynamic import), so pages without
 * chart cards never download it (README "Caching and performance", e2e/budget.spec.ts).
 */
import type { Chart, Options } from 'highcharts'
import Highcharts from 'highcharts/esm/highcharts.js'

export function drawChart(element: HTMLElement, options: Options): Chart {
	return Highcharts.chart(element, options)
}
