/** /checkout's loader (spec 002 §4): a current member is told there is nothing to buy before filling the form. */
import { describe, expect, test } from 'vitest'
import { loader } from '../../app/routes/checkout.tsx'
import { createFreeAccount } from '../../backend/identity/accounts.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { loaderArgs, unwrap } from '../support/site.ts'

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
