/**
 * Cards of the data area (spec 001 §2, §3): the database chart card (forecast figures or a
 * company's financial history as a table the site draws and charts) and the stats card
 * (tiles, or a company's latest financial indicators). Both are Strategist content; the
 * forecast explorer itself arrives with the data issue.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { StatItem } from '../../../contract/cards.ts'
import { PRESET_CHART_WINDOW, TOTAL_ROW } from '../../../contract/card-rules.ts'
import { formatInUnit, formatMillions, formatPercent, roundOneDecimal } from '../../../contract/format.ts'
import { groupsForReportType, REPORT_TYPE_UNITS, SUNBURST_DEFAULT_YEAR, type Definition } from '../../../contract/forecast.ts'
import { keptAnswers } from '../kept-answers.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import { idOf } from '../object-ids.ts'
import { iso } from '../sql.ts'
import { bool, publicRows, str, year, type CardContext, type CardResolver } from './context.ts'

const FORECAST_MEASURES = ['TotalSpending', 'CAPEX', 'OPEX', 'Desal'] as const
type ForecastMeasure = (typeof FORECAST_MEASURES)[number]
const MEASURE_NAME: Record<ForecastMeasure, string> = { TotalSpending: 'Total spending', CAPEX: 'Capital expenditure', OPEX: 'Operating expenditure', Desal: 'Contracted desalination capacity' }

/** The one rounding of figures (contract/format.ts), so the card's table reads as /data's. */
const round1 = roundOneDecimal

/** "CAGR is calculated from start to end year" (spec 001 §9), in percent, one decimal. */
export function cagr(start: number, end: number, years: number): number | null {
	if (years <= 0 || start <= 0 || end <= 0) return null
	return round1((Math.pow(end / start, 1 / years) - 1) * 100)
}

type Scope = { label: string; where: SQL; byRegion: boolean; query: Record<string, string> }

/** Where the figures come from: a country (countryName), a region (region slug) or the world. */
async function scopeOf(config: Record<string, unknown>, context: CardContext): Promise<Scope> {
	const country = str(config.countryName)
	if (country) {
		// The explorer filters countries by slug (contract/forecast.ts).
		const rows = await publicRows<{ slug: string }>(context, 'forecast card country', sql`select slug from geographies where name = ${country} and not is_region`)
		return { label: country, where: sql`c.name = ${country} and not c.is_region`, byRegion: false, query: { countries: rows[0]?.slug ?? country } }
	}
	const region = str(config.region)
	if (region) {
		const rows = await publicRows<{ name: string }>(context, 'forecast card region', sql`select name from geographies where slug = ${region} and is_region`)
		return { label: rows[0]?.name ?? region, where: sql`c.region_id = (select id from geographies where slug = ${region} and is_region)`, byRegion: false, query: { regions: region } }
	}
	return { label: 'Global', where: sql`true`, byRegion: true, query: {} }
}

/**
 * How a forecast splits into rows (the spec's groupBy): the world by region; one place by
 * CAPEX and OPEX (total spending), by expenditure type (CAPEX, OPEX) or by application (Desal).
 */
function groupingOf(measure: ForecastMeasure, scope: Scope): { groupBy: string; label: string; measures: ForecastMeasure[]; column: SQL } {
	if (scope.byRegion) return { groupBy: 'Region', label: 'Region', measures: [measure], column: sql`r.name` }
	if (measure === 'Desal') return { groupBy: 'ForecastApplication', label: 'Application', measures: ['Desal'], column: sql`f.forecast_application` }
	if (measure === 'TotalSpending') return { groupBy: 'ExpenditureType', label: 'Expenditure', measures: ['CAPEX', 'OPEX'], column: sql`f.measure` }
	return { groupBy: 'ExpenditureType', label: 'Expenditure type', measures: [measure], column: sql`f.expenditure_type` }
}

type ForecastTable = Awaited<ReturnType<typeof workOutForecastTable>>

/**
 * Our choice: how many forecast tables are kept per process (a table is a few kB; a site has
 * some tens of these cards), the least recently used leaving first.
 */
export const FORECAST_TABLES_MAX = 500

/**
 * Forecast tables kept by what they show and the measure's release. The facts change only when
 * a release is published, so every member opening a page with the card (or a context that
 * holds it) gets the same table: the aggregation over forecast_facts, the places and the
 * definitions are worked out once. The release date is read each time (one small statement),
 * so a newly published release is never answered from the old one, and every content-change
 * notice empties them, as it does the explorer's answers (forecast/answers.ts). Concurrent
 * readers of one table share one load.
 */
const forecastTables = keptAnswers<ForecastTable>({ max: FORECAST_TABLES_MAX })

