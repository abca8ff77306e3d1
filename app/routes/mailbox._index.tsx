/**
 * /mailbox: the demo's mailbox, for staff. Every email the demo site sent (it has no mail
 * server of its own: backend/mail/embedded-smtp.ts), newest first, and a button that sends
 * every alert now, so a demo can follow a saved search's alert without waiting for its day.
 * A form post and a redirect: it works without scripts.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { MAILBOX_MESSAGES, receivedAt, sentSummary, type MailboxSendResult } from '../../contract/mailbox.ts'
import { createApiClient } from '~/lib/api.server.ts'
import { mailboxRefusal } from '~/lib/mailbox.server.ts'

export const meta: MetaFunction = () => [{ title: `${MAILBOX_MESSAGES.title}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

/** The button's outcome travels as counts only: the page words them itself. */
const COUNTS = ['sent', 'nothingNew', 'paused', 'failed'] as const

function sentResult(params: URLSearchParams): MailboxSendResult | null {
	if (!COUNTS.every((key) => /^\d{1,6}$/.test(params.get(key) ?? ''))) return null
	return Object.fromEntries(COUNTS.map((key) => [key, Number(params.get(key))])) as MailboxSendResult
}

export async function loader({ request, context }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const { items } = await api.get('mailbox.list').catch((error: unknown) => mailboxRefusal(error, request))
	const result = sentResult(new URL(request.url).searchParams)
	return { messages: items ?? [], sent: result ? sentSummary(result) : null }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const api = createApiClient({ request, context })
	const { item } = await api.post('mailbox.sendAlerts').catch((error: unknown) => mailboxRefusal(error, request))
	const counts = new URLSearchParams(COUNTS.map((key) => [key, String(item?.[key] ?? 0)]))
	return redirect(`/mailbox?${counts}`)
}

export default function MailboxPage() {
	const { messages, sent } = useLoaderData<typeof loader>()
	return (
		<article className="mailbox-page">
			<h1>{MAILBOX_MESSAGES.title}</h1>
			<p>{MAILBOX_MESSAGES.intro}</p>
			<Form method="post" className="mailbox-send">
				<button type="submit" className="button">
					{MAILBOX_MESSAGES.sendAlerts}
				</button>
				<p className="mailbox-help">{MAILBOX_MESSAGES.sendAlertsHelp}</p>
			</Form>
			{sent ? (
				<p role="status" className="mailbox-sent">
					{sent}
				</p>
			) : null}
			{messages.length === 0 ? (
				<p>{MAILBOX_MESSAGES.empty}</p>
			) : (
				<ol className="mailbox-list">
					{messages.map((message) => (
						<li key={message.id}>
							<Link to={`/mailbox/${message.id}`}>{message.subject || '(no subject)'}</Link>
							<span className="mailbox-meta">
								To {message.to} · {receivedAt(message.date)}
							</span>
						</li>
					))}
				</ol>
			)}
		</article>
	)
}
