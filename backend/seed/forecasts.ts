/**
 * Forecast facts 2015..2035 (TotalSpending = CAPEX + OPEX per key; Desal capacity), their
 * dimension values and releases, plus the forecast definitions, methodology and resources.
 *
 * Units: TotalSpending, CAPEX and OPEX in US$ million a year; Desal in million m3/d of
 * contracted capacity a year (the spec's "Desal unit million m³/d").
 */
import { forecastDefinitions, forecastDimensionValues, forecastFacts, forecastReleases } from '../db/schema.ts'
import type { Geographies } from './geographies.ts'
import { REGIONS } from './geographies.ts'
import { addDays, insertAll, slugify, type SeedContext } from './util.ts'

export const FORECAST_MIN_YEAR = 2015
export const FORECAST_MAX_YEAR = 2035
const BASE_YEAR = 2024

export const EXPENDITURE_TYPES = ['Treatment', 'Network', 'Other'] as const
export const UTILITY_SECTORS = ['Drinking water', 'Wastewater'] as const
export const INDUSTRIAL_SECTORS = ['Power', 'Oil & gas', 'Mining', 'Microelectronics', 'Food & beverage', 'Chemicals'] as const
/** Added in the next release: visible only in preview mode (is_published = false). */
export const PREVIEW_SECTOR = 'Data centres'
export const FORECAST_APPLICATIONS = ['Seawater desalination', 'Brackish water desalination', 'Other desalination'] as const

/** The settings every seeded spending chart card shares: these facts, 2022..2029, chart and table. */
export const TOTAL_SPENDING_CHART = {
	dataSourceChartType: 'TotalSpending',
	startYear: 2022,
	endYear: 2029,
	hideCAGR: false,
	chartTableDisplayType: 'ChartTable',
	xAxisLabel: 'Year',
	yAxisLabel: 'US$ million',
	source: 'GWI forecasts',
} as const
const DESAL_TECHNOLOGIES: Record<(typeof FORECAST_APPLICATIONS)[number], [string, number, number][]> = {
	// technology, share, growth adjustment
	'Seawater desalination': [
		['Reverse osmosis', 0.86, 0.01],
		['Multi-stage flash', 0.04, -0.08],
		['Multi-effect distillation', 0.07, -0.02],
		['Other', 0.03, 0],
	],
	'Brackish water desalination': [
		['Reverse osmosis', 0.84, 0],
		['Electrodialysis', 0.1, 0.01],
		['Other', 0.06, 0],
	],
	'Other desalination': [
		['Reverse osmosis', 0.8, 0.01],
		['Other', 0.2, 0],
	],
}
const APPLICATION_SHARE: Record<string, number> = { 'Seawater desalination': 0.74, 'Brackish water desalination': 0.16, 'Other desalination': 0.1 }
const REGION_GROWTH: Record<string, number> = { xa: 0.055, xb: 0.025, xc: 0.035, xd: 0.045, xe: 0.052 }
const PREVIEW_DESAL_COUNTRIES = ['ga', 'cm', 'gw']

type Fact = {
	measure: string
	countryId: number
	expenditureType: string
	utilityIndustrial: string
	sector: string
	forecastApplication: string
	technology: string
	year: number
	value: number
	isPublished: boolean
}

const round2 = (v: number) => Math.round(v * 100) / 100
const round4 = (v: number) => Math.round(v * 10000) / 10000

