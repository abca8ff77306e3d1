import { lazy, useMemo, useRef, useState, type ReactNode } from 'react'
import { InteractiveChart } from '../forecast/interactive-chart.tsx'
import { cachedChartSvg } from '../forecast/svg-cache.ts'
import { chartCardQuery } from './chart-card-files.ts'
import { chartOptions, type ChartLabels, type ChartType } from './chart-options.ts'
import type { TableData } from './data-points.ts'

const CardHighchart = lazy(() => import('./chart-library.tsx'))

/**
 * A chart card's chart: the server sends it drawn as SVG (the explorer's renderer, from the
 * same options, cached by the figures) with its table under it (readable without scripts and
 * by screen readers); in the browser Highcharts loads (only on pages that have a chart, once
 * the page has hydrated) and replaces the drawing, and the table folds away under "Data table".
 */
export function Chart({
	data,
	chartType,
	labels,
	label,
	panelName,
	fullscreen = false,
	children,
}: {
	data: TableData
	chartType: ChartType
	labels?: ChartLabels
	/** The chart's name for assistive technology (the card's title). */
	label: string
	/** Disclosures sharing a name open one at a time (the database chart's panels). */
	panelName?: string
	/** A "Fullscreen" button once the chart is drawn (spec 001 §2 chart menu; the Fullscreen API needs scripts). */
	fullscreen?: boolean
	/** The chart's table, folded under "Data table" once the chart is drawn. */
	children?: ReactNode
}) {
	const [drawn, setDrawn] = useState(false)
	const figure = useRef<HTMLElement>(null)
	// Built again when the figures change, not on every render (parents pass fresh objects).
	const figures = JSON.stringify([data, chartType, labels])
	const options = useMemo(() => {
		const [drawnData, drawnType, drawnLabels] = JSON.parse(figures) as [TableData, ChartType, ChartLabels | undefined]
		return chartOptions(drawnData, drawnType, drawnLabels)
	}, [figures])

	// The figures are the card's query: the same figures, the same drawing.
	const svg = drawn ? null : cachedChartSvg(chartCardQuery(data, chartType, labels), () => options, { label })
	return (
		<figure className="chart" ref={figure}>
			{fullscreen && drawn ? (
				<button type="button" className="button button--ghost chart__fullscreen" onClick={() => void figure.current?.requestFullscreen?.().catch(() => undefined)}>
					Fullscreen
				</button>
			) : null}
			<InteractiveChart live={CardHighchart} options={options} label={label} drawn={drawn} onDrawn={() => setDrawn(true)} onFailed={() => setDrawn(false)} className="chart__canvas" ariaHidden />
			{svg ? <div className="chart__svg" dangerouslySetInnerHTML={{ __html: svg }} /> : null}
			{children ? (
				<details className="chart__data" open={!drawn} name={panelName}>
					<summary>Data table</summary>
					{children}
				</details>
			) : null}
		</figure>
	)
}
