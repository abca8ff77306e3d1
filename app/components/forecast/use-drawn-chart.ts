import { useEffect, useState, type RefObject } from 'react'
import type { ForecastChartOptions } from './chart-options.ts'
import { log } from '../../lib/log.ts'

/**
 * Draws `options` with Highcharts into `canvas` once the library has loaded (a dynamic
 * import: only pages that draw a chart download it, after the page is usable). Until then,
 * and without scripts, the page shows the server's SVG; returns whether the chart is drawn.
 * `label` names the drawn chart for assistive technology; `redraw` draws it afresh (a card's
 * Reset: back to the sunburst's top level).
 */
export function useDrawnChart(canvas: RefObject<HTMLDivElement | null>, options: ForecastChartOptions | null, label: string, redraw = 0): boolean {
	const [drawn, setDrawn] = useState(false)
	useEffect(() => {
		if (!options) return
		let chart: { destroy(): void } | undefined
		let active = true
		import('./chart-library.ts').then(
			(library) => {
				if (!active || !canvas.current) return
				try {
					chart = library.drawForecastChart(canvas.current, options, label)
					setDrawn(true)
				} catch (error) {
					// The server's drawing stays: a chart that failed to draw must not replace it.
					log.error({ err: error }, '[chart] the chart could not be drawn')
					canvas.current.replaceChildren()
					canvas.current.removeAttribute('style')
				}
			},
			(error: unknown) => log.error({ err: error }, '[chart] the chart library failed to load'),
		)
		return () => {
			active = false
			chart?.destroy()
		}
	}, [canvas, options, label, redraw])
	return drawn
}
