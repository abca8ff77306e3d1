/**
 * "HTML written in few large chunks". React writes a page in 2 kB pieces; a page
 * whose data is loaded leaves in one piece (lib/html-body.server.ts), one compression step and
 * one socket write, and a streamed page's shell still leaves without waiting for the rest.
 */
import type { Writable } from 'node:stream'
import { expect, test } from 'vitest'
import { HTML_CHUNK_BYTES, HTML_WAIT_MS, htmlBody } from '~/lib/html-body.server.ts'
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

test('a signed-in article page leaves in one piece, not React’s 2 kB ones', async () => {
	const slug = await latestArticleSlug(database.db)
	const response = await site.respond(`/articles/${slug}`, { headers: { Cookie: await sessionCookieFor(database.db, 'executive@example.com') } })
	expect(response.status).toBe(200)
	const sizes = await piecesOf(response)
	const total = sizes.reduce((sum, size) => sum + size, 0)
	expect(total).toBeGreaterThan(40_000)
	expect(sizes).toEqual([total])
})

test('a reader who goes away mid-page ends the body without an error', async () => {
	const response = await site.respond('/')
	const reader = response.body!.getReader()
	const first = await reader.read()
	expect(first.done).toBe(false)
	await expect(reader.cancel()).resolves.toBeUndefined()
})

const piece = (bytes: number) => new Uint8Array(bytes).fill(60)
const nextOrNothing = (read: Promise<ReadableStreamReadResult<Uint8Array>>, ms: number) =>
	Promise.race([read, new Promise<'nothing yet'>((resolve) => setTimeout(() => resolve('nothing yet'), ms))])

test('pieces written while the page renders are gathered and leave together at its end', async () => {
	const { body, destination } = htmlBody()
	const reader = body.getReader()
	const first = reader.read()
	destination.write(piece(2048))
	destination.write(piece(2048))
	destination.end()
	expect((await first).value?.byteLength).toBe(4096)
	expect((await reader.read()).done).toBe(true)
})

test('what has rendered leaves after a short wait when the rest of the page is slow (a streamed part)', async () => {
	const { body, destination } = htmlBody()
	const reader = body.getReader()
	destination.write(piece(1000))
	// Not at once: the rest of the page may be a moment away.
	const shell = reader.read()
	expect(await nextOrNothing(shell, 0)).toBe('nothing yet')
	// But without the page ending: the shell reaches the reader while the slow part loads.
	expect((await nextOrNothing(shell, HTML_WAIT_MS * 20)) as ReadableStreamReadResult<Uint8Array>).toMatchObject({ done: false, value: { byteLength: 1000 } })
	destination.write(piece(500))
	destination.end()
	expect((await reader.read()).value?.byteLength).toBe(500)
})

test('a large page leaves as soon as HTML_CHUNK_BYTES have gathered', async () => {
	const { body, destination } = htmlBody()
	const reader = body.getReader()
	for (let written = 0; written < HTML_CHUNK_BYTES; written += 2048) destination.write(piece(2048))
	expect(await nextOrNothing(reader.read(), 0)).toMatchObject({ done: false, value: { byteLength: HTML_CHUNK_BYTES } })
	destination.end()
})

test('a reader who cancels tells React to stop, and nothing more is sent', async () => {
	const { body, destination } = htmlBody()
	let closed = 0
	;(destination as Writable).on('close', () => closed++)
	destination.write(piece(100))
	await body.cancel()
	expect(closed).toBe(1)
	// React may still write what it had under way: it is dropped, not an error.
	expect(() => destination.write(piece(100))).not.toThrow()
	expect(() => destination.end()).not.toThrow()
})

/** What the express adapter does with a page's body (patches/@remix-run+node+2.17.5.patch). */
async function flushesWriting(body: ReadableStream<Uint8Array>) {
	const { writeReadableStreamToWritable } = await import('@remix-run/node')
	const events: string[] = []
	const response = { write: (chunk: Uint8Array) => events.push(`write ${chunk.byteLength}`), flush: () => events.push('flush'), end: () => events.push('end'), destroy: () => {} }
	await writeReadableStreamToWritable(body, response as unknown as Writable)
	return events
}

test('a page that is complete is compressed without a flush before its end', async () => {
	const { body, destination } = htmlBody()
	destination.write(piece(3000))
	destination.end()
	expect(await flushesWriting(body)).toEqual(['write 3000', 'end'])
})

test('a piece sent while the rest of the page is slow is flushed, so it reaches the reader', async () => {
	const { body, destination } = htmlBody()
	destination.write(piece(1000))
	setTimeout(() => {
		destination.write(piece(500))
		destination.end()
	}, HTML_WAIT_MS * 5)
	expect(await flushesWriting(body)).toEqual(['write 1000', 'flush', 'write 500', 'end'])
})
