/**
 * The forecast explorer (spec 001 §2 "Forecast data page", §4 filter rules, §5, §7, §8, §9):
 * the URL state of /data and /desaldata, every filter rule decided once (report types and the
 * groups each excludes, add/remove/reorder groups, the global/tech variant and the
 * construction-cost and parts-and-services options), and the API's schemas
 * (POST /forecast, /forecast/info, /forecast/picklist, /forecast/definitions,
 * /forecast/methodologies). Pure: no I/O.
 */
import { z } from 'zod'
import { PRESET_CHART_WINDOW } from './card-rules.ts'
import { emptyEnvelope, envelope } from './envelope.ts'
import { formatFigure, MONEY_UNIT } from './format.ts'

// ---------------------------------------------------------------- constants and messages

/** Spec 001 §9 "Max 4 selected groups". */
export const MAX_GROUPS = 4
/** Spec 001 §9 "Forecast table max 250 rows". */
export const FORECAST_TABLE_MAX_ROWS = 250
/** Spec 001 §9 "Sunburst chart uses year 2024" (the server's defaultYear, clamped into the range). */
export const SUNBURST_DEFAULT_YEAR = 2024
/** Our choice where the spec is silent: the chart draws at most this many series (the 24-colour palette). */
export const CHART_MAX_SERIES = 24
/**
 * A chart that draws fewer series than its figures hold says so, on the chart and in its
 * files, never silently (the table and the workbook hold every row).
 */
export const chartSeriesShownNote = (shown: number, total: number) => `${shown} of ${total} series shown; the table and the xlsx hold all`
/** The spec's chart export file name ("Chart export filename GWI-chart"). */
export const CHART_EXPORT_FILE_NAME = 'GWI-chart'

export const FORECAST_MESSAGES = {
	tableCap: 'The table shows the first 250 items. To see the full table, click the "Download .xlsx" button above.',
	smallScreen: 'Please use a larger device, such as a tablet or desktop computer, to view this page.',
	noData: 'No data available',
	noDataForFilters: 'No data available. Please change your filter selection to see more data.',
	failedToGet: 'Failed to get chart data.',
	failedToFetch: 'Failed to fetch chart data',
	invalidData: 'Invalid data received',
	yearRangeError: 'Error loading data',
	startAfterEnd: 'Start date must not exceed end date',
	noGeographyOrChartType: 'No geography or chart type specified',
	definitionsError: 'Error loading definitions',
	methodologiesError: 'Error loading methodologies',
	noDefinitions: 'No definitions available',
	noMethodologies: 'No methodologies available',
	notApplicable: 'Not applicable for these filters',
	loadingDefinitions: 'Loading definitions...',
	downloaded: 'Forecast data successfully downloaded',
	downloadFailed: 'Failed to download forecast data',
	noDownloadPermission: 'Sorry, you do not have permission to download forecast data',
} as const

/** Spec 001 §7 "file name forecastDownload_{timestamp}.xlsx" (the CSV is named alike). */
export const forecastDownloadFileName = (now: Date, extension: 'xlsx' | 'csv' = 'xlsx') => `forecastDownload_${now.getTime()}.${extension}`

/** Our choice of the customer-services address behind "Ask an analyst" (spec 001 §7 "Mailto links"). */
export const CUSTOMER_SERVICES_EMAIL = 'customerservices@globalwaterintel.example'

/** "Ask an analyst": a mail to customer services built from the current page URL. */
export const askAnAnalystLink = (pageUrl: string, reportTitle: string) =>
	`mailto:${CUSTOMER_SERVICES_EMAIL}?subject=${encodeURIComponent(`Ask an analyst: ${reportTitle}`)}&body=${encodeURIComponent(`My question about ${pageUrl}:\n\n`)}`

/** "Available: {min} - {max}" (spec 001 §5). */
export const availableYearsHint = (min: number, max: number) => `Available: ${min} - ${max}`

// ---------------------------------------------------------------- report types and groups

