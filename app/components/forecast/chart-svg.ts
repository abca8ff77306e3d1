/**
 * The forecast chart drawn on the server as SVG, from the same options object Highcharts
 * gets (chart-options.ts): column, bar and line charts, stacked or not, and the sunburst.
 * Highcharts needs a DOM, so the page (and the SVG export) carries this drawing; scripts,
 * once loaded, replace it with the interactive chart. Every text is escaped.
 */
import type { SeriesOptionsType } from 'highcharts'
import { escapeHtml } from '../../../contract/html.ts'
import { SUNBURST_LABEL_MIN_INNER_ARC, SUNBURST_LABEL_MIN_OUTER_ARC, SUNBURST_ROOT, type ForecastChartOptions } from './chart-options.ts'
import { formatAxisValue } from '../../../contract/format.ts'
import { toSignificant } from '../cards/chart-options.ts'

/** A drawing with neither title nor name is still named: an unnamed role="img" tells a screen reader nothing. */
const CHART_FALLBACK_NAME = 'Chart'

export const SVG_WIDTH = 800
export const SVG_HEIGHT = 420
/** The height kept under the plot for the chart's caption (a note such as "24 of 203 series shown"). */
const CAPTION_SPACE = 18
const FONT = 'font-family="Arial, Helvetica, sans-serif"'

type Plain = { name: string; data: (number | null)[] }
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
/** A point's y: a plain value (category axis) or the y of an [x, y] pair (linear and datetime axes, the cards' charts). */
const yOf = (point: unknown) => finite(Array.isArray(point) ? point[1] : point)
const seriesOf = (options: ForecastChartOptions): Plain[] =>
	options.series.map((s: SeriesOptionsType) => ({ name: String(s.name ?? ''), data: ((s as { data?: unknown[] }).data ?? []).map(yOf) }))

/**
 * The x labels: the axis' categories, else the first series' x values (evenly spaced, as the
 * cards' figures are: years, or months read as dates, spec 000 §5).
 */
function categoriesOf(options: ForecastChartOptions): string[] {
	const axis = options.xAxis as { categories?: unknown[]; type?: string } | undefined
	if (axis?.categories) return axis.categories.map(String)
	const points = ((options.series[0] as { data?: unknown[] } | undefined)?.data ?? []).map((point) => (Array.isArray(point) ? point[0] : null))
	if (axis?.type !== 'datetime') return points.map((x) => (x === null || x === undefined ? '' : String(x)))
	return points.map((x) => {
		if (typeof x !== 'number') return ''
		const iso = new Date(x).toISOString()
		return iso.slice(8, 10) === '01' ? iso.slice(0, 7) : iso.slice(0, 10)
	})
}

/** Round axis steps: 1, 2, 2.5, 5 times a power of ten, about 5 ticks. */
export function niceTicks(min: number, max: number, count = 5): number[] {
	if (max === min) max = min + 1
	const raw = (max - min) / count
	const power = Math.pow(10, Math.floor(Math.log10(raw)))
	const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power
	const ticks: number[] = []
	for (let t = Math.floor(min / step) * step; t <= max + step * 1e-9; t += step) ticks.push(Math.round(t * 1e6) / 1e6)
	if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step)
	return ticks
}

/** A value axis' label, as the scripted chart writes it (VALUE_AXIS_LABELS). */
const label = (value: number) => formatAxisValue(value)
/** A point's figure in its title, as the scripted chart's tooltip writes it ("3 significant digits", spec 000 §9). */
const pointValue = (value: number) => toSignificant(value)
const text = (x: number, y: number, content: string, attrs = '') =>
	`<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${FONT}${attrs.includes('font-size=') ? '' : ' font-size="11"'}${attrs.includes('fill=') ? '' : ' fill="#333"'}${attrs ? ` ${attrs}` : ''}>${escapeHtml(content)}</text>`

