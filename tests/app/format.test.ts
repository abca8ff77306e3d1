/**
 * The one formatter (contract/format.ts): dates, numbers and money as Intl writes them in
 * en-GB, dates in UTC, negative money with its sign before the symbol.
 */
import { describe, expect, test } from 'vitest'
import { formatMillions, formatRoundedMoney } from '../../app/components/cards/parts.tsx'
import { formatPrice, PLANS } from '../../contract/commerce.ts'
import * as format from '../../contract/format.ts'
import { currencySymbol, formatDate, formatMoney, formatMonthYear, formatNumber, formatShortDate, formatSignificant, resultsCount } from '../../contract/format.ts'
import { formatForecastNumber, REPORT_TYPE_UNITS } from '../../contract/forecast.ts'

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

describe('numbers', () => {
	test('read as toLocaleString writes them in en-GB, with each page’s decimals', () => {
		const optionSets: { minimumFractionDigits?: number; maximumFractionDigits?: number }[] = [{}, { maximumFractionDigits: 1 }, { maximumFractionDigits: 2 }, { minimumFractionDigits: 1, maximumFractionDigits: 1 }, { maximumFractionDigits: 0 }]
		for (const options of optionSets)
			for (const value of samples()) expect(formatNumber(value, options), `${value} ${JSON.stringify(options)}`).toBe(value.toLocaleString('en-GB', options))
	})

	test('infinities and NaN read as Intl writes them', () => {
		expect(formatNumber(Infinity)).toBe(Infinity.toLocaleString('en-GB'))
		expect(formatNumber(NaN)).toBe(NaN.toLocaleString('en-GB'))
	})

	test('with thousands separators, at most three decimals unless told', () => {
		expect(formatNumber(1234567.891)).toBe('1,234,567.891')
		expect(formatNumber(-1234.5678)).toBe('-1,234.568')
		expect(formatNumber(2.5, { maximumFractionDigits: 0 })).toBe('3')
		expect(formatNumber(7, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('7.0')
	})

	test('to significant digits, as chart tooltips show them', () => {
		expect(formatSignificant(123456, 3)).toBe('123,000')
		expect(formatSignificant(0.012345, 3)).toBe('0.0123')
		expect(formatSignificant(-98.765, 3)).toBe('-98.8')
	})

	test('as a results line', () => {
		expect(resultsCount(20, 12345)).toBe('20 of 12,345 results')
	})
})

describe('figures (spec 001 §9: one decimal, en-GB, money as "$ ... million")', () => {
	test('one decimal always, with thousands separators', () => {
		expect(format.formatOneDecimal(235785)).toBe('235,785.0')
		expect(format.formatOneDecimal(4290)).toBe('4,290.0')
		expect(format.formatOneDecimal(4306.24)).toBe('4,306.2')
		expect(format.formatOneDecimal(4)).toBe('4.0')
		expect(format.formatOneDecimal(-0.04)).toBe('0.0')
		expect(format.formatOneDecimal(-1234.56)).toBe('-1,234.6')
	})

	test('the same figure rounds the same way however its sum was added up', () => {
		// 248,729.65 as two pages add it: one a hair below, one a hair above.
		const below = 248729.65 - 1e-9
		const above = 248729.65 + 1e-9
		expect(format.formatOneDecimal(below)).toBe('248,729.7')
		expect(format.formatOneDecimal(above)).toBe('248,729.7')
		expect(format.formatOneDecimal(248729.65)).toBe('248,729.7')
		// Halves away from zero, as a reader rounds, on either side of zero.
		expect(format.roundOneDecimal(0.25)).toBe(0.3)
		expect(format.roundOneDecimal(-0.25)).toBe(-0.3)
		expect(format.roundOneDecimal(1.005)).toBe(1)
		expect(format.roundOneDecimal(0.1 + 0.2)).toBe(0.3)
		expect(format.formatOneDecimal(52855.53999999999)).toBe('52,855.5')
		// Every figure /data's table writes is the one formatter's.
		for (const value of [0.05, 0.15, 2.675, 99.95, 248729.65, 1 / 3]) expect(formatForecastNumber(value)).toBe(format.formatOneDecimal(value))
	})

	test('a figure with one decimal is the text of the rounded figure, whatever its size and sign', () => {
		const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 }
		const values = [0, -0, 0.04, -0.04, 0.05, -0.05, 0.95, -0.95, 999.95, -999.95, 1e-7, 123456789.25, 2 ** 53, 1e20, -1e20, NaN, Infinity, -Infinity]
		// Every magnitude from a thousandth to a trillion, with fractions that round both ways.
		for (let exponent = -3; exponent <= 12; exponent++) for (const digits of [1.04999, 1.05, 4.44, 9.95, 9.99949, 5.5]) values.push(digits * 10 ** exponent, -digits * 10 ** exponent)
		for (const value of values) expect(format.formatOneDecimal(value), String(value)).toBe(format.formatNumber(format.roundOneDecimal(value), oneDecimal))
	})

	test('a missing or infinite figure is "-"', () => {
		expect(format.formatFigure(null)).toBe('-')
		expect(format.formatFigure(undefined)).toBe('-')
		expect(format.formatFigure(Infinity)).toBe('-')
		expect(format.formatFigure(NaN)).toBe('-')
		expect(format.formatFigure(12.34)).toBe('12.3')
	})

	test('money and units as a sentence writes them; rates with one decimal', () => {
		expect(format.formatMillions(608021.6)).toBe('$608,021.6 million')
		expect(format.formatMillions(-4.2)).toBe('-$4.2 million')
		expect(format.formatMillions(-0.01)).toBe('$0.0 million')
		expect(format.formatInUnit(608021.64, REPORT_TYPE_UNITS.TotalSpending)).toBe('$608,021.6 million')
		expect(format.formatInUnit(12.3456, REPORT_TYPE_UNITS.Desal)).toBe('12.3 million m³/d')
		expect(format.formatPercent(4)).toBe('4.0%')
		expect(format.formatPercent(3.96)).toBe('4.0%')
	})

	test('axis labels: thousands separated, never "k", a decimal only where the step has one', () => {
		expect(format.formatAxisValue(1000000)).toBe('1,000,000')
		expect(format.formatAxisValue(2.5)).toBe('2.5')
		expect(format.formatAxisValue(0)).toBe('0')
		expect(format.formatAxisValue(-250000)).toBe('-250,000')
	})
})

describe('money', () => {
	test('reads as Intl writes it, a negative amount with its sign before the symbol', () => {
		expect(formatMoney(1234, 'GBP')).toBe('£1,234.00')
		expect(formatMoney(-1234, 'GBP')).toBe('-£1,234.00')
		expect(formatMoney(1234.5, 'USD')).toBe('US$1,234.50')
		expect(formatMoney(-1234.5, 'USD')).toBe(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD' }).format(-1234.5))
		expect(formatMoney(7800, 'USD', { maximumFractionDigits: 0 })).toBe('US$7,800')
	})

	test('in dollars, pounds and euros, reads as Intl writes it for every amount and setting', () => {
		const settings: { symbol?: 'standard' | 'narrow'; minimumFractionDigits?: number; maximumFractionDigits?: number }[] = [{}, { symbol: 'narrow' }, { maximumFractionDigits: 0 }, { symbol: 'narrow', maximumFractionDigits: 1 }, { minimumFractionDigits: 1, maximumFractionDigits: 3 }]
		for (const currency of ['USD', 'GBP', 'EUR'])
			for (const { symbol = 'standard', minimumFractionDigits = 0, maximumFractionDigits } of settings) {
				const digits = maximumFractionDigits === undefined ? {} : { minimumFractionDigits, maximumFractionDigits }
				const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: symbol === 'narrow' ? 'narrowSymbol' : 'symbol', ...digits })
				for (const amount of samples()) expect(formatMoney(amount, currency, { symbol, minimumFractionDigits, maximumFractionDigits }), `${amount} ${currency} ${symbol} ${JSON.stringify(digits)}`).toBe(intl.format(amount))
			}
	})

	test('with a narrow symbol or the code, at most the decimals asked for', () => {
		expect(formatMoney(4.5, 'USD', { symbol: 'narrow', maximumFractionDigits: 1 })).toBe('$4.5')
		expect(formatMoney(-4, 'EUR', { symbol: 'narrow', maximumFractionDigits: 1 })).toBe('-€4')
		expect(formatMoney(13.14, 'EUR', { symbol: 'code', maximumFractionDigits: 1 })).toBe('EUR\u00a013.1')
	})

	test('a code Intl cannot read is written as given, before the number', () => {
		expect(formatMoney(-1234.5, 'Euro')).toBe('Euro -1,234.5')
	})

	test('held in millions, as cards show it (spec 001 §3)', () => {
		expect(formatMillions(4218.2, 'EUR')).toBe('€4.2 Billion')
		expect(formatMillions(-12.34)).toBe('-$12.3 Million')
		expect(formatMillions(-2500)).toBe('-$2.5 Billion')
		expect(formatMillions(null)).toBe('-')
		expect(formatRoundedMoney(4.5, 'bn')).toBe('$4.5 Billion')
		expect(formatRoundedMoney(-3, 'k', 'GBP')).toBe('-£3 k')
	})

	test('plan prices, in whole pounds and dollars', () => {
		const plan = PLANS.find((candidate) => candidate.price.GBP > 0)!
		expect(formatPrice(plan, 'GBP')).toMatch(/^(from )?£\d{1,3}(,\d{3})*$/)
		expect(formatPrice(plan, 'USD')).toMatch(/^(from )?US\$\d{1,3}(,\d{3})*$/)
	})
})

test('the currencies figures come in most have the symbols Intl gives them', () => {
	for (const currency of ['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'AUD', 'CAD']) {
		const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((part) => part.type === 'currency')?.value
		expect(currencySymbol(currency)).toBe(intl)
	}
	// A code without a narrow symbol reads as the code and a space; one Intl cannot read, as itself.
	expect(currencySymbol('CHF')).toBe('CHF ')
	expect(currencySymbol('BRL')).toBe('R$')
	expect(currencySymbol('Euro')).toBe('Euro ')
})
