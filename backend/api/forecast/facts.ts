/**
 * The forecast facts grouped by up to 4 groups (spec 001 §7 POST /forecast), years as
 * columns: one SQL aggregate over forecast_facts, then the table (leaf rows under level-1
 * subtotals, a total row, CAGR) and the chart's series and sunburst points.
 */
import { sql, type SQL } from 'drizzle-orm'
import {
	cagr,
	cagrHeader,
	CHART_MAX_SERIES,
	forecastDownloadFileName,
	groupByName,
	groupsForReportType,
	REPORT_TYPE_NAMES,
	REPORT_TYPE_UNITS,
	SUNBURST_DEFAULT_YEAR,
	type ForecastQueryBody,
	type ForecastResult,
	type ForecastTableRow,
	type SunburstPoint,
} from '../../../contract/forecast.ts'
import type { Db } from '../../db/client.ts'
import { badRequest } from '../errors.ts'
import { and, textArray } from '../sql.ts'

/** The fact column of each group (region and country come from the fact's country). */
const GROUP_COLUMNS: Record<string, SQL> = {
	Region: sql`r.slug`,
	Country: sql`c.slug`,
	UtilityIndustrial: sql`f.utility_industrial`,
	Sector: sql`f.sector`,
	IndustrySubsector: sql`f.industry_subsector`,
	ExpenditureType: sql`f.expenditure_type`,
	ChemicalType: sql`f.chemical_type`,
	ProductType: sql`f.product_type`,
	ForecastApplication: sql`f.forecast_application`,
	Technology: sql`f.technology`,
}

/**
 * Tech forecasts (parts and services only) are the facts broken down by chemical or product
 * type; global forecasts (including construction costs) are the others.
 */
const VARIANT_CONDITION = {
	global: sql`f.chemical_type = '' and f.product_type = ''`,
	tech: sql`(f.chemical_type <> '' or f.product_type <> '')`,
}

export type ForecastQueryInput = ForecastQueryBody & { startYear: number; endYear: number; previewMode: boolean; hideCagr: boolean; sunburst: boolean; now: Date }

type DimensionValue = { dimension: string; value: string; display_name: string; sort_order: number }