/** Spec 001 §3 "report types by id CAPEX, OPEX, TotalSpending, Desal named Desalination". */
export const REPORT_TYPES = ['TotalSpending', 'CAPEX', 'OPEX', 'Desal'] as const
export type ReportType = (typeof REPORT_TYPES)[number]
export const REPORT_TYPE_NAMES: Record<ReportType, string> = { TotalSpending: 'Total spending', CAPEX: 'CAPEX', OPEX: 'OPEX', Desal: 'Desalination' }
/** Spec 001 §9: "Desal unit million m³/d; others $ million". */
export const REPORT_TYPE_UNITS: Record<ReportType, string> = { TotalSpending: MONEY_UNIT, CAPEX: MONEY_UNIT, OPEX: MONEY_UNIT, Desal: 'million m³/d' }

/** The two explorer pages: which report types each offers and its defaults (spec 001 §2). */
export const FORECAST_PAGES = {
	data: { path: '/data', reportTypes: ['TotalSpending', 'CAPEX', 'OPEX'] as ReportType[], defaultReportType: 'TotalSpending' as ReportType },
	desal: { path: '/desaldata', reportTypes: ['Desal'] as ReportType[], defaultReportType: 'Desal' as ReportType },
} as const
export type ForecastPageKey = keyof typeof FORECAST_PAGES

/** Global forecasts include construction costs; tech forecasts are parts and services only. */
export const VARIANTS = ['global', 'tech'] as const
export type Variant = (typeof VARIANTS)[number]

export type ForecastGroup = {
	name: string
	displayName: string
	/** The URL parameter holding the filter's values, '~'-separated. */
	urlParam: string
	/** The picklist (forecast_dimension_values.dimension) of its values. */
	picklist: string
	usedInGlobal: boolean
	usedInTech: boolean
	usedInDesal: boolean
	/** Values applied when the group is added (spec 001 §4 "adding applies its defaultValues"). */
	defaultValues: string[]
	/** Groups that cannot be selected together with this one. */
	filtersUnavailableWhenGroupSelected: string[]
}

const group = (g: Partial<ForecastGroup> & Pick<ForecastGroup, 'name' | 'displayName' | 'urlParam' | 'picklist'>): ForecastGroup => ({
	usedInGlobal: false,
	usedInTech: false,
	usedInDesal: false,
	defaultValues: [],
	filtersUnavailableWhenGroupSelected: [],
	...g,
})

/** Spec 001 §3 "Default Desal forecastApplications: seawater and brackish water desalination, and other desalination". */
export const DESAL_DEFAULT_APPLICATIONS = ['Seawater desalination', 'Brackish water desalination', 'Other desalination']

/** The filter groups in panel order (the first is the fallback group). */
export const FORECAST_GROUPS: ForecastGroup[] = [
	group({ name: 'Region', displayName: 'Region', urlParam: 'regions', picklist: 'region', usedInGlobal: true, usedInTech: true, usedInDesal: true }),
	group({ name: 'Country', displayName: 'Country', urlParam: 'countries', picklist: 'country', usedInGlobal: true, usedInTech: true, usedInDesal: true }),
	group({ name: 'UtilityIndustrial', displayName: 'Utility / industrial', urlParam: 'utilityIndustrials', picklist: 'utilityIndustrial', usedInGlobal: true, usedInTech: true }),
	group({ name: 'Sector', displayName: 'Sector', urlParam: 'sectors', picklist: 'sector', usedInGlobal: true, usedInTech: true }),
	group({ name: 'IndustrySubsector', displayName: 'Industry subsector', urlParam: 'industrySubsectors', picklist: 'industrySubsector', usedInTech: true }),
	group({ name: 'ExpenditureType', displayName: 'Expenditure type', urlParam: 'expenditureTypes', picklist: 'expenditureType', usedInGlobal: true }),
	group({ name: 'ChemicalType', displayName: 'Chemical type', urlParam: 'chemicalTypes', picklist: 'chemicalType', usedInTech: true, filtersUnavailableWhenGroupSelected: ['ProductType'] }),
	group({ name: 'ProductType', displayName: 'Product type', urlParam: 'productTypes', picklist: 'productType', usedInTech: true, filtersUnavailableWhenGroupSelected: ['ChemicalType'] }),
	group({ name: 'ForecastApplication', displayName: 'Application', urlParam: 'forecastApplications', picklist: 'forecastApplication', usedInDesal: true, defaultValues: DESAL_DEFAULT_APPLICATIONS }),
	group({ name: 'Technology', displayName: 'Technology', urlParam: 'technologies', picklist: 'technology', usedInDesal: true }),
]
export const groupByName = (name: string) => FORECAST_GROUPS.find((g) => g.name === name)

