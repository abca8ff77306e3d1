/**
 * A log line per request, through pino-http (backend/logger.ts: JSON, batched, redacted):
 * request id, method, path, the query with its secrets redacted, route id, status, duration
 * in milliseconds, and the reader's user id when signed in.
 *
 * The request id is the client's or proxy's `X-Request-Id` when it is a plain token (so a
 * line can be followed from the load balancer), otherwise a new UUID; either way it is sent
 * back in `X-Request-Id`. What sets the route and user: `res.locals` (RequestLogLocals).
 */
import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import type { Level, Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { redactSecrets } from '../../contract/log-redaction.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** A request id we accept from outside: short, and nothing that could forge or break a log line. */
const PLAIN_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/

/** Set by the handlers a request reaches: the Remix route (server.ts) and the signed-in reader (the load context). */
export type RequestLogLocals = { routeId?: string; userId?: string }

/** The address split at its query, as received (never decoded: a malformed one is logged as it came). */
export function pathAndQuery(originalUrl: string): { path: string; query: string } {
	const at = originalUrl.indexOf('?')
	return at < 0 ? { path: originalUrl, query: '' } : { path: originalUrl.slice(0, at), query: originalUrl.slice(at + 1) }
}

export function requestLog({
	logger,
	routeOf,
	quiet = () => false,
	ignore = () => false,
}: {
	logger: Logger
	/** The route id of a finished request (see RequestLogLocals). */
	routeOf: (req: Request, res: Response) => string
	/** Requests logged at debug only (health checks, metrics scrapes). */
	quiet?: (req: Request) => boolean
	/** Requests not logged at all (fingerprinted build assets). */
	ignore?: (req: Request) => boolean
}): RequestHandler {
	const middleware = pinoHttp({
		logger,
		// One small child logger per request (its id), not one carrying the whole request.
		quietReqLogger: true,
		quietResLogger: true,
		customAttributeKeys: { responseTime: 'durationMs' },
		genReqId(req: IncomingMessage, res: ServerResponse) {
			const incoming = req.headers['x-request-id']
			const id = typeof incoming === 'string' && PLAIN_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
			res.setHeader(REQUEST_ID_HEADER, id)
			return id
		},
		autoLogging: { ignore: (req) => ignore(req as Request) },
		customLogLevel(req, res, error): Level {
			if (error || res.statusCode >= 500) return 'error'
			return quiet(req as Request) ? 'debug' : 'info'
		},
		customSuccessObject: (req, res, fields) => line(req as Request, res as Response, fields as Record<string, unknown>),
		customErrorObject: (req, res, error, fields) => ({ ...line(req as Request, res as Response, fields as Record<string, unknown>), err: error }),
	})
	return middleware as unknown as RequestHandler

	function line(req: Request, res: Response, fields: Record<string, unknown>) {
		const { path, query } = pathAndQuery(req.originalUrl)
		const locals = res.locals as RequestLogLocals
		return {
			method: req.method,
			path,
			...(query ? { query: redactSecrets(query) } : {}),
			routeId: routeOf(req, res),
			status: res.statusCode,
			durationMs: fields.durationMs,
			...(locals.userId ? { userId: locals.userId } : {}),
		}
	}
}
