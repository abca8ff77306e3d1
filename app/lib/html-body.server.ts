import type { Writable } from 'node:stream'

/** Our choice: HTML this large leaves at once, whatever else is still rendering. */
export const HTML_CHUNK_BYTES = 128 * 1024
/** Our choice: how long rendered HTML waits for the rest of the page before it leaves anyway. */
export const HTML_WAIT_MS = 20

/**
 * The page's body, and where React writes it. React writes a page in 2 kB pieces (some thirty
 * for a signed-in article), and every piece that reaches the response is a compression step,
 * a compression flush (Remix flushes after each) and a socket write: about a fifth of the
 * server's time under load once went to `writev`, and each compression step and flush costs
 * some 45 µs of CPU, on the same two cores. So the pieces are gathered until the
 * page is complete, until HTML_CHUNK_BYTES have gathered, or for at most HTML_WAIT_MS after
 * the first of them: a page whose data is all loaded (nearly every page) leaves in one piece,
 * and one that streams a slow part still sends its shell at once, as far as a reader can tell.
 * React needs no more of a Node stream than `write`, `end`, `destroy` and the `close` event,
 * and a Node stream (then turned into the web stream a Response takes) cost about 4 % of a
 * signed-in page's server time in the stream machinery of its thirty writes; the pieces go
 * straight into the web stream instead.
 */
export function htmlBody() {
	let controller!: ReadableStreamDefaultController<Uint8Array>
	let pending: Uint8Array[] = []
	let size = 0
	let timer: ReturnType<typeof setTimeout> | undefined
	let finished = false
	const onClose: (() => void)[] = []
	const send = () => {
		clearTimeout(timer)
		timer = undefined
		if (size === 0 || finished) return
		controller.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending, size))
		pending = []
		size = 0
	}
	const body = new ReadableStream<Uint8Array>({
		start(streamController) {
			controller = streamController
		},
		// The reader went away: React's close handler stops the render.
		cancel() {
			clearTimeout(timer)
			finished = true
			pending = []
			for (const listener of onClose) listener()
		},
	})
	const destination = {
		write(chunk: Uint8Array) {
			if (finished) return true
			pending.push(chunk)
			size += chunk.byteLength
			if (size >= HTML_CHUNK_BYTES) send()
			else timer ??= setTimeout(send, HTML_WAIT_MS)
			// Always ready for more: a page is small, and React renders all of it anyway.
			return true
		},
		end() {
			if (finished) return
			send()
			finished = true
			controller.close()
		},
		destroy(error: unknown) {
			if (finished) return
			clearTimeout(timer)
			finished = true
			controller.error(error)
		},
		on(event: string, listener: () => void) {
			if (event === 'close') onClose.push(listener)
			return destination
		},
	}
	return { body, destination: destination as unknown as Writable }
}
