/**
 * Rendered chart SVG by its query: the explorer
 * and the database chart cards draw the same chart for every reader of the same query, so
 * the server draws it once. Bounded in count and age, so a new release shows within minutes
 * and a crawler walking every query cannot grow it without end. The browser keeps none: it
 * draws the SVG only until the interactive chart replaces it, and the cache library stays
 * out of its bundle (Vite replaces import.meta.env.SSR, so the client build drops it).
 */
import { LRUCache } from 'lru-cache'
import { keepsStaleCopies } from '../../../contract/stale-copies.ts'
import type { ForecastChartOptions } from './chart-options.ts'
import { renderChartSvg } from './chart-svg.ts'

/** Our choices: how many drawings are kept, and for how long. */
export const SVG_CACHE_ENTRIES = 500
export const SVG_CACHE_TTL_MS = 10 * 60 * 1000

const drawings = import.meta.env.SSR ? new LRUCache<string, string>({ max: SVG_CACHE_ENTRIES, ttl: SVG_CACHE_TTL_MS }) : undefined
// A change of the data a chart draws empties the drawings on every host (server.ts).
if (drawings) keepsStaleCopies(() => drawings.clear())

/** The SVG of `options` under `query` (the query must name everything the drawing shows). */
export function cachedChartSvg(query: string, options: () => ForecastChartOptions, labels: { title?: string; label?: string } = {}): string {
	const key = `${query}\u0000${labels.title ?? ''}\u0000${labels.label ?? ''}`
	let svg = drawings?.get(key)
	if (svg === undefined) {
		svg = renderChartSvg(options(), labels)
		drawings?.set(key, svg)
	}
	return svg
}

/** How many drawings are held (tests). */
export const cachedChartSvgCount = () => drawings?.size ?? 0
