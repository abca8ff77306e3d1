/**
 * The table engine's query schema (contract/tables.ts) as the Project Tracker configures it
 * (spec 002 §4, §5): defaults, clamping, facets, ranges, dates, sort and the canonical URL.
 */
import { describe, expect, test } from 'vitest'
import { DATE_ORDER_WARNING } from '../../contract/query.ts'
import { legacySortOrderRedirect, nextSort, parseTableParams, tableParams } from '../../contract/tables.ts'
import { mergeSavedFilters, TRACKER_TABLE, trackerFilterParams } from '../../contract/tracker.ts'

const NOW = new Date('2026-11-24T12:00:00Z')
const parse = (query: string) => parseTableParams(TRACKER_TABLE, new URLSearchParams(query), NOW)

describe('the tracker query', () => {
	test('defaults: page 1 of 10, date updated descending, no filters', () => {
		const query = parse('')
		expect(query).toMatchObject({
			pageNum: 1,
			pageSize: 10,
			sortBy: 'updated',
			sortOrder: 'Descending',
			searchTerm: '',
		})
		expect(Object.values(query.facets).every((values) => values.length === 0)).toBe(true)
		expect(tableParams(TRACKER_TABLE, query).toString()).toBe('')
	})

	test('page numbers and sizes: bad values fall back; 10/20/50/100 and 1 to 9 are sizes (spec 000 §5, 002 §5)', () => {
		expect(parse('pageNum=abc&pageSize=7')).toMatchObject({
			pageNum: 1,
			pageSize: 7,
		})
		expect(parse('pageSize=1').pageSize).toBe(1)
		expect(parse('pageSize=9').pageSize).toBe(9)
		expect(tableParams(TRACKER_TABLE, parse('pageSize=7')).toString()).toBe('pageSize=7')
		for (const size of ['0', '-3', '11', '2.5', 'x']) expect(parse(`pageSize=${size}`).pageSize).toBe(10)
		expect(parse('pageNum=0&pageSize=500')).toMatchObject({
			pageNum: 1,
			pageSize: 10,
		})
		expect(parse('pageNum=3&pageSize=50')).toMatchObject({
			pageNum: 3,
			pageSize: 50,
		})
	})

	test("facets: repeated or '~'-joined values, unknown options dropped", () => {
		const query = parse('filters[Project type]=Build~Finance&filters[Project type]=Operate&filters[Project type]=Nonsense&filters[Countries]=Spain')
		expect(query.facets['Project type']).toEqual(['Build', 'Finance', 'Operate'])
		expect(query.facets.Countries).toEqual(['Spain'])
	})

	test('sort: known columns only; a column without an order sorts ascending; orders are Ascending or Descending (spec 000 §3)', () => {
		expect(parse('sortBy=name')).toMatchObject({
			sortBy: 'name',
			sortOrder: 'Ascending',
		})
		expect(parse('sortBy=name&sortOrder=Descending')).toMatchObject({
			sortBy: 'name',
			sortOrder: 'Descending',
		})
		expect(parse('sortBy=drop table&sortOrder=Ascending')).toMatchObject({
			sortBy: 'updated',
			sortOrder: 'Descending',
		})
		expect(tableParams(TRACKER_TABLE, parse('sortBy=name&sortOrder=Descending')).toString()).toBe('sortBy=name&sortOrder=Descending')
		// First click ascending, the next flips it.
		expect(nextSort(parse(''), 'name')).toEqual({
			sortBy: 'name',
			sortOrder: 'Ascending',
		})
		expect(nextSort(parse('sortBy=name&sortOrder=Ascending'), 'name')).toEqual({
			sortBy: 'name',
			sortOrder: 'Descending',
		})
	})

	test('the old asc|desc are read as the order they meant and answered with the spec value, nothing else changed', () => {
		expect(parse('sortBy=name&sortOrder=desc')).toMatchObject({ sortBy: 'name', sortOrder: 'Descending' })
		expect(parse('sortBy=name&sortOrder=asc')).toMatchObject({ sortBy: 'name', sortOrder: 'Ascending' })
		const redirect = (query: string) => legacySortOrderRedirect(new URLSearchParams(query))?.toString() ?? null
		expect(redirect('filters[Countries]=Spain&sortBy=name&sortOrder=desc&pageSize=7')).toBe('filters%5BCountries%5D=Spain&sortBy=name&sortOrder=Descending&pageSize=7')
		expect(redirect('sortBy=name&sortOrder=asc')).toBe('sortBy=name&sortOrder=Ascending')
		expect(redirect('sortBy=name&sortOrder=Descending')).toBeNull()
		expect(redirect('sortBy=name')).toBeNull()
		expect(redirect('sortOrder=sideways')).toBeNull()
		// Saved filters from before are merged with the spec's value.
		expect(mergeSavedFilters('sortBy=name&sortOrder=desc', new URLSearchParams())?.toString()).toBe('sortBy=name&sortOrder=Descending')
	})

	test('ranges: at least 0, steps of 1 or 0.1, the max at least the min, indeterminate only in use', () => {
		const cost = (query: string) => parse(query).ranges['Cost (US$m)']
		expect(cost('filters[Minimum cost]=12.34&filters[Maximum cost]=80')).toMatchObject({ minValue: 12.34, maxValue: 80 })
		expect(cost('filters[Minimum cost]=-5')).toMatchObject({
			min: '-5',
			minValue: null,
		})
		expect(cost('filters[Minimum cost]=50&filters[Maximum cost]=10')).toMatchObject({ minValue: 50, maxValue: null, max: '10' })
		expect(parse('filters[Minimum capacity]=10.7').ranges['Capacity (m3/d)'].minValue).toBe(10)
		expect(cost('filters[Include projects without a cost]=true').includeEmpty).toBe(false)
		expect(cost('filters[Minimum cost]=1&filters[Include projects without a cost]=true').includeEmpty).toBe(true)
	})

	test("dates: only empty or a 10-character date after 2000-01-01 and not beyond this year; 'from' after 'to' warns", () => {
		const dates = (query: string) => parse(query).dates
		expect(dates('filters[Updated from]=2024-02-01').from).toEqual({
			input: '2024-02-01',
			value: '2024-02-01',
			invalid: false,
		})
		for (const bad of ['2000-01-01', '1999-12-31', '2027-01-01', '2024-2-1', '2024-02-30', 'yesterday']) {
			expect(dates(`filters[Updated from]=${bad}`).from).toMatchObject({
				input: bad,
				value: '',
				invalid: true,
			})
		}
		expect(dates('filters[Updated to]=2026-12-31').to.value).toBe('2026-12-31')
		expect(dates('filters[Updated from]=2025-05-01&filters[Updated to]=2025-04-01').warning).toBe(DATE_ORDER_WARNING)
		expect(dates('filters[Updated from]=2025-04-01&filters[Updated to]=2025-05-01').warning).toBeNull()
	})

	test('the canonical parameters round-trip, and leave pageNum out on page 1', () => {
		const url =
			'filters[Project type]=Build&filters[Minimum cost]=5&filters[Updated from]=2024-01-01&filters[Include archived projects]=true&sortBy=name&sortOrder=Ascending&pageSize=20&pageNum=2'
		const query = parse(url)
		expect(parse(tableParams(TRACKER_TABLE, query).toString())).toEqual(query)
		expect(tableParams(TRACKER_TABLE, { ...query, pageNum: 1 }).has('pageNum')).toBe(false)
	})
})

