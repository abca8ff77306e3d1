/**
 * /mailbox/{id}/html: one email's HTML part as it was sent, for the frame on its mailbox page.
 * It has a policy of its own: the email's inlined styles apply (the site's pages allow none),
 * nothing runs, nothing is sent anywhere, and the sandbox gives it an origin of its own.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { MAILBOX_MESSAGES } from '../../contract/mailbox.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { mailboxRefusal } from '~/lib/mailbox.server.ts'

/** Images load from anywhere the email names (the site's PUBLIC_URL); styles are the email's own. */
const EMAIL_POLICY = "default-src 'none'; img-src 'self' data: http: https:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox"

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const { item } = await api.get('mailbox.message', { params: { id: params.id ?? '' } }).catch((error: unknown) => mailboxRefusal(error, request))
	if (!item?.html) throw new Response(MAILBOX_MESSAGES.notFound, { status: 404 })
	return new Response(item.html, {
		headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': EMAIL_POLICY, 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' },
	})
}
