/**
 * The forecast explorer's API (spec 001 §7):
 *   POST /forecast                 figures grouped by up to 4 groups, years as columns
 *   POST /forecast/search          the same query's table rows
 *   POST /forecast/download        the same query's whole table as a workbook (or CSV)
 *   POST /forecast/downloadForChart  a chart card's figures (a country, or a custom chart link) as a workbook
 *   GET  /forecast/info            a report type's name, unit, release date, year range, groups
 *   GET  /forecast/picklist        the values of each filter of a report type
 *   GET  /forecast/definitions, /forecast/methodologies, /forecast/resources
 * Access (spec 001 §6): forecast pages need read:strategy-beta (Desal: read:desal-beta); the
 * figures also need read:forecast-data. Preview figures only for preview:data holders whose
 * stored setting is on, and only when asked for (previewMode=true).
 */
import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
	ChartDownloadQuerySchema,
	chartDownloadTarget,
	ForecastDownloadParamsSchema,
	ForecastInfoQuerySchema,
	FORECAST_MESSAGES,
	forecastDownloadFileName,
	ForecastQueryBodySchema,
	groupByName,
	ForecastQueryParamsSchema,
	groupsForReportType,
	parseForecastState,
	PicklistQuerySchema,
	REPORT_TYPE_NAMES,
	REPORT_TYPE_UNITS,
	SUNBURST_DEFAULT_YEAR,
	type Definition,
	type ForecastInfo,
	type ForecastQueryBody,
	type ForecastResult,
	type PicklistItem,
	type ReportType,
	type YearRange,
} from '../../../contract/forecast.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import type { ViewerAccess } from '../access.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { itemResponse, itemsResponse } from '../envelope.ts'
import { ApiError, badRequest, forbidden, notFound } from '../errors.ts'
import { parseQuery } from '../query.ts'
import { readJsonBody } from '../request-body.ts'
import type { Db } from '../../db/client.ts'
import { readPublicRows } from '../hot-data.ts'
import { keptForecast } from './answers.ts'
import { CSV_TYPE, forecastCsv, forecastWorkbook, XLSX_TYPE } from './download.ts'
import { queryForecast, type ForecastQueryInput } from './facts.ts'

/** The page permission of a report type. */
const canOpen = (access: ViewerAccess, reportType: ReportType) => access.has(reportType === 'Desal' ? PERMISSIONS.readDesalBeta : PERMISSIONS.readStrategyBeta)
const canOpenAny = (access: ViewerAccess) => access.has(PERMISSIONS.readStrategyBeta) || access.has(PERMISSIONS.readDesalBeta)

/** Preview figures: asked for, held (preview:data) and switched on in the reader's profile. */
async function previewAllowed(db: Db, access: ViewerAccess, asked: boolean): Promise<boolean> {
	const userId = access.viewer?.userId
	if (!asked || !userId || !access.has(PERMISSIONS.previewData)) return false
	const { rows } = await db.execute<{ preview_data: boolean }>(sql`select preview_data from users where id = ${userId}`)
	return rows[0]?.preview_data === true
}

/** Spec 001 §6: downloads need read:forecast-data besides the page's permission; the refusal is the spec's sentence. */
function requireDownload(access: ViewerAccess, reportType: ReportType) {
	if (!canOpen(access, reportType) || !access.has(PERMISSIONS.readForecastData)) throw new ApiError(403, FORECAST_MESSAGES.noDownloadPermission)
}

/** The measure's release: when it was published and the years it covers. */
async function releaseOf(db: Db, reportType: ReportType): Promise<{ publishedAt: Date; yearRange: YearRange }> {
	const { rows } = await db.execute<{ published_at: string | Date; min_year: number; max_year: number; default_min_year: number; default_max_year: number }>(
		sql`select published_at, min_year, max_year, default_min_year, default_max_year from forecast_releases where measure = ${reportType}`,
	)
	const release = rows[0]
	if (!release) throw notFound(`forecast ${reportType}`)
	return {
		publishedAt: new Date(release.published_at),
		yearRange: { minYear: release.min_year, maxYear: release.max_year, defaultMinYear: release.default_min_year, defaultMaxYear: release.default_max_year },
	}
}

async function bodyOf(c: Context<ApiEnv>): Promise<ForecastQueryBody> {
	const parsed = ForecastQueryBodySchema.safeParse(await readJsonBody(c))
	if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
	return parsed.data
}

