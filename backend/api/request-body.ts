/** JSON request bodies of the API's mutations: anything unreadable is a 400, never a 500. */
import type { Context } from 'hono'
import type { z } from 'zod'
import { InputError, rejectNul } from '../../contract/request-input.ts'
import type { ApiEnv } from './context.ts'
import { badRequest, notFound, unauthorized } from './errors.ts'

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

/** A body read against its schema: the schema's first message as a 400. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
	const parsed = schema.safeParse(await readJsonBody(c))
	if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
	return parsed.data
}

/** The signed-in person a personal call is for; 401 without one. */
export function signedInUserId(c: Context<ApiEnv>): number {
	const userId = c.get('viewer')?.userId
	if (userId == null) throw unauthorized()
	return userId
}

/** The row id in the address (`:id`); an id that cannot be one is that thing not found. */
export function idParam(c: Context, thing: string): number {
	const id = Number(c.req.param('id'))
	if (!Number.isSafeInteger(id) || id < 1) throw notFound(thing)
	return id
}
