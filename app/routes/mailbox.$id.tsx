/**
 * /mailbox/{id}: one email of the demo's mailbox, for staff. Its HTML part is shown in a
 * sandboxed frame served with a policy of its own (mailbox.$id.html.ts: no scripts, no forms,
 * its own origin, its inlined styles applied), its text part as it is.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { MAILBOX_MESSAGES, receivedAt } from '../../contract/mailbox.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { mailboxRefusal } from '~/lib/mailbox.server.ts'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.message.subject ?? MAILBOX_MESSAGES.title}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const { item } = await api.get('mailbox.message', { params: { id: params.id ?? '' } }).catch((error: unknown) => mailboxRefusal(error, request))
	if (!item) throw new Response(MAILBOX_MESSAGES.notFound, { status: 404 })
	return { message: item }
}

export default function MailboxMessagePage() {
	const { message } = useLoaderData<typeof loader>()
	return (
		<article className="mailbox-page">
			<p>
				<Link to="/mailbox">{MAILBOX_MESSAGES.backToList}</Link>
			</p>
			<h1>{message.subject || '(no subject)'}</h1>
			<dl className="mailbox-headers">
				<dt>From</dt>
				<dd>{message.from}</dd>
				<dt>To</dt>
				<dd>{message.to}</dd>
				<dt>Received</dt>
				<dd>{receivedAt(message.date)}</dd>
			</dl>
			{message.html ? (
				<section aria-labelledby="mailbox-html">
					<h2 id="mailbox-html">As sent (HTML)</h2>
					<iframe className="mailbox-frame" title={`The email: ${message.subject}`} sandbox="" src={`/mailbox/${encodeURIComponent(message.id)}/html`} />
				</section>
			) : null}
			<section aria-labelledby="mailbox-text">
				<h2 id="mailbox-text">Plain text</h2>
				<pre className="mailbox-text">{message.text}</pre>
			</section>
		</article>
	)
}
