import pg from 'pg'
import { vi } from 'vitest'

/**
 * Calls `seen` with the text of every statement sent from now on, whether by the pool or by a
 * transaction's client (each passes through pg.Client's query), and still sends it. Undone by
 * `vi.restoreAllMocks()`.
 */
export function onEveryStatement(seen: (text: string) => void) {
	const query = pg.Client.prototype.query
	vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
		const first = args[0] as string | { text?: string }
		seen(typeof first === 'string' ? first : (first?.text ?? ''))
		return (query as (...args: unknown[]) => unknown).apply(this, args)
	} as never)
}
