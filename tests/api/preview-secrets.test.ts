/**
 * Drafts' preview secrets (backend/api/preview-secret.ts): wrong guesses are counted per client
 * address in PostgreSQL; past the limit that address gets 429 for every draft, the right secret
 * included, while another address still opens it.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { CLIENT_ADDRESS_HEADER } from '../../contract/identity.ts'
import { PREVIEW_SECRET_MESSAGES } from '../../backend/api/preview-secret.ts'
import { RATE_LIMITS } from '../../backend/identity/rate-limit.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()

async function drafts() {
	const { rows: [article] } = await database.db.execute<{ slug: string; secret: string }>(sql`select slug, preview_secret as secret from articles where is_draft and preview_secret is not null order by id limit 1`)
	const { rows: [newsletter] } = await database.db.execute<{ slug: string; secret: string }>(sql`select slug, preview_secret as secret from newsletters where is_draft and preview_secret is not null order by id limit 1`)
	return { article: article!, newsletter: newsletter! }
}

describe('wrong preview secrets', () => {
	test('are limited per address: then 429 with Retry-After, even with the right secret; another address still opens the draft', async () => {
		const { article, newsletter } = await drafts()
		const from = (address: string, secret: string) => ({ PreviewToken: secret, [CLIENT_ADDRESS_HEADER]: address })
		const guesser = '198.51.100.77'
		for (let i = 0; i < RATE_LIMITS.previewSecret.limit; i++) {
			expect((await get(`/articles/slug/draft/${article.slug}`, undefined, from(guesser, `guess-${i}`))).status).toBe(404)
		}
		const refused = await get(`/articles/slug/draft/${article.slug}`, undefined, from(guesser, article.secret))
		expect(refused.status).toBe(429)
		expect(refused.body.errors).toEqual([PREVIEW_SECRET_MESSAGES.tooManyGuesses])
		expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
		// Every kind of draft, from that address.
		expect((await get(`/newsletters/issue/draft/${newsletter.slug}`, undefined, from(guesser, newsletter.secret))).status).toBe(429)

		expect((await get(`/articles/slug/draft/${article.slug}`, undefined, from('198.51.100.78', article.secret))).status).toBe(200)
		// Counted in PostgreSQL, where every host reads it.
		const { rows } = await database.db.execute<{ hits: number }>(sql`select hits from rate_limits where key = ${`${RATE_LIMITS.previewSecret.bucket}:${guesser}`}`)
		expect(rows[0]?.hits).toBe(RATE_LIMITS.previewSecret.limit)
	})

	test('a right secret does not count', async () => {
		const { article } = await drafts()
		const reader = { PreviewToken: article.secret, [CLIENT_ADDRESS_HEADER]: '198.51.100.79' }
		for (let i = 0; i < RATE_LIMITS.previewSecret.limit + 5; i++) expect((await get(`/articles/slug/draft/${article.slug}`, undefined, reader)).status).toBe(200)
	})
})