/** `title` is drawn above the chart; `label` only names it for assistive technology (a card's heading already shows it). */
export function renderChartSvg(options: ForecastChartOptions, { title, label: name }: { title?: string; label?: string } = {}): string {
	const type = String(options.chart?.type ?? 'column')
	const caption = (options.caption as { text?: string } | undefined)?.text
	const body = type === 'sunburst' ? sunburst(options) : cartesian(options, type as 'column' | 'bar' | 'line', caption ? CAPTION_SPACE : 0)
	const heading = title ? text(SVG_WIDTH / 2, 18, title, 'text-anchor="middle" font-size="14" font-weight="bold"') : ''
	const note = caption ? text(10, SVG_HEIGHT - 6, caption, 'font-size="12" fill="#52606d" class="chart-caption"') : ''
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SVG_WIDTH} ${SVG_HEIGHT}" width="${SVG_WIDTH}" height="${SVG_HEIGHT}" role="img" aria-label="${escapeHtml(title || name || CHART_FALLBACK_NAME)}"><rect width="100%" height="100%" fill="#fff"/>${heading}${body}${note}</svg>`
}

function legend(series: Plain[], colors: string[], right: boolean, top: number, below: number): { svg: string; height: number; width: number } {
	const items = series.map((s, i) => ({ name: s.name.length > 38 ? `${s.name.slice(0, 37)}…` : s.name, color: colors[i % colors.length] }))
	if (right) {
		// Every item within the drawing, above the caption: 24 series close up a little.
		const step = Math.min(16, (SVG_HEIGHT - top - below - 8) / Math.max(1, items.length))
		const svg = items.map((item, i) => `<rect x="${SVG_WIDTH - 190}" y="${(top + i * step).toFixed(1)}" width="10" height="10" fill="${item.color}"/>${text(SVG_WIDTH - 175, top + i * step + 9, item.name)}`).join('')
		return { svg, height: 0, width: 200 }
	}
	let x = 60
	let y = SVG_HEIGHT - 14
	const parts: string[] = []
	const rows: { x: number; item: (typeof items)[number] }[][] = [[]]
	for (const item of items) {
		const w = 18 + item.name.length * 6.2 + 14
		if (x + w > SVG_WIDTH - 10 && rows[rows.length - 1].length) {
			rows.push([])
			x = 60
		}
		rows[rows.length - 1].push({ x, item })
		x += w
	}
	y = SVG_HEIGHT - 14 - below - (rows.length - 1) * 16
	rows.forEach((row, r) => row.forEach(({ x: lx, item }) => parts.push(`<rect x="${lx}" y="${y + r * 16 - 9}" width="10" height="10" fill="${item.color}"/>${text(lx + 14, y + r * 16, item.name)}`)))
	return { svg: parts.join(''), height: rows.length * 16 + 8, width: 0 }
}

