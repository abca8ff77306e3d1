/**
 * The site's calls into the embedded API in its own process (server.ts, and the tests' site
 * context). A JSON answer's envelope can be handed over as the object the handler built
 * instead of as text the site parses again: that round trip (stringify, encode, stream,
 * decode, parse) was a tenth of a signed-in page's server time (issue 15). Over HTTP (/api,
 * or a site with API_BASE_URL) every answer is JSON text, as before.
 *
 * The caller opts in per call with an empty slot; the handler's `c.json(envelope)` fills it
 * and answers without a body, status and headers unchanged. Calls without a slot (file
 * downloads, which read an error's JSON body themselves) get the JSON text.
 */
import type { Hono, MiddlewareHandler } from 'hono'
import type { EnvelopeSlot } from '../../contract/envelope.ts'
import type { ApiEnv, InProcessBindings, ViewerMemo } from './context.ts'

/** Must run first: every JSON answer, refusals and errors included, goes through `c.json`. */
export const handOverEnvelopes: MiddlewareHandler<ApiEnv> = async (c, next) => {
	const slot = (c.env as InProcessBindings | undefined)?.handOver
	if (slot) {
		// No body at all (not the text `null`): a body is a stream of its own for every call.
		const newResponse = c.newResponse as (body: null, arg?: unknown, headers?: Record<string, string | string[]>) => Response
		c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
			slot.envelope = object
			return newResponse(null, arg, { 'Content-Type': 'application/json', ...headers })
		}) as typeof c.json
	}
	await next()
}

/**
 * One page's way into the API: its reader is verified once however many calls it makes
 * (`viewers`, when given), and a call may bring a slot for its envelope.
 */
export function inProcessFetch(api: Hono<ApiEnv>, viewers?: ViewerMemo) {
	return (request: Request, handOver?: EnvelopeSlot): Promise<Response> => Promise.resolve(api.fetch(request, { viewers, handOver } satisfies InProcessBindings))
}