/** Spec 001 §4 "Filter availability per report type". */
export function groupsForReportType(reportType: ReportType): ForecastGroup[] {
	switch (reportType) {
		case 'CAPEX':
			return FORECAST_GROUPS.filter((g) => !['ExpenditureType', 'ChemicalType', 'ProductType'].includes(g.name) && (g.usedInGlobal || g.usedInTech))
		case 'OPEX':
			return FORECAST_GROUPS.filter((g) => !['ExpenditureType', 'IndustrySubsector'].includes(g.name) && (g.usedInGlobal || g.usedInTech))
		case 'TotalSpending':
			return FORECAST_GROUPS.filter((g) => !['ChemicalType', 'IndustrySubsector', 'ProductType'].includes(g.name) && (g.usedInGlobal || g.usedInTech))
		case 'Desal':
			return FORECAST_GROUPS.filter((g) => g.usedInDesal)
	}
}

// ---------------------------------------------------------------- the explorer's state

export const CHART_TYPES = ['column', 'column-stacked', 'bar', 'bar-stacked', 'line', 'line-stacked', 'sunburst'] as const
export type ForecastChartType = (typeof CHART_TYPES)[number]
/** Spec 001 §4 "column-stacked (default)". */
export const DEFAULT_CHART_TYPE: ForecastChartType = 'column-stacked'

export const SORT_ORDERS = ['asc', 'desc'] as const

export type ForecastState = {
	reportType: ReportType
	groupBy: string[]
	/** Selected values per group name (only groups of this report type). */
	filters: Record<string, string[]>
	variant: Variant
	startYear: number
	endYear: number
	chartType: ForecastChartType
	hideTable: boolean
	hideChart: boolean
	/** The sunburst's year. */
	year: number | null
	/** Table sort: 'key', a year, or 'cagr'; null is the API's order. */
	sort: string | null
	sortOrder: (typeof SORT_ORDERS)[number]
}

export type YearRange = z.infer<typeof YearRangeSchema>

export const LIST_SEPARATOR = '~'
const splitList = (value: string | null | undefined) =>
	(value ?? '')
		.split(LIST_SEPARATOR)
		.map((v) => v.trim())
		.filter(Boolean)
const unique = <T>(values: T[]) => [...new Set(values)]
const intOr = (value: string | null, fallback: number | null) => (value !== null && /^\d{1,4}$/.test(value) ? Number(value) : fallback)

/** Which variants the selected groups and filled filters leave possible (spec 001 §4 "URL flags"). */
export function possibleVariants(reportType: ReportType, used: string[]): Variant[] {
	if (reportType === 'Desal') return ['global']
	const groups = used.map(groupByName).filter((g): g is ForecastGroup => !!g)
	return VARIANTS.filter((variant) => groups.every((g) => (variant === 'global' ? g.usedInGlobal : g.usedInTech)))
}

/** Groups in use: selected ones and those with values. */
const usedGroups = (state: Pick<ForecastState, 'groupBy' | 'filters'>) => unique([...state.groupBy, ...Object.keys(state.filters).filter((k) => state.filters[k].length)])

/**
 * The canonical state of a URL: anything unknown or not allowed for the report type dropped,
 * groupBy recomputed (allowed groups only, conflicts and duplicates removed, at most 4, the
 * first group when none is left), the variant forced by global-only or tech-only filters,
 * years clamped into the range and ordered by the form's rule (an inverted range is kept, and
 * reported as `yearError`, so the reader sees their input and the message).
 */
