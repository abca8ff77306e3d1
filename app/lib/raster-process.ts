/**
 * The process that turns SVG into pixels (app/lib/raster.server.ts starts one per web
 * process). It runs below normal priority, in Linux's idle scheduling class: a burst of chart
 * exports then takes the CPU the pages leave over, instead of a core each from the readers of
 * those pages.
 */
import { execFileSync } from 'node:child_process'
import os from 'node:os'

// Before anything starts a thread: the threads started later (libuv's, libvips') inherit both.
os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL)
// Linux's idle scheduling class: a core runs this process only when no page wants it, and a
// page's process that wakes takes the core at once (a lower priority alone still held readers
// up). Set with chrt (util-linux, in every Debian image); where it is missing (macOS) the
// priority above is what stays.
try {
	execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], { stdio: 'ignore' })
} catch {
	// No chrt, or a kernel without the class: below normal priority still holds.
}

const { Resvg } = await import('@resvg/resvg-js')
const { default: sharp } = await import('sharp')
const { default: workerpool } = await import('workerpool')

// One image at a time, on as few threads as possible: this process is the spare capacity.
// Nothing is drawn twice from the same input, so libvips keeps no cache of operations.
sharp.concurrency(1)
sharp.cache(false)

export type RasterFormat = { type: 'png' } | { type: 'jpeg'; quality: number }

/** The SVG drawn at `scale` on white in DejaVu Sans, encoded as `format`. */
async function rasterise(svg: Uint8Array, scale: number, format: RasterFormat): Promise<Uint8Array> {
	const drawn = new Resvg(Buffer.from(svg), { fitTo: { mode: 'zoom', value: scale }, background: '#ffffff', font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render()
	const image = sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 4 } })
	return format.type === 'png' ? image.png().toBuffer() : image.jpeg({ quality: format.quality }).toBuffer()
}

workerpool.worker({ rasterise })
