/**
 * Highcharts with its sunburst module, loaded only by the forecast chart's effect (a dynamic
 * import), so no other page downloads it.
 */
import Highcharts from 'highcharts/esm/highcharts.js'
import 'highcharts/esm/modules/sunburst.js'
import type { ForecastChartOptions } from './chart-options.ts'

export function drawForecastChart(element: HTMLElement, options: ForecastChartOptions) {
	return Highcharts.chart(element, options)
}
