import { lazy, useMemo, useRef, useState } from 'react'
import type { ForecastChartType } from '../../../contract/forecast.ts'
import { forecastChartOptions, type ChartFigures } from './chart-options.ts'
import { InteractiveChart } from './interactive-chart.tsx'
import { cachedChartSvg } from './svg-cache.ts'

const ForecastHighchart = lazy(() => import('./chart-library.tsx'))

/**
 * A chart outside the explorer (database chart cards, the company page's revenue chart),
 * drawn as the explorer's is: the server's SVG in the HTML (cached by `query`), from the same
 * options Highcharts then draws once scripts run. `redraw` draws it afresh (a card's Reset).
 */
export function DrawnChart({
	figures,
	chartType,
	year,
	query,
	label,
	redraw = 0,
	className,
	fullscreen = false,
}: {
	figures: ChartFigures
	chartType: ForecastChartType
	year: number
	query: string
	label: string
	redraw?: number
	className?: string
	/** A "Fullscreen" button once the chart is drawn (spec 001 §2 chart menu; the Fullscreen API needs scripts). */
	fullscreen?: boolean
}) {
	const figure = useRef<HTMLElement>(null)
	const options = useMemo(() => forecastChartOptions(figures, chartType, year), [figures, chartType, year])
	const [drawn, setDrawn] = useState(false)
	const svg = drawn ? null : cachedChartSvg(query, () => options, { label })
	return (
		<figure className={`chart ${className ?? ''}`} ref={figure}>
			{fullscreen && drawn ? (
				<button type="button" className="button button--ghost chart__fullscreen" onClick={() => void figure.current?.requestFullscreen?.().catch(() => undefined)}>
					Fullscreen
				</button>
			) : null}
			<InteractiveChart live={ForecastHighchart} options={options} label={label} drawn={drawn} onDrawn={() => setDrawn(true)} onFailed={() => setDrawn(false)} redraw={redraw} className="chart__canvas" />
			{svg === null ? null : <div className="chart__svg" dangerouslySetInnerHTML={{ __html: svg }} />}
		</figure>
	)
}
