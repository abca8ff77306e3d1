/**
 * Highcharts through highcharts-react-official: loaded only by a chart card's
 * InteractiveChart once its page has hydrated (React.lazy), so pages without chart cards never
 * download it (README "Caching and performance", e2e/budget.spec.ts).
 */
import HighchartsReact from 'highcharts-react-official'
import Highcharts from 'highcharts/esm/highcharts.js'
import type { LiveChartProps } from '../forecast/interactive-chart.tsx'

export default function CardHighchart({ options, label, onDrawn }: LiveChartProps) {
	return (
		<HighchartsReact
			highcharts={Highcharts}
			options={options}
			immutable
			callback={(chart: Highcharts.Chart) => {
				// Without its accessibility module Highcharts marks its <svg> role="img" and, once loaded,
				// names it after the chart's own title, which cards leave empty (the card heading is HTML).
				// A <title> child names it instead and survives that late rename.
				const svg = chart.renderer.box
				const title = document.createElementNS('http://www.w3.org/2000/svg', 'title')
				title.textContent = label
				svg.insertBefore(title, svg.firstChild)
				onDrawn()
			}}
		/>
	)
}
