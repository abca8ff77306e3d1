/**
 * A read of the embedded API (a GET without a body, made in-process) as the API reads it: its
 * method, address and headers. Hono routes on `method` and `url`, and the API reads headers and
 * nothing else of a read (decision 0023: it never reads the signal). undici's Request made an
 * AbortSignal, a body state and a checked header list for each of a page's half-dozen calls,
 * about a fifth of a call's cost. Calls with a body, and every call over HTTP, are
 * real Requests.
 */

/** Header names are case-insensitive: kept lower-cased, as Headers does. */
class ReadHeaders {
	readonly #values = new Map<string, string>()
	constructor(init: Record<string, string>) {
		for (const [name, value] of Object.entries(init)) this.#values.set(name.toLowerCase(), value)
	}
	get(name: string): string | null {
		return this.#values.get(name.toLowerCase()) ?? null
	}
	has(name: string): boolean {
		return this.#values.has(name.toLowerCase())
	}
	forEach(callback: (value: string, name: string, headers: ReadHeaders) => void) {
		for (const [name, value] of this.#values) callback(value, name, this)
	}
	entries() {
		return this.#values.entries()
	}
	keys() {
		return this.#values.keys()
	}
	values() {
		return this.#values.values()
	}
	[Symbol.iterator]() {
		return this.#values.entries()
	}
}

/** Never aborted: an in-process call is bounded by the caller's timer instead. */
const NEVER_ABORTED = new AbortController().signal

class InProcessRead {
	readonly method = 'GET'
	readonly headers: ReadHeaders
	readonly signal = NEVER_ABORTED
	readonly body = null
	readonly bodyUsed = false
	constructor(
		readonly url: string,
		headers: Record<string, string>,
	) {
		this.headers = new ReadHeaders(headers)
	}
	// A GET has no body: reading it gives nothing, as a Request's does.
	text() {
		return Promise.resolve('')
	}
	arrayBuffer() {
		return Promise.resolve(new ArrayBuffer(0))
	}
	json(): Promise<unknown> {
		return Promise.reject(new SyntaxError('Unexpected end of JSON input'))
	}
}

/** The in-process read of `url` with `headers`, typed as the Request the transport takes. */
export function inProcessRead(url: string, headers: Record<string, string>): Request {
	return new InProcessRead(url, headers) as unknown as Request
}
