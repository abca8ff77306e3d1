import { describe, expect, test } from 'vitest'
import { asText, fromText, type SentAsText } from '../../app/lib/sent-as-text.ts'

// Loader data sent as one JSON text (app/lib/sent-as-text.ts): the menu and the picker's lists.
describe('a value sent as text', () => {
	test('is its JSON, made once per value, and read back as the very value on the server', () => {
		const menu = { slug: 'main', menuItems: [{ id: 1, name: 'News', link: '/articles', pageLinks: [] }] }
		const text = asText(menu)
		expect(JSON.parse(text)).toEqual(menu)
		expect(asText(menu)).toBe(text)
		expect(fromText(text)).toBe(menu)
	})

	test('a text made elsewhere (the browser, another server) is parsed once and kept', () => {
		const value = { groups: [{ region: { slug: 'xa', name: 'Middle East' } }], made: 'elsewhere' }
		const text = JSON.stringify(value) as SentAsText<typeof value>
		const read = fromText(text)
		expect(read).toEqual(value)
		expect(fromText(text)).toBe(read)
	})

	test('is plain ASCII without <, > or &, and reads back as the same value', () => {
		const article = {
			headline: 'Desalination’s “next wave” — 2026 ☰ › é',
			bodyText: '<p>Costs & <a href="/a?x=1&amp;y=2">tariffs</a> fell <b>5 %</b></p>',
			astral: 'water 💧 drops',
			separators: 'line\u2028paragraph\u2029end',
			control: 'tab\tnew line\n\u0000\u007f',
		}
		const text = asText(article)
		expect(text).toMatch(/^[\x20-\x7e]*$/)
		expect(text).not.toMatch(/[<>&]/)
		// As the browser reads it: a parse of the text, not the server's kept value.
		expect(JSON.parse(text)).toEqual(article)
		// A value made afresh with the same content (a page's data, for the next reader) gets the same text.
		const again = asText({ ...article })
		expect(again).toBe(text)
	})

	test('a changed value has its own text; null stays null', () => {
		const before = { name: 'Markets' }
		const after = { name: 'Markets and countries' }
		expect(fromText(asText(after))).toBe(after)
		expect(fromText(asText(before))).toBe(before)
		expect(asText(null)).toBeNull()
		expect(fromText(null)).toBeNull()
		expect(fromText(undefined)).toBeNull()
	})
})
