/**
 * How pages write numbers, money and dates: en-GB as Intl writes it ("5 September 2026",
 * "5 Sept 2026", "1,234,567.8", "-£1,234.00"), the same on the server and in the browser.
 * Dates are read in UTC, so a date reads the same wherever the reader is. Every figure a page,
 * a card, a chart's tooltip, an email or checkout shows goes through these functions, so a
 * change of style is made here once.
 *
 * Dates, plain numbers and money in dollars, pounds and euros are written here without Intl:
 * a browser's first Intl call loads its locale data, one task of 60–110 ms on this machine's
 * Chromium (four times that in Lighthouse's phone) in the middle of hydration, on every page
 * that shows a date or a count (decision 0049). What they write is Intl's own, which
 * tests/app/format.test.ts checks over every month and hundreds of numbers. Everything else
 * (significant digits, currency codes, other currencies) asks Intl, whose formatters are
 * built once and kept: building one costs far more than using it.
 */

const LOCALE = 'en-GB'

/** Formatters by their options, built on first use. */
const numberFormats = new Map<string, Intl.NumberFormat>()

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
	const key = JSON.stringify(options)
	let format = numberFormats.get(key)
	if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(LOCALE, options)))
	return format
}

/** en-GB's month names (CLDR), long and abbreviated ("Sept", not "Sep"). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const

function formatDateWith(months: readonly string[], value: string | Date | null | undefined, withDay = true): string {
	if (value === null || value === undefined || value === '') return ''
	const date = value instanceof Date ? value : new Date(value)
	if (Number.isNaN(date.getTime())) return ''
	const monthYear = `${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`
	return withDay ? `${date.getUTCDate()} ${monthYear}` : monthYear
}

/** "5 September 2026" (UTC); '' for no date or one that is not a date. */
export const formatDate = (value: string | Date | null | undefined) => formatDateWith(MONTHS, value)
/** "5 Sept 2026" (UTC). */
export const formatShortDate = (value: string | Date | null | undefined) => formatDateWith(SHORT_MONTHS, value)
/** "September 2026" (UTC). */
export const formatMonthYear = (value: string | Date | null | undefined) => formatDateWith(MONTHS, value, false)

/**
 * A number with thousands separators and at most `maximumFractionDigits` decimals (at least
 * `minimumFractionDigits`), rounded as Intl rounds: the number's shortest decimal form (what
 * String() writes: 1.005, not 1.00499…), to the nearest, a tie away from zero. Intl's default
 * is 3 decimals at most.
 */
export function formatNumber(value: number, { minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits) } = {}): string {
	if (!Number.isFinite(value)) return numberFormat({ minimumFractionDigits, maximumFractionDigits }).format(value)
	let [whole, fraction] = plainDecimal(Math.abs(value))
	if (fraction.length > maximumFractionDigits) {
		const kept = whole + fraction.slice(0, maximumFractionDigits)
		const rounded = fraction[maximumFractionDigits]! >= '5' ? incremented(kept) : kept
		whole = rounded.slice(0, rounded.length - maximumFractionDigits)
		fraction = rounded.slice(rounded.length - maximumFractionDigits)
	}
	while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
	fraction = fraction.padEnd(minimumFractionDigits, '0')
	const grouped = withThousands(whole)
	// As Intl: a negative number keeps its sign even when it rounds to zero ("-0").
	const sign = value < 0 || Object.is(value, -0) ? '-' : ''
	return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** Digits with a comma between thousands ("1234567" → "1,234,567"). */
const withThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',')

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

/** A number to `digits` significant digits ("123,000", "0.0123"): chart tooltips. */
export const formatSignificant = (value: number, digits: number) => numberFormat({ maximumSignificantDigits: digits }).format(value)

/**
 * An amount of money in `currency` (in its whole units, not cents), as Intl writes it:
 * "£1,234.00", "-£1,234.00", "US$7,800". `symbol: 'narrow'` writes "$" for any dollar (the
 * figures on cards), `symbol: 'code'` "EUR 13.1". Without `maximumFractionDigits` the currency's own decimals are written
 * (2 for pounds, 0 for yen); with it, at most that many (and at least `minimumFractionDigits`).
 */
export function formatMoney(
	amount: number,
	currency: string,
	{ symbol = 'standard', minimumFractionDigits = 0, maximumFractionDigits }: { symbol?: 'standard' | 'narrow' | 'code'; minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
	const digits = maximumFractionDigits === undefined ? {} : { minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits), maximumFractionDigits }
	const symbols = SYMBOLS[currency as keyof typeof SYMBOLS]
	if (symbols && symbol !== 'code') {
		// Dollars, pounds and euros have two decimals; the sign goes before the symbol, as Intl puts it.
		const number = formatNumber(amount, maximumFractionDigits === undefined ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : digits)
		return number.startsWith('-') ? `-${symbols[symbol]}${number.slice(1)}` : `${symbols[symbol]}${number}`
	}
	try {
		return numberFormat({ style: 'currency', currency, currencyDisplay: CURRENCY_DISPLAY[symbol], ...digits }).format(amount)
	} catch {
		// Not a currency code Intl can read (data entered by hand): the code, then the number.
		return `${currency} ${formatNumber(amount, digits)}`
	}
}