/** A forecast as a table, kept per release (above); a measure without a release is worked out each time. */
async function forecastTable(config: Record<string, unknown>, context: CardContext, measure: ForecastMeasure): Promise<ForecastTable> {
	const [release] = (await context.db.execute<{ published_at: string }>(sql`select published_at from forecast_releases where measure = ${measure}`)).rows
	const load = () => workOutForecastTable(config, context, measure, release?.published_at)
	if (!release) return load()
	const shown = [config.countryName, config.region, config.startYear, config.endYear, config.hideCAGR, config.customUrl]
	const key = JSON.stringify([idOf(context.db), measure, iso(release.published_at), shown])
	return forecastTables.get(key, load)
}

/** A forecast as a table: a row per group (then Total), a column per year, then the CAGR. */
async function workOutForecastTable(config: Record<string, unknown>, context: CardContext, measure: ForecastMeasure, releasedAt: string | undefined) {
	const startYear = year(config.startYear, PRESET_CHART_WINDOW.startYear)
	const endYear = Math.max(year(config.endYear, PRESET_CHART_WINDOW.endYear), startYear)
	const scope = await scopeOf(config, context)
	const grouping = groupingOf(measure, scope)
	const measures = sql.join(
		grouping.measures.map((m) => sql`${m}`),
		sql`, `,
	)
	// Summed per country first: a few thousand rows to join, not every fact.
	const { rows } = await context.db.execute<{ grp: string; year: number; value: number }>(sql`
		with f as (
			select country_id, year, measure, expenditure_type, forecast_application, sum(value_usd_m) as value
			from forecast_facts
			where measure in (${measures}) and is_published and year between ${startYear} and ${endYear}
			group by 1, 2, 3, 4, 5
		)
		select ${grouping.column} as grp, f.year, sum(f.value)::float8 as value
		from f join geographies c on c.id = f.country_id left join geographies r on r.id = c.region_id
		where ${scope.where}
		group by 1, 2 order by 1, 2`)
	const years = Array.from({ length: endYear - startYear + 1 }, (_, index) => startYear + index)
	const groups = [...new Set(rows.map((row) => row.grp).filter(Boolean))]
	const value = new Map(rows.map((row) => [`${row.grp}|${row.year}`, row.value]))
	const showCagr = !bool(config.hideCAGR)
	const cagrHeader = `CAGR ${startYear}-${endYear} (%)`
	const line = (name: string, values: number[]) => [name, ...values.map((v) => String(round1(v))), ...(showCagr ? [String(cagr(values[0], values.at(-1)!, endYear - startYear) ?? '')] : [])]
	const series = groups.map((group) => ({ group, values: years.map((y) => value.get(`${group}|${y}`) ?? 0) }))
	const totals = years.map((_, index) => series.reduce((sum, s) => sum + s.values[index], 0))
	const dataPoints =
		series.length === 0
			? []
			: [[grouping.label, ...years.map(String), ...(showCagr ? [cagrHeader] : [])], ...series.map((s) => line(s.group, s.values)), ...(series.length > 1 ? [line(TOTAL_ROW, totals)] : [])]
	const growth = cagr(totals[0], totals.at(-1)!, endYear - startYear)
	const unit = REPORT_TYPE_UNITS[measure]
	const trends =
		series.length === 0
			? null
			: `${MEASURE_NAME[measure]} (${scope.label}) moves from ${formatInUnit(totals[0], unit)} in ${startYear} to ${formatInUnit(totals.at(-1)!, unit)} in ${endYear}${growth === null ? '' : `, a compound annual growth rate of ${formatPercent(growth)}`}.`
	// The explorer's URL (contract/forecast.ts): its group names, filter values and the card's years.
	// A filter is a selected group there, and each report type allows only some groups.
	const allowed = groupsForReportType(measure).map((g) => g.name)
	const scopeGroup = scope.query.countries ? 'Country' : scope.query.regions ? 'Region' : null
	const exploreGroups = [...new Set([scopeGroup, grouping.groupBy])].filter((g): g is string => g !== null && allowed.includes(g))
	const explore = new URLSearchParams({ reportType: measure, groupBy: exploreGroups.join('~'), ...scope.query, startYear: String(startYear), endYear: String(endYear) })
	return {
		dataPoints,
		unit,
		// "Sunburst year defaults to the server's defaultYear" (spec 001 §4), within the card's years.
		defaultYear: Math.min(Math.max(SUNBURST_DEFAULT_YEAR, startYear), endYear),
		...(await referencesOf(context, [MEASURE_NAME[measure], ...grouping.measures.map((m) => MEASURE_NAME[m]), ...groups])),
		publishedAt: iso(releasedAt),
		reportTitleFilters: [MEASURE_NAME[measure], scope.label, `${startYear}-${endYear}`, unit],
		trends,
		// "Explore data" destination; a custom chart link replaces it (spec 001 §2 /data).
		exploreLink: str(config.customUrl) ?? `${measure === 'Desal' ? '/desaldata' : '/data'}?${explore}`,
	}
}

