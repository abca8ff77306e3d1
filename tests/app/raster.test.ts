/**
 * Chart images drawn in a process of their own, below normal priority and in the idle
 * scheduling class (app/lib/raster.server.ts):
 * the files are what resvg and sharp make, a bad drawing fails alone, and the drawing process
 * gives way to the pages.
 */
import fs from 'node:fs'
import os from 'node:os'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { rasterise } from '../../app/lib/raster.server.ts'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect x="10" y="10" width="50" height="30" fill="#0a5c8a"/><text x="10" y="70" font-size="12">Capacity</text></svg>'

/** Linux's number for the idle scheduling class (sched.h). */
const SCHED_IDLE = 5
const HAS_CHRT = ['/usr/bin/chrt', '/bin/chrt'].some((file) => fs.existsSync(file))

/** A thread's scheduling policy, as /proc shows it. */
function schedulingPolicy(pid: number, thread: string): number {
	const line = fs
		.readFileSync(`/proc/${pid}/task/${thread}/sched`, 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('policy'))
	return Number(line?.split(':')[1])
}

/** This process's children whose command line names the drawing process's script. */
function rasterProcesses(): number[] {
	return fs
		.readdirSync('/proc')
		.filter((entry) => /^\d+$/.test(entry))
		.filter((pid) => {
			try {
				const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
				const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
				return parent === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('raster-process')
			} catch {
				return false // gone meanwhile
			}
		})
		.map(Number)
}

describe('chart images', () => {
	test('a PNG and a JPEG at twice the size, on white', async () => {
		const png = await rasterise(SVG, 2, { type: 'png' })
		expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 240, height: 160 })
		const corner = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer()
		expect([...corner.subarray(0, 3)]).toEqual([255, 255, 255])
		const jpeg = await rasterise(Buffer.from(SVG), 2, { type: 'jpeg', quality: 90 })
		expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff')
		expect(jpeg.byteOffset).toBe(0)
	})

	test('an SVG resvg cannot read fails alone; the next image is drawn', async () => {
		await expect(rasterise('<svg', 2, { type: 'png' })).rejects.toThrow()
		expect((await sharp(await rasterise(SVG, 1, { type: 'png' })).metadata()).width).toBe(120)
	})

	test.runIf(process.platform === 'linux')('the drawing process runs below normal priority', async () => {
		await rasterise(SVG, 1, { type: 'png' })
		const children = rasterProcesses()
		expect(children).toHaveLength(1)
		expect(os.getPriority(children[0])).toBe(os.constants.priority.PRIORITY_BELOW_NORMAL)
	})

	test.runIf(process.platform === 'linux' && HAS_CHRT)('every thread of the drawing process is in the idle scheduling class', async () => {
		await rasterise(SVG, 1, { type: 'png' })
		const [child] = rasterProcesses()
		const threads = fs.readdirSync(`/proc/${child}/task`)
		expect(threads.length).toBeGreaterThan(1)
		expect(threads.map((thread) => schedulingPolicy(child, thread))).toEqual(threads.map(() => SCHED_IDLE))
	})
})
