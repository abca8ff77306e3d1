/**
 * The access log: a line per request (method, address, status, milliseconds), written in
 * batches, as nginx's `access_log ... buffer= flush=` does. In the cluster a worker's output
 * is a pipe that the primary reads and copies to its own (backend/http/web-cluster.ts): a
 * write per request woke the primary for every page, about a third of a millisecond of its
 * CPU per request under load (issue 15), taken from the cores serving pages. Lines wait at
 * most ACCESS_LOG_FLUSH_MS, or until ACCESS_LOG_BUFFER_CHARS have gathered, and whatever is
 * waiting is written before the process exits. Other output (errors, warnings) is written
 * at once, so an error's line can come before the access line of its request.
 */

/** Our choice: the longest a line waits, short enough to read the log live. */
export const ACCESS_LOG_FLUSH_MS = 250
/** Our choice: about a hundred lines, one write. */
export const ACCESS_LOG_BUFFER_CHARS = 8 * 1024

export type AccessLog = {
	/** Adds a line (without its newline). */
	line(text: string): void
	/** Writes what is waiting now. */
	flush(): void
}

export function createAccessLog({
	write = (text: string) => void process.stdout.write(text),
	flushMs = ACCESS_LOG_FLUSH_MS,
	bufferChars = ACCESS_LOG_BUFFER_CHARS,
}: { write?: (text: string) => void; flushMs?: number; bufferChars?: number } = {}): AccessLog {
	let waiting = ''
	let timer: ReturnType<typeof setTimeout> | undefined
	function flush() {
		clearTimeout(timer)
		timer = undefined
		if (waiting === '') return
		const text = waiting
		waiting = ''
		write(text)
	}
	// A pipe or file written on exit is written synchronously, so the last lines are not lost.
	process.once('exit', flush)
	return {
		line(text) {
			waiting += `${text}\n`
			if (waiting.length >= bufferChars) flush()
			// Unref'd: lines waiting to be written never keep the process alive.
			else timer ??= setTimeout(flush, flushMs).unref()
		},
		flush,
	}
}
