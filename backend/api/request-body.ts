/** JSON request bodies of the API's mutations: anything unreadable is a 400, never a 500. */
import type { Context } from 'hono'
import { InputError, rejectNul } from '../../contract/request-input.ts'
import { badRequest } from './errors.ts'

/** Largest JSON body a profile or password call needs (a few short fields). */
export const MAX_JSON_BODY_BYTES = 16 * 1024

export const BODY_MESSAGES = {
	notJson: 'Bad request: the body must be a JSON object',
	tooLarge: 'Bad request: the body is too large',
} as const

/** The parsed JSON object of the request body; 400 for a missing, oversized or non-object body. */
export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
	const text = await c.req.text()
	if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) throw badRequest(BODY_MESSAGES.tooLarge)
	let body: unknown
	try {
		// No text field may hold a NUL (the database cannot store one): 400, like the query's.
		body = JSON.parse(text, (_key, value: unknown) => {
			if (typeof value === 'string') rejectNul(value)
			return value
		})
	} catch (error) {
		throw badRequest(error instanceof InputError ? error.message : BODY_MESSAGES.notJson)
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(BODY_MESSAGES.notJson)
	return body as Record<string, unknown>
}
