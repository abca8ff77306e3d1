import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { readForm } from '~/lib/form.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'
import { ALERT_FREQUENCIES, ALERT_MESSAGE_PARAM } from '../../contract/alerts.ts'
import { noticeCode } from '../../contract/notices.ts'
import { postOnly } from '~/lib/http.server.ts'

/**
 * The alert controls' form posts (the saved-search panel and /profile's "Alerts"): turn on
 * daily or weekly, pause, turn on again, delete; then back where the form was, with the
 * outcome in `alertMessage` when it was refused, so it works without scripts.
 */
const FormSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('set'), savedSearchId: z.string(), frequency: z.enum(ALERT_FREQUENCIES) }),
	z.object({ intent: z.literal('pause'), id: z.string() }),
	z.object({ intent: z.literal('resume'), id: z.string() }),
	z.object({ intent: z.literal('delete'), id: z.string() }),
])

/** The controls post here; an address typed or followed (GET) is told so rather than shown an error page. */
export const loader = () => postOnly('Alerts are turned on, paused and deleted from your profile or a Saved searches panel.')

export async function action({ request, context }: ActionFunctionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const back = new URL(safeReturnUrl(form.returnUrl, '/profile'), 'http://site')
	back.searchParams.delete(ALERT_MESSAGE_PARAM)
	const done = (message: string | null) => {
		if (message) back.searchParams.set(ALERT_MESSAGE_PARAM, noticeCode(message))
		return redirect(`${back.pathname}${back.search}${back.hash}`)
	}
	const parsed = FormSchema.safeParse(form)
	if (!parsed.success) return done(parsed.error.issues[0]?.message ?? 'Bad request')
	const input = parsed.data
	const api = createApiClient({ request, context })
	try {
		if (input.intent === 'set') await api.post('alerts.set', { body: { savedSearchId: Number(input.savedSearchId), frequency: input.frequency } })
		else if (input.intent === 'pause') await api.post('alerts.pause', { params: { id: input.id } })
		else if (input.intent === 'resume') await api.post('alerts.resume', { params: { id: input.id } })
		else await api.post('alerts.delete', { params: { id: input.id } })
		return done(null)
	} catch (error) {
		if (error instanceof ApiError && error.status < 500) return done(error.errors[0] ?? error.message)
		throw error
	}
}
