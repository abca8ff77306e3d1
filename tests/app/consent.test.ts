import { expect, test } from 'vitest'
import { action as consentAction } from '../../app/routes/consent.tsx'
import { CONSENT_DAYS, consentCookie, consentFromForm, readConsent } from '../../app/lib/preferences.server.ts'

const form = (entries: Record<string, string>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(entries)) data.set(key, value)
	return data
}

test('Accept all, Reject all and a customised selection', () => {
	expect(consentFromForm(form({ intent: 'accept-all' }))).toEqual({ analytics: true, advertising: true, personalisation: true })
	expect(consentFromForm(form({ intent: 'reject-all', analytics: 'on' }))).toEqual({ analytics: false, advertising: false, personalisation: false })
	expect(consentFromForm(form({ intent: 'customise', analytics: 'on', personalisation: 'on' }))).toEqual({ analytics: true, advertising: false, personalisation: true })
	expect(consentFromForm(form({ intent: 'something-else' }))).toBeNull()
})

test('undecided without a cookie, or with a damaged one', async () => {
	expect(await readConsent(new Request('http://localhost/'))).toBeNull()
	expect(await readConsent(new Request('http://localhost/', { headers: { Cookie: 'gwi_consent=not-base64-json' } }))).toBeNull()
	const wrongShape = await consentCookie().serialize({ analytics: 'yes' })
	expect(await readConsent(new Request('http://localhost/', { headers: { Cookie: wrongShape.split(';')[0] } }))).toBeNull()
})

test('the consent action sets a 150-day cookie and goes back to a same-origin page only', async () => {
	const post = (body: Record<string, string>) => consentAction({ request: new Request('http://localhost/consent', { method: 'POST', body: form(body) }), context: {}, params: {} })
	const response = (await post({ intent: 'customise', analytics: 'on', returnUrl: '/articles?pageNum=2' })) as Response
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe('/articles?pageNum=2')
	const setCookie = response.headers.get('Set-Cookie')!
	expect(setCookie).toMatch(new RegExp(`Max-Age=${CONSENT_DAYS * 24 * 60 * 60}`))
	expect(setCookie).toMatch(/HttpOnly/i)
	expect(await readConsent(new Request('http://localhost/', { headers: { Cookie: setCookie.split(';')[0] } }))).toEqual({ analytics: true, advertising: false, personalisation: false })

	const offsite = (await post({ intent: 'accept-all', returnUrl: '//evil.example/' })) as Response
	expect(offsite.headers.get('Location')).toBe('/')
})