/**
 * The card's methodology and definitions panels (spec 001 §2): the forecasts' methodology, and
 * the definitions of what the card shows (its measures, its rows, CAGR), as the explorer picks them.
 */
async function referencesOf(context: CardContext, names: string[]): Promise<{ methodology: Definition[]; definitions: Definition[] }> {
	const rows = await publicRows<Definition & { kind: string }>(
		context,
		'forecast card definitions',
		sql`select kind, name, slug, description from forecast_definitions where kind in ('methodology', 'definition') order by sort_order, id`,
	)
	const wanted = [...names.map((name) => name.toLowerCase()), 'cagr']
	const shown = (row: Definition) => wanted.some((name) => row.name.toLowerCase() === name || row.name.toLowerCase().startsWith(`${name} (`))
	const plain = ({ name, slug, description }: Definition) => ({ name, slug, description })
	return { methodology: rows.filter((row) => row.kind === 'methodology').map(plain), definitions: rows.filter((row) => row.kind === 'definition' && shown(row)).map(plain) }
}

/** A company's financial history: a row per indicator, a column per year, local currency. */
async function financialHistory(config: Record<string, unknown>, context: CardContext) {
	const company = config.company as { slug?: unknown } | undefined
	const slug = str(company?.slug) ?? str(config.companySlug)
	if (!slug) return { dataPoints: [] }
	const rows = await publicRows<{ name: string; year: number; value: number; currency: string; full_date: string | null }>(context, 'financial history card', sql`
		select i.indicator_display_name as name, i.year, i.value, i.currency, i.full_date
		from company_indicators i join companies c on c.id = i.company_id
		where c.slug = ${slug}
		order by min(i.id) over (partition by i.indicator), i.year`)
	if (rows.length === 0) return { dataPoints: [] }
	const years = [...new Set(rows.map((row) => row.year))].sort()
	const names = [...new Set(rows.map((row) => row.name))]
	const value = new Map(rows.map((row) => [`${row.name}|${row.year}`, row.value]))
	const currency = rows[0].currency
	const unit = `${currency} million`
	const latest = rows.reduce((last, row) => (row.full_date && row.full_date > last ? row.full_date : last), '')
	return {
		dataPoints: [['Indicator', ...years.map(String)], ...names.map((name) => [name, ...years.map((y) => (value.has(`${name}|${y}`) ? String(value.get(`${name}|${y}`)) : ''))])],
		unit,
		defaultYear: years.at(-1)!,
		publishedAt: latest ? iso(latest) : null,
		reportTitleFilters: ['Financial history', `${years[0]}-${years.at(-1)}`, unit],
	}
}

/** "m" and "bn" expand to Million and Billion (spec 001 §3). */
const UNIT_NAMES: Record<string, string> = { m: 'million', bn: 'billion' }

export const DATA_CARD_RESOLVERS: Record<string, CardResolver> = {
	/** Forecast or financial-history figures; without strategy beta access "charts render nothing". */
	async DatabaseChartCard(config, context) {
		if (!context.access.has(PERMISSIONS.readStrategyBeta)) return { ...config, hasAccess: false }
		const type = str(config.dataSourceChartType) ?? 'TotalSpending'
		if (type === 'FinancialHistory') return { ...config, hasAccess: true, ...(await financialHistory(config, context)) }
		const measure = (FORECAST_MEASURES as readonly string[]).includes(type) ? (type as ForecastMeasure) : 'TotalSpending'
		return { ...config, hasAccess: true, ...(await forecastTable(config, context, measure)) }
	},

	/**
	 * Tiles from the config's `items`, or a company's latest financial indicators
	 * (`companySlug`): Strategist data, so other readers get `forbidden` and no tiles.
	 */
	async StatsCard(config, context) {
		const slug = str(config.companySlug)
		if (!slug) return config
		if (!context.access.isStrategist) return { ...config, forbidden: true, items: [] }
		const rows = await publicRows<{ name: string; year: number; value: number; currency: string; unit: string; value_usd: number; footnote: string | null }>(context, 'stats card', sql`
			select distinct on (i.indicator) i.indicator_display_name as name, i.year, i.value, i.currency, i.unit, i.value_usd, i.footnote
			from company_indicators i join companies c on c.id = i.company_id
			where c.slug = ${slug}
			order by i.indicator, i.year desc`)
		const items: StatItem[] = rows.map((row) => ({
			label: row.name,
			value: row.value,
			unit: UNIT_NAMES[row.unit] ?? row.unit,
			currency: row.currency,
			layout: 'Currency',
			subtitle: String(row.year),
			tileFooter: row.footnote,
			tileFooterRight: row.currency === 'USD' ? null : formatMillions(row.value_usd),
		}))
		const lastYear = rows.reduce((latest, row) => Math.max(latest, row.year), 0)
		return { ...config, items, lastUpdated: lastYear ? { year: lastYear } : null }
	},
}
