/**
 * The demo mailbox's pages ask the API, which decides who may read it: staff in the demo.
 * Its refusals become the site's usual answers: sign in, 'Forbidden', or no such page.
 */
import { data, redirect } from '@remix-run/node'
import { MESSAGES } from '../../contract/constants.ts'
import { ApiError } from './api.server.ts'
import { loginUrl } from './return-url.ts'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** Throws the answer for a refusal of the mailbox API; anything else is rethrown as it is. */
export function mailboxRefusal(error: unknown, request: Request): never {
	if (error instanceof ApiError) {
		const { pathname, search } = new URL(request.url)
		if (error.status === 401) throw redirect(loginUrl(`${pathname}${search}`))
		if (error.status === 403) throw data('Forbidden', { status: 403, headers: NO_STORE })
		if (error.status === 404) throw data(MESSAGES.notFound, { status: 404, headers: NO_STORE })
	}
	throw error
}
