import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { readForm } from '~/lib/form.server.ts'
import { ALERT_MESSAGES } from '../../contract/alert-rules.ts'
import { TITLE_SUFFIX } from '../../contract/constants.ts'

/**
 * The alert email's unsubscribe link (RFC 8058). GET asks to confirm, because mail scanners
 * follow links; POST unsubscribes, whether from that form or a mail client's one-click
 * (`List-Unsubscribe=One-Click`). Works without signing in: the link's token is signed, single use.
 */
export const meta: MetaFunction = () => [{ title: `Unsubscribe${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export function loader({ request }: LoaderFunctionArgs) {
	return data({ token: new URL(request.url).searchParams.get('token') ?? '' }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	// A mail client's one-click POST carries the token in the address, the confirm form in its body.
	const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '')
	try {
		await createApiClient({ request, context }).post('alerts.unsubscribe', { body: { token } })
		return data({ done: true, message: ALERT_MESSAGES.unsubscribed })
	} catch (error) {
		if (error instanceof ApiError && error.status < 500) return data({ done: false, message: ALERT_MESSAGES.unsubscribeUsed }, { status: 400 })
		throw error
	}
}

export default function Unsubscribe() {
	const { token } = useLoaderData<typeof loader>()
	const result = useActionData<typeof action>()
	return (
		<article className="unsubscribe-page">
			<h1>Unsubscribe</h1>
			{result ? (
				<p role={result.done ? 'status' : 'alert'}>{result.message}</p>
			) : (
				<Form method="post">
					<input type="hidden" name="token" value={token} />
					<p>{ALERT_MESSAGES.unsubscribeConfirm}</p>
					<button type="submit" className="button">
						Unsubscribe
					</button>
				</Form>
			)}
			<p>
				<Link to="/profile#alerts">Manage your alerts</Link>
			</p>
		</article>
	)
}
