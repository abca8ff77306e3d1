import { describe, expect, test } from 'vitest'
import { isCurrentPage } from '../../app/components/layout/anchor-navigation.tsx'

// The menus' plain anchors mark the current page as <NavLink> did (aria-current="page").
describe('a menu link is the current page', () => {
	test('on its own path and the pages below it', () => {
		expect(isCurrentPage('/companies', '/companies')).toBe(true)
		expect(isCurrentPage('/companies', '/companies/veolia')).toBe(true)
		expect(isCurrentPage('/Companies', '/companies')).toBe(true)
		expect(isCurrentPage('/pages/newsletters/', '/pages/newsletters/june')).toBe(true)
	})

	test('not on a path that only starts with the same letters, nor from its query', () => {
		expect(isCurrentPage('/companies', '/companies-index')).toBe(false)
		expect(isCurrentPage('/search?sortBy=Relevance', '/search')).toBe(true)
		expect(isCurrentPage('/data', '/desaldata')).toBe(false)
	})

	test('the home link only on the home page; a link elsewhere never', () => {
		expect(isCurrentPage('/', '/')).toBe(true)
		expect(isCurrentPage('/', '/articles')).toBe(false)
		expect(isCurrentPage('https://www.linkedin.com/', '/')).toBe(false)
	})
})
