import { describe, expect, test } from 'vitest'
import { clampPage, pagingUrl, parsePaging } from '../../contract/paging.ts'

const parse = (query: string) => parsePaging(new URLSearchParams(query))

describe('list paging (spec 000 §5)', () => {
	test.each([
		['', 1, 10],
		['page=3&pageSize=20', 3, 20],
		['page=abc', 1, 10],
		['page=-3', 1, 10],
		['page=0', 1, 10],
		['page=2.5', 1, 10],
		['pageSize=10000', 1, 10],
		['pageSize=0', 1, 10],
		['pageSize=7', 1, 7],
		['pageSize=9', 1, 9],
		['pageSize=15', 1, 10],
		['pageSize=100', 1, 100],
		['pageSize=abc', 1, 10],
	])('%s → page %i, size %i', (query, page, pageSize) => {
		expect(parse(query)).toEqual({ page, pageSize })
	})

	test('a page beyond the last is clamped to the last', () => {
		expect(clampPage(40, 12)).toBe(12)
		expect(clampPage(3, 12)).toBe(3)
		expect(clampPage(5, 0)).toBe(1)
	})

	test('canonical URLs leave defaults out and keep other parameters', () => {
		const url = new URL('http://x/articles?page=abc&pageSize=10000&type=comment')
		expect(pagingUrl(url, parsePaging(url.searchParams))).toBe('/articles?type=comment')
		expect(pagingUrl(new URL('http://x/articles'), { page: 2, pageSize: 20 })).toBe('/articles?page=2&pageSize=20')
	})
})
