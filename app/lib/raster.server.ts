/**
 * SVG to pixels on the server, for every image that leaves the site as a picture (chart
 * downloads, email images): resvg draws, sharp encodes.
 */
import { renderAsync } from '@resvg/resvg-js'
import pLimit from 'p-limit'
import sharp from 'sharp'

/**
 * Images drawn and encoded at once by this process; the rest wait their turn. Drawing and
 * encoding run on libuv's thread pool (resvg's renderAsync, then sharp), never on the event
 * loop, but that pool has four threads and also compresses every page: ten exports at once
 * filled it, and a signed-in article waited behind them for its gzip. One at a time leaves
 * the other threads (and, on a small machine, a core) to the pages; exports queue instead.
 */
export const RASTER_CONCURRENCY = 1
const inTurn = pLimit(RASTER_CONCURRENCY)
// One libvips thread per image: with one image at a time, the pages keep the other cores.
sharp.concurrency(1)

/**
 * The SVG drawn at `scale` on white, then encoded by `encode` (e.g. `(image) => image.png().toBuffer()`),
 * both in this process's turn.
 */
export function rasterise<T>(svg: string | Uint8Array, scale: number, encode: (image: sharp.Sharp) => Promise<T>): Promise<T> {
	return inTurn(async () => {
		const image = await renderAsync(typeof svg === 'string' ? svg : Buffer.from(svg), { fitTo: { mode: 'zoom', value: scale }, background: '#ffffff', font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } })
		return encode(sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } }))
	})
}
