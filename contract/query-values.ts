/** Query values and rules the site and the API share, without zod (query.ts has the schemas). */

/** Largest page the API returns; larger requested sizes are capped to it. */
export const MAX_PAGE_SIZE = 100

/**
 * Largest page number read: far beyond any list's last page (which a larger one is clamped
 * to anyway), and small enough that its offset is an exact integer for the database.
 */
export const MAX_PAGE_NUM = 1_000_000

/** A real day written YYYY-MM-DD (2024-02-30 is not one). The one date check of the site and the API. */
export function isCalendarDate(value: string) {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** Spec 000 §5: "a date is valid only if after 2000-01-01 and not later than the current year". */
export const EARLIEST_DATE = '2000-01-01'
/** The earliest date accepted: the day after EARLIEST_DATE. */
export const FIRST_VALID_DATE = '2000-01-02'
/** The last day a date filter accepts: the end of the current year. */
export const lastValidDate = (now = new Date()) => `${now.getUTCFullYear()}-12-31`

/** Spec 000 §5: a 'from' date after the 'to' date matches nothing, and says so (the site shows these words once, from either side). */
export const DATE_ORDER_WARNING = "Warning: the 'from' date is later than the 'to' date and so no results will be displayed."

export function dateOrderWarnings({ publishedFrom, publishedTo }: { publishedFrom?: string; publishedTo?: string }): string[] {
	return publishedFrom && publishedTo && publishedFrom > publishedTo ? [DATE_ORDER_WARNING] : []
}

/**
 * A URL's parameters as a plain object for a zod schema: the first value of each name, or
 * every value (trimmed, blanks dropped) of the names that repeat.
 */
export function urlParams(params: URLSearchParams, repeated: readonly string[] = []): Record<string, string | string[]> {
	const values: Record<string, string | string[]> = {}
	for (const name of new Set(params.keys())) {
		values[name] = repeated.includes(name) ? params.getAll(name).map((value) => value.trim()).filter(Boolean) : params.get(name)!
	}
	return values
}

/** Longest search term accepted: a search box phrase, not a document. */
export const MAX_SEARCH_TERM_LENGTH = 200
