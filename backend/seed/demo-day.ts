import { DAY_MS } from './util.ts'

/** How long after midnight UTC the demo accounts are re-anchored, so the new day has begun. */
const AFTER_MIDNIGHT_MS = 1_000
/** A re-anchoring that failed (the database away) is tried again this much later. */
const RETRY_MS = 60_000

/** Milliseconds from `now` to just after the next midnight UTC. */
export function untilNextDay(now: number): number {
	return DAY_MS - (now % DAY_MS) + AFTER_MIDNIGHT_MS
}

/**
 * Runs `reanchor` just after every midnight UTC while the server runs. The demo accounts'
 * states are whole days counted from the day they were anchored on, so without this a demo
 * left running over midnight showed trial@ with 4 days left instead of 5 until its next start.
 */
export function reanchorEveryDay(reanchor: () => Promise<void>, onError: (error: unknown) => void): { stop: () => void } {
	let timer: NodeJS.Timeout | undefined
	let stopped = false
	const schedule = (ms: number) => {
		if (stopped) return
		timer = setTimeout(run, ms)
		timer.unref()
	}
	const run = () => {
		reanchor().then(
			() => schedule(untilNextDay(Date.now())),
			(error: unknown) => {
				onError(error)
				schedule(RETRY_MS)
			},
		)
	}
	schedule(untilNextDay(Date.now()))
	return {
		stop: () => {
			stopped = true
			clearTimeout(timer)
		},
	}
}
