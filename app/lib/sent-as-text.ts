/**
 * Loader data that is large and only shown (the menu and the country picker's lists, the same
 * for many readers; an article page's article and lists) travels to the browser as one JSON
 * text instead of an object graph. Remix encodes loader data with turbo-stream, which walks and
 * indexes every value in JavaScript: the menu's ~1,500 values were about a twentieth of a
 * signed-in page's server time (issue 15), while a text is one value, written by the engine's
 * own JSON.stringify. The server makes each value's text once (kept by the value: the API
 * hands over the same menu object to readers with the same access) and reads it back without
 * parsing; the browser parses each text once.
 *
 * A value sent this way is shared by every page that shows it: nothing may change it.
 *
 * A TextForm writes a kind of value shorter (the menu leaves out its items' usual values,
 * components/layout/menu-text.ts) and reads it back whole. It is given to both calls, and a
 * value is always sent in the same form.
 *
 * A text is plain ASCII without `<`, `>` or `&`: those characters are written as JSON's
 * \uXXXX escapes, which read back the same. Remix writes loader data into the page as a
 * string inside a script, decoding and escaping it for every page. A text with one curly
 * quote was decoded off V8's ASCII fast path and kept as a two-byte string in every copy
 * (27 kB of a signed-in article's data: 0.28 ms to decode, against 0.01 ms in ASCII), and
 * every `<` of an article's HTML cost Remix's escapeHtml a callback (issue 15).
 */

/** A value's JSON text, typed by the value it was made from. */
export type SentAsText<T> = string & { readonly sentAsText: T }

/** How a kind of value is written as text (`write`, to JSON-ready data) and read back whole (`read`). */
export type TextForm<T> = { write: (value: T) => unknown; read: (written: unknown) => T }

/** Our bound: menus × access patterns and picker lists in use at once are a handful. */
const MAX_KEPT_VALUES = 64

const textOf = new WeakMap<object, string>()
/** JSON texts as sent, by the JSON they were escaped from, most recent last. */
const escapedOf = new Map<string, string>()
/** Texts made or read here, most recent last, with their values. */
const valueOf = new Map<string, unknown>()

/** Keeps `value` under `key` as the most recent of `map`'s at most MAX_KEPT_VALUES entries. */
function keepRecent<V>(map: Map<string, V>, key: string, value: V) {
	map.delete(key)
	if (map.size >= MAX_KEPT_VALUES) map.delete(map.keys().next().value as string)
	map.set(key, value)
}

/** Outside ASCII's printable range (JSON has already escaped control characters), and HTML's own. */
const ESCAPED_IN_TEXT = /[^\x20-\x7e]|[<>&]/g

/**
 * `json` with ESCAPED_IN_TEXT written as \uXXXX, escaped once per JSON: a page's value is
 * made afresh for each request, but its JSON is the same for every reader with the same access.
 */
function escapedJson(json: string): string {
	let text = escapedOf.get(json)
	if (text === undefined) {
		text = json.replace(ESCAPED_IN_TEXT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
		keepRecent(escapedOf, json, text)
	}
	return text
}

/** The value's JSON text (null stays null), made once per value; in `form` when given. */
export function asText<T extends object>(value: T, form?: TextForm<T>): SentAsText<T>
export function asText<T extends object>(value: T | null, form?: TextForm<T>): SentAsText<T> | null
export function asText<T extends object>(value: T | null, form?: TextForm<T>): SentAsText<T> | null {
	if (value === null) return null
	let text = textOf.get(value)
	if (text === undefined) {
		text = escapedJson(JSON.stringify(form ? form.write(value) : value))
		textOf.set(value, text)
	}
	if (valueOf.get(text) !== value) keepRecent(valueOf, text, value)
	return text as SentAsText<T>
}

/** The value of a text from asText: the very value it was made from, or else parsed once (read in `form`). */
export function fromText<T>(text: SentAsText<T>, form?: TextForm<T>): T
export function fromText<T>(text: SentAsText<T> | null | undefined, form?: TextForm<T>): T | null
export function fromText<T>(text: SentAsText<T> | null | undefined, form?: TextForm<T>): T | null {
	if (text === null || text === undefined) return null
	if (valueOf.has(text)) return valueOf.get(text) as T
	const parsed: unknown = JSON.parse(text)
	const value = form ? form.read(parsed) : (parsed as T)
	keepRecent(valueOf, text, value)
	return value
}