function cartesian(options: ForecastChartOptions, type: 'column' | 'bar' | 'line', below: number): string {
	const series = seriesOf(options)
	const categories = categoriesOf(options)
	const colors = (options.colors as string[] | undefined) ?? ['#2d62b2']
	const stacked = (options.plotOptions?.series as { stacking?: string } | undefined)?.stacking === 'normal'
	const legendRight = (options.legend as { align?: string } | undefined)?.align === 'right'
	const key = legend(series, colors, legendRight, 40, below)
	const plot = { left: 70, top: 34, right: SVG_WIDTH - 20 - key.width, bottom: SVG_HEIGHT - 40 - key.height - below }
	// Stacked values start where the series below ended (positives and negatives apart). As in
	// Highcharts, `reversedStacks` (its default) puts the first series on top: the stack is
	// built from the last series up.
	const starts = series.map(() => categories.map(() => 0))
	if (stacked) {
		const up = categories.map(() => 0)
		const down = categories.map(() => 0)
		const firstOnTop = (options.yAxis as { reversedStacks?: boolean } | undefined)?.reversedStacks !== false
		const bottomUp = series.map((_, i) => i)
		if (firstOnTop) bottomUp.reverse()
		for (const i of bottomUp)
			categories.forEach((_, c) => {
				const v = series[i].data[c] ?? 0
				starts[i][c] = v >= 0 ? up[c] : down[c]
				if (v >= 0) up[c] += v
				else down[c] += v
			})
	}
	const ends = series.flatMap((s, i) => s.data.map((v, c) => (v ?? 0) + starts[i][c]))
	const ticks = niceTicks(Math.min(0, ...ends), Math.max(0, ...ends))
	const lo = ticks[0]
	const hi = ticks[ticks.length - 1]
	const horizontal = type === 'bar'
	const valueAxis = horizontal ? [plot.left, plot.right] : [plot.bottom, plot.top]
	const scale = (v: number) => valueAxis[0] + ((v - lo) / (hi - lo || 1)) * (valueAxis[1] - valueAxis[0])
	const bandSize = ((horizontal ? plot.bottom - plot.top : plot.right - plot.left) / Math.max(1, categories.length))
	const bandStart = (c: number) => (horizontal ? plot.top : plot.left) + c * bandSize
	const parts: string[] = []
	// Grid and value labels.
	for (const t of ticks) {
		const p = scale(t)
		parts.push(horizontal ? `<line x1="${p.toFixed(1)}" y1="${plot.top}" x2="${p.toFixed(1)}" y2="${plot.bottom}" stroke="#e6e6e6"/>${text(p, plot.bottom + 14, label(t), 'text-anchor="middle"')}` : `<line x1="${plot.left}" y1="${p.toFixed(1)}" x2="${plot.right}" y2="${p.toFixed(1)}" stroke="#e6e6e6"/>${text(plot.left - 6, p + 4, label(t), 'text-anchor="end"')}`)
	}
	const unit = (options.yAxis as { title?: { text?: string } } | undefined)?.title?.text
	if (unit) parts.push(horizontal ? text((plot.left + plot.right) / 2, plot.bottom + 28, unit, 'text-anchor="middle"') : text(14, (plot.top + plot.bottom) / 2, unit, `text-anchor="middle" transform="rotate(-90 14 ${((plot.top + plot.bottom) / 2).toFixed(1)})"`))
	// Category labels (every other one when crowded).
	const every = Math.ceil(categories.length / (horizontal ? 30 : 16))
	categories.forEach((cat, c) => {
		if (c % every) return
		const mid = bandStart(c) + bandSize / 2
		parts.push(horizontal ? text(plot.left - 6, mid + 4, cat, 'text-anchor="end"') : text(mid, plot.bottom + 14, cat, 'text-anchor="middle"'))
	})
	const color = (i: number) => colors[i % colors.length]
	if (type === 'line') {
		series.forEach((s, i) => {
			const points = s.data.map((v, c) => (v === null ? null : `${(bandStart(c) + bandSize / 2).toFixed(1)},${scale(v + starts[i][c]).toFixed(1)}`))
			const segments = points.join(' ').split(/\s*null\s*/).filter(Boolean)
			for (const segment of segments) parts.push(`<polyline fill="none" stroke="${color(i)}" stroke-width="2" points="${segment.trim()}"/>`)
		})
	} else {
		const groups = stacked ? 1 : Math.max(1, series.length)
		const inner = bandSize * 0.8
		const width = inner / groups
		series.forEach((s, i) =>
			s.data.forEach((v, c) => {
				if (v === null) return
				const from = scale(starts[i][c])
				const to = scale(starts[i][c] + v)
				const offset = bandStart(c) + bandSize * 0.1 + (stacked ? 0 : i * width)
				const [a, b] = [Math.min(from, to), Math.abs(to - from)]
				parts.push(horizontal ? `<rect x="${a.toFixed(1)}" y="${offset.toFixed(1)}" width="${b.toFixed(1)}" height="${width.toFixed(1)}" fill="${color(i)}"><title>${escapeHtml(`${s.name}: ${pointValue(v)}`)}</title></rect>` : `<rect x="${offset.toFixed(1)}" y="${a.toFixed(1)}" width="${width.toFixed(1)}" height="${b.toFixed(1)}" fill="${color(i)}"><title>${escapeHtml(`${s.name}: ${pointValue(v)}`)}</title></rect>`)
			}),
		)
	}
	parts.push(`<line x1="${plot.left}" y1="${plot.bottom}" x2="${plot.right}" y2="${plot.bottom}" stroke="#ccd6eb"/>`)
	return parts.join('') + key.svg
}

type SunPoint = { id: string; parent: string; name: string; value: number }

/** About how wide a character of an 11 px label is, and how far apart its lines are. */
const LABEL_CHAR_PX = 6.5
const LABEL_LINE_PX = 12