describe('range type and saved filters (spec 002 §2, §4)', () => {
	test('choosing a range type resets the other ranges, and they leave the canonical address', () => {
		const query = parse('filters[Minimum cost]=5&filters[Maximum capacity]=900&filters[Range type]=Capacity (m3/d)')
		expect(query.rangeType).toBe('Capacity (m3/d)')
		expect(query.ranges['Cost (US$m)']).toMatchObject({ min: '', minValue: null })
		expect(query.ranges['Capacity (m3/d)']).toMatchObject({ max: '900', maxValue: 900 })
		const canonical = tableParams(TRACKER_TABLE, query)
		expect(canonical.get('filters[Range type]')).toBe('Capacity (m3/d)')
		expect(canonical.has('filters[Minimum cost]')).toBe(false)
		// No choice, or an unknown one: every range applies.
		expect(parse('filters[Minimum cost]=5&filters[Range type]=Volume').ranges['Cost (US$m)'].minValue).toBe(5)
		expect(parse('filters[Minimum cost]=5&filters[Range type]=Volume').rangeType).toBeNull()
	})

	test('saved filters: stored without the page number; merged under the address’s own parameters', () => {
		expect(trackerFilterParams(parse('filters[Project type]=Build&pageNum=4&pageSize=20'))).toBe('filters%5BProject+type%5D=Build&pageSize=20')
		const merged = mergeSavedFilters('filters%5BProject+type%5D=Build&pageSize=20', new URLSearchParams('pageSize=50'))
		expect(merged?.getAll('filters[Project type]')).toEqual(['Build'])
		expect(merged?.get('pageSize')).toBe('50')
		expect(mergeSavedFilters('', new URLSearchParams(''))).toBeNull()
	})
})
