/**
 * The process that turns SVG into pixels (app/lib/raster.server.ts starts one per web
 * process). It runs below normal priority: a burst of chart exports then takes the CPU the
 * pages leave over, instead of a core each from the readers of those pages.
 */
import os from 'node:os'

// Before anything starts a thread: the threads started later (libuv's, libvips') inherit it.
os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL)

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
