/**
 * SVG to pixels on the server, for every image that leaves the site as a picture (chart
 * downloads, email images): resvg draws, sharp encodes, in a process of their own
 * (raster-process.ts) that runs below normal priority.
 *
 * Drawing and encoding take about 50 ms of a core per chart. In the web process they ran on
 * libuv's threads at the pages' priority: ten exports at once took both cores of a small
 * machine and halved the pages the readers around them were served. Below normal priority
 * they use what the pages leave; the pages' own work always goes first.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import workerpool from 'workerpool'
import type { RasterFormat } from './raster-process.ts'

export type { RasterFormat }

/** Images drawn at once per web process; the rest wait their turn in the queue. */
export const RASTER_CONCURRENCY = 1
/** An image not drawn by then fails (its process is replaced): under load a turn takes longer, never forever. */
export const RASTER_TIMEOUT_MS = 30_000

/**
 * The process's script: beside this module when it runs from source (tsx, Vite's dev server,
 * vitest), or built beside the server (`npm run build`: build/raster-process.js next to
 * build/server/index.js).
 */
function rasterScript(): { script: string; execArgv: string[] } {
	const here = fileURLToPath(import.meta.url)
	return here.endsWith('.ts')
		? { script: path.join(path.dirname(here), 'raster-process.ts'), execArgv: ['--import', 'tsx'] }
		: { script: path.join(path.dirname(here), '..', 'raster-process.js'), execArgv: [] }
}

/** A drawing process unused this long ends (it holds about 200 MB); the next image starts another in about 0.2 s. */
export const RASTER_IDLE_MS = 60_000

let pool: workerpool.Pool | undefined
let idleTimer: NodeJS.Timeout | undefined

/** Ends the drawing process once it has had nothing to draw for RASTER_IDLE_MS. */
function endWhenIdle(running: workerpool.Pool) {
	clearTimeout(idleTimer)
	idleTimer = setTimeout(() => {
		const { activeTasks, pendingTasks } = running.stats()
		if (activeTasks + pendingTasks > 0) return endWhenIdle(running)
		if (pool === running) pool = undefined
		void running.terminate()
	}, RASTER_IDLE_MS)
	idleTimer.unref()
}

function rasterPool() {
	if (pool) return pool
	const { script, execArgv } = rasterScript()
	pool = workerpool.pool(script, {
		workerType: 'process',
		maxWorkers: RASTER_CONCURRENCY,
		// Images cross as bytes, not as JSON arrays of numbers.
		forkOpts: { serialization: 'advanced', execArgv },
	})
	return pool
}

/** The SVG drawn at `scale` on white, encoded as `format`. */
export async function rasterise(svg: string | Uint8Array, scale: number, format: RasterFormat): Promise<Buffer> {
	const bytes = typeof svg === 'string' ? Buffer.from(svg) : svg
	const running = rasterPool()
	let image: Uint8Array
	try {
		image = await running.exec('rasterise', [bytes, scale, format]).timeout(RASTER_TIMEOUT_MS)
	} finally {
		endWhenIdle(running)
	}
	// A buffer of its own: what arrives from the process is a view into a larger one, and
	// pdf-lib reads a JPEG's bytes from the start of the view's buffer.
	return Buffer.from(new Uint8Array(image).buffer)
}
