/** /checkout's loader (spec 002 §4): a current member is told there is nothing to buy before filling the form. */
import { describe, expect, test } from 'vitest'
import { action, loader } from '../../app/routes/checkout.tsx'
import { CHECKOUT_MESSAGES } from '../../contract/commerce.ts'
import { createFreeAccount } from '../../backend/identity/accounts.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { loaderArgs, SITE, siteContext, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const asReader = (cookie: string, path: string) => loaderArgs(database.db, path, {}, { headers: { Cookie: cookie } })

describe('/checkout', () => {
	test('an Executive is told they already hold a membership; a free account gets the form', async () => {
		const member = await sessionCookieFor(database.db, 'executive@example.com')
		expect(unwrap<{ alreadyMember: boolean }>(await loader(asReader(member, '/checkout?plan=executive&currency=GBP') as never)).data.alreadyMember).toBe(true)

		const email = `checkout-${Date.now()}@example.org`
		expect((await createFreeAccount(database.db, { email, password: 'Fresh-Water-2026!', firstName: 'Cy', lastName: 'Buyer' }, new Date(Date.now() - 5000))).ok).toBe(true)
		const free = await sessionCookieFor(database.db, email)
		const page = unwrap<{ alreadyMember: boolean; plan: { key: string } }>(await loader(asReader(free, '/checkout?plan=executive&currency=GBP') as never))
		expect(page.data).toMatchObject({ alreadyMember: false, plan: { key: 'executive' } })
	})
})

describe('/checkout posts', () => {
	const post = async (cookie: string, fields: Record<string, string>) => {
		const request = new Request(`${SITE}/checkout?plan=executive&currency=GBP`, {
			method: 'POST',
			headers: { Origin: SITE, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields),
		})
		return (await action({ request, context: siteContext(database.db), params: {} })) as unknown as { init: { status: number }; data: { result: { error?: Record<string, string[]> } } }
	}

	test('a post whose hidden fields were changed is refused in our words; an organisation missing its name is told which field', async () => {
		const email = `checkout-post-${Date.now()}@example.org`
		expect((await createFreeAccount(database.db, { email, password: 'Fresh-Water-2026!', firstName: 'Cy', lastName: 'Buyer' }, new Date(Date.now() - 5000))).ok).toBe(true)
		const cookie = await sessionCookieFor(database.db, email)
		const tampered = await post(cookie, { plan: 'executive', currency: 'GBP', buyingAs: 'a-cat', isRenewal: 'false' })
		expect(tampered.init.status).toBe(400)
		expect(tampered.data.result.error?.['']).toEqual([CHECKOUT_MESSAGES.formUnreadable])
		const organisation = await post(cookie, { plan: 'executive', currency: 'GBP', idempotencyKey: crypto.randomUUID(), buyingAs: 'organisation', isRenewal: 'false', vatNumber: 'GB1' })
		expect(organisation.init.status).toBe(400)
		expect(organisation.data.result.error?.['']).toBeUndefined()
		expect(organisation.data.result.error?.organisationName).toEqual([CHECKOUT_MESSAGES.organisationRequired])
	})
})
