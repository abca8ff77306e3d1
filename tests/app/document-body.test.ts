/**
 * The document's body stream (app/lib/html-stream.server.ts): what is written in one turn of
 * the event loop is handed on as one piece, what is written in a later turn as another, and
 * nothing is lost, reordered or held back at the end. Ordering only: turns, not time.
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import { documentBody } from '../../app/lib/html-stream.server.ts'

function collect(stream: ReturnType<typeof documentBody>) {
	const pieces: string[] = []
	stream.on('data', (piece: Buffer) => pieces.push(piece.toString()))
	const ended = new Promise<string[]>((resolve) => stream.on('end', () => resolve(pieces)))
	return { pieces, ended }
}

describe('the document body', () => {
	test('joins what is written in one turn, and hands on a later turn’s writing by itself', async () => {
		const body = documentBody()
		const { pieces, ended } = collect(body)
		body.write('<!DOCTYPE html>')
		body.write('<html><body>')
		body.write('<main>shell</main>')
		await nextTurn()
		await nextTurn()
		// The shell has left before the rest is written: streaming still streams.
		expect(pieces).toEqual(['<!DOCTYPE html><html><body><main>shell</main>'])
		body.write('<script>data 1</script>')
		body.write('<script>data 2</script>')
		await nextTurn()
		await nextTurn()
		body.end('</body></html>')
		expect(await ended).toEqual(['<!DOCTYPE html><html><body><main>shell</main>', '<script>data 1</script><script>data 2</script>', '</body></html>'])
	})

	test('what is still waiting when the writing ends leaves with the end', async () => {
		const body = documentBody()
		const { ended } = collect(body)
		body.write('a')
		body.end('b')
		expect((await ended).join('')).toBe('ab')
	})
})