export async function seedForecasts(ctx: SeedContext, geo: Geographies): Promise<number> {
	const rng = ctx.rng('forecasts')
	const years = Array.from({ length: FORECAST_MAX_YEAR - FORECAST_MIN_YEAR + 1 }, (_, i) => FORECAST_MIN_YEAR + i)
	const facts: Fact[] = []
	// A smooth path: compound growth with a small, autocorrelated wobble (about ±2%) and a 2020 dip.
	const path = (base: number, growth: number, dip = 0.04) => {
		let wobble = 0
		return years.map((y) => {
			wobble = wobble * 0.6 + rng.normal(0, 0.008)
			const covid = y === 2020 ? 1 - dip : y === 2021 ? 1 - dip / 2 : 1
			return base * Math.pow(1 + growth, y - BASE_YEAR) * (1 + Math.max(-0.02, Math.min(0.02, wobble))) * covid
		})
	}
	const addSpending = (countryId: number, utilityIndustrial: string, sector: string, expenditureType: string, base: number, growth: number, capexShare: number, isPublished: boolean) => {
		const capex = path(base * capexShare, growth + rng.normal(0.004, 0.004), 0.07)
		const opex = path(base * (1 - capexShare), growth - 0.006 + rng.normal(0, 0.003), 0.01)
		years.forEach((year, i) => {
			const c = round2(capex[i])
			const o = round2(opex[i])
			const common = { countryId, utilityIndustrial, sector, expenditureType, forecastApplication: '', technology: '', year, isPublished }
			facts.push({ ...common, measure: 'CAPEX', value: c })
			facts.push({ ...common, measure: 'OPEX', value: o })
			facts.push({ ...common, measure: 'TotalSpending', value: round2(c + o) })
		})
	}

	for (const country of geo.countries) {
		const info = country.info
		const growth = REGION_GROWTH[info.region] + rng.normal(0, 0.006)
		// Market size in US$ million a year in the base year.
		const total = info.weight * 1000 * Math.exp(rng.normal(0, 0.05))
		const industrialShare = Math.min(0.35, Math.max(0.08, 0.18 + rng.normal(0, 0.05)))
		const capexShare = Math.min(0.6, Math.max(0.35, (info.weight > 5 ? 0.42 : 0.5) + rng.normal(0, 0.03)))
		const utilityTotal = total * (1 - industrialShare)
		const drinkingShare = Math.min(0.65, Math.max(0.4, 0.52 + rng.normal(0, 0.04)))
		const expenditureShares = [0.36, 0.44, 0.2]
		for (const sector of UTILITY_SECTORS) {
			const sectorTotal = utilityTotal * (sector === 'Drinking water' ? drinkingShare : 1 - drinkingShare)
			EXPENDITURE_TYPES.forEach((type, i) => addSpending(country.id, 'Utility', sector, type, sectorTotal * expenditureShares[i], growth, capexShare, true))
		}
		if (info.weight >= 0.3) {
			const industrialTotal = total * industrialShare
			const sectorWeights = INDUSTRIAL_SECTORS.map(() => rng.float(0.5, 1.5))
			const weightSum = sectorWeights.reduce((a, b) => a + b, 0)
			INDUSTRIAL_SECTORS.forEach((sector, s) => {
				const sectorTotal = (industrialTotal * sectorWeights[s]) / weightSum
				const sectorGrowth = growth + (sector === 'Microelectronics' ? 0.03 : sector === 'Mining' ? 0.01 : sector === 'Power' ? -0.01 : 0)
				addSpending(country.id, 'Industrial', sector, 'Treatment', sectorTotal * 0.7, sectorGrowth, capexShare, true)
				addSpending(country.id, 'Industrial', sector, 'Other', sectorTotal * 0.3, sectorGrowth, capexShare, true)
			})
			if (info.weight >= 5) {
				// Next release adds data centres as an industrial sector (preview only).
				const dc = total * 0.01
				addSpending(country.id, 'Industrial', PREVIEW_SECTOR, 'Treatment', dc * 0.7, growth + 0.08, 0.55, false)
				addSpending(country.id, 'Industrial', PREVIEW_SECTOR, 'Other', dc * 0.3, growth + 0.08, 0.55, false)
			}
		}
		// Desalination: contracted capacity in million m3/d a year.
		const preview = PREVIEW_DESAL_COUNTRIES.includes(country.slug)
		if (info.desal > 0 || preview) {
			const desalBase = (preview ? 0.05 : info.desal) * 0.05 * Math.exp(rng.normal(0, 0.08))
			const desalGrowth = (info.region === 'xa' ? 0.06 : 0.045) + rng.normal(0, 0.01)
			for (const application of FORECAST_APPLICATIONS) {
				for (const [technology, share, adjust] of DESAL_TECHNOLOGIES[application]) {
					const values = path(desalBase * APPLICATION_SHARE[application] * share, desalGrowth + adjust, 0.1)
					years.forEach((year, i) =>
						facts.push({ measure: 'Desal', countryId: country.id, expenditureType: '', utilityIndustrial: '', sector: '', forecastApplication: application, technology, year, value: round4(values[i]), isPublished: !preview }),
					)
				}
			}
		}
	}
	await insertFacts(ctx, facts)

	// Picklists: every value used, with display names.
	const dims: { dimension: string; value: string; displayName: string; parentValue: string | null; sortOrder: number }[] = []
	const add = (dimension: string, values: readonly string[], parent: string | null = null, display?: (v: string) => string) =>
		values.forEach((value) => dims.push({ dimension, value, displayName: display ? display(value) : value, parentValue: parent, sortOrder: dims.filter((d) => d.dimension === dimension).length }))
	add('measure', ['TotalSpending', 'CAPEX', 'OPEX', 'Desal'], null, (v) => ({ TotalSpending: 'Total spending', CAPEX: 'Capital expenditure', OPEX: 'Operating expenditure', Desal: 'Desalination' })[v] ?? v)
	add('utilityIndustrial', ['Utility', 'Industrial'])
	add('sector', UTILITY_SECTORS, 'Utility')
	add('sector', [...INDUSTRIAL_SECTORS, PREVIEW_SECTOR], 'Industrial')
	add('expenditureType', EXPENDITURE_TYPES)
	add('forecastApplication', FORECAST_APPLICATIONS)
	add('technology', ['Reverse osmosis', 'Multi-stage flash', 'Multi-effect distillation', 'Electrodialysis', 'Other'])
	REGIONS.forEach((r) => dims.push({ dimension: 'region', value: r.slug, displayName: r.name, parentValue: null, sortOrder: dims.filter((d) => d.dimension === 'region').length }))
	const countrySorted = [...geo.countries].sort((a, b) => a.name.localeCompare(b.name, 'en'))
	countrySorted.forEach((c, i) => dims.push({ dimension: 'country', value: c.slug, displayName: c.name, parentValue: c.info.region, sortOrder: i }))
	await insertAll(ctx.db, forecastDimensionValues, dims.map((d, i) => ({ id: i + 1, ...d })))

	const published = addDays(ctx.today, -38)
	await insertAll(ctx.db, forecastReleases, [
		{ measure: 'TotalSpending', publishedAt: published, minYear: FORECAST_MIN_YEAR, maxYear: FORECAST_MAX_YEAR, defaultMinYear: 2020, defaultMaxYear: 2030 },
		{ measure: 'CAPEX', publishedAt: published, minYear: FORECAST_MIN_YEAR, maxYear: FORECAST_MAX_YEAR, defaultMinYear: 2020, defaultMaxYear: 2030 },
		{ measure: 'OPEX', publishedAt: published, minYear: FORECAST_MIN_YEAR, maxYear: FORECAST_MAX_YEAR, defaultMinYear: 2020, defaultMaxYear: 2030 },
		{ measure: 'Desal', publishedAt: addDays(ctx.today, -16), minYear: FORECAST_MIN_YEAR, maxYear: FORECAST_MAX_YEAR, defaultMinYear: 2020, defaultMaxYear: 2030 },
	])
	await seedDefinitions(ctx)
	return facts.length
}

