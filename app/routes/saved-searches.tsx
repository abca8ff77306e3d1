import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { readConsent } from '~/lib/preferences.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'
import { EDIT_PARAM, PANEL_OPEN, SHOW_ALL_PARAM } from '~/components/tables/SavedSearches.tsx'
import { MESSAGES } from '../../contract/constants.ts'
import { noticeCode } from '../../contract/notices.ts'
import { SAVED_SEARCH_KINDS, SAVED_SEARCH_MESSAGES } from '../../contract/saved-searches.ts'
import { readForm } from '~/lib/form.server.ts'
import { postOnly } from '~/lib/http.server.ts'

/**
 * The saved-search panel's form posts: save, rename, delete, then back to the
 * table with the outcome in `savedSearchMessage` (and what the reader typed in
 * `savedSearchName` when it was refused), so it works without scripts. Saving needs
 * functionality-cookie consent (spec 001 §5): functionality cookies come with any decided
 * consent (app/lib/preferences.server.ts), so an undecided reader is asked first.
 */
export const SAVED_SEARCH_PARAMS = { message: 'savedSearchMessage', name: 'savedSearchName' } as const

const FormSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('save'), kind: z.enum(SAVED_SEARCH_KINDS), name: z.string().trim().optional(), subtitle: z.string().trim().optional(), url: z.string() }),
	z.object({ intent: z.literal('rename'), id: z.string(), name: z.string().trim() }),
	z.object({ intent: z.literal('delete'), id: z.string() }),
])

/** The panel posts here; an address typed or followed (GET) is told so rather than shown an error page. */
export const loader = () => postOnly('Saved searches are saved, renamed and deleted from the Saved searches panel of a table.')

export async function action({ request, context }: ActionFunctionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const back = new URL(safeReturnUrl(form.returnUrl), 'http://site')
	back.searchParams.delete(SAVED_SEARCH_PARAMS.message)
	back.searchParams.delete(SAVED_SEARCH_PARAMS.name)
	back.searchParams.delete(EDIT_PARAM)
	const done = (message: string | null, name?: string, editing?: string) => {
		if (!message) {
			// Saving, renaming or deleting closes the dialog (spec 001 §2).
			back.searchParams.delete(SHOW_ALL_PARAM)
			return redirect(`${back.pathname}${back.search}`)
		}
		// Refused: back with the panel open (in edit mode when renaming), where the message shows.
		back.searchParams.set(SHOW_ALL_PARAM, PANEL_OPEN)
		back.searchParams.set(SAVED_SEARCH_PARAMS.message, noticeCode(message))
		if (name) back.searchParams.set(SAVED_SEARCH_PARAMS.name, name)
		if (editing) back.searchParams.set(EDIT_PARAM, editing)
		return redirect(`${back.pathname}${back.search}#saved-searches`)
	}
	const parsed = FormSchema.safeParse(form)
	if (!parsed.success) return done(parsed.error.issues[0]?.message ?? 'Bad request')
	const input = parsed.data
	const api = createApiClient({ request, context })
	try {
		if (input.intent === 'save') {
			if (!(await readConsent(request))) return done(SAVED_SEARCH_MESSAGES.consentNeeded(input.kind === 'forecasts' ? 'forecasts' : 'searches'), input.name)
			const url = safeReturnUrl(input.url)
			await api.post('savedSearches.save', { body: { kind: input.kind, name: input.name || undefined, subtitle: input.subtitle || undefined, url } })
		} else if (input.intent === 'rename') {
			await api.put('savedSearches.rename', { params: { id: input.id }, body: { name: input.name } })
		} else {
			await api.post('savedSearches.delete', { params: { id: input.id } })
		}
		return done(null)
	} catch (error) {
		// Saved searches are a person's: a post with no one signed in (a session that ended, an organisation) is told so.
		if (error instanceof ApiError && error.status === 401) return done(MESSAGES.notLoggedIn)
		if (error instanceof ApiError && error.status < 500) return done(error.errors[0] ?? error.message, 'name' in input ? input.name : undefined, input.intent === 'rename' ? input.id : undefined)
		throw error
	}
}
