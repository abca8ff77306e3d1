import { Link } from '@remix-run/react'
import { lazy, useMemo, useRef, useState, type ReactNode } from 'react'
import { FORECAST_PAGES, forecastSearch, type ForecastState } from '../../../contract/forecast.ts'
import type { ExplorerData } from '~/lib/forecast-explorer.server.ts'
import { forecastChartOptions } from './chart-options.ts'
import { InteractiveChart } from './interactive-chart.tsx'
import { cachedChartSvg } from './svg-cache.ts'

const ForecastHighchart = lazy(() => import('./chart-library.tsx'))

/**
 * The chart drawn as SVG (in the HTML, cached by the query on the server), replaced by
 * Highcharts once it has loaded (only on this route, after the page is usable), with the chart
 * menu of spec 001 §2 "Charts" (fullscreen once scripts run; the downloads, methodology,
 * definitions and Ask an analyst are links, `children`). The drawing is made from the loader's
 * figures on each side, as DrawnChart's is, rather than sent a second time in the loader data.
 */
export function ForecastChart({ query, data, state, children }: { query: string; data: ExplorerData; state: ForecastState; children: ReactNode }) {
	const result = data.outcome.result!
	const options = useMemo(() => forecastChartOptions(result, state.chartType, state.year ?? result.defaultYear), [result, state.chartType, state.year])
	const [drawn, setDrawn] = useState(false)
	const svg = drawn ? null : cachedChartSvg(query, () => options, { title: result.reportTitle })
	const figure = useRef<HTMLElement>(null)
	return (
		<figure className="forecast__chart" ref={figure}>
			<details className="forecast__menu">
				<summary>Chart menu</summary>
				<div className="forecast__menu-items">
					{drawn ? (
						// Scripts only: the Fullscreen API has no form without them.
						<button type="button" className="forecast__fullscreen" onClick={() => void figure.current?.requestFullscreen?.().catch(() => undefined)}>
							Fullscreen
						</button>
					) : null}
					{children}
				</div>
			</details>
			<InteractiveChart live={ForecastHighchart} options={options} label={result.reportTitle} drawn={drawn} onDrawn={() => setDrawn(true)} onFailed={() => setDrawn(false)} className="forecast__canvas" />
			{svg === null ? null : <div className="forecast__svg" dangerouslySetInnerHTML={{ __html: svg }} />}
			{state.chartType === 'sunburst' ? <SunburstYears data={data} state={state} /> : null}
		</figure>
	)
}

function SunburstYears({ data, state }: { data: ExplorerData; state: ForecastState }) {
	const path = FORECAST_PAGES[data.page].path
	const years = data.outcome.result!.dataForChart.categories
	const current = state.year ?? data.outcome.result!.defaultYear
	return (
		<nav aria-label="Sunburst year" className="forecast__years-nav">
			{years.map((y) => (y === current ? <strong key={y}>{y}</strong> : <Link key={y} to={`${path}${forecastSearch({ ...state, year: y }, data.info!.yearRange)}`}>{y}</Link>))}
		</nav>
	)
}
