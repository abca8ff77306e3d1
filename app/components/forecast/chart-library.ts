/**
 * Highcharts with its sunburst module, loaded only by the forecast chart's effect (a dynamic
 * import), so no other page downloads it.
 */
import Highcharts from 'highcharts/esm/highcharts.js'
import 'highcharts/esm/modules/sunburst.js'
import type { ForecastChartOptions } from './chart-options.ts'

/**
 * Highcharts names its SVG (role img) after the chart's title, which the page shows as a
 * heading instead: without one the image has no name (axe svg-img-alt), so it gets `name`.
 */
export function drawForecastChart(element: HTMLElement, options: ForecastChartOptions, name: string) {
	const chart = Highcharts.chart(element, options)
	chart.renderer.box.setAttribute('aria-label', name)
	return chart
}
