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
				// Highcharts draws an <svg role="img"> without a name; the card's own name goes on it.
				chart.renderer.box.setAttribute('aria-label', label)
				onDrawn()
			}}
		/>
	)
}
