/**
 * The rules of table and chart cards (spec 000 §5, 001 §5), of search cards (spec 000 §9,
 * 002 §2) and of the sponsored article pick (spec 000 §2, §9): pure functions, no database.
 */
import { describe, expect, test } from 'vitest'
import { chartOptions, chartTypeOf, CHART_PALETTE, toSignificant } from '../../app/components/cards/chart-options.ts'
import { cardQuery } from '../../app/components/cards/page-query.ts'
import {
	cleanColumnName,
	formatCell,
	hasEnoughData,
	isNumericColumn,
	parseDataPoints,
	parsesAsDate,
	toCell,
	transpose,
	xAxisType,
} from '../../app/components/cards/data-points.ts'
import {
	availableWith,
	coverGridPageSize,
	DEFAULT_ROWS_PER_PAGE,
	isCardParam,
	pageNumberOf,
	pickSponsored,
	rowsPerPageOf,
	sponsoredWindows,
} from '../../contract/card-rules.ts'
import { clampPage } from '../../contract/paging.ts'
import { validDate } from '../../contract/search-params.ts'

describe('table and chart cards appear only with at least 2 rows and 2 columns', () => {
	test.each([
		[[['Year', 'Value'], ['2024', '3']], true],
		[[['Year', 'Value', 'Other'], ['2024', '3', '4'], ['2025', '5', '6']], true],
		[[['Year', 'Value']], false],
		[[['Year'], ['2024']], false],
		[[], false],
		[null, false],
		['Year,Value', false],
		[[['Year', 'Value'], 'not a row'], false],
	])('%j → %s', (dataPoints, expected) => {
		expect(hasEnoughData(dataPoints)).toBe(expected)
		expect(parseDataPoints(dataPoints) !== null).toBe(expected)
	})
})

describe('column names keep only letters, digits, space and % ) ( / -', () => {
	test.each([
		['Change (%)', 'Change (%)'],
		['Revenue, US$ m', 'Revenue US m'],
		['Tariff (USD/m3)', 'Tariff (USD/m3)'],
		['Capacity: m³/d *', 'Capacity m/d'],
		['Région – Zone-2', 'Région Zone-2'],
		['  Two   spaces ', 'Two spaces'],
		[2024, '2024'],
		[null, ''],
	])('%j → %j', (name, cleaned) => {
		expect(cleanColumnName(name)).toBe(cleaned)
	})

	test('the header row is cleaned, every row takes the header’s width', () => {
		expect(parseDataPoints([['City!', 'Tariff ($)'], ['Oslo', '6.64', 'extra'], ['Rome']])).toEqual({
			columns: ['City', 'Tariff ()'],
			rows: [
				['Oslo', 6.64],
				['Rome', null],
			],
		})
	})
})

describe('numeric strings become numbers', () => {
	test.each([
		['12', 12],
		['-3.5', -3.5],
		['+0.25', 0.25],
		['.5', 0.5],
		['1e3', 1000],
		['1,234,567.8', 1234567.8],
		[' 42 ', 42],
		[7, 7],
		['12 m', '12 m'],
		['1,23', '1,23'],
		['Oslo', 'Oslo'],
		['', null],
		[null, null],
	])('%j → %j', (value, cell) => {
		expect(toCell(value)).toBe(cell)
	})
})

describe('chart x axis: dates → datetime, numbers → linear, else category', () => {
	test.each([
		[['2025-01', '2025-02', '2025-03'], 'datetime'],
		[['2025-01-31', '2025-02-28'], 'datetime'],
		[['Jan 2024', 'Feb 2024'], 'datetime'],
		[['31 March 2024', '30 April 2024'], 'datetime'],
		[[2022, 2023, 2024], 'linear'],
		[[1.5, 2.5], 'linear'],
		[['Copenhagen', 'Berlin'], 'category'],
		// Date.parse reads these as dates; they are categories.
		[['Region 1', 'Region 2'], 'category'],
		[['Europe 2020', 'Asia 2021'], 'category'],
		// A date-like value must be longer than 4 characters.
		[['2024', 'Q1 2024'], 'category'],
		[['2025-01', 'Copenhagen'], 'category'],
		[[], 'category'],
	])('%j → %s', (values, axis) => {
		expect(xAxisType(values.map(toCell))).toBe(axis)
	})

	test('a value parses as a date only when it looks like one and Date.parse accepts it', () => {
		expect(parsesAsDate('2025-02')).toBe(true)
		expect(parsesAsDate('2025-13')).toBe(false)
		expect(parsesAsDate('Middle East 2')).toBe(false)
		expect(parsesAsDate(2025)).toBe(false)
	})
})

