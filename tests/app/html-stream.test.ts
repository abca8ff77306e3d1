/**
 * Issue 15: "HTML written in few large chunks". React writes a page in 2 kB pieces; the page
 * leaves in pieces of up to 64 kB (entry.server.tsx), each one compression step and one socket
 * write.
 */
import { expect, test } from 'vitest'
import { latestArticleSlug, useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useRenderedSite } from '../support/rendered-site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

async function piecesOf(response: Response) {
	const reader = response.body!.getReader()
	const sizes: number[] = []
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return sizes
		sizes.push(value.byteLength)
	}
}

test('a signed-in article page leaves in a few large pieces, not React’s 2 kB ones', async () => {
	const slug = await latestArticleSlug(database.db)
	const response = await site.respond(`/articles/${slug}`, { headers: { Cookie: await sessionCookieFor(database.db, 'executive@example.com') } })
	expect(response.status).toBe(200)
	const sizes = await piecesOf(response)
	const total = sizes.reduce((sum, size) => sum + size, 0)
	expect(total).toBeGreaterThan(40_000)
	expect(sizes.length).toBeLessThanOrEqual(Math.ceil(total / (64 * 1024)) + 2)
})

test('a reader who goes away mid-page ends the body without an error', async () => {
	const response = await site.respond('/')
	const reader = response.body!.getReader()
	const first = await reader.read()
	expect(first.done).toBe(false)
	await expect(reader.cancel()).resolves.toBeUndefined()
})
