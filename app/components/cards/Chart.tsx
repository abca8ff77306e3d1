import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cachedChartSvg } from '../forecast/svg-cache.ts'
import { chartOptions, type ChartLabels, type ChartType } from './chart-options.ts'
import type { TableData } from './data-points.ts'
import { log } from '../../lib/log.ts'

type Library = typeof import('./chart-library.ts')

/**
 * A chart card's chart: the server sends it drawn as SVG (the explorer's renderer, from the
 * same options, cached by the figures) with its table under it (readable without scripts and
 * by screen readers); in the browser the chart library loads (only on pages that have a
 * chart) and replaces the drawing, and the table folds away under "Data table".
 */
export function Chart({
	data,
	chartType,
	labels,
	label,
	panelName,
	children,
}: {
	data: TableData
	chartType: ChartType
	labels?: ChartLabels
	/** The chart's name for assistive technology (the card's title). */
	label: string
	/** Disclosures sharing a name open one at a time (the database chart's panels). */
	panelName?: string
	/** The chart's table, folded under "Data table" once the chart is drawn. */
	children?: ReactNode
}) {
	const canvas = useRef<HTMLDivElement>(null)
	const [library, setLibrary] = useState<Library | null>(null)

	useEffect(() => {
		let active = true
		import('./chart-library.ts').then(
			(loaded) => active && setLibrary(loaded),
			(error: unknown) => log.error({ err: error }, '[chart] the chart library failed to load'),
		)
		return () => {
			active = false
		}
	}, [])

	// Redrawn when the figures change, not on every render (parents pass fresh objects).
	const figures = JSON.stringify([data, chartType, labels])
	useEffect(() => {
		if (!library || !canvas.current) return
		const [drawnData, drawnType, drawnLabels] = JSON.parse(figures) as [TableData, ChartType, ChartLabels | undefined]
		const chart = library.drawChart(canvas.current, chartOptions(drawnData, drawnType, drawnLabels))
		return () => chart.destroy()
	}, [library, figures])

	// The figures are the card's query: the same figures, the same drawing.
	const svg = library ? null : cachedChartSvg(`chart-card?${figures}`, () => chartOptions(data, chartType, labels), { label })
	return (
		<figure className="chart">
			<div ref={canvas} className="chart__canvas" hidden={!library} aria-hidden="true" />
			{svg ? <div className="chart__svg" dangerouslySetInnerHTML={{ __html: svg }} /> : null}
			{children ? (
				<details className="chart__data" open={!library} name={panelName}>
					<summary>Data table</summary>
					{children}
				</details>
			) : null}
		</figure>
	)
}
