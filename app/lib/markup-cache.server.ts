/**
 * The server's kept HTML of SameMarkup parts (components/layout/same-markup.tsx). A part's key
 * is its name, its detail and an id for each value's content: the same object (the API's kept
 * menu, handed over in process) gets its id at once; another object is written out as JSON
 * once and gets the id of equal content, so equal values share their HTML whichever way they
 * came (over HTTP, or mapped afresh for each reader, every answer is a new object). A changed
 * value has new content, so a new id and a new key. The least recently used entries go once
 * their bounds are reached, which bounds memory whatever pages readers ask for.
 */
import { renderToString } from 'react-dom/server'
import type { MarkupCache } from '~/components/layout/same-markup.tsx'

/**
 * Our bounds, in characters: kept HTML (the menus, a few dozen parts of ~15 kB, and the lists
 * of the articles being read, ~16 kB each) and the JSON of the values it was made from.
 */
const MAX_KEPT_HTML_CHARS = 8_000_000
const MAX_CONTENT_CHARS = 4_000_000

/** A map of strings that forgets its least recently used entries beyond a total length. */
function boundedMap<V>(maxChars: number, charsOf: (key: string, value: V) => number) {
	const entries = new Map<string, V>()
	let chars = 0
	return {
		get(key: string): V | undefined {
			const value = entries.get(key)
			if (value !== undefined) {
				entries.delete(key)
				entries.set(key, value)
			}
			return value
		},
		set(key: string, value: V) {
			entries.set(key, value)
			chars += charsOf(key, value)
			for (const [oldKey, oldValue] of entries) {
				if (chars <= maxChars || entries.size === 1) break
				entries.delete(oldKey)
				chars -= charsOf(oldKey, oldValue)
			}
		},
	}
}

const ids = new WeakMap<object, number>()
const idsByContent = boundedMap<number>(MAX_CONTENT_CHARS, (content) => content.length)
let lastId = 0

function contentId(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined'
	let id = ids.get(value)
	if (id === undefined) {
		const content = JSON.stringify(value)
		id = idsByContent.get(content)
		if (id === undefined) idsByContent.set(content, (id = ++lastId))
		ids.set(value, id)
	}
	return `#${id}`
}

const kept = boundedMap<string>(MAX_KEPT_HTML_CHARS, (key, html) => key.length + html.length)

/**
 * React supports rendering to a string from within another render (its work loop restores the
 * outer render's context afterwards); the part reads no context, so it renders the same alone.
 */
export const keepMarkup: MarkupCache = ({ part: name, values, detail }, part) => {
	const key = `${name} ${values.map(contentId).join(' ')} ${detail}`
	let html = kept.get(key)
	if (html === undefined) {
		html = renderToString(part)
		kept.set(key, html)
	}
	return html
}