/**
 * Spec 000 §9 "Sunburst labels filtered by arc length (16 inner, 64 outer)", as Highcharts'
 * filter reads it: the first ring by its inner arc, the outer rings by their outer arc, in px.
 */
export function sunburstLabelShown(level: number, span: number, innerRadius: number, ring: number): boolean {
	return level === 0 ? span * innerRadius > SUNBURST_LABEL_MIN_INNER_ARC : span * (innerRadius + ring) > SUNBURST_LABEL_MIN_OUTER_ARC
}

/** A name on lines of at most `width` characters, broken between words; a word longer than a line keeps its own line whole. */
export function wrapLabel(name: string, width: number): string[] {
	const lines: string[] = []
	for (const word of name.split(/\s+/).filter(Boolean)) {
		const last = lines.at(-1)
		if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`
		else lines.push(word)
	}
	return lines
}

function sunburst(options: ForecastChartOptions): string {
	const data = ((options.series[0] as { data?: SunPoint[] }).data ?? []).filter((p) => p.id !== SUNBURST_ROOT)
	const colors = (options.colors as string[] | undefined) ?? ['#2d62b2']
	const cx = SVG_WIDTH / 2
	const cy = SVG_HEIGHT / 2 + 10
	const outer = SVG_HEIGHT / 2 - 24
	const centre = 80 // half of the 160 px central label
	const depth = Math.max(1, ...data.map((p) => p.id.split('/').length))
	const ring = (outer - centre) / depth
	const children = (parent: string) => data.filter((p) => p.parent === parent)
	const parts: string[] = [`<circle cx="${cx}" cy="${cy}" r="${centre}" fill="#f2f5f9"/>`]
	const subtitle = (options.subtitle as { text?: string } | undefined)?.text
	if (subtitle) parts.push(text(cx, cy + 5, subtitle, 'text-anchor="middle" font-size="16" font-weight="bold"'))
	const arc = (r0: number, r1: number, a0: number, a1: number) => {
		const large = a1 - a0 > Math.PI ? 1 : 0
		const pt = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)},${(cy - r * Math.cos(a)).toFixed(2)}`
		if (a1 - a0 >= 2 * Math.PI - 1e-6) a1 = a0 + 2 * Math.PI - 1e-4
		return `M${pt(r1, a0)}A${r1},${r1} 0 ${large} 1 ${pt(r1, a1)}L${pt(r0, a1)}A${r0},${r0} 0 ${large} 0 ${pt(r0, a0)}Z`
	}
	const draw = (parent: string, level: number, a0: number, a1: number, color: string | null) => {
		const kids = children(parent)
		const total = kids.reduce((s, k) => s + k.value, 0)
		let a = a0
		kids.forEach((kid, i) => {
			const span = total ? ((a1 - a0) * kid.value) / total : 0
			const fill = color ?? colors[i % colors.length]
			const r0 = centre + level * ring
			parts.push(`<path d="${arc(r0, r0 + ring, a, a + span)}" fill="${fill}" fill-opacity="${(1 - level * 0.18).toFixed(2)}" stroke="#fff"><title>${escapeHtml(`${kid.name}: ${pointValue(kid.value)}`)}</title></path>`)
			// A label on every arc long enough and on no other (the spec's filter, as Highcharts
			// applies it), the name whole: a name wider than its arc is wrapped onto more lines,
			// never cut ("Middl…" named nothing).
			const r = r0 + ring / 2
			if (sunburstLabelShown(level, span, r0, ring)) {
				const mid = a + span / 2
				const lines = wrapLabel(kid.name, Math.max(1, Math.floor((span * r) / LABEL_CHAR_PX)))
				const x = cx + r * Math.sin(mid)
				const y = cy - r * Math.cos(mid) + 4 - ((lines.length - 1) * LABEL_LINE_PX) / 2
				lines.forEach((line, index) => parts.push(text(x, y + index * LABEL_LINE_PX, line, 'text-anchor="middle" fill="#fff"')))
			}
			draw(kid.id, level + 1, a, a + span, fill)
			a += span
		})
	}
	draw(SUNBURST_ROOT, 0, 0, 2 * Math.PI, null)
	return parts.join('')
}
