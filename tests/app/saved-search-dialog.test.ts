/**
 * The saved-search dialog's form posts (spec 001 §2): saving, renaming and deleting close the
 * dialog; a refused name comes back open, in edit mode when renaming; a GET of the action is
 * answered 405 with the method it takes, never an error page.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { serializeConsent } from '../../app/lib/preferences.server.ts'
import { action, loader } from '../../app/routes/saved-searches.tsx'
import { noticeText } from '../../contract/notices.ts'
import { MAX_SAVED_SEARCH_NAME, SAVED_SEARCH_MESSAGES } from '../../contract/saved-search-rules.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { SITE, siteContext } from '../support/site.ts'

const database = useTestDatabase()

const post = async (cookie: string, fields: Record<string, string>) => {
	const request = new Request(`${SITE}/saved-searches`, {
		method: 'POST',
		headers: { Origin: SITE, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields),
	})
	const response = (await action({ request, context: siteContext(database.db), params: {} })) as Response
	expect(response.status).toBe(302)
	return new URL(response.headers.get('Location')!, SITE)
}

describe('the saved-search dialog', () => {
	test('save and delete close it; a name in use keeps it open, in edit mode when renaming', async () => {
		const session = await sessionCookieFor(database.db, 'strategist@example.com')
		const consent = (await serializeConsent({ analytics: false, advertising: false, personalisation: false })).split(';')[0]
		const cookie = `${session}; ${consent}`
		const returnUrl = '/companies?searchTerm=desal&savedSearches=open'
		const name = `Dialog ${Date.now()}`

		const saved = await post(cookie, { intent: 'save', kind: 'companies', name, url: '/companies?searchTerm=desal', returnUrl })
		expect(`${saved.pathname}${saved.search}${saved.hash}`).toBe('/companies?searchTerm=desal')

		const again = await post(cookie, { intent: 'save', kind: 'companies', name, url: '/companies', returnUrl })
		expect(again.searchParams.get('savedSearches')).toBe('open')
		expect(again.searchParams.get('savedSearchName')).toBe(name)

		const other = await post(cookie, { intent: 'save', kind: 'companies', name: `${name} b`, url: '/companies', returnUrl })
		expect(other.searchParams.has('savedSearches')).toBe(false)
		const { rows } = await database.db.execute<{ id: number; name: string }>(
			sql`select id, name from saved_searches where name like ${`${name}%`} order by id`,
		)
		expect(rows.map((row) => row.name)).toEqual([name, `${name} b`])

		const clash = await post(cookie, { intent: 'rename', id: String(rows[1].id), name, returnUrl })
		expect(clash.searchParams.get('savedSearches')).toBe('open')
		expect(clash.searchParams.get('savedSearchEdit')).toBe(String(rows[1].id))

		const deleted = await post(cookie, { intent: 'delete', id: String(rows[1].id), returnUrl })
		expect(deleted.searchParams.has('savedSearches')).toBe(false)
	})

	test('a name too long, or a rename to nothing, comes back with words that say so, and nothing is saved', async () => {
		const session = await sessionCookieFor(database.db, 'strategist@example.com')
		const consent = (await serializeConsent({ analytics: false, advertising: false, personalisation: false })).split(';')[0]
		const cookie = `${session}; ${consent}`
		const returnUrl = '/companies?savedSearches=open'
		const long = 'x'.repeat(MAX_SAVED_SEARCH_NAME + 1)
		const tooLong = await post(cookie, { intent: 'save', kind: 'companies', name: long, url: '/companies', returnUrl })
		expect(noticeText(tooLong.searchParams.get('savedSearchMessage'))).toBe(SAVED_SEARCH_MESSAGES.nameTooLong)
		expect(tooLong.searchParams.get('savedSearchName')).toBe(long)
		expect((await database.db.execute(sql`select 1 from saved_searches where name = ${long}`)).rows).toHaveLength(0)

		await post(cookie, { intent: 'save', kind: 'companies', name: `Kept ${Date.now()}`, url: '/companies', returnUrl })
		const [{ id }] = (await database.db.execute<{ id: number }>(sql`select id from saved_searches order by id desc limit 1`)).rows
		const emptied = await post(cookie, { intent: 'rename', id: String(id), name: '  ', returnUrl })
		expect(noticeText(emptied.searchParams.get('savedSearchMessage'))).toBe(SAVED_SEARCH_MESSAGES.nameRequired)
	})

	test('GET /saved-searches is 405 with Allow: POST', async () => {
		const response = loader()
		expect(response.status).toBe(405)
		expect(response.headers.get('Allow')).toBe('POST')
		expect(await response.text()).not.toMatch(/error/i)
	})
})
