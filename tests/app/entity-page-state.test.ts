/** Breadcrumbs, slice toggles, page-state URLs and the financial stats card of the entity pages. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { FinancialStats, type FinancialStatsState } from '../../app/routes/companies.$slug/FinancialStats.tsx'
import { breadcrumbJsonLd, shownBreadcrumbs, truncateLabel } from '../../app/lib/breadcrumbs.ts'
import { sameState, stateUrl, withParams } from '../../app/lib/page-url.ts'
import { isSliceExpanded, sliceStateParams, toggleSlice } from '../../app/lib/slice-state.ts'
import { parseSliceState } from '../../app/lib/slice-state-params.ts'

describe('strategist breadcrumbs', () => {
	test('labels over 30 characters are cut to 30 plus an ellipsis; shorter ones are kept', () => {
		expect(truncateLabel('Desalination')).toBe('Desalination')
		expect(truncateLabel('x'.repeat(30))).toBe('x'.repeat(30))
		expect(truncateLabel('Seawater reverse osmosis energy recovery devices')).toBe('Seawater reverse osmosis energ…')
		expect(truncateLabel('Seawater reverse osmosis membrane elements').replace('…', '').length).toBeLessThanOrEqual(30)
	})

	test('up to 4 levels are all shown', () => {
		const trail = [{ label: 'Home', href: '/' }, { label: 'Geographies', href: '/geographies' }, { label: 'Europe', href: '/geographies/xb' }, { label: 'France' }]
		expect(shownBreadcrumbs(trail)).toEqual(trail)
	})

	test('with more than 4 levels the earlier ones are elided into one ellipsis linking to the nearest hidden level', () => {
		const trail = [
			{ label: 'Home', href: '/' },
			{ label: 'Technologies', href: '/technologies' },
			{ label: 'Desalination', href: '/technologies/desalination' },
			{ label: 'Seawater reverse osmosis', href: '/technology-types/swro' },
			{ label: 'Energy recovery', href: '/technology-types/energy-recovery' },
			{ label: 'Isobaric energy recovery devices for large plants' },
		]
		const shown = shownBreadcrumbs(trail)
		expect(shown.map((crumb) => crumb.label)).toEqual(['…', 'Desalination', 'Seawater reverse osmosis', 'Energy recovery', 'Isobaric energy recovery devic…'])
		expect(shown[0]).toMatchObject({ elided: true, href: '/technologies', title: 'Home › Technologies' })
		expect(shown.at(-1)).toEqual({ label: 'Isobaric energy recovery devic…', title: 'Isobaric energy recovery devices for large plants' })
	})

	test('structured data carries the whole trail, untruncated, with absolute URLs', () => {
		const trail = [{ label: 'Home', href: '/' }, { label: 'Topics', href: '/topics' }, { label: 'A topic with a long name of more than thirty characters' }]
		const jsonLd = breadcrumbJsonLd(trail, 'https://gwi.example', 'https://gwi.example/topics/long')
		expect(jsonLd.itemListElement).toEqual([
			{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://gwi.example/' },
			{ '@type': 'ListItem', position: 2, name: 'Topics', item: 'https://gwi.example/topics' },
			{ '@type': 'ListItem', position: 3, name: 'A topic with a long name of more than thirty characters', item: 'https://gwi.example/topics/long' },
		])
	})
})

describe('slice show more / show less', () => {
	const slices = [
		{ slug: 'overview', visibility: 'standard' as const },
		{ slug: 'market-data', visibility: 'expanded' as const },
		{ slug: 'notes', visibility: 'hidden' as const },
	]

	test('defaults follow the visibility: expanded slices show in full, the others shortened', () => {
		const state = parseSliceState(new URLSearchParams(), slices)
		expect(slices.map((slice) => isSliceExpanded(slice, state))).toEqual([false, true, false])
	})

	test('the URL flips slices from their default; unknown and no-op slugs are dropped', () => {
		const state = parseSliceState(new URLSearchParams('more=overview,nope,market-data&less=market-data,overview'), slices)
		expect(state).toEqual({ more: ['overview'], less: ['market-data'] })
		expect(slices.map((slice) => isSliceExpanded(slice, state))).toEqual([true, false, false])
	})

	test('toggling twice comes back to the default, and the default has no parameters', () => {
		const start = parseSliceState(new URLSearchParams(), slices)
		const once = toggleSlice(slices[0], start)
		expect(sliceStateParams(once)).toEqual({ more: 'overview', less: undefined })
		expect(sliceStateParams(toggleSlice(slices[0], once))).toEqual({ more: undefined, less: undefined })
		expect(sliceStateParams(toggleSlice(slices[1], start))).toEqual({ more: undefined, less: 'market-data' })
	})
})

describe('page state URLs', () => {
	test('sorted, empty values left out, hash kept', () => {
		expect(stateUrl('/topics/pfas', { pageSize: 20, page: 2, more: undefined })).toBe('/topics/pfas?page=2&pageSize=20')
		expect(stateUrl('/topics/pfas', {})).toBe('/topics/pfas')
		expect(withParams('/companies/x', '?tree=expanded&page=2', { tree: undefined }, '#technology-tree')).toBe('/companies/x?page=2#technology-tree')
	})

	test('the order of parameters does not make another state', () => {
		expect(sameState('/a?tree=expanded&page=2', '/a?page=2&tree=expanded')).toBe(true)
		expect(sameState('/a?page=2', '/a?page=3')).toBe(false)
		expect(sameState('/a', '/a?tree=garbage')).toBe(false)
	})
})

describe('the financial stats card', () => {
	const render = (stats: FinancialStatsState) => renderToStaticMarkup(createElement(FinancialStats, { stats, slug: 'x' }))

	test('hidden on Forbidden; the spec’s texts on failure and without data', () => {
		expect(render({ status: 'forbidden' })).toBe('')
		expect(render({ status: 'error' })).toContain('Error loading financial indicators')
		expect(render({ status: 'ok', items: [] })).toContain('No data is available for this company')
	})

	test('one tile per indicator, in its currency, with the dollar figure when it differs', () => {
		const html = render({
			status: 'ok',
			items: [
				{ indicator: 'Revenue', indicatorDisplayName: 'Revenue', year: 2025, value: 4218.2, currency: 'EUR', roundedValue: 4.2, roundedUnit: 'bn', unitDisplayName: 'Billion', roundedValueUSD: 4.5, roundedUnitUSD: 'bn', footnote: null, fullDate: null, lastUpdated: null, history: [] },
			],
		})
		expect(html).toContain('<dt>Revenue</dt>')
		// The details card's rule (formatMillions): "bn and m expand to Billion and Million" (spec 001 §3).
		expect(html).toContain('<dd class="stats-tile__value">€4.2 Billion</dd>')
		expect(html).toContain('$4.5 Billion')
	})
})