/** Facts carry their own ids, so chunks insert two at a time. */
async function insertFacts(ctx: SeedContext, facts: Fact[]) {
	await insertAll(
		ctx.db,
		forecastFacts,
		facts.map((f, i) => ({
			id: i + 1,
			measure: f.measure as (typeof forecastFacts.$inferInsert)['measure'],
			countryId: f.countryId,
			expenditureType: f.expenditureType,
			utilityIndustrial: f.utilityIndustrial,
			sector: f.sector,
			forecastApplication: f.forecastApplication,
			technology: f.technology,
			year: f.year,
			valueUsdM: f.value,
			isPublished: f.isPublished,
		})),
		15_000,
	)
}

const DEFINITIONS: [string, string][] = [
	['Total spending', 'The sum of capital expenditure (CAPEX) and operating expenditure (OPEX) on water and wastewater by utilities and industrial users, in US$ million at current prices.'],
	['Capital expenditure (CAPEX)', 'Spending on new assets and the renewal of existing ones: treatment plants, networks, pumping stations, meters and the equipment within them. Includes design and construction costs, excludes land and financing costs.'],
	['Operating expenditure (OPEX)', 'The cost of running water and wastewater systems: labour, energy, chemicals, maintenance, outsourced services and administration. Excludes depreciation and interest.'],
	['Utility', 'Public and private organisations that supply drinking water or collect and treat wastewater for households, businesses and public institutions.'],
	['Industrial', 'Companies that treat water for their own processes or treat their own effluent, including water bought in as a service.'],
	['Drinking water', 'Abstraction, treatment, storage and distribution of water intended for human consumption.'],
	['Wastewater', 'Collection, conveyance and treatment of municipal sewage and stormwater, and the treatment and disposal of sludge.'],
	['Treatment', 'Expenditure on treatment plants: civil works, process equipment, membranes, disinfection, sludge treatment and their operation.'],
	['Network', 'Expenditure on pipes, pumping stations, storage, meters and network management for water distribution and wastewater collection.'],
	['Other', 'Expenditure not attributable to treatment or networks, including customer service, IT, laboratories and general administration.'],
	['Power', 'Thermal and nuclear power generation: cooling water, boiler feedwater and flue gas desulphurisation wastewater.'],
	['Oil & gas', 'Upstream, midstream and downstream oil and gas, including produced water and refinery effluent.'],
	['Mining', 'Mineral extraction and processing, including water supply to remote sites and mine water treatment.'],
	['Microelectronics', 'Semiconductor, display and electronics manufacturing, dominated by ultrapure water and wastewater recycling.'],
	['Food & beverage', 'Food processing and drinks manufacturing, including ingredient water and effluent treatment.'],
	['Chemicals', 'Chemical and petrochemical manufacturing, excluding refining.'],
	['Desalination', 'Contracted desalination capacity in million m3/d: plants for which a construction contract was signed in the year.'],
	['Seawater desalination', 'Desalination of water with a salinity above 20,000 mg/l TDS, typically from the sea.'],
	['Brackish water desalination', 'Desalination of water with a salinity between 3,000 and 20,000 mg/l TDS, typically groundwater or estuarine water.'],
	['Other desalination', 'Desalination of other feedwater, including river water, wastewater and pure water for industry.'],
	['Reverse osmosis', 'A membrane process in which pressure drives water through a semi-permeable membrane, leaving dissolved salts behind.'],
	['CAGR', 'Compound annual growth rate between the start and end year of the selected range.'],
]