/** The symbols en-GB writes for the currencies most figures come in (tests/app/format.test.ts checks them against Intl). */
const SYMBOLS = {
	USD: { standard: 'US$', narrow: '$' },
	GBP: { standard: '£', narrow: '£' },
	EUR: { standard: '€', narrow: '€' },
} as const

const CURRENCY_DISPLAY = { standard: 'symbol', narrow: 'narrowSymbol', code: 'code' } as const

/**
 * The sign and symbol a figure in `currency` is written with, for figures whose number is not
 * ours to format (a card's value given as text): its narrow symbol ("$", "€"), or its code
 * and a space; an unknown code is written as itself.
 */
export function currencySymbol(currency: string): string {
	const known = SYMBOLS[currency as keyof typeof SYMBOLS]
	if (known) return known.narrow
	try {
		const symbol = numberFormat({ style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
			.formatToParts(0)
			.find((part) => part.type === 'currency')?.value
		return symbol && symbol !== currency ? symbol : `${currency} `
	} catch {
		return `${currency} `
	}
}

/** 'N of total results' (spec 002 §4): rows on this page of all matches (tables and result cards). */
export const resultsCount = (shown: number, total: number) => `${formatNumber(shown)} of ${formatNumber(total)} results`

/**
 * A figure rounded to spec 001 §9's one decimal, as a reader rounds it: halves away from zero,
 * decided on the decimal the figure stands for, not on its binary neighbour. Sums of the same
 * figures added in another order differ in their last binary digits (248,729.65 arrives as
 * 248,729.6499999 on one page and 248,729.6500001 on another), so the noise past 12
 * significant digits is dropped first and every page rounds the same figure the same way.
 */
export function roundOneDecimal(value: number): number {
	if (!Number.isFinite(value)) return value
	const tenths = tenthsOf(value)
	return tenths === 0 ? 0 : (Math.sign(value) * tenths) / 10
}

/** The whole tenths of a finite figure's size, rounded as roundOneDecimal rounds. */
const tenthsOf = (value: number) => Math.round(Number(Math.abs(value * 10).toPrecision(12)))

/**
 * Spec 001 §9: "Numbers with one decimal, en-GB format". The one way a figure is written on
 * tables, cards, trends texts, indexes and charts ("248,729.6", "4,290.0", "4.0").
 */
export function formatOneDecimal(value: number): string {
	const tenths = Number.isFinite(value) ? tenthsOf(value) : NaN
	if (!Number.isSafeInteger(tenths)) return formatNumber(roundOneDecimal(value), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
	// A forecast table writes thousands of figures: they are written from their whole tenths,
	// the same text formatNumber would write for the rounded figure, at a third of the cost.
	return `${value < 0 && tenths > 0 ? '-' : ''}${withThousands(String((tenths - (tenths % 10)) / 10))}.${tenths % 10}`
}

/** A figure of a table or chart that may be missing: one decimal, or '-' (spec 000 §5: "Values that are not numbers or are infinite show '-'"). */
export const formatFigure = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? formatOneDecimal(value) : '-')

/** A rate in per cent with one decimal: "a compound annual growth rate of 4.0%". */
export const formatPercent = (value: number) => `${formatOneDecimal(value)}%`

/**
 * An axis label: en-GB with thousands separators, never a "k" or "M" (the axis title already
 * gives the unit, "$ million"), and a decimal only where a step needs one ("2.5"). Both chart
 * drawings label their value axes with it, so the server's SVG and the scripted chart read alike.
 */
export const formatAxisValue = (value: number) => formatNumber(roundOneDecimal(value), { maximumFractionDigits: 1 })

/** Spec 001 §9 money: "$ ... million" (a figure stored in millions of `currency`, one decimal; the sign before the symbol). */
export const formatMillions = (value: number, currency = 'USD') => `${value < 0 && roundOneDecimal(value) !== 0 ? '-' : ''}${currencySymbol(currency)}${formatOneDecimal(Math.abs(value))} million`

/** The forecasts' units (spec 001 §9: "Desal unit million m³/d; others $ million"). */
export const MONEY_UNIT = '$ million'

/**
 * A figure in its unit as a sentence writes it: money as spec 001 §9 writes it ("$608,021.6
 * million"), any other unit after the figure ("1,234.5 million m³/d").
 */
export const formatInUnit = (value: number, unit: string) => (unit === MONEY_UNIT ? formatMillions(value) : `${formatOneDecimal(value)} ${unit}`)