describe('table cells', () => {
	const rows = [
		['Oslo', 6.64, 'n/a'],
		['Rome', 1234.567, 2],
		['Lima', null, Infinity],
	]
	test('a column of figures shows numbers en-GB and "-" for what is not a finite number', () => {
		expect(isNumericColumn(rows, 1)).toBe(true)
		expect(isNumericColumn(rows, 2)).toBe(true)
		expect(isNumericColumn(rows, 0)).toBe(false)
		// Spec 001 §9's one decimal, as /data and the downloads write the same figure.
		expect(formatCell(1234.567, true)).toBe('1,234.6')
		expect(formatCell(235785, true)).toBe('235,785.0')
		expect(formatCell(4, true)).toBe('4.0')
		expect(formatCell('n/a', true)).toBe('-')
		expect(formatCell(Infinity, true)).toBe('-')
		expect(formatCell(null, true)).toBe('-')
	})
	test('a column of text shows its text ("-" when blank)', () => {
		expect(isNumericColumn([['a', 'Contract awarded'], ['b', 3]], 1)).toBe(false)
		expect(formatCell('Contract awarded', false)).toBe('Contract awarded')
		expect(formatCell(null, false)).toBe('-')
		// Row labels keep their own text: a year is not "2,024".
		expect(formatCell(2024, false)).toBe('2024')
	})
	test('a forecast table turns into a chart of years by group', () => {
		const table = { columns: ['Region', '2022', '2023'], rows: [['Europe', 1, 2], ['Asia', 3, 4]] as (string | number)[][] }
		expect(transpose(table)).toEqual({ columns: ['Year', 'Europe', 'Asia'], rows: [[2022, 1, 3], [2023, 2, 4]] })
	})
})

describe('chart options', () => {
	const years = parseDataPoints([['Year', 'Seawater', 'Brackish'], ['2024', '6.1', '1.2'], ['2025', '6.4', 'n/a']])!
	test('years: a linear axis of [x, y] points, a series per column', () => {
		const options = chartOptions(years, 'column-stacked', { yAxisLabel: 'million m3/d' })
		expect(options.xAxis).toMatchObject({ type: 'linear' })
		expect(options.chart).toMatchObject({ type: 'column' })
		expect(options.plotOptions?.series?.stacking).toBe('normal')
		expect(options.series).toEqual([
			{ type: 'column', name: 'Seawater', data: [[2024, 6.1], [2025, 6.4]] },
			{ type: 'column', name: 'Brackish', data: [[2024, 1.2], [2025, null]] },
		])
		expect(options.yAxis).toMatchObject({ title: { text: 'million m3/d' } })
	})
	test('months: a datetime axis of timestamps', () => {
		const options = chartOptions(parseDataPoints([['Month', 'Index'], ['2025-01', '100'], ['2025-02', '102.4']])!, 'line')
		expect(options.xAxis).toMatchObject({ type: 'datetime' })
		expect((options.series![0] as { data: unknown[] }).data).toEqual([[Date.UTC(2025, 0, 1), 100], [Date.UTC(2025, 1, 1), 102.4]])
		expect(options.plotOptions?.series?.stacking).toBeUndefined()
	})
	test('names: a category axis with the names as categories', () => {
		const options = chartOptions(parseDataPoints([['City', 'Tariff'], ['Oslo', '6.64'], ['Rome', '1.2']])!, 'bar')
		expect(options.xAxis).toMatchObject({ type: 'category', categories: ['Oslo', 'Rome'] })
		expect((options.series![0] as { data: unknown[] }).data).toEqual([6.64, 1.2])
	})
	test('more than 8 series move the legend right; more than 12 use 24 colours', () => {
		const wide = (n: number) => parseDataPoints([['Year', ...Array.from({ length: n }, (_, i) => `S${i}`)], ['2024', ...Array.from({ length: n }, () => '1')]])!
		expect(chartOptions(wide(8), 'line').legend).toMatchObject({ enabled: true })
		expect(chartOptions(wide(8), 'line').legend).not.toHaveProperty('align')
		expect(chartOptions(wide(9), 'line').legend).toMatchObject({ layout: 'vertical', align: 'right' })
		expect(chartOptions(wide(12), 'line').colors).toEqual(CHART_PALETTE)
		expect(chartOptions(wide(13), 'line').colors).toHaveLength(24)
	})
	test('chart types outside the spec’s list fall back; tooltips show 3 significant digits', () => {
		expect(chartTypeOf('pie', 'column')).toBe('column')
		expect(chartTypeOf('line-stacked', 'column')).toBe('line-stacked')
		expect(toSignificant(123456)).toBe('123,000')
		expect(toSignificant(0.012345)).toBe('0.0123')
	})
})

