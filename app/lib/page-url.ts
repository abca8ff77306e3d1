/**
 * URLs of page state (paging, slice toggles, the technology tree): parameters sorted and
 * defaults left out, so each state has exactly one URL.
 */

export type StateParams = Record<string, string | number | undefined | null>

/** `pathname?a=1&b=2` with the given parameters (empty ones left out), sorted by name. */
export function stateUrl(pathname: string, params: StateParams, hash = '') {
	const search = new URLSearchParams()
	for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value))
	search.sort()
	const query = search.toString()
	return `${pathname}${query ? `?${query}` : ''}${hash}`
}

/** The current URL with some parameters changed (undefined removes one), sorted. */
export function withParams(pathname: string, search: string, changes: StateParams, hash = '') {
	const current = Object.fromEntries(new URLSearchParams(search))
	return stateUrl(pathname, { ...current, ...changes }, hash)
}

/** Whether two URLs name the same state (the order of parameters does not matter). */
export function sameState(a: string, b: string) {
	const normalise = (url: string) => {
		const parsed = new URL(url, 'http://site.invalid')
		parsed.searchParams.sort()
		return `${parsed.pathname}?${parsed.searchParams}`
	}
	return normalise(a) === normalise(b)
}
