import { describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { loader as articleLoader } from '../../app/routes/articles.$slug/route.tsx'
import { loader as articlesLoader } from '../../app/routes/articles._index.tsx'
import { articles } from '../../backend/db/schema.ts'
import { useTestDatabase } from '../support/database.ts'
import { loaderArgs, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()

describe('/articles', () => {
	test('lists the newest ten articles with the total and public caching', async () => {
		const result = unwrap<any>(
			await articlesLoader(loaderArgs(database.db, '/articles')),
		)
		const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles where not is_draft`)
		expect(result.data.articles).toHaveLength(10)
		expect(result.data.totalHits).toBe(rows[0].n)
		const dates = result.data.articles.map((a: { publicationDate: string }) => a.publicationDate)
		expect([...dates].sort().reverse()).toEqual(dates)
		// Each article as its teaser shows it: the page's data carries nothing else.
		expect(Object.keys(result.data.articles[0]).sort()).toEqual(['articleType', 'author', 'hasAccess', 'headline', 'id', 'imageUrl', 'publicationDate', 'slug', 'sponsor', 'standfirst', 'thumbnail'])
		expect(result.headers.get('Cache-Control')).toContain('s-maxage')
		expect(result.headers.get('Vary')).toBe('Cookie')
	})

	test('a reader with a session gets a private response', async () => {
		const result = unwrap<any>(await articlesLoader(loaderArgs(database.db, '/articles', {}, { headers: { Cookie: '__session=abc' } })))
		expect(result.headers.get('Cache-Control')).toBe('private, no-cache')
	})

	test.each([
		['/articles?page=abc', '/articles'],
		['/articles?page=-3&pageSize=10000', '/articles'],
		['/articles?pageSize=20&page=1', '/articles?pageSize=20'],
	])('%s redirects to %s', async (path, location) => {
		const response = await thrown(articlesLoader(loaderArgs(database.db, path)))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(location)
	})

	test('a page beyond the last redirects to the last page', async () => {
		const response = await thrown(articlesLoader(loaderArgs(database.db, '/articles?page=100000&pageSize=100')))
		const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from articles where not is_draft`)
		expect(response.headers.get('Location')).toBe(`/articles?page=${Math.ceil(rows[0].n / 100)}&pageSize=100`)
	})
})

describe('/articles/{slug}', () => {
	test('a free article comes with its whole body', async () => {
		const [free] = await database.db.select().from(articles).where(sql`permission_levels = '{}' and not is_draft`).limit(1)
		const data = (unwrap<any>(await articleLoader(loaderArgs(database.db, `/articles/${free.slug}`, { slug: free.slug }))).data.page as any)
		expect(data.article.headline).toBe(free.headline)
		expect(data.article.bodyText).toBe(free.bodyText)
		expect(data.article.isAccessibleForFree).toBe(true)
	})

	test('a members-only article never carries its body to a visitor', async () => {
		const [paid] = await database.db.select().from(articles).where(sql`'read:executive' = any(permission_levels) and not is_draft`).limit(1)
		const data = (unwrap<any>(await articleLoader(loaderArgs(database.db, `/articles/${paid.slug}`, { slug: paid.slug }))).data.page as any)
		expect(data.article.hasAccess).toBe(false)
		expect(data.article.bodyText).toBeNull()
		// Not one paragraph after the first may leave the server.
		const laterParagraphs = paid.bodyText.split('</p>').slice(1, -1).map((p) => p.replace(/<[^>]+>/g, '').trim()).filter(Boolean)
		const serialised = JSON.stringify(data)
		expect(laterParagraphs.length).toBeGreaterThan(1)
		for (const paragraph of laterParagraphs) expect(serialised).not.toContain(paragraph)
	})

	test('an unknown slug is a 404 and a draft is not public', async () => {
		expect((await thrown(articleLoader(loaderArgs(database.db, '/articles/nope', { slug: 'nope' })))).status).toBe(404)
		const [draft] = await database.db.select().from(articles).where(eq(articles.isDraft, true)).limit(1)
		expect(draft).toBeDefined()
		expect((await thrown(articleLoader(loaderArgs(database.db, `/articles/${draft.slug}`, { slug: draft.slug })))).status).toBe(404)
	})
})
