/**
 * Highcharts with its sunburst module, through highcharts-react-official: loaded only by
 * InteractiveChart once a page with a forecast chart has hydrated (React.lazy), so no other
 * page downloads it.
 */
import HighchartsReact from 'highcharts-react-official'
import Highcharts from 'highcharts/esm/highcharts.js'
import 'highcharts/esm/modules/sunburst.js'
import type { LiveChartProps } from './interactive-chart.tsx'

export default function ForecastHighchart({ options, label, onDrawn }: LiveChartProps) {
	return (
		<HighchartsReact
			highcharts={Highcharts}
			options={options}
			// Options are built afresh for every change: a new chart, as the server draws it.
			immutable
			callback={(chart: Highcharts.Chart) => {
				chart.renderer.box.setAttribute('aria-label', label)
				onDrawn()
			}}
		/>
	)
}