export function parseForecastState(params: URLSearchParams, page: ForecastPageKey, range: YearRange): ForecastState {
	const config = FORECAST_PAGES[page]
	const askedType = params.get('reportType') as ReportType
	const reportType = config.reportTypes.includes(askedType) ? askedType : config.defaultReportType
	const allowed = groupsForReportType(reportType)
	const allowedNames = allowed.map((g) => g.name)
	const groupBy: string[] = []
	for (const name of splitList(params.get('groupBy'))) {
		if (!allowedNames.includes(name) || groupBy.includes(name) || groupBy.length >= MAX_GROUPS) continue
		if (groupBy.some((selected) => groupByName(selected)!.filtersUnavailableWhenGroupSelected.includes(name))) continue
		groupBy.push(name)
	}
	if (groupBy.length === 0) groupBy.push(allowed[0].name)
	const filters: Record<string, string[]> = {}
	// A filter is a selected group: values of groups not selected are dropped ("Removing also clears that filter's values").
	for (const g of allowed.filter((g) => groupBy.includes(g.name))) {
		const values = unique(splitList(params.get(g.urlParam)))
		if (values.length) filters[g.name] = values
	}
	const possible = possibleVariants(reportType, usedGroups({ groupBy, filters }))
	const asked: Variant = params.get('techForecast') === 'true' || params.get('globalForecast') === 'false' ? 'tech' : 'global'
	// An impossible combination (no variant fits) stays global; its query answers with no data.
	const variant = possible.includes(asked) ? asked : (possible[0] ?? 'global')
	const clampYear = (y: number) => Math.min(range.maxYear, Math.max(range.minYear, y))
	const startYear = clampYear(intOr(params.get('startYear'), range.defaultMinYear)!)
	const endYear = clampYear(intOr(params.get('endYear'), range.defaultMaxYear)!)
	const chartType = (CHART_TYPES as readonly string[]).includes(params.get('chartType') ?? '') ? (params.get('chartType') as ForecastChartType) : DEFAULT_CHART_TYPE
	const askedYear = chartType === 'sunburst' ? intOr(params.get('year'), null) : null
	const year = askedYear === null ? null : clampYear(askedYear)
	const sortParam = params.get('sort')
	const sort = sortParam === 'key' || sortParam === 'cagr' || (sortParam && /^\d{4}$/.test(sortParam) && +sortParam >= startYear && +sortParam <= endYear) ? sortParam : null
	const sortOrder = params.get('sortOrder') === 'desc' ? 'desc' : 'asc'
	return { reportType, groupBy, filters, variant, startYear, endYear, chartType, hideTable: params.get('hideTable') === 'true', hideChart: params.get('hideChart') === 'true', year, sort, sortOrder }
}

/** Spec 001 §5: "Forecast queries run only when startYear and endYear are both set and startYear <= endYear." */
export const yearError = (state: Pick<ForecastState, 'startYear' | 'endYear'>) => (state.startYear > state.endYear ? FORECAST_MESSAGES.startAfterEnd : null)

/** The URL of a state: report type and groupBy first, then filters in panel order, then the rest. */
export function forecastSearch(state: ForecastState, range: YearRange): string {
	const params = new URLSearchParams()
	params.set('reportType', state.reportType)
	params.set('groupBy', state.groupBy.join(LIST_SEPARATOR))
	for (const g of FORECAST_GROUPS) if (state.filters[g.name]?.length) params.set(g.urlParam, state.filters[g.name].join(LIST_SEPARATOR))
	if (state.reportType !== 'Desal') {
		params.set('globalForecast', String(state.variant === 'global'))
		params.set('techForecast', String(state.variant === 'tech'))
	}
	if (state.startYear !== range.defaultMinYear) params.set('startYear', String(state.startYear))
	if (state.endYear !== range.defaultMaxYear) params.set('endYear', String(state.endYear))
	if (state.chartType !== DEFAULT_CHART_TYPE) params.set('chartType', state.chartType)
	if (state.year !== null) params.set('year', String(state.year))
	if (state.hideTable) params.set('hideTable', 'true')
	if (state.hideChart) params.set('hideChart', 'true')
	if (state.sort) {
		params.set('sort', state.sort)
		params.set('sortOrder', state.sortOrder)
	}
	return `?${params.toString().replaceAll('%7E', '~')}`
}

