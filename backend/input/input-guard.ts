/**
 * The server's input guard: the first thing every request meets. An address that does not
 * decode (malformed percent-encoding, a NUL), a method the target does not know, or a page
 * post of the wrong type or size is answered here with its 4xx, before any route, the API or
 * the OpenID provider reads it: the API with its JSON envelope, everything else with the
 * site's error page. What a route reads afterwards is well-formed text.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { errorEnvelope } from '../api/envelope.ts'
import {
	checkRequestTarget,
	INPUT_MESSAGES,
	InputError,
	isFormMediaType,
	LEGACY_DATA_PARAM,
	MAX_FORM_BODY_BYTES,
	PAGE_METHODS,
	SERVICE_METHODS,
} from '../../contract/request-input.ts'

/** Where the site renders its error page for a status (app/routes/request-error.$status.tsx). */
export const REQUEST_ERROR_PATH = '/request-error'

export type InputGuardOptions = {
	/** Paths answered with the API's JSON envelope. */
	apiPath: string
	/** Paths whose services (the OpenID provider) take more methods and read their own bodies. */
	servicePaths: string[]
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export function inputGuard({ apiPath, servicePaths }: InputGuardOptions): RequestHandler {
	return (req: Request, res: Response, next: NextFunction) => {
		// req.path is not used before the check: Express decodes nothing until a route asks.
		const rawPath = req.url.split('?')[0]
		const isApi = under(rawPath, apiPath)
		const isService = isApi || servicePaths.some((prefix) => under(rawPath, prefix))
		try {
			const methods: readonly string[] = isService ? SERVICE_METHODS : PAGE_METHODS
			if (!methods.includes(req.method)) {
				res.setHeader('Allow', methods.join(', '))
				throw new InputError(405, INPUT_MESSAGES.methodNotAllowed)
			}
			const { queryNames } = checkRequestTarget(req.url)
			if (!isService && queryNames.includes(LEGACY_DATA_PARAM)) throw new InputError(400, INPUT_MESSAGES.legacyData)
			if (!isService && BODY_METHODS.has(req.method)) checkPageBody(req)
			next()
		} catch (error) {
			if (!(error instanceof InputError)) return next(error)
			// Whatever body was sent is not read: the connection closes after the answer.
			if (BODY_METHODS.has(req.method)) res.setHeader('Connection', 'close')
			if (isApi) {
				res.status(error.status).type('application/json').send(JSON.stringify(errorEnvelope(error.message)))
				return
			}
			// The site's own error page for this status, rendered by Remix (a GET of its page).
			req.method = 'GET'
			req.url = req.originalUrl = `${REQUEST_ERROR_PATH}/${error.status}`
			next()
		}
	}
}

/** A page's action reads a UTF-8 form of at most MAX_FORM_BODY_BYTES (what a streamed one holds is checked as it is read: app/lib/form.server.ts). */
function checkPageBody(req: Request) {
	const length = Number(req.get('content-length') ?? 0)
	const chunked = req.get('transfer-encoding') !== undefined
	if (length > MAX_FORM_BODY_BYTES) throw new InputError(413, INPUT_MESSAGES.bodyTooLarge)
	if (!length && !chunked && !req.get('content-type')) throw new InputError(400, INPUT_MESSAGES.formRequired)
	if (!isFormMediaType(req.get('content-type'))) throw new InputError(415, INPUT_MESSAGES.unsupportedBody)
}
