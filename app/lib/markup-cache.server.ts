/**
 * The server's kept HTML of SameMarkup parts (components/layout/same-markup.tsx). A part's key
 * is its name, its detail and an id for each value's content: the same object (the API's kept
 * menu, handed over in process) gets its id at once; another object is written out as JSON
 * once and gets the id of equal content, so equal menus share their HTML whichever way they
 * came (over HTTP, every answer is a new object). A changed menu has new content, so a new
 * id and a new key; the oldest entries go once their bounds are reached, which bounds memory
 * whatever pages readers ask for.
 */
import { renderToString } from 'react-dom/server'
import type { MarkupCache } from '~/components/layout/same-markup.tsx'

/** Our bounds: menus × access patterns × current links, for two menus, are a few dozen in practice. */
const MAX_PARTS = 256
const MAX_CONTENTS = 256

const ids = new WeakMap<object, number>()
const idsByContent = new Map<string, number>()
let lastId = 0

function contentId(value: unknown): string {
	if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined'
	let id = ids.get(value)
	if (id === undefined) {
		const content = JSON.stringify(value)
		id = idsByContent.get(content)
		if (id === undefined) {
			id = ++lastId
			if (idsByContent.size >= MAX_CONTENTS) idsByContent.delete(idsByContent.keys().next().value as string)
			idsByContent.set(content, id)
		}
		ids.set(value, id)
	}
	return `#${id}`
}

const kept = new Map<string, string>()

/**
 * React supports rendering to a string from within another render (its work loop restores the
 * outer render's context afterwards); the part reads no context, so it renders the same alone.
 */
export const keepMarkup: MarkupCache = ({ part: name, values, detail }, part) => {
	const key = `${name} ${values.map(contentId).join(' ')} ${detail}`
	let html = kept.get(key)
	if (html === undefined) {
		html = renderToString(part)
		if (kept.size >= MAX_PARTS) kept.delete(kept.keys().next().value as string)
		kept.set(key, html)
	}
	return html
}
