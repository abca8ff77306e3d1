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
 */

/** A value's JSON text, typed by the value it was made from. */
export type SentAsText<T> = string & { readonly sentAsText: T }

/** How a kind of value is written as text (`write`, to JSON-ready data) and read back whole (`read`). */
export type TextForm<T> = { write: (value: T) => unknown; read: (written: unknown) => T }

/** Our bound: menus × access patterns and picker lists in use at once are a handful. */
const MAX_KEPT_VALUES = 64

const textOf = new WeakMap<object, string>()
/** Texts made or read here, most recent last, with their values. */
const valueOf = new Map<string, unknown>()

function keep(text: string, value: unknown) {
	valueOf.delete(text)
	if (valueOf.size >= MAX_KEPT_VALUES) valueOf.delete(valueOf.keys().next().value as string)
	valueOf.set(text, value)
}

/** The value's JSON text (null stays null), made once per value; in `form` when given. */
export function asText<T extends object>(value: T, form?: TextForm<T>): SentAsText<T>
export function asText<T extends object>(value: T | null, form?: TextForm<T>): SentAsText<T> | null
export function asText<T extends object>(value: T | null, form?: TextForm<T>): SentAsText<T> | null {
	if (value === null) return null
	let text = textOf.get(value)
	if (text === undefined) {
		text = JSON.stringify(form ? form.write(value) : value)
		textOf.set(value, text)
	}
	if (valueOf.get(text) !== value) keep(text, value)
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
	keep(text, value)
	return value
}
