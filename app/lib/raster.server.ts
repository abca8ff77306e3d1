/**
 * SVG to pixels on the server, for every image that leaves the site as a picture (chart
 * downloads, email images): resvg draws, sharp encodes.
 */
import { renderAsync } from '@resvg/resvg-js'
import sharp from 'sharp'

/**
 * Drawing and encoding run on libuv's thread pool (resvg's renderAsync, then sharp), never on
 * the event loop: a chart export took about 400 ms of the loop (jpeg-js alone 300 ms), and every
 * other reader served by that process waited for it.
 */
export async function rasterise(svg: string | Uint8Array, scale: number) {
	const image = await renderAsync(typeof svg === 'string' ? svg : Buffer.from(svg), { fitTo: { mode: 'zoom', value: scale }, background: '#ffffff', font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } })
	return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
}
