/**
 * One page, one verification: the in-process API verifies a reader's token and
 * checks their sign-in once per incoming request (server.ts passes one ViewerMemo per page),
 * and checks again on the next page, so an ended sign-in still dies at the next page.
 */
import { describe, expect, test } from 'vitest'
import type { ViewerMemo } from '../../backend/api/context.ts'
import { createApi } from '../../backend/api/index.ts'
import { revocationKeys, revoke, tokenIds } from '../../backend/identity/revocation.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()

describe("a page's API calls", () => {
	test('verify the reader once; the next page checks the sign-in again', async () => {
		const api = createApi({ db: database.db })
		const token = await tokenFor(database.db, 'executive@example.com')
		const page: ViewerMemo = new Map()
		expect((await call(api, 'GET', '/userprofile', { token, env: { viewers: page } })).status).toBe(200)
		expect(page.size).toBe(1)

		await revoke(database.db, revocationKeys(tokenIds(token)))
		// The same page goes on with the verdict of its first call...
		expect((await call(api, 'GET', '/userprofile', { token, env: { viewers: page } })).status).toBe(200)
		// ...the next page (and any call without a page) sees the ended sign-in.
		expect((await call(api, 'GET', '/userprofile', { token, env: { viewers: new Map() } })).status).toBe(401)
		expect((await call(api, 'GET', '/userprofile', { token })).status).toBe(401)
	})

	test("a forecast query (a POST that only reads) keeps the page's verdict; a change reads the reader afresh", async () => {
		const api = createApi({ db: database.db })
		const token = await tokenFor(database.db, 'strategist@example.com')
		const page: ViewerMemo = new Map()
		expect((await call(api, 'GET', '/userprofile', { token, env: { viewers: page } })).status).toBe(200)
		await revoke(database.db, revocationKeys(tokenIds(token)))
		const query = { reportType: 'TotalSpending', groupBy: ['Region'] }
		expect((await call(api, 'POST', '/forecast/definitions', { token, body: query, env: { viewers: page } })).status).toBe(200)
		expect((await call(api, 'GET', '/userprofile', { token, env: { viewers: page } })).status).toBe(200)
		// An unlock may change what the reader can open: it and the calls after it check the sign-in again.
		expect((await call(api, 'POST', '/articles/slug/any-article/unlock', { token, env: { viewers: page } })).status).toBe(401)
		expect((await call(api, 'GET', '/userprofile', { token, env: { viewers: page } })).status).toBe(401)
	})

	test("a refused token is refused for the rest of the page too, and one page's readers are not another's", async () => {
		const api = createApi({ db: database.db })
		const page: ViewerMemo = new Map()
		for (let i = 0; i < 2; i++) expect((await call(api, 'GET', '/userprofile', { token: 'not-a-token', env: { viewers: page } })).status).toBe(401)
		const executive = await tokenFor(database.db, 'executive@example.com')
		const strategist = await tokenFor(database.db, 'strategist@example.com')
		const mine = await call(api, 'GET', '/userprofile', { token: executive, env: { viewers: page } })
		const theirs = await call(api, 'GET', '/userprofile', { token: strategist, env: { viewers: page } })
		expect((mine.body as { item: { emailAddress: string } }).item.emailAddress).toBe('executive@example.com')
		expect((theirs.body as { item: { emailAddress: string } }).item.emailAddress).toBe('strategist@example.com')
	})
})