export async function queryForecast(db: Db, input: ForecastQueryInput): Promise<ForecastResult> {
	const { reportType, groupBy, filters, startYear, endYear, previewMode } = input
	if (startYear > endYear) throw badRequest('Start date must not exceed end date')
	const allowed = groupsForReportType(reportType).map((g) => g.name)
	for (const name of [...groupBy, ...Object.keys(filters)]) {
		if (!allowed.includes(name)) throw badRequest(`The group ${name} is not available for ${reportType}`)
	}
	if (new Set(groupBy).size !== groupBy.length) throw badRequest('A group is selected twice')

	const keyColumns = groupBy.map((name, i) => sql`${GROUP_COLUMNS[name]} as ${sql.raw(`k${i}`)}`)
	const conditions = [
		sql`f.measure = ${reportType}`,
		sql`f.year between ${startYear} and ${endYear}`,
		previewMode ? undefined : sql`f.is_published`,
		reportType === 'Desal' ? undefined : VARIANT_CONDITION[input.variant],
		// Facts without a breakdown by a grouped dimension do not belong to any of its rows.
		...groupBy.map((name) => sql`${GROUP_COLUMNS[name]} <> ''`),
		...Object.entries(filters)
			.filter(([, values]) => values.length)
			.map(([name, values]) => sql`${GROUP_COLUMNS[name]} = any(${textArray(values)})`),
	]
	const [{ rows }, { rows: dimensionRows }, { rows: releases }] = await Promise.all([
		db.execute<Record<string, string | number>>(sql`
			select ${sql.join(keyColumns, sql`, `)}, f.year, sum(f.value_usd_m)::float8 as value
			from forecast_facts f
			join geographies c on c.id = f.country_id
			left join geographies r on r.id = c.region_id
			where ${and(conditions)}
			group by ${sql.join(groupBy.map((_, i) => sql.raw(`k${i}`)), sql`, `)}, f.year`),
		db.execute<DimensionValue>(sql`select dimension, value, display_name, sort_order from forecast_dimension_values
			where dimension = any(${textArray([...groupBy, ...Object.keys(filters)].map((name) => groupByName(name)!.picklist))})`),
		db.execute<{ published_at: string | Date }>(sql`select published_at from forecast_releases where measure = ${reportType}`),
	])

	const dimension = new Map(dimensionRows.map((d) => [`${d.dimension}\u0000${d.value}`, d]))
	const describe = (level: number, value: string) => dimension.get(`${groupByName(groupBy[level])!.picklist}\u0000${value}`)
	const years = Array.from({ length: endYear - startYear + 1 }, (_, i) => startYear + i)
	const span = endYear - startYear

	// Leaf rows keyed by their values, in the picklists' order.
	const leaves = new Map<string, { values: string[]; figures: (number | null)[] }>()
	for (const row of rows) {
		const values = groupBy.map((_, i) => String(row[`k${i}`]))
		const id = values.join('\u0000')
		let leaf = leaves.get(id)
		if (!leaf) leaves.set(id, (leaf = { values, figures: years.map(() => null) }))
		leaf.figures[Number(row.year) - startYear] = Math.round(Number(row.value) * 10000) / 10000
	}
	const order = (level: number, value: string) => describe(level, value)?.sort_order ?? Number.MAX_SAFE_INTEGER
	const sortedLeaves = [...leaves.values()].sort((a, b) => {
		for (let i = 0; i < groupBy.length; i++) {
			const d = order(i, a.values[i]) - order(i, b.values[i]) || a.values[i].localeCompare(b.values[i])
			if (d) return d
		}
		return 0
	})
	const name = (level: number, value: string) => describe(level, value)?.display_name ?? value
	const sum = (figures: (number | null)[][]) => years.map((_, y) => (figures.some((f) => f[y] !== null) ? figures.reduce((s, f) => s + (f[y] ?? 0), 0) : null))
	const tableRow = (keys: string[], figures: (number | null)[], aggregation: number): ForecastTableRow => ({
		keys,
		isAggregate: aggregation > 0,
		aggregation,
		values: figures,
		cagr: input.hideCagr ? null : cagr(figures[0], figures[span], span),
	})

	const tableRows: ForecastTableRow[] = []
	if (groupBy.length > 1) {
		// Level-1 subtotals, each followed by its rows.
		const byFirst = new Map<string, typeof sortedLeaves>()
		for (const leaf of sortedLeaves) byFirst.set(leaf.values[0], [...(byFirst.get(leaf.values[0]) ?? []), leaf])
		for (const [first, children] of byFirst) {
			tableRows.push(tableRow([name(0, first)], sum(children.map((c) => c.figures)), 1))
			for (const child of children) tableRows.push(tableRow(child.values.map((v, i) => name(i, v)), child.figures, 0))
		}
	} else {
		for (const leaf of sortedLeaves) tableRows.push(tableRow([name(0, leaf.values[0])], leaf.figures, 0))
	}
	const total = tableRow(['Total'], sum(sortedLeaves.map((l) => l.figures)), 0)

	const groupNames = groupBy.map((n) => groupByName(n)!.displayName)
	const sunburstYears = input.sunburst ? years : []
	const sunburst: Record<string, SunburstPoint[]> = {}
	for (const year of sunburstYears) {
		const points = new Map<string, SunburstPoint>()
		for (const leaf of sortedLeaves) {
			const value = leaf.figures[year - startYear]
			if (value === null || value <= 0) continue
			leaf.values.forEach((v, level) => {
				const id = leaf.values.slice(0, level + 1).join('/')
				const point = points.get(id) ?? { id, parent: level ? leaf.values.slice(0, level).join('/') : '', name: name(level, v), value: 0, level: level + 1 }
				point.value = Math.round((point.value + value) * 10000) / 10000
				points.set(id, point)
			})
		}
		sunburst[String(year)] = [...points.values()]
	}

	const filterLines = Object.entries(filters)
		.filter(([, values]) => values.length)
		.map(([group, values]) => `${groupByName(group)!.displayName}: ${values.map((v) => dimensionDisplay(dimensionRows, group, v)).join(', ')}`)
	const published = releases[0]?.published_at
	return {
		reportTitle: `${REPORT_TYPE_NAMES[reportType]} by ${groupNames.join(', ')}`,
		reportTitleFilters: filterLines,
		unit: REPORT_TYPE_UNITS[reportType],
		downloadFileName: forecastDownloadFileName(input.now),
		publishedAt: published ? new Date(published).toISOString() : input.now.toISOString(),
		request: { groupBy },
		cagrStartYear: startYear,
		cagrEndYear: endYear,
		defaultYear: Math.min(endYear, Math.max(startYear, SUNBURST_DEFAULT_YEAR)),
		dataForChart: {
			categories: years,
			series: sortedLeaves.slice(0, CHART_MAX_SERIES).map((leaf) => ({ name: leaf.values.map((v, i) => name(i, v)).join(' – '), data: leaf.figures })),
			seriesTotal: sortedLeaves.length,
			sunburst,
		},
		dataForTable: { headers: [...groupNames, ...years.map(String), ...(input.hideCagr ? [] : [cagrHeader(startYear, endYear)])], rows: tableRows, total },
	}
}

/** A filter value's display name; an unknown value reads as given. */
function dimensionDisplay(rows: DimensionValue[], group: string, value: string) {
	const picklist = groupByName(group)!.picklist
	return rows.find((r) => r.dimension === picklist && r.value === value)?.display_name ?? value
}
