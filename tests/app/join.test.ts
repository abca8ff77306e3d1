/** /join on the server (spec 002 §2, §4): signed-in only, the permission refresh, the preferences post. */
import { describe, expect, test } from 'vitest'
import { action, headers, loader } from '../../app/routes/join._index.tsx'
import { startTrial } from '../../backend/api/commerce/trial.ts'
import { createFreeAccount } from '../../backend/identity/accounts.ts'
import { PREFERENCES_MESSAGES } from '../../contract/commerce.ts'
import { userIdByEmail } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'
import { useRenderedSite } from '../support/rendered-site.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { loaderArgs, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)
let counter = 0
async function newReader() {
	const email = `join-${++counter}-${Date.now()}@example.org`
	// Created a little while ago: a role starting after the session's token was issued would renew it.
	const created = await createFreeAccount(database.db, { email, password: 'Fresh-Water-2026!', firstName: 'Jo', lastName: 'Joiner' }, new Date(Date.now() - 5000))
	if (!created.ok) throw new Error('exists')
	return { email, userId: await userIdByEmail(database.db, email) }
}
const asReader = (cookie: string, path: string, init: RequestInit = {}) => loaderArgs(database.db, path, {}, { ...init, headers: { Cookie: cookie, ...(init.headers ?? {}) } })

describe('/join', () => {
	test('visitors are sent home', async () => {
		const result = await thrown(loader(loaderArgs(database.db, '/join?joinType=gwi-trial') as never))
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/')
	})

	test('a reader who has not joined is offered the trial, or the plans', async () => {
		const reader = await newReader()
		const cookie = await sessionCookieFor(database.db, reader.email)
		expect(unwrap<{ state: string }>(await loader(asReader(cookie, '/join?joinType=gwi-trial') as never)).data.state).toBe('start-trial')
		const plans = await thrown(loader(asReader(cookie, '/join?joinType=gwi-membership') as never))
		expect(plans.headers.get('Location')).toBe('/memberships#plans')
	})

	test('a member, or a reader whose trial is used, is sent to the memberships page, never told a trial has started', async () => {
		for (const email of ['executive@example.com', 'strategist@example.com', 'expired@example.com']) {
			const cookie = await sessionCookieFor(database.db, email)
			const sent = await thrown(loader(asReader(cookie, '/join?joinType=gwi-trial') as never))
			expect(sent.headers.get('Location')).toBe('/memberships#free-trial')
		}
		// The footer's Join: the free account's welcome is not a member's.
		const member = await sessionCookieFor(database.db, 'executive@example.com')
		expect((await thrown(loader(asReader(member, '/join') as never))).headers.get('Location')).toBe('/memberships')
		const free = await sessionCookieFor(database.db, (await newReader()).email)
		expect(unwrap<{ state: string; joinType: string }>(await loader(asReader(free, '/join') as never)).data).toMatchObject({ state: 'welcome', joinType: 'none' })
	})

	test("the footer marks one link as the current page: not the trial's link with its query as well as Join", async () => {
		const cookie = await sessionCookieFor(database.db, (await newReader()).email)
		const { html } = await site.render('/join?joinType=gwi-trial', { headers: { Cookie: cookie } })
		const footer = html.slice(html.indexOf('<footer'))
		expect(footer).toMatch(/<a [^>]*href="\/join\?joinType=gwi-trial"[^>]*>Start a free trial<\/a>/)
		expect(footer).not.toMatch(/<a [^>]*aria-current="page"[^>]*href="\/join\?joinType=gwi-trial"/)
		expect(footer.match(/aria-current="page"/g) ?? []).toHaveLength(1)
	})

	test('the waiting page reloads itself without scripts: its Refresh header reaches the response', () => {
		const loaderHeaders = new Headers({ 'Cache-Control': 'private, no-store', Refresh: '5; url=/join?joinType=gwi-membership&attempt=1' })
		const sent = new Headers(headers({ loaderHeaders, parentHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined }))
		expect(sent.get('Refresh')).toBe('5; url=/join?joinType=gwi-membership&attempt=1')
		expect(sent.get('Cache-Control')).toBe('private, no-store')
	})

	test('after a trial join, a token that already carries the trial goes straight to the welcome', async () => {
		const reader = await newReader()
		expect((await startTrial(database.db, reader.userId, new Date(Date.now() - 2000))).ok).toBe(true)
		const cookie = await sessionCookieFor(database.db, reader.email)
		const refreshed = await thrown(loader(asReader(cookie, '/join?joinType=gwi-trial') as never))
		expect(refreshed.headers.get('Location')).toBe('/join?joinType=gwi-trial&isRefreshed=true')
		const page = unwrap<{ state: string; joinType: string }>(await loader(asReader(cookie, '/join?joinType=gwi-trial&isRefreshed=true') as never))
		expect(page.data).toMatchObject({ state: 'welcome', joinType: 'gwi-trial' })
	})

	test('a token without the new role that cannot be refreshed: the tokens are cleared', async () => {
		const reader = await newReader()
		const cookie = await sessionCookieFor(database.db, reader.email)
		expect((await startTrial(database.db, reader.userId)).ok).toBe(true)
		const page = unwrap<{ state: string }>(await loader(asReader(cookie, '/join?joinType=gwi-trial') as never))
		expect(page.data.state).toBe('failed')
	})

	test('the preferences post validates on the server and records the interests', async () => {
		const reader = await newReader()
		const cookie = await sessionCookieFor(database.db, reader.email)
		const post = (fields: Record<string, string>) =>
			action(asReader(cookie, '/join?joinType=gwi-trial&isRefreshed=true', { method: 'POST', body: new URLSearchParams({ intent: 'about-you', ...fields }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }) as never)
		const invalid = unwrap<{ result: { error: Record<string, string[]> }; submitted: boolean }>(await post({ howDidYouFindUs: 'Other' }))
		expect(invalid.status).toBe(400)
		expect(invalid.data.result.error.specifyOther).toEqual([PREFERENCES_MESSAGES.specifyOtherRequired])
		const ok = unwrap<{ submitted: boolean }>(await post({ howDidYouFindUs: 'Word of mouth', interestsUtilities: 'on' }))
		expect(ok.data.submitted).toBe(true)
	})
})
