/**
 * A promise given up on after `ms`: it rejects with `timedOut()`'s error, and the timer is
 * cleared as soon as the promise settles, so none is left pending under load. The work itself
 * goes on; the caller only stops waiting. The timer does not keep a stopping process alive.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(timedOut()), ms)
		timer.unref?.()
	})
	try {
		return await Promise.race([promise, timeout])
	} finally {
		clearTimeout(timer)
	}
}