// ---------------------------------------------------------------- transitions (spec 001 §4)

/** The groups a reader may still add, and those unavailable (already selected or conflicting). */
export function groupAvailability(state: ForecastState) {
	const allowed = groupsForReportType(state.reportType)
	const conflicting = new Set(state.groupBy.flatMap((name) => groupByName(name)!.filtersUnavailableWhenGroupSelected))
	const full = state.groupBy.length >= MAX_GROUPS
	const available = allowed.filter((g) => !full && !state.groupBy.includes(g.name) && !conflicting.has(g.name))
	const unavailable = allowed.filter((g) => !available.includes(g))
	return { available, unavailable, full }
}

/** "Adding applies its defaultValues"; a global-only or tech-only group forces its variant. */
export function addGroup(state: ForecastState, name: string): ForecastState {
	if (!groupAvailability(state).available.some((g) => g.name === name)) return state
	const g = groupByName(name)!
	const filters = g.defaultValues.length && !state.filters[name]?.length ? { ...state.filters, [name]: [...g.defaultValues] } : state.filters
	const next = { ...state, groupBy: [...state.groupBy, name], filters }
	const possible = possibleVariants(state.reportType, usedGroups(next))
	return { ...next, variant: possible.includes(state.variant) ? state.variant : (possible[0] ?? state.variant), sort: null }
}

/** "Removing also clears that filter's values"; the last group falls back to the first group. */
export function removeGroup(state: ForecastState, name: string): ForecastState {
	if (!state.groupBy.includes(name)) return state
	const filters = { ...state.filters }
	delete filters[name]
	const groupBy = state.groupBy.filter((n) => n !== name)
	return { ...state, groupBy: groupBy.length ? groupBy : [groupsForReportType(state.reportType)[0].name], filters, sort: null }
}

/** "Up/down controls reorder selected groups." */
export function moveGroup(state: ForecastState, name: string, direction: 'up' | 'down'): ForecastState {
	const index = state.groupBy.indexOf(name)
	const target = direction === 'up' ? index - 1 : index + 1
	if (index < 0 || target < 0 || target >= state.groupBy.length) return state
	const groupBy = [...state.groupBy]
	;[groupBy[index], groupBy[target]] = [groupBy[target], groupBy[index]]
	return { ...state, groupBy }
}

/** "Reset all restores defaults: first group, global on, default report type, default date range." */
export function resetState(page: ForecastPageKey, range: YearRange): ForecastState {
	return parseForecastState(new URLSearchParams(), page, range)
}

/**
 * The construction-cost and parts-and-services checkboxes of the GET form: each ticks one
 * variant and they are mutually exclusive, so when both or neither arrive ticked the reader
 * changed one of them: the variant flips from the current one.
 */
export function variantFromCheckboxes(current: Variant, { constructionCosts, partsAndServices }: { constructionCosts?: boolean; partsAndServices?: boolean }, shown: { constructionCosts: boolean; partsAndServices: boolean }): Variant {
	const flip: Variant = current === 'global' ? 'tech' : 'global'
	if (shown.constructionCosts && shown.partsAndServices) {
		if (constructionCosts && partsAndServices) return flip
		if (constructionCosts) return 'global'
		if (partsAndServices) return 'tech'
		return flip
	}
	if (shown.constructionCosts) return constructionCosts ? 'global' : 'tech'
	if (shown.partsAndServices) return partsAndServices ? 'tech' : 'global'
	return current
}

export type VariantOption = { kind: 'checkbox'; label: string; checked: boolean } | { kind: 'fixed'; label: string }

