/**
 * Bad input at the API's own door: the site calls the API in-process (no server
 * guard in front), so its param layer applies the same rules (app/lib/request-input.ts).
 * NUL and malformed encoding are 400 with the reason; dates out of spec 000 §5's range are
 * clamped into it; page numbers are bounded; JSON bodies with a NUL are 400.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { INPUT_MESSAGES } from '../../contract/request-input.ts'
import { createApi } from '../../backend/api/index.ts'
import { FIRST_VALID_DATE, MAX_PAGE_NUM } from '../../contract/query.ts'
import { tokenFor } from '../support/api-identity.ts'
import { useTestDatabase } from '../support/database.ts'

const database = useTestDatabase()
let api: ReturnType<typeof createApi>
let slug: string

beforeAll(async () => {
	api = createApi({ db: database.db })
	slug = ((await (await api.request('/articles?pageSize=1')).json()) as { items: { slug: string }[] }).items[0]!.slug
})

async function call(path: string, init: RequestInit = {}) {
	const response = await api.request(path, init)
	return { status: response.status, body: (await response.json()) as { success: boolean; errors: string[]; items?: unknown[]; pageNum?: number; totalPages?: number } }
}

describe('the API refuses what does not decode', () => {
	test.each([
		['/articles/slug/%00', INPUT_MESSAGES.nulCharacter],
		[`/articles/slug/a%00b/related`, INPUT_MESSAGES.nulCharacter],
		['/search?searchTerm=water%00', INPUT_MESSAGES.nulCharacter],
		['/search?filters%5BPage+type%5D=%2Farticles%00', INPUT_MESSAGES.nulCharacter],
		['/topics/slug/%zz', INPUT_MESSAGES.malformedAddress],
		['/articles?publishedTo=%FF', INPUT_MESSAGES.malformedAddress],
		['/search?searchTerm=%C0%AE', INPUT_MESSAGES.malformedAddress],
		['/search?searchTerm=%', INPUT_MESSAGES.malformedAddress],
	])('%s: 400, %s', async (path, message) => {
		const { status, body } = await call(path)
		expect(status).toBe(400)
		expect(body).toMatchObject({ success: false, errors: [message] })
	})

	test('a JSON body with a NUL in a text field is a 400, not a database error', async () => {
		const token = await tokenFor(database.db, 'free@example.com')
		const { status, body } = await call('/userprofile/preferences', {
			method: 'PUT',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
			body: JSON.stringify({ newsletter: 'a\u0000b' }),
		})
		expect(status).toBe(400)
		expect(body.errors).toEqual([INPUT_MESSAGES.nulCharacter])
	})
})

describe('values out of range are clamped, not errors', () => {
	test.each(['/articles', '/search'])('%s: publishedTo=9999-12-31 is the end of this year, publishedFrom=0001-01-01 the first valid date', async (path) => {
		const all = await call(`${path}?pageSize=1`)
		const wide = await call(`${path}?pageSize=1&publishedFrom=0001-01-01&publishedTo=9999-12-31`)
		expect(wide.status).toBe(200)
		expect(wide.body.totalPages).toBe(all.body.totalPages)
		expect(FIRST_VALID_DATE).toBe('2000-01-02')
	})

	test('a page number beyond the integers is the last page', async () => {
		const { status, body } = await call('/sitemap/articles?pageNum=9007199254740993')
		expect(status).toBe(200)
		expect(body.pageNum).toBeLessThan(MAX_PAGE_NUM)
		const last = await call(`/articles?pageSize=100&pageNum=${MAX_PAGE_NUM * 10}`)
		expect(last.status).toBe(200)
		expect(last.body.pageNum).toBe(last.body.totalPages)
	})

	test('the rules refuse only what is malformed: a real slug and a UTF-8 term still read', async () => {
		expect((await call(`/articles/slug/${encodeURIComponent(slug)}`)).status).toBe(200)
		expect((await call('/search?searchTerm=%C3%BC%20water')).status).toBe(200)
	})
})
