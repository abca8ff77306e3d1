/**
 * Answers kept in this process by key: the data tools' counts and pages, forecast answers and
 * tables. Each is loaded once however many readers ask for it at once (lru-cache's fetch), and
 * every content-change notice empties them on every host (contract/stale-copies.ts).
 */
import { LRUCache } from 'lru-cache'
import { keepsStaleCopies } from '../../contract/stale-copies.ts'

/** Loads an answer. It may set `kept.ttl` to keep the answer for less than the cache's own time. */
export type LoadAnswer<V> = (kept?: { ttl?: number }) => Promise<V>

/** The bound and the time to keep (`max` or `maxSize` with `sizeCalculation`; `ttl`). */
type Bound<V extends object> = Omit<LRUCache.Options<string, V, LoadAnswer<V>>, 'fetchMethod' | 'ignoreFetchAbort'>

export function keptAnswers<V extends object>(bound: Bound<V>) {
	const cache = new LRUCache<string, V, LoadAnswer<V>>({
		...bound,
		fetchMethod: (_key, _stale, { context: load, options }) => load(options),
		// A change empties the cache while a load runs: that load still answers its own reader,
		// but what it brings (possibly from before the change) is not kept. A failed load is not kept.
		ignoreFetchAbort: true,
	} as LRUCache.Options<string, V, LoadAnswer<V>>)
	keepsStaleCopies(() => cache.clear())
	return {
		/** The answer kept under `key`, loaded once when there is none. One larger than the whole bound is not kept: it is loaded each time. */
		get: async (key: string, load: LoadAnswer<V>): Promise<V> => (await cache.fetch(key, { context: load })) ?? load(),
		/** Forgets the answers whose keys start with `prefix`. */
		forgetStartingWith: (prefix: string) => {
			for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
		},
		clear: () => cache.clear(),
	}
}
