/**
 * Server-Timing for one request: the API client adds its time under `api`, the document
 * renderer adds `render`. Browsers show it in the network panel; the benchmark reads it.
 */
export class ServerTiming {
	private readonly totals = new Map<string, { duration: number; description: string }>()

	add(name: string, description: string, duration: number) {
		const entry = this.totals.get(name)
		if (entry) entry.duration += duration
		else this.totals.set(name, { duration, description })
	}

	async time<T>(name: string, description: string, work: () => Promise<T>): Promise<T> {
		const started = performance.now()
		try {
			return await work()
		} finally {
			this.add(name, description, performance.now() - started)
		}
	}

	toString() {
		return [...this.totals]
			.map(([name, { duration, description }]) => `${name};desc="${description}";dur=${duration.toFixed(1)}`)
			.join(', ')
	}
}
