/**
 * Cookie consent (spec 000 §2, §4): the banner's forms post here; GET shows the same choice
 * again ("Cookie settings" in the footer). The decision lasts 150 days.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConsentForms, CONSENT_TEXT } from '~/components/layout/CookieBanner.tsx'
import { TITLE_SUFFIX } from '../../contract/constants.ts'
import { parseUrlParams } from '../../contract/query.ts'
import { ReturnUrlParamsSchema } from '../../contract/sign-in.ts'
import { readForm } from '~/lib/form.server.ts'
import { CACHE_CONTROL } from '~/lib/http.server.ts'
import { consentFromForm, readConsent, serializeConsent } from '~/lib/preferences.server.ts'
import { safeReturnUrl } from '~/lib/return-url.ts'

export const COOKIE_SETTINGS_TITLE = 'Cookie settings'

export const meta: MetaFunction = () => [{ title: `${COOKIE_SETTINGS_TITLE}${TITLE_SUFFIX}` }, { name: 'robots', content: 'noindex' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const returnUrl = safeReturnUrl(parseUrlParams(ReturnUrlParamsSchema, new URL(request.url).searchParams).returnUrl)
	return data({ returnUrl, consent: await readConsent(request) }, { headers: { 'Cache-Control': CACHE_CONTROL.privatePage } })
}

export async function action({ request }: ActionFunctionArgs) {
	const form = await readForm(request)
	const returnUrl = safeReturnUrl(form.get('returnUrl'))
	const consent = consentFromForm(form)
	if (!consent) return redirect(`/consent?returnUrl=${encodeURIComponent(returnUrl)}`)
	return redirect(returnUrl, { headers: { 'Set-Cookie': await serializeConsent(consent) } })
}

export default function CookieSettings() {
	const { returnUrl, consent } = useLoaderData<typeof loader>()
	return (
		<article className="cookie-settings">
			<h1>{COOKIE_SETTINGS_TITLE}</h1>
			<p>{CONSENT_TEXT.body}</p>
			<p>{consent ? `Your current choice: ${describe(consent)}.` : 'You have not made a choice yet.'}</p>
			<ConsentForms returnUrl={returnUrl} selection={consent} open />
		</article>
	)
}

function describe(consent: { analytics: boolean; advertising: boolean; personalisation: boolean }) {
	const granted = (['analytics', 'advertising', 'personalisation'] as const).filter((category) => consent[category])
	return granted.length === 0 ? 'only the cookies the site needs' : `the cookies the site needs, plus ${granted.join(', ')}`
}
