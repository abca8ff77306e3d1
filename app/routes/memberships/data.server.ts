/** /memberships' server side: the offers of spec 002 §4 as the API decides them for the reader, and the free trial's post. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { NEWSLETTER_TABS, TRIAL_INTENT } from '~/components/commerce/MembershipSections.tsx'
import { ApiError, createApiClient } from '~/lib/api.server.ts'
import { signInFirst } from '~/lib/commerce.server.ts'
import { pageCacheHeaders } from '~/lib/http.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'
import { getUserSummary } from '~/lib/user.server.ts'
import { CURRENCIES, joinUrl, VISITOR_OFFERS } from '../../../contract/commerce.ts'
import { JOIN_TYPE } from '../../../contract/constants.ts'
import { parseUrlParams } from '../../../contract/query.ts'
import { readForm } from '~/lib/form.server.ts'

const PageQuerySchema = z.object({
	tab: z.enum(NEWSLETTER_TABS.map((tab) => tab.key) as [string, ...string[]]).catch('overview'),
	currency: z.enum(CURRENCIES).catch('GBP'),
})


export async function loadMemberships({ request, context }: LoaderFunctionArgs) {
	const query = parseUrlParams(PageQuerySchema, new URL(request.url).searchParams)
	const user = await getUserSummary(request, context)
	const offers = user ? ((await createApiClient({ request, context }).get('memberships.offers')).item ?? VISITOR_OFFERS) : VISITOR_OFFERS
	return data({ ...query, offers }, { headers: pageCacheHeaders(request, { personal: Boolean(user) }) })
}

/** The free trial (POST /trials), then on to /join?joinType=(trial key); a visitor signs in first. */
export async function startTrial({ request, context }: ActionFunctionArgs) {
	const form = await readForm(request)
	if (form.get('intent') !== TRIAL_INTENT) return data({ error: 'Bad request' }, { status: 400 })
	const user = await getUserSummary(request, context)
	if (!user) throw signInFirst('/memberships#free-trial')
	try {
		await createApiClient({ request, context }).post('trials.start', {})
	} catch (error) {
		if (error instanceof ApiError && error.status < 500) return data({ error: error.message }, { status: error.status })
		throw error
	}
	const returnPath = form.get('returnPath')
	return redirect(joinUrl(JOIN_TYPE.trial, typeof returnPath === 'string' && returnPath ? { returnPath: safeReturnUrl(returnPath) } : {}))
}