describe('document and newsletter search cards', () => {
	test.each([
		[undefined, DEFAULT_ROWS_PER_PAGE],
		[0, DEFAULT_ROWS_PER_PAGE],
		[-2, DEFAULT_ROWS_PER_PAGE],
		['abc', DEFAULT_ROWS_PER_PAGE],
		[3, 3],
		['2', 2],
		[1000, 25],
	])('rowsPerPage %j → %i rows', (value, rows) => {
		expect(rowsPerPageOf(value)).toBe(rows)
		// "fetch pageSize of rows-per-row-count times 4"
		expect(coverGridPageSize(value)).toBe(rows * 4)
	})
	test('rowsPerPage defaults to 4, so 16 covers a page', () => {
		expect(DEFAULT_ROWS_PER_PAGE).toBe(4)
		expect(coverGridPageSize(undefined)).toBe(16)
	})
	test('published dates apply only as valid 10-character dates from 2000 to this year (as in the site search)', () => {
		const now = new Date('2026-06-15T00:00:00Z')
		expect(validDate('2024-02-29', now)).toBe('2024-02-29')
		expect(validDate('2023-02-29', now)).toBe('')
		expect(validDate('2024-2-9', now)).toBe('')
		expect(validDate('2000-01-01', now)).toBe('')
		expect(validDate('2027-01-01', now)).toBe('')
		expect(validDate('2026-12-31', now)).toBe('2026-12-31')
		expect(validDate(null, now)).toBe('')
	})
	test('page numbers: integers of at least 1, clamped to the last page', () => {
		expect(pageNumberOf('3')).toBe(3)
		expect(pageNumberOf('0')).toBe(1)
		expect(pageNumberOf('-2')).toBe(1)
		expect(pageNumberOf('2.5')).toBe(1)
		expect(pageNumberOf('abc')).toBe(1)
		expect(pageNumberOf(null)).toBe(1)
		expect(clampPage(9, 4)).toBe(4)
		expect(clampPage(3, 0)).toBe(1)
	})
})

describe('the sponsored article', () => {
	test('is one of this month’s sponsored articles, chosen at random', () => {
		const thisMonth = ['a', 'b', 'c']
		expect(pickSponsored(thisMonth, ['x'], () => 0)).toBe('a')
		expect(pickSponsored(thisMonth, ['x'], () => 0.5)).toBe('b')
		expect(pickSponsored(thisMonth, ['x'], () => 0.999)).toBe('c')
		const seen = new Set(Array.from({ length: 200 }, () => pickSponsored(thisMonth, ['x'])))
		expect(seen).toEqual(new Set(thisMonth))
	})
	test('else one of last month’s; else none', () => {
		expect(pickSponsored([], ['x', 'y'], () => 0.7)).toBe('y')
		expect(pickSponsored([], [], () => 0.7)).toBeNull()
	})
	test('months are calendar months in UTC', () => {
		expect(sponsoredWindows(new Date('2026-01-10T12:00:00Z'))).toEqual({ thisMonth: new Date('2026-01-01T00:00:00Z'), lastMonth: new Date('2025-12-01T00:00:00Z') })
	})
})

test('locked contexts say which membership opens them', () => {
	expect(availableWith(['read:strategy', 'read:strategy-beta'])).toBe('Available with GWI Strategist Membership')
	expect(availableWith(['read:executive'])).toBe('Available with GWI Executive Membership')
})

test('the cards’ URL parameters: cover-grid page and dates, the partner filter, a card’s own page', () => {
	for (const name of ['pageNum', 'publishedFrom', 'publishedTo', 'partner-company', 'blogPage-12', 'tablePage-7']) expect(isCardParam(name)).toBe(true)
	for (const name of ['page', 'pageSize', 'more', 'less', 'tree', 'blogPage', 'blogPage-x', 'tablePage-12a', 'searchTerm']) expect(isCardParam(name)).toBe(false)
	// A page's call for its cards carries only theirs, every value kept.
	expect(cardQuery(new URLSearchParams('page=2&blogPage-3=2&more=a&publishedFrom=2024-01-01&blogPage-3=4'))).toEqual({ 'blogPage-3': ['2', '4'], publishedFrom: ['2024-01-01'] })
})