const METHODOLOGY: [string, string][] = [
	['How the forecasts are built', 'GWI’s forecasts are built bottom-up, country by country. For utilities we model the installed asset base from population served, coverage and treatment levels, apply renewal rates and investment plans, and cross-check the result against utility capital programmes, budgets and development bank pipelines.'],
	['Industrial water', 'Industrial spending is modelled from production volumes in each sector, water intensity per unit of output and the share of water treated on site. Capital spending follows announced and expected capacity additions.'],
	['Desalination capacity', 'Desalination forecasts are based on the DesalData plant inventory. Plants count in the year the construction contract is signed. Projects in procurement are weighted by their probability of award; beyond the visible pipeline we model demand from population, water stress and policy.'],
	['Prices and currency', 'Figures are in US$ at current prices. Local-currency estimates are converted at a fixed exchange rate so that currency movements do not distort trends.'],
	['Revisions', 'The forecasts are updated twice a year. Historical years are revised as actual spending data becomes available; users with preview access can see the next release before it is published.'],
]

const RESOURCES: [string, string][] = [
	['DesalData plant inventory', 'GWI’s database of more than 20,000 desalination plants worldwide, with capacity, technology, contract dates and contractors.'],
	['GWI Project Tracker', 'More than 1,300 water and wastewater projects tracked from conception to contract award.'],
	['GWI Tariff Survey', 'Annual survey of water and wastewater tariffs in more than 500 cities.'],
	['Utility annual reports', 'Capital programmes, operating costs and asset data published by utilities and their regulators.'],
	['National statistics offices', 'Population, connection rates and household expenditure data.'],
	['Development bank project databases', 'World Bank, ADB, AfDB, EIB and IDB project pipelines and appraisal documents.'],
	['Regulatory determinations', 'Price reviews and business plan determinations by economic regulators.'],
	['Company reporting', 'Segment revenues and order books of listed water companies.'],
	['Industry associations', 'Production, capacity and water-use data from industry associations.'],
	['GWI interviews', 'Interviews with utilities, contractors, technology suppliers and investors.'],
]

async function seedDefinitions(ctx: SeedContext) {
	const rows = [
		...DEFINITIONS.map(([name, description], i) => ({ kind: 'definition' as const, name, description, sortOrder: i })),
		...METHODOLOGY.map(([name, description], i) => ({ kind: 'methodology' as const, name, description, sortOrder: i })),
		...RESOURCES.map(([name, description], i) => ({ kind: 'resource' as const, name, description, sortOrder: i })),
	]
	const used = new Set<string>()
	await insertAll(
		ctx.db,
		forecastDefinitions,
		rows.map((r, i) => {
			let slug = slugify(r.name)
			if (used.has(slug)) slug = `${slug}-${r.kind}`
			used.add(slug)
			return { id: i + 1, slug, ...r }
		}),
	)
}
