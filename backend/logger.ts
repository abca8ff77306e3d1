/**
 * The server's log: JSON lines through pino, one object per line (time, level, msg and the
 * line's fields), readable lines through pino-pretty in development. Every message and field
 * passes through contract/log-redaction.ts on its way in, so a preview `secret`, a reset
 * `token`, a sign-in's `code` or `state` or a password never reaches the log, wherever it
 * appears (an address, a form, an error's message).
 *
 * Written in batches, as the access log before it was (nginx's `access_log ... buffer=
 * flush=`): in the cluster a worker's output is a pipe that the primary reads and copies to
 * its own (backend/http/web-cluster.ts), and a write per request woke the primary for every
 * page, about a third of a millisecond of its CPU per request under load. Lines
 * wait at most LOG_FLUSH_MS, or until LOG_BUFFER_CHARS have gathered; pino writes whatever
 * is waiting, synchronously, when the process exits (the life cycle's process.exit included).
 */
import cluster from 'node:cluster'
import { pino, stdSerializers, type DestinationStream, type Level, type Logger, type LoggerOptions } from 'pino'
import { redactSecrets, redactValue } from '../contract/log-redaction.ts'

/** Our choice: the longest a line waits, short enough to read the log live. */
export const LOG_FLUSH_MS = 250
/** Our choice: about thirty request lines, one write. */
export const LOG_BUFFER_CHARS = 8 * 1024

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** An error as a log field: its kind, code and message (and where it came from), never its other properties (a database error's detail may quote a row). */
function serializeError(error: unknown) {
	if (!(error instanceof Error)) return { message: redactSecrets(String(error)) }
	const { type, message, stack } = stdSerializers.err(error)
	const code = (error as { code?: unknown }).code
	return { type, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}), message: redactSecrets(message), stack: redactSecrets(stack) }
}

/** pino's options for the site: the redaction of every line's message and fields. */
export function logOptions(level: string): LoggerOptions {
	return {
		level,
		serializers: { err: serializeError, error: serializeError },
		hooks: {
			// Every message and field on its way in; an Error is serialized (and redacted) above.
			logMethod(args, method) {
				const [first, ...rest] = args as unknown[]
				// pino would take an Error's own message as the line's, unredacted.
				if (first instanceof Error) {
					const [message, ...more] = rest
					return method.apply(this, [{ err: first }, redactSecrets(typeof message === 'string' ? message : first.message), ...more.map((arg) => redactValue(arg))] as Parameters<typeof method>)
				}
				return method.apply(this, [redactValue(first), ...rest.map((arg) => redactValue(arg))] as Parameters<typeof method>)
			},
		},
	}
}

/** Where lines go: stdout, batched; readable lines in development. */
function destination(development: boolean): DestinationStream {
	if (development) return pino.transport({ target: 'pino-pretty', options: { destination: 1, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } })
	const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_CHARS, periodicFlush: LOG_FLUSH_MS })
	// A cluster worker whose primary was killed exits at once (Node's cluster), but its output
	// is a pipe nobody reads any more: pino's last flush at exit would retry it for ever (the
	// stream sleeps and retries on any write error), and the worker would never exit. Its lines
	// cannot reach anyone, so they are dropped. Runs before pino's own exit handler.
	process.prependListener('exit', () => {
		if (cluster.isWorker && !process.connected) stream.destroy()
	})
	return stream
}

/** LOG_LEVEL when it is one (backend/env.ts reports a bad one at start), else info. */
function levelFromEnv(): Level | 'silent' {
	const value = process.env.LOG_LEVEL as Level | 'silent' | undefined
	return value && (LOG_LEVELS as readonly string[]).includes(value) ? value : 'info'
}

export function createLogger({ level = levelFromEnv(), stream = destination(process.env.NODE_ENV === 'development' || !process.env.NODE_ENV) }: { level?: string; stream?: DestinationStream } = {}): Logger {
	return pino(logOptions(level), stream)
}

/** The process's one logger (created on first import). */
export const logger: Logger = createLogger()