/** A forecast file: the workbook, or the CSV when asked; a query without figures is the spec's empty-filter message. */
async function fileResponse(result: ForecastResult, csv: boolean, now: Date) {
	if (!result.dataForTable.rows.length) throw new ApiError(404, FORECAST_MESSAGES.noDataForFilters)
	const name = forecastDownloadFileName(now, csv ? 'csv' : 'xlsx')
	const headers = { 'Content-Type': csv ? CSV_TYPE : XLSX_TYPE, 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' }
	return new Response(csv ? forecastCsv(result) : new Uint8Array(await forecastWorkbook(result)), { headers })
}

async function definitionsOf(db: Db, kind: 'definition' | 'methodology' | 'resource'): Promise<Definition[]> {
	return readPublicRows<Definition>(db, 'forecast definitions', () => sql`select name, slug, description from forecast_definitions where kind = ${kind} order by sort_order, id`)
}

/**
 * The definitions that apply to a forecast query: the report type's own (its measure's name),
 * those named like a value of a selected group (within the filter's values when set), and
 * CAGR (every forecast table has the column). Empty means the page says "Not applicable for these filters".
 */
async function definitionsFor(db: Db, query: ForecastQueryBody): Promise<Definition[]> {
	const picklists = query.groupBy.map((name) => groupByName(name)?.picklist).filter((p): p is string => !!p)
	const chosen = Object.entries(query.filters).flatMap(([name, values]) => values.map((value) => `${groupByName(name)?.picklist}\u0000${value}`))
	const rows = await readPublicRows<{ dimension: string; value: string; display_name: string }>(
		db,
		'forecast definitions of a query',
		() => sql`select dimension, value, display_name from forecast_dimension_values where dimension = 'measure' and value = ${query.reportType} or dimension = any(${sql.param(picklists)}::text[])`,
	)
	const filtered = new Set(Object.entries(query.filters).filter(([, v]) => v.length).map(([name]) => groupByName(name)?.picklist))
	const names = rows.filter((r) => r.dimension === 'measure' || !filtered.has(r.dimension) || chosen.includes(`${r.dimension}\u0000${r.value}`)).map((r) => r.display_name.toLowerCase())
	const all = await definitionsOf(db, 'definition')
	return all.filter((d) => {
		const name = d.name.toLowerCase()
		return name === 'cagr' || names.some((n) => name === n || name.startsWith(`${n} (`))
	})
}

/**
 * A forecast's answer, kept by its query and its measure's release (answers.ts): the published
 * facts change only with a release. Preview answers, and a measure without a release, are
 * worked out each time. The file name carries the day it is asked on, so it is never kept.
 */
async function answerOf(db: Db, input: ForecastQueryInput): Promise<ForecastResult> {
	if (input.previewMode) return queryForecast(db, input)
	const { rows } = await db.execute<{ published_at: string | Date }>(sql`select published_at from forecast_releases where measure = ${input.reportType}`)
	const release = rows[0]?.published_at
	if (!release) return queryForecast(db, input)
	const { now, ...query } = input
	const key = JSON.stringify([new Date(release).toISOString(), query])
	const answer = await keptForecast(key, () => queryForecast(db, input))
	return { ...answer, downloadFileName: forecastDownloadFileName(now) }
}

export const forecast: Resource = ({ db }) => {
	/** The forecast of a query, with the reader's preview setting (spec 001 §6 preview:data). */
	const run = async (
		c: Context<ApiEnv>,
		body: ForecastQueryBody,
		query: { startYear: number; endYear: number; chartType: string; hideCagr?: 'true' | 'false'; previewMode?: 'true' | 'false' },
		now = new Date(),
	) =>
		answerOf(db, {
			...body,
			startYear: query.startYear,
			endYear: query.endYear,
			hideCagr: query.hideCagr === 'true',
			previewMode: await previewAllowed(db, c.get('access'), query.previewMode === 'true'),
			sunburst: query.chartType === 'sunburst',
			now,
		})
	return new Hono<ApiEnv>()
		.post('/', async (c) => {
			const body = await bodyOf(c)
			if (!canOpen(c.get('access'), body.reportType) || !c.get('access').has(PERMISSIONS.readForecastData)) throw forbidden()
			const item = await run(c, body, parseQuery(c, ForecastQueryParamsSchema))
			return itemResponse(c, item, item.dataForTable.rows.length ? [] : ['No results found'])
		})
		.post('/search', async (c) => {
			const body = await bodyOf(c)
			if (!canOpen(c.get('access'), body.reportType) || !c.get('access').has(PERMISSIONS.readForecastData)) throw forbidden()
			const { dataForTable } = await run(c, body, { ...parseQuery(c, ForecastQueryParamsSchema), chartType: 'column' })
			return c.json({ success: true, items: [...dataForTable.rows, dataForTable.total], errors: [], warnings: dataForTable.rows.length ? [] : ['No results found'] })
		})
		.post('/download', async (c) => {
			const body = await bodyOf(c)
			requireDownload(c.get('access'), body.reportType)
			const query = parseQuery(c, ForecastDownloadParamsSchema)
			const now = new Date()
			return fileResponse(await run(c, body, { ...query, chartType: 'column' }, now), query.outputAsCsv === 'true', now)
		})
		.post('/downloadForChart', async (c) => {
			const query = parseQuery(c, ChartDownloadQuerySchema)
			const target = chartDownloadTarget(query)
			if (target.kind === 'invalid') throw badRequest(target.message)
			requireDownload(c.get('access'), target.reportType)
			let body: ForecastQueryBody
			let years = { startYear: query.startYear, endYear: query.endYear }
			if (target.kind === 'custom') {
				// The custom chart link is the explorer's own URL: read as the page reads it.
				const state = parseForecastState(target.params, target.page, (await releaseOf(db, target.reportType)).yearRange)
				body = { reportType: state.reportType, variant: state.variant, groupBy: state.groupBy, filters: state.filters }
				years = { startYear: state.startYear, endYear: state.endYear }
			} else {
				const { rows } = await db.execute<{ slug: string }>(sql`select slug from geographies where lower(name) = lower(${target.countryName}) and not is_region`)
				if (!rows[0]) throw notFound(`country ${target.countryName}`)
				body = { reportType: target.reportType, variant: 'global', groupBy: target.groupBy, filters: { Country: [rows[0].slug] } }
			}
			const now = new Date()
			const result = await run(c, body, { ...years, chartType: 'column', hideCagr: query.hideCAGR, previewMode: query.previewMode }, now)
			return fileResponse(query.reportTitle ? { ...result, reportTitle: query.reportTitle } : result, false, now)
		})
		.get('/info', async (c) => {
			const { reportType } = parseQuery(c, ForecastInfoQuerySchema)
			if (!canOpen(c.get('access'), reportType)) throw forbidden()
			const { publishedAt, yearRange } = await releaseOf(db, reportType)
			const item: ForecastInfo = {
				reportType,
				name: REPORT_TYPE_NAMES[reportType],
				unit: REPORT_TYPE_UNITS[reportType],
				publishedAt: publishedAt.toISOString(),
				yearRange,
				defaultYear: Math.min(yearRange.maxYear, Math.max(yearRange.minYear, SUNBURST_DEFAULT_YEAR)),
				groups: groupsForReportType(reportType).map((g) => ({
					name: g.name,
					groupParam: g.name,
					urlParam: g.urlParam,
					displayName: g.displayName,
					placeholder: `All ${g.displayName.toLowerCase()}`,
					usedInGlobal: g.usedInGlobal,
					usedInTech: g.usedInTech,
					usedInDesal: g.usedInDesal,
					defaultValues: g.defaultValues,
					filtersUnavailableWhenGroupSelected: g.filtersUnavailableWhenGroupSelected,
				})),
			}
			return itemResponse(c, item)
		})
		.get('/picklist', async (c) => {
			const { reportType, previewMode } = parseQuery(c, PicklistQuerySchema)
			const access = c.get('access')
			if (!canOpen(access, reportType)) throw forbidden()
			const preview = await previewAllowed(db, access, previewMode === 'true')
			const groups = groupsForReportType(reportType)
			// Only values the report type's (visible) facts use, so no filter offers an empty choice.
			// The same for every reader of a report type (and preview setting): kept with the API's hot data.
			const rows = await readPublicRows<{ dimension: string; value: string; display_name: string; parent_value: string | null }>(db, 'forecast picklist', () => sql`
				select d.dimension, d.value, d.display_name, d.parent_value from forecast_dimension_values d
				where d.dimension = any(${sql.param(groups.map((g) => g.picklist))}::text[])
				and (d.dimension in ('region', 'country') or exists (select 1 from forecast_facts f where f.measure = ${reportType} and (${preview} or f.is_published) and
					case d.dimension when 'utilityIndustrial' then f.utility_industrial when 'sector' then f.sector when 'expenditureType' then f.expenditure_type
					when 'forecastApplication' then f.forecast_application when 'technology' then f.technology when 'industrySubsector' then f.industry_subsector
					when 'chemicalType' then f.chemical_type when 'productType' then f.product_type end = d.value))
				order by d.dimension, d.sort_order, d.value`)
			const items: PicklistItem[] = groups.map((g) => ({
				picklistName: g.picklist,
				values: rows.filter((r) => r.dimension === g.picklist).map((r) => ({ value: r.value, displayName: r.display_name, parentValue: r.parent_value })),
			}))
			return itemsResponse(c, items)
		})
		.get('/definitions', async (c) => {
			if (!canOpenAny(c.get('access'))) throw forbidden()
			return itemsResponse(c, await definitionsOf(db, 'definition'))
		})
		.post('/definitions', async (c) => {
			const parsed = ForecastQueryBodySchema.safeParse(await readJsonBody(c))
			if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Bad request')
			const query = parsed.data
			if (!canOpen(c.get('access'), query.reportType)) throw forbidden()
			return itemsResponse(c, await definitionsFor(db, query))
		})
		.get('/methodologies', async (c) => {
			if (!canOpenAny(c.get('access'))) throw forbidden()
			return itemsResponse(c, await definitionsOf(db, 'methodology'))
		})
		.get('/resources', async (c) => {
			if (!canOpenAny(c.get('access'))) throw forbidden()
			return itemsResponse(c, await definitionsOf(db, 'resource'))
		})
}