/** Spec 001 §4 "Construction-cost option" (null: not shown, as for Desal). */
export function constructionCostOption(state: Pick<ForecastState, 'reportType' | 'variant' | 'groupBy' | 'filters'>): VariantOption | null {
	if (state.reportType === 'Desal') return null
	if (state.reportType === 'OPEX') return { kind: 'fixed', label: 'Construction costs are never included in OPEX reports' }
	const possible = possibleVariants(state.reportType, usedGroups(state))
	if (possible.length === 2) return { kind: 'checkbox', label: 'Include construction costs', checked: state.variant === 'global' }
	return possible[0] === 'tech' ? { kind: 'fixed', label: 'Excludes construction costs' } : { kind: 'fixed', label: 'Includes construction costs' }
}

/** Spec 001 §4 "Parts-and-services option". */
export function partsAndServicesOption(state: Pick<ForecastState, 'reportType' | 'variant' | 'groupBy' | 'filters'>): VariantOption | null {
	if (state.reportType === 'Desal') return null
	if (state.reportType === 'CAPEX') return { kind: 'fixed', label: 'Parts and services only not available' }
	const possible = possibleVariants(state.reportType, usedGroups(state))
	if (possible.length === 2) return { kind: 'checkbox', label: 'Show parts and services only', checked: state.variant === 'tech' }
	return possible[0] === 'tech' ? { kind: 'fixed', label: 'Parts and services only' } : { kind: 'fixed', label: 'Parts and services only is not available' }
}

// ---------------------------------------------------------------- numbers

/** Spec 001 §9 "Numbers with one decimal, en-GB format". Non-numbers and infinities are '-' (§5). */
export const formatForecastNumber = formatFigure

/** CAGR from the start to the end year, in per cent; null when it cannot be computed. */
export function cagr(start: number | null, end: number | null, years: number): number | null {
	if (start === null || end === null || years <= 0 || start <= 0 || end < 0) return null
	const rate = (Math.pow(end / start, 1 / years) - 1) * 100
	return Number.isFinite(rate) ? rate : null
}

export const cagrHeader = (startYear: number, endYear: number) => `CAGR ${startYear}-${endYear} (%)`

// ---------------------------------------------------------------- API schemas (spec 001 §7)

const yearSchema = z.coerce.number().int().min(1900).max(2100)

export const YearRangeSchema = z.object({ minYear: z.number().int(), maxYear: z.number().int(), defaultMinYear: z.number().int(), defaultMaxYear: z.number().int() })

export const ForecastInfoSchema = z.object({
	reportType: z.enum(REPORT_TYPES),
	name: z.string(),
	unit: z.string(),
	publishedAt: z.string(),
	yearRange: YearRangeSchema,
	defaultYear: z.number().int(),
	groups: z.array(
		z.object({
			name: z.string(),
			groupParam: z.string(),
			urlParam: z.string(),
			displayName: z.string(),
			placeholder: z.string(),
			usedInGlobal: z.boolean(),
			usedInTech: z.boolean(),
			usedInDesal: z.boolean(),
			defaultValues: z.array(z.string()),
			filtersUnavailableWhenGroupSelected: z.array(z.string()),
		}),
	),
})
export type ForecastInfo = z.infer<typeof ForecastInfoSchema>

export const ForecastInfoQuerySchema = z.object({ reportType: z.enum(REPORT_TYPES) })

export const PicklistItemSchema = z.object({ picklistName: z.string(), values: z.array(z.object({ value: z.string(), displayName: z.string(), parentValue: z.string().nullable() })) })
export type PicklistItem = z.infer<typeof PicklistItemSchema>
export const PicklistQuerySchema = z.object({ reportType: z.enum(REPORT_TYPES), previewMode: z.enum(['true', 'false']).optional() })

export const ForecastQueryParamsSchema = z.object({
	chartType: z.enum(CHART_TYPES).default(DEFAULT_CHART_TYPE),
	outputAsCsv: z.enum(['true', 'false']).optional(),
	pivot: z.enum(['true', 'false']).optional(),
	previewMode: z.enum(['true', 'false']).optional(),
	startYear: yearSchema,
	endYear: yearSchema,
	hideCagr: z.enum(['true', 'false']).optional(),
})

