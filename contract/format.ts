/**
 * Dates and numbers as en-GB writes them ("5 September 2026", "5 Sept 2026", "1,234,567.8"),
 * the same on the server and in the browser, without Intl. A browser's first Intl call loads
 * its locale data: 30–80 ms of a phone's main thread while the page hydrates (issue 15, where
 * it was the largest single cost of /search after React). The output is Intl's own for these
 * formats (tests/app/format.test.ts compares them); a format outside them keeps Intl.
 */

/** en-GB's month names (CLDR), long and abbreviated ("Sept", not "Sep"). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const

function dayMonthYear(value: string | Date | null | undefined, months: readonly string[], day = true): string {
	if (value === null || value === undefined || value === '') return ''
	const date = value instanceof Date ? value : new Date(value)
	if (Number.isNaN(date.getTime())) return ''
	const monthYear = `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`
	return day ? `${date.getUTCDate()} ${monthYear}` : monthYear
}

/** "5 September 2026" (UTC); '' for no date or one that is not a date. */
export const formatDate = (value: string | Date | null | undefined) => dayMonthYear(value, MONTHS)
/** "5 Sept 2026" (UTC). */
export const formatShortDate = (value: string | Date | null | undefined) => dayMonthYear(value, SHORT_MONTHS)
/** "September 2026" (UTC). */
export const formatMonthYear = (value: string | Date | null | undefined) => dayMonthYear(value, MONTHS, false)

/**
 * A number with thousands separators and at most `maximumFractionDigits` decimals (at least
 * `minimumFractionDigits`), rounded as V8's Intl rounds: the number's shortest decimal form
 * (what String() writes: 1.005, not 1.00499…), to the nearest, a tie away from zero. Intl's
 * default is 3 decimals at most.
 */
export function formatNumber(value: number, { minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits) } = {}): string {
	if (!Number.isFinite(value)) return value.toLocaleString('en-GB', { minimumFractionDigits, maximumFractionDigits })
	let [whole, fraction] = plainDecimal(Math.abs(value))
	if (fraction.length > maximumFractionDigits) {
		const rounded = fraction.charCodeAt(maximumFractionDigits) >= 53 /* '5' */ ? incremented(whole + fraction.slice(0, maximumFractionDigits)) : whole + fraction.slice(0, maximumFractionDigits)
		whole = rounded.slice(0, rounded.length - maximumFractionDigits)
		fraction = rounded.slice(rounded.length - maximumFractionDigits)
	}
	while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
	fraction = fraction.padEnd(minimumFractionDigits, '0')
	const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
	// As Intl: a negative number keeps its sign even when it rounds to zero ("-0").
	const sign = value < 0 || Object.is(value, -0) ? '-' : ''
	return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** 'N of total results' (spec 002 §4): rows on this page of all matches (tables and result cards). */
export const resultsCount = (shown: number, total: number) => `${formatNumber(shown)} of ${formatNumber(total)} results`

/** The whole and fraction digits of a finite, non-negative number's shortest form, without an exponent. */
function plainDecimal(value: number): [string, string] {
	const [mantissa = '0', exponent = '0'] = String(value).split('e')
	const [whole = '0', fraction = ''] = mantissa.split('.')
	let digits = whole + fraction
	let point = whole.length + Number(exponent)
	if (point <= 0) {
		digits = '0'.repeat(1 - point) + digits
		point = 1
	}
	digits = digits.padEnd(point, '0')
	return [digits.slice(0, point), digits.slice(point)]
}

/** A string of digits plus one ("199" → "200", "99" → "100"). */
function incremented(digits: string): string {
	let index = digits.length - 1
	while (index >= 0 && digits[index] === '9') index--
	if (index < 0) return `1${'0'.repeat(digits.length)}`
	return `${digits.slice(0, index)}${Number(digits[index]) + 1}${'0'.repeat(digits.length - index - 1)}`
}
