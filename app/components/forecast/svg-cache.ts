/**
 * Rendered chart SVG by its query: the explorer
 * and the database chart cards draw the same chart for every reader of the same query, so
 * the server draws it once. Bounded in count and age, so a new release shows within minutes
 * and a crawler walking every query cannot grow it without end. In the browser it only
 * spares re-drawing during hydration.
 */
import type { ForecastChartOptions } from './chart-options.ts'
import { renderChartSvg } from './chart-svg.ts'

/** Our choices: how many drawings are kept, and for how long. */
export const SVG_CACHE_ENTRIES = 500
export const SVG_CACHE_TTL_MS = 10 * 60 * 1000

const drawings = new Map<string, { svg: string; at: number }>()

/** The SVG of `options` under `query` (the query must name everything the drawing shows). */
export function cachedChartSvg(query: string, options: () => ForecastChartOptions, labels: { title?: string; label?: string } = {}, now = Date.now()): string {
	const key = `${query}\u0000${labels.title ?? ''}\u0000${labels.label ?? ''}`
	const hit = drawings.get(key)
	if (hit && now - hit.at < SVG_CACHE_TTL_MS) {
		// Most recently used last: the oldest entry is the first to go.
		drawings.delete(key)
		drawings.set(key, hit)
		return hit.svg
	}
	const svg = renderChartSvg(options(), labels)
	drawings.set(key, { svg, at: now })
	while (drawings.size > SVG_CACHE_ENTRIES) drawings.delete(drawings.keys().next().value!)
	return svg
}

/** How many drawings are held (tests). */
export const cachedChartSvgCount = () => drawings.size