/** The body of POST /forecast: what to group by and filter on (group names and their values). */
export const ForecastQueryBodySchema = z.object({
	reportType: z.enum(REPORT_TYPES),
	variant: z.enum(VARIANTS).default('global'),
	groupBy: z.array(z.string()).min(1).max(MAX_GROUPS),
	filters: z.record(z.string(), z.array(z.string().max(200)).max(500)).default({}),
})
export type ForecastQueryBody = z.infer<typeof ForecastQueryBodySchema>

export const ForecastTableRowSchema = z.object({
	/** Key, Key2..Key5 of spec 001 §3: the row's value per group. */
	keys: z.array(z.string()),
	isAggregate: z.boolean(),
	/** An aggregate's level (1 = subtotal of the first group); 0 for leaf rows. */
	aggregation: z.number().int(),
	values: z.array(z.number().nullable()),
	cagr: z.number().nullable(),
})
export type ForecastTableRow = z.infer<typeof ForecastTableRowSchema>

export const SunburstPointSchema = z.object({ id: z.string(), parent: z.string(), name: z.string(), value: z.number(), level: z.number().int() })
export type SunburstPoint = z.infer<typeof SunburstPointSchema>

export const ForecastResultSchema = z.object({
	reportTitle: z.string(),
	reportTitleFilters: z.array(z.string()),
	unit: z.string(),
	downloadFileName: z.string(),
	publishedAt: z.string(),
	request: z.object({ groupBy: z.array(z.string()) }),
	cagrStartYear: z.number().int(),
	cagrEndYear: z.number().int(),
	defaultYear: z.number().int(),
	dataForChart: z.object({
		categories: z.array(z.number().int()),
		series: z.array(z.object({ name: z.string(), data: z.array(z.number().nullable()) })),
		/** How many series the figures hold: more than `series` when the chart draws only the first CHART_MAX_SERIES. */
		seriesTotal: z.number().int().optional(),
		/** Per year (for chartType sunburst only), the sunburst's points: one per group value and level. */
		sunburst: z.record(z.string(), z.array(SunburstPointSchema)),
	}),
	dataForTable: z.object({
		/** Display names of the groups, then the years, then the CAGR column when shown. */
		headers: z.array(z.string()),
		rows: z.array(ForecastTableRowSchema),
		total: ForecastTableRowSchema,
	}),
})
export type ForecastResult = z.infer<typeof ForecastResultSchema>

export const DefinitionSchema = z.object({ name: z.string(), slug: z.string(), description: z.string() })
export type Definition = z.infer<typeof DefinitionSchema>

/** POST /forecast/download's query: POST /forecast's, `outputAsCsv=true` for the CSV instead of the workbook. */
export const ForecastDownloadParamsSchema = ForecastQueryParamsSchema

/** The chart type of POST /forecast/downloadForChart: a report type (with a country) or a custom chart link. */
export const CUSTOM_URL_CHART_TYPE = 'CustomURL'
const optionalText = z.string().trim().max(2000).optional()

/**
 * POST /forecast/downloadForChart (spec 001 §7): a chart card's figures as a workbook. Spec 001
 * §5: "needs a country and chart type unless chart type is CustomURL"; otherwise "No geography
 * or chart type specified". The years default to the preset chart window (spec 001 §9).
 */
export const ChartDownloadQuerySchema = z.object({
	chartType: optionalText,
	countryName: optionalText,
	customUrl: optionalText,
	reportTitle: z.string().trim().max(300).optional(),
	previewMode: z.enum(['true', 'false']).optional(),
	pivot: z.enum(['true', 'false']).optional(),
	startYear: yearSchema.default(PRESET_CHART_WINDOW.startYear),
	endYear: yearSchema.default(PRESET_CHART_WINDOW.endYear),
	hideCAGR: z.enum(['true', 'false']).optional(),
})
export type ChartDownloadQuery = z.infer<typeof ChartDownloadQuerySchema>

/**
 * What a chart download asks for, or the spec's message when it cannot: a custom chart link
 * names its page and query (read with `parseForecastState`); a country and a report type give
 * the country's forecast split as a database chart card splits it (expenditure type, or
 * application for desalination) where the report type allows that group.
 */
