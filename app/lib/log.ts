/**
 * The site's log, in the browser and on the server alike: `log.error({ err }, '[area] what
 * failed')`, as pino's own calls are written.
 *
 * On the server it is the process's logger, which server.ts hands over (backend/logger.ts:
 * JSON lines, secrets redacted). server.ts and the site's build are separate bundles, each
 * with its own copy of this module, so the logger is kept on `globalThis` under a registered
 * symbol, the one place both copies see. Without server.ts (a test calling a loader, or
 * `remix-serve`) and in the browser, lines go to the console, with the same redaction.
 */
import { redactSecrets, redactValue } from '../../contract/log-redaction.ts'

type LogCall = {
	(message: string): void
	(fields: Record<string, unknown>, message?: string): void
}
export type SiteLogger = { error: LogCall; warn: LogCall; info: LogCall; debug: LogCall }

const SERVER_LOGGER = Symbol.for('water-intelligence.logger')
type WithLogger = typeof globalThis & { [SERVER_LOGGER]?: SiteLogger }

/** server.ts: the process's logger, for the site's log lines too. */
export function useServerLogger(logger: SiteLogger) {
	;(globalThis as WithLogger)[SERVER_LOGGER] = logger
}

function consoleCall(level: keyof SiteLogger): LogCall {
	return (first: string | Record<string, unknown>, message?: string) => {
		const write = level === 'debug' ? console.debug : console[level]
		if (typeof first === 'string') return write(redactSecrets(first))
		const { err, ...fields } = first
		const error = err instanceof Error ? redactSecrets(err.message) : err === undefined ? undefined : redactValue(err)
		write(...[redactSecrets(message ?? ''), ...(error === undefined ? [] : [error]), ...(Object.keys(fields).length ? [redactValue(fields)] : [])])
	}
}

function levelCall(level: keyof SiteLogger): LogCall {
	const fallback = consoleCall(level)
	return ((first: string | Record<string, unknown>, message?: string) => {
		const server = (globalThis as WithLogger)[SERVER_LOGGER]
		if (!server) return fallback(first as Record<string, unknown>, message)
		return typeof first === 'string' ? server[level](first) : server[level](first, message)
	}) as LogCall
}

export const log: SiteLogger = { error: levelCall('error'), warn: levelCall('warn'), info: levelCall('info'), debug: levelCall('debug') }
