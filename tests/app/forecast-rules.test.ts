/**
 * The explorer's filter rules (contract/forecast.ts, spec 001 §4): report types and the
 * groups each excludes, groupBy recomputed and disallowed parameters dropped, add/remove/
 * reorder with at most 4 groups, the global/tech variant and the fixed texts, CAGR and numbers.
 */
import { describe, expect, test } from 'vitest'
import {
	addGroup,
	askAnAnalystLink,
	cagr,
	constructionCostOption,
	forecastSearch,
	formatForecastNumber,
	groupAvailability,
	groupsForReportType,
	moveGroup,
	parseForecastState,
	partsAndServicesOption,
	removeGroup,
	resetState,
	variantFromCheckboxes,
	yearError,
	type ForecastState,
} from '../../contract/forecast.ts'

const RANGE = { minYear: 2015, maxYear: 2035, defaultMinYear: 2020, defaultMaxYear: 2030 }
const parse = (query: string, page: 'data' | 'desal' = 'data') => parseForecastState(new URLSearchParams(query), page, RANGE)
const names = (groups: { name: string }[]) => groups.map((g) => g.name)

describe('filter availability per report type', () => {
	test('CAPEX excludes ExpenditureType, ChemicalType, ProductType and desal-only groups', () => {
		const capex = names(groupsForReportType('CAPEX'))
		for (const excluded of ['ExpenditureType', 'ChemicalType', 'ProductType', 'ForecastApplication', 'Technology']) expect(capex).not.toContain(excluded)
		expect(capex).toContain('IndustrySubsector')
	})
	test('OPEX excludes ExpenditureType and IndustrySubsector', () => {
		const opex = names(groupsForReportType('OPEX'))
		expect(opex).not.toContain('ExpenditureType')
		expect(opex).not.toContain('IndustrySubsector')
		expect(opex).toContain('ChemicalType')
	})
	test('TotalSpending excludes ChemicalType, IndustrySubsector and ProductType', () => {
		expect(names(groupsForReportType('TotalSpending'))).toEqual(['Region', 'Country', 'UtilityIndustrial', 'Sector', 'ExpenditureType'])
	})
	test('Desal keeps only groups used in desal', () => {
		expect(names(groupsForReportType('Desal'))).toEqual(['Region', 'Country', 'ForecastApplication', 'Technology'])
	})
})

describe('the URL state', () => {
	test('defaults: TotalSpending by Region on /data, Desal by Region on /desaldata; the Desal type is excluded from /data', () => {
		expect(parse('')).toMatchObject({ reportType: 'TotalSpending', groupBy: ['Region'], variant: 'global', startYear: 2020, endYear: 2030, chartType: 'column-stacked' })
		expect(parse('reportType=Desal')).toMatchObject({ reportType: 'TotalSpending' })
		expect(parse('', 'desal')).toMatchObject({ reportType: 'Desal', groupBy: ['Region'] })
		expect(forecastSearch(parse(''), RANGE)).toBe('?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false')
	})

	test('changing report type keeps only groups still allowed and removes parameters not valid for it', () => {
		expect(parse('reportType=CAPEX&groupBy=Region&sectors=Mining').filters).toEqual({})
		const state = parse('reportType=CAPEX&groupBy=ExpenditureType~Sector&expenditureTypes=Network&sectors=Mining&bogus=1')
		expect(state.groupBy).toEqual(['Sector'])
		expect(state.filters).toEqual({ Sector: ['Mining'] })
		expect(forecastSearch(state, RANGE)).toBe('?reportType=CAPEX&groupBy=Sector&sectors=Mining&globalForecast=true&techForecast=false')
		// No allowed group left: the first group.
		expect(parse('reportType=CAPEX&groupBy=ExpenditureType').groupBy).toEqual(['Region'])
	})

	test('groupBy: duplicates, conflicts and more than 4 groups are dropped', () => {
		expect(parse('reportType=OPEX&groupBy=Region~Region~ChemicalType~ProductType~Country~Sector~UtilityIndustrial').groupBy).toEqual(['Region', 'ChemicalType', 'Country', 'Sector'])
	})

	test('a global-only filter forces global, a tech-only one forces tech', () => {
		expect(parse('reportType=TotalSpending&groupBy=ExpenditureType&techForecast=true').variant).toBe('global')
		expect(parse('reportType=OPEX&groupBy=Region~ChemicalType&chemicalTypes=Coagulants&globalForecast=true').variant).toBe('tech')
		expect(parse('reportType=OPEX&groupBy=Region&techForecast=true').variant).toBe('tech')
	})

	test('years are clamped into the range; an inverted range is kept and reported', () => {
		expect(parse('startYear=1990&endYear=2099')).toMatchObject({ startYear: 2015, endYear: 2035 })
		const inverted = parse('startYear=2030&endYear=2021')
		expect(yearError(inverted)).toBe('Start date must not exceed end date')
		expect(yearError(parse(''))).toBeNull()
	})

	test('chart type, hide flags, sunburst year and sort survive the round trip', () => {
		const query = 'reportType=CAPEX&groupBy=Region&globalForecast=true&techForecast=false&startYear=2022&chartType=sunburst&year=2024&hideTable=true&sort=2025&sortOrder=desc'
		expect(forecastSearch(parse(query), RANGE)).toBe(`?${query}`)
		expect(parse('chartType=pie').chartType).toBe('column-stacked')
		expect(parse('sort=1999').sort).toBeNull()
	})
})

