/**
 * Data every page reads and staff rarely change (menus, no-access messages), kept in process
 * (issue 15): fresh for HOT_DATA_TIMES.freshMs, then answered stale while one reload runs in the
 * background (stale-while-revalidate) for up to staleMs, after which a reader waits for the
 * database again. Every change made through the API empties it (createApi), so a change made
 * here shows at once; a change made behind the API's back (a script on the database) shows
 * within freshMs. Only what is the same for every reader is kept: access flags are worked out
 * per request from the kept rows.
 */

/** Our choice: how long a read stays fresh, and how long a stale copy may still be answered. */
export const HOT_DATA_TIMES = { freshMs: 30_000, staleMs: 10 * 60_000 } as const

type Slot = { value?: unknown; loadedAt: number; loading?: Promise<unknown>; generation: number }

export type HotData = ReturnType<typeof createHotData>

export function createHotData({ now = Date.now, times = HOT_DATA_TIMES }: { now?: () => number; times?: { freshMs: number; staleMs: number } } = {}) {
	const slots = new Map<string, Slot>()
	let generation = 0

	function load<T>(key: string, slot: Slot, loader: () => Promise<T>): Promise<T> {
		const started = generation
		const loading = loader().then(
			(value) => {
				// A load that began before a change must not bring the old data back.
				if (started === generation) Object.assign(slot, { value, loadedAt: now(), loading: undefined })
				return value
			},
			(error: unknown) => {
				slot.loading = undefined
				throw error
			},
		)
		slot.loading = loading
		slots.set(key, slot)
		return loading
	}

	return {
		/** The kept value of `key`, loading it when there is none (one load at a time per key). */
		read<T>(key: string, loader: () => Promise<T>): Promise<T> {
			const slot = slots.get(key)
			if (!slot || slot.generation !== generation || !('value' in slot)) {
				if (slot?.loading && slot.generation === generation) return slot.loading as Promise<T>
				return load(key, { loadedAt: 0, generation }, loader)
			}
			const age = now() - slot.loadedAt
			if (age < times.freshMs) return Promise.resolve(slot.value as T)
			if (age < times.freshMs + times.staleMs) {
				// Stale: answer at once, reload behind (a failed reload keeps the stale copy).
				if (!slot.loading) load(key, slot, loader).catch((error: unknown) => console.error(`[hot-data] reloading ${key} failed:`, error instanceof Error ? error.message : error))
				return Promise.resolve(slot.value as T)
			}
			return slot.loading ? (slot.loading as Promise<T>) : load(key, slot, loader)
		},
		/** Forgets everything: the next read loads afresh. */
		invalidate() {
			generation++
			slots.clear()
		},
	}
}

/** For a resource mounted alone (without createApi's invalidation): nothing kept, every read loads. */
export const UNKEPT: Pick<HotData, 'read' | 'invalidate'> = { read: (_key, loader) => loader(), invalidate: () => undefined }
