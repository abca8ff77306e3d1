/**
 * Dates and numbers without Intl (contract/format.ts): what pages show must be exactly what
 * Intl's en-GB formats gave, on the server and in the browser alike.
 */
import { describe, expect, test } from 'vitest'
import { currencySymbol } from '../../app/components/cards/parts.tsx'
import { formatDate, formatMonthYear, formatNumber, formatShortDate } from '../../contract/format.ts'

const intlDate = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' })

describe('dates', () => {
	const long = intlDate({ day: 'numeric', month: 'long', year: 'numeric' })
	const short = intlDate({ day: 'numeric', month: 'short', year: 'numeric' })
	const monthYear = intlDate({ month: 'long', year: 'numeric' })

	test('read as Intl writes them in en-GB, in UTC, for every month', () => {
		for (const year of [1999, 2024, 2026])
			for (let month = 0; month < 12; month++)
				for (const day of [1, 9, 28]) {
					const date = new Date(Date.UTC(year, month, day, 23, 59))
					const iso = date.toISOString()
					expect(formatDate(iso)).toBe(long.format(date))
					expect(formatShortDate(iso)).toBe(short.format(date))
					expect(formatMonthYear(iso)).toBe(monthYear.format(date))
					expect(formatDate(date)).toBe(long.format(date))
				}
		expect(formatShortDate('2026-09-05')).toBe('5 Sept 2026')
		expect(formatDate('2026-11-26T09:30:00Z')).toBe('26 November 2026')
	})

	test('no date, or one that is not a date, reads as nothing', () => {
		expect(formatDate(null)).toBe('')
		expect(formatDate(undefined)).toBe('')
		expect(formatDate('')).toBe('')
		expect(formatShortDate('not a date')).toBe('')
	})
})

describe('numbers', () => {
	/** Integers, decimals, ties, negatives and the sizes tables hold, plus random ones. */
	function samples(): number[] {
		const fixed = [1e21, 1e-7, 1.5e-7, 123.456e-9, 0, -0, 1, -1, 7, 999, 1000, -1000, 12345, 999999, 1234567, 1e15, 123456789012345680000, 0.5, 1.5, 2.5, -2.5, 0.05, 0.15, 1.005, 2.675, 1.45, 9.81, 9.995, 99.95, 0.0001, -0.0001, 0.1 + 0.2, 1 / 3, 2 / 3, 12.3456, -987.654321]
		let seed = 42
		const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
		const generated = Array.from({ length: 400 }, (_, index) => {
			const magnitude = 10 ** Math.floor(random() * 10 - 3)
			const value = (random() - 0.3) * magnitude
			return index % 4 === 0 ? Math.round(value) : index % 4 === 1 ? Math.round(value * 100) / 100 : value
		})
		return [...fixed, ...generated]
	}

	test('read as toLocaleString writes them in en-GB, with each page’s decimals', () => {
		const optionSets: { minimumFractionDigits?: number; maximumFractionDigits?: number }[] = [{}, { maximumFractionDigits: 1 }, { maximumFractionDigits: 2 }, { minimumFractionDigits: 1, maximumFractionDigits: 1 }, { maximumFractionDigits: 0 }]
		for (const options of optionSets)
			for (const value of samples()) expect(formatNumber(value, options), `${value} ${JSON.stringify(options)}`).toBe(value.toLocaleString('en-GB', options))
	})

	test('infinities and NaN are left to Intl', () => {
		expect(formatNumber(Infinity)).toBe(Infinity.toLocaleString('en-GB'))
		expect(formatNumber(NaN)).toBe(NaN.toLocaleString('en-GB'))
	})
})

test('the currencies figures come in most have the symbols Intl gives them', () => {
	for (const currency of ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'AUD', 'CAD']) {
		const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((part) => part.type === 'currency')?.value
		expect(currencySymbol(currency)).toBe(intl)
	}
	// Others still come from Intl: a code without a narrow symbol reads as the code and a space.
	expect(currencySymbol('CHF')).toBe('CHF ')
	expect(currencySymbol('BRL')).toBe('R$')
})