export function chartDownloadTarget(query: Pick<ChartDownloadQuery, 'chartType' | 'countryName' | 'customUrl'>):
	| { kind: 'custom'; page: ForecastPageKey; params: URLSearchParams; reportType: ReportType }
	| { kind: 'country'; countryName: string; reportType: ReportType; groupBy: string[] }
	| { kind: 'invalid'; message: string } {
	const invalid = { kind: 'invalid', message: FORECAST_MESSAGES.noGeographyOrChartType } as const
	if (query.chartType === CUSTOM_URL_CHART_TYPE || (!query.chartType && query.customUrl)) {
		if (!query.customUrl) return invalid
		const url = new URL(query.customUrl, 'http://site')
		const page = (Object.keys(FORECAST_PAGES) as ForecastPageKey[]).find((key) => FORECAST_PAGES[key].path === url.pathname.replace(/\/$/, ''))
		if (!page) return { kind: 'invalid', message: `A custom chart link must open ${FORECAST_PAGES.data.path} or ${FORECAST_PAGES.desal.path}` }
		const asked = url.searchParams.get('reportType') as ReportType
		return { kind: 'custom', page, params: url.searchParams, reportType: FORECAST_PAGES[page].reportTypes.includes(asked) ? asked : FORECAST_PAGES[page].defaultReportType }
	}
	if (!query.chartType || !query.countryName) return invalid
	const reportType = REPORT_TYPES.find((type) => type === query.chartType)
	if (!reportType) return { kind: 'invalid', message: `chartType must be one of: ${[...REPORT_TYPES, CUSTOM_URL_CHART_TYPE].join(', ')}` }
	const allowed = groupsForReportType(reportType).map((g) => g.name)
	const split = reportType === 'Desal' ? 'ForecastApplication' : 'ExpenditureType'
	return { kind: 'country', countryName: query.countryName, reportType, groupBy: ['Country', split].filter((g) => allowed.includes(g)) }
}

/** The explorer's endpoints, spread into contract/endpoints.ts. */
export const FORECAST_ENDPOINTS = {
	forecast: { method: 'POST', path: '/forecast', query: ForecastQueryParamsSchema, body: ForecastQueryBodySchema, response: envelope(ForecastResultSchema) },
	/** The table's rows of a forecast query (subtotals among them, the total row last): POST /forecast's table without the chart. */
	'forecast.search': { method: 'POST', path: '/forecast/search', query: ForecastQueryParamsSchema, body: ForecastQueryBodySchema, response: envelope(ForecastTableRowSchema) },
	/** The whole table as a workbook (or CSV), named forecastDownload_{timestamp}.xlsx; needs read:forecast-data. Answers with the file; a refusal is an envelope. */
	'forecast.download': { method: 'POST', path: '/forecast/download', query: ForecastDownloadParamsSchema, body: ForecastQueryBodySchema, response: emptyEnvelope, file: true },
	/** A chart card's figures as a workbook (a country and report type, or a custom chart link). Answers with the file; a refusal is an envelope. */
	'forecast.downloadForChart': { method: 'POST', path: '/forecast/downloadForChart', query: ChartDownloadQuerySchema, response: emptyEnvelope, file: true },
	'forecast.info': { method: 'GET', path: '/forecast/info', query: ForecastInfoQuerySchema, response: envelope(ForecastInfoSchema) },
	'forecast.picklist': { method: 'GET', path: '/forecast/picklist', query: PicklistQuerySchema, response: envelope(PicklistItemSchema) },
	'forecast.definitions': { method: 'GET', path: '/forecast/definitions', response: envelope(DefinitionSchema) },
	/** The definitions that apply to a forecast query (its report type, groups' values, CAGR). */
	'forecast.definitionsFor': { method: 'POST', path: '/forecast/definitions', body: ForecastQueryBodySchema, response: envelope(DefinitionSchema) },
	'forecast.methodologies': { method: 'GET', path: '/forecast/methodologies', response: envelope(DefinitionSchema) },
	'forecast.resources': { method: 'GET', path: '/forecast/resources', response: envelope(DefinitionSchema) },
} as const
