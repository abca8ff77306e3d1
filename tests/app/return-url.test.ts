import { expect, test } from 'vitest'
import { safeReturnUrl } from '../../app/lib/return-url.ts'

test.each([
	['/profile', '/profile'],
	['/search?searchTerm=desal&sortBy=Relevance', '/search?searchTerm=desal&sortBy=Relevance'],
	['/articles/x#comments', '/articles/x#comments'],
])('keeps the same-origin path %s', (input, expected) => {
	expect(safeReturnUrl(input)).toBe(expected)
})

test.each([
	['https://evil.example/'],
	['//evil.example/path'],
	['/\\evil.example'],
	['\\\\evil.example'],
	['javascript:alert(1)'],
	['profile'],
	['/\tevil'],
	[''],
	[null],
	[42],
])('rejects %j', (input) => {
	expect(safeReturnUrl(input)).toBe('/')
	expect(safeReturnUrl(input, '/home')).toBe('/home')
})
