import { Transform, type TransformCallback } from 'node:stream'

/**
 * The document's body stream: what React writes in one turn of the event loop leaves as one
 * piece. React writes a page in pieces of about 2 kB, and Remix's Express adapter flushes the
 * response after each piece it hands on. Behind the compression middleware every piece then
 * became its own gzip block and its own socket write: 36 for a signed-in home page, a sixth of
 * the server's CPU under load in compression and writev, and a larger download. React writes
 * all it has in one turn, so what is ready still leaves at once; only its pieces are joined.
 */
export function documentBody() {
	let pending: Buffer[] = []
	let scheduled = false
	const stream = new Transform({
		transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
			pending.push(chunk)
			if (!scheduled) {
				scheduled = true
				setImmediate(release)
			}
			done()
		},
		flush(done: TransformCallback) {
			release()
			done()
		},
	})
	function release() {
		scheduled = false
		if (pending.length === 0) return
		const piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
		pending = []
		stream.push(piece)
	}
	return stream
}
