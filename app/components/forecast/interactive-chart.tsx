import { Component, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'
import type { Options } from 'highcharts'
import { log } from '../../lib/log.ts'

/** What a lazily loaded chart module draws: Highcharts through highcharts-react-official. */
export type LiveChartProps = {
	options: Options
	/** The drawn chart's name for assistive technology (Highcharts names it after a title the page shows as a heading instead). */
	label: string
	/** Told once Highcharts has drawn the chart. */
	onDrawn: () => void
}

/**
 * The canvas of a chart drawn server-first: the server sends the chart as SVG (`fallback`,
 * beside this canvas); once the page has hydrated, the chart module (`live`, a React.lazy
 * import, so only pages with a chart download Highcharts, after the page is usable) draws
 * the interactive chart here and `onDrawn` lets the caller hide its SVG. Until then, and
 * without scripts, the SVG is the chart. `redraw` draws it afresh (a card's Reset).
 */
export function InteractiveChart({
	live: Live,
	options,
	label,
	drawn,
	onDrawn,
	onFailed,
	redraw = 0,
	className,
	ariaHidden,
}: {
	live: LazyExoticComponent<ComponentType<LiveChartProps>>
	options: Options
	label: string
	drawn: boolean
	onDrawn: () => void
	/** The chart could not be loaded or drawn: the caller keeps its SVG. */
	onFailed: () => void
	redraw?: number
	className: string
	ariaHidden?: boolean
}) {
	// Not while hydrating: the server sent an empty canvas, and the chart is the browser's alone.
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	return (
		<div className={className} hidden={!drawn} aria-hidden={ariaHidden}>
			{hydrated ? (
				<KeepsDrawing onFailed={onFailed}>
					<Suspense fallback={null}>
						<Live key={redraw} options={options} label={label} onDrawn={onDrawn} />
					</Suspense>
				</KeepsDrawing>
			) : null}
		</div>
	)
}

/** A chart that fails to load or draw leaves the server's drawing in place; the page goes on. */
class KeepsDrawing extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
	state = { failed: false }

	static getDerivedStateFromError() {
		return { failed: true }
	}

	componentDidCatch(error: unknown) {
		log.error({ err: error }, '[chart] the chart could not be drawn')
		this.props.onFailed()
	}

	render() {
		return this.state.failed ? null : this.props.children
	}
}
