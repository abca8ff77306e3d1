/** Dates render identically on the server and in the browser (fixed locale and zone). */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const shortDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/**
 * Intl's formatting is slow next to everything else a page does, and pages show the same dates
 * again and again (teasers, lists): each date is formatted once, up to a bound.
 */
const formattedDates = new Map<string, string>()
const MAX_FORMATTED_DATES = 10_000

export const formatDate = (iso: string | null | undefined) => {
	if (!iso) return ''
	let formatted = formattedDates.get(iso)
	if (formatted === undefined) {
		formatted = dateFormat.format(new Date(iso))
		if (formattedDates.size >= MAX_FORMATTED_DATES) formattedDates.clear()
		formattedDates.set(iso, formatted)
	}
	return formatted
}
export const formatShortDate = (iso: string | null | undefined) => (iso ? shortDateFormat.format(new Date(iso)) : '')
export const formatCount = (n: number) => n.toLocaleString('en-GB')