describe('transitions', () => {
	const base = parse('reportType=TotalSpending&groupBy=Region')
	test('adding toggles a group in, applying its defaultValues; removing clears its values', () => {
		const desal = parse('', 'desal')
		const added = addGroup(desal, 'ForecastApplication')
		expect(added.groupBy).toEqual(['Region', 'ForecastApplication'])
		expect(added.filters.ForecastApplication).toEqual(['Seawater desalination', 'Brackish water desalination', 'Other desalination'])
		const removed = removeGroup(added, 'ForecastApplication')
		expect(removed.groupBy).toEqual(['Region'])
		expect(removed.filters.ForecastApplication).toBeUndefined()
		expect(removeGroup(base, 'Region').groupBy).toEqual(['Region'])
	})
	test('no group can be added once 4 are selected; selected and conflicting groups are unavailable', () => {
		let state: ForecastState = base
		for (const name of ['Country', 'Sector', 'UtilityIndustrial']) state = addGroup(state, name)
		expect(state.groupBy).toHaveLength(4)
		expect(addGroup(state, 'ExpenditureType')).toBe(state)
		expect(groupAvailability(state)).toMatchObject({ available: [], full: true })
		const opex = addGroup(parse('reportType=OPEX&groupBy=Region'), 'ChemicalType')
		expect(names(groupAvailability(opex).unavailable)).toEqual(['Region', 'ChemicalType', 'ProductType'])
		expect(opex.variant).toBe('tech')
	})
	test('up and down reorder selected groups; the ends do not move', () => {
		const state = addGroup(base, 'Country')
		expect(moveGroup(state, 'Country', 'up').groupBy).toEqual(['Country', 'Region'])
		expect(moveGroup(state, 'Country', 'down')).toBe(state)
		expect(moveGroup(state, 'Region', 'up')).toBe(state)
	})
	test('reset restores the defaults', () => {
		expect(resetState('data', RANGE)).toEqual(parse(''))
	})
})

describe('construction-cost and parts-and-services options (the fixed texts)', () => {
	const opt = (query: string) => {
		const state = parse(query)
		return [constructionCostOption(state), partsAndServicesOption(state)]
	}
	test('both variants possible: two checkboxes, one ticked', () => {
		expect(opt('reportType=TotalSpending&groupBy=Region')).toEqual([
			{ kind: 'checkbox', label: 'Include construction costs', checked: true },
			{ kind: 'checkbox', label: 'Show parts and services only', checked: false },
		])
	})
	test('global-only and tech-only filters fix the texts', () => {
		expect(opt('reportType=TotalSpending&groupBy=ExpenditureType')).toEqual([
			{ kind: 'fixed', label: 'Includes construction costs' },
			{ kind: 'fixed', label: 'Parts and services only is not available' },
		])
		expect(opt('reportType=CAPEX&groupBy=IndustrySubsector')).toEqual([
			{ kind: 'fixed', label: 'Excludes construction costs' },
			{ kind: 'fixed', label: 'Parts and services only not available' },
		])
		expect(opt('reportType=OPEX&groupBy=ProductType')).toEqual([
			{ kind: 'fixed', label: 'Construction costs are never included in OPEX reports' },
			{ kind: 'fixed', label: 'Parts and services only' },
		])
		const desal = parse('', 'desal')
		expect([constructionCostOption(desal), partsAndServicesOption(desal)]).toEqual([null, null])
	})
	test('the two checkboxes are mutually exclusive: a change to either switches the variant', () => {
		const both = { constructionCosts: true, partsAndServices: true }
		expect(variantFromCheckboxes('global', { constructionCosts: true, partsAndServices: true }, both)).toBe('tech')
		expect(variantFromCheckboxes('global', {}, both)).toBe('tech')
		expect(variantFromCheckboxes('tech', { constructionCosts: true }, both)).toBe('global')
		expect(variantFromCheckboxes('global', { partsAndServices: true }, both)).toBe('tech')
		expect(variantFromCheckboxes('global', {}, { constructionCosts: true, partsAndServices: false })).toBe('tech')
		expect(variantFromCheckboxes('tech', { partsAndServices: false }, { constructionCosts: false, partsAndServices: true })).toBe('global')
	})
})

describe('numbers', () => {
	test('CAGR from start to end year, null when it cannot be computed', () => {
		expect(cagr(100, 121, 2)).toBeCloseTo(10, 10)
		expect(cagr(0, 121, 2)).toBeNull()
		expect(cagr(null, 121, 2)).toBeNull()
		expect(cagr(100, 100, 0)).toBeNull()
	})
	test('en-GB with one decimal; non-numbers and infinities as -', () => {
		expect(formatForecastNumber(12345.678)).toBe('12,345.7')
		expect(formatForecastNumber(3)).toBe('3.0')
		expect(formatForecastNumber(Infinity)).toBe('-')
		expect(formatForecastNumber(null)).toBe('-')
	})
})

test('Ask an analyst mails customer services about the current page', () => {
	const link = askAnAnalystLink('https://example.org/data?reportType=CAPEX&groupBy=Region', 'CAPEX by Region')
	expect(link).toMatch(/^mailto:customerservices@globalwaterintel\.example\?subject=Ask%20an%20analyst%3A%20CAPEX%20by%20Region&body=/)
	expect(decodeURIComponent(link.split('body=')[1])).toContain('https://example.org/data?reportType=CAPEX&groupBy=Region')
})
