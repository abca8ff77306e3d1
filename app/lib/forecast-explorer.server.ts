/**
 * The loaders of /data and /desaldata (spec 001 §2 "Forecast data page", "Desalination data
 * page", "Forecasts layout") and of their exports: access redirects, the URL normalised to
 * the canonical state (the GET form's fields folded into '~'-lists, the two variant
 * checkboxes resolved), then the forecast asked of the API.
 */
import { redirect, type AppLoadContext } from '@remix-run/node'
import {
	constructionCostOption,
	FORECAST_GROUPS,
	FORECAST_MESSAGES,
	FORECAST_PAGES,
	forecastSearch,
	LIST_SEPARATOR,
	parseForecastState,
	partsAndServicesOption,
	variantFromCheckboxes,
	yearError,
	type Definition,
	type ForecastInfo,
	type ForecastPageKey,
	type ForecastResult,
	type ForecastState,
	type PicklistItem,
	type ReportType,
} from '../../contract/forecast.ts'
import type { z } from 'zod'
import { parseUrlParams } from '../../contract/query.ts'
import type { SavedSearchList } from '../../contract/saved-searches.ts'
import { TableNoticeParamsSchema } from '../../contract/tables.ts'
import { tableView } from '~/components/forecast/table.ts'
import { EDIT_PARAM, SHOW_ALL_PARAM } from '~/components/tables/SavedSearches.tsx'
import { ApiError, createApiClient, type ApiClient } from './api.server.ts'
import { accessGate, gateReaderOf, NO_ACCESS_SLUG, type AccessGate } from './no-access.ts'
import { noAccessMessage } from './no-access.server.ts'
import { loadSavedSearches } from './index-table.server.ts'
import { getReader } from './reader.server.ts'
import { log } from './log.ts'

/** The form's marker field: its checkboxes are read only on a submission. */
export const FORM_MARKER = 'apply'
const GROUP_PARAMS = new Set(FORECAST_GROUPS.map((g) => g.urlParam))

/**
 * The URL's parameters as the state parser reads them: a filter's repeated values (a
 * multiple select) joined with '~'; on a form submission, the variant from its checkboxes.
 */
export function normaliseParams(params: URLSearchParams, page: ForecastPageKey, range: ForecastInfo['yearRange']): URLSearchParams {
	const out = new URLSearchParams()
	for (const key of new Set(params.keys())) {
		if (NOTICE_PARAMS.includes(key)) continue
		if (key === FORM_MARKER || key === 'constructionCosts' || key === 'partsAndServices' || key === 'variant') continue
		const values = params.getAll(key).filter(Boolean)
		if (!values.length) continue
		out.set(key, GROUP_PARAMS.has(key) || key === 'groupBy' ? values.join(LIST_SEPARATOR) : values[0])
	}
	if (params.has(FORM_MARKER)) {
		const current = params.get('variant') === 'tech' ? 'tech' : 'global'
		out.set('techForecast', String(current === 'tech'))
		out.set('globalForecast', String(current === 'global'))
		const before = parseForecastState(out, page, range)
		const shown = { constructionCosts: constructionCostOption(before)?.kind === 'checkbox', partsAndServices: partsAndServicesOption(before)?.kind === 'checkbox' }
		const variant = variantFromCheckboxes(before.variant, { constructionCosts: params.has('constructionCosts'), partsAndServices: params.has('partsAndServices') }, shown)
		out.set('techForecast', String(variant === 'tech'))
		out.set('globalForecast', String(variant === 'global'))
	}
	return out
}

export type ExplorerAccess = {
	canViewData: boolean
	previewMode: boolean
	gate: AccessGate
	noAccessMessage: string | null
	/** /forecast-definitions and /resources are strategy beta pages: a desalination beta member is sent from them to /. */
	canOpenReferencePages: boolean
}

/** Redirects readers without the page's beta access to / (spec 001 §2). */
async function requireAccess(request: Request, context: AppLoadContext, api: ApiClient, page: ForecastPageKey): Promise<ExplorerAccess> {
	const reader = await getReader({ request, context, api })
	const { capabilities } = reader
	if (!(page === 'desal' ? capabilities.hasDesalBetaAccess : capabilities.hasStrategyBetaAccess)) throw redirect('/')
	const url = new URL(request.url)
	return {
		canViewData: capabilities.canViewData,
		canOpenReferencePages: capabilities.hasStrategyBetaAccess,
		previewMode: capabilities.canPreviewData && reader.profile?.previewData === true,
		gate: accessGate(gateReaderOf(reader.user), { title: 'Forecasts', url: url.pathname + url.search }, new Date()),
		noAccessMessage: capabilities.canViewData ? null : await noAccessMessage(api, NO_ACCESS_SLUG.strategist),
	}
}

function askedReportType(params: URLSearchParams, page: ForecastPageKey): ReportType {
	const config = FORECAST_PAGES[page]
	const asked = params.get('reportType') as ReportType
	return config.reportTypes.includes(asked) ? asked : config.defaultReportType
}

export type ForecastOutcome = { result: ForecastResult | null; message: string | null }

/** The forecast for a state, or the spec's message for why there is none (spec 001 §5, §8). */
export async function fetchForecast(api: ApiClient, state: ForecastState, previewMode: boolean): Promise<ForecastOutcome> {
	const invalid = yearError(state)
	if (invalid) return { result: null, message: invalid }
	try {
		const response = await api.post('forecast', {
			query: { chartType: state.chartType, startYear: state.startYear, endYear: state.endYear, previewMode: String(previewMode) as 'true' | 'false', pivot: 'true', outputAsCsv: 'false' },
			body: { reportType: state.reportType, variant: state.variant, groupBy: state.groupBy, filters: state.filters },
		})
		const result = response.item
		if (!result) return { result: null, message: FORECAST_MESSAGES.invalidData }
		if (!result.dataForTable.rows.length) return { result, message: FORECAST_MESSAGES.noDataForFilters }
		return { result, message: null }
	} catch (error) {
		if (error instanceof Response) throw error
		log.error({ err: error }, '[forecast] the forecast failed to load')
		return { result: null, message: error instanceof ApiError && error.status < 500 ? FORECAST_MESSAGES.failedToGet : FORECAST_MESSAGES.failedToFetch }
	}
}

/** Access, year range and the canonical state of a request; redirects to the canonical URL. */
export async function explorerState({ request, context }: { request: Request; context: AppLoadContext }, page: ForecastPageKey) {
	const api = createApiClient({ request, context })
	const access = await requireAccess(request, context, api, page)
	const url = new URL(request.url)
	const reportType = askedReportType(url.searchParams, page)
	const info = await api.get('forecast.info', { query: { reportType } }).then(
		(r) => r.item ?? null,
		(error: unknown) => {
			if (error instanceof Response) throw error
			log.error({ err: error }, '[forecast] info failed to load')
			return null
		},
	)
	return { api, access, info, url }
}

/**
 * What the address carries besides the forecast: a refused download's message, and the
 * saved-forecast panel's state and outcome (SavedSearches, /saved-searches). Not part of the
 * state; a redirect to the canonical URL drops them.
 */
export const NOTICE_PARAMS = [...Object.keys(TableNoticeParamsSchema.shape), SHOW_ALL_PARAM, EDIT_PARAM]

/** Canonical URL check: anything the state drops or reorders is redirected away (302, so links stay shareable). */
export function canonicalState(url: URL, page: ForecastPageKey, info: ForecastInfo): ForecastState {
	const state = parseForecastState(normaliseParams(url.searchParams, page, info.yearRange), page, info.yearRange)
	const search = forecastSearch(state, info.yearRange)
	const asked = new URLSearchParams(url.search)
	for (const name of NOTICE_PARAMS) asked.delete(name)
	// Compared as parsed parameters: a proxy or browser may percent-encode '~' (%7E) or not.
	if (asked.toString() !== new URLSearchParams(search).toString()) throw redirect(`${url.pathname}${search}`)
	return state
}

export type ExplorerData = {
	page: ForecastPageKey
	/** More rows than the page shows (spec 001 §2: "The table shows the first 250 items..."). */
	tableCapped: boolean
	access: Omit<ExplorerAccess, 'previewMode'>
	info: ForecastInfo | null
	state: ForecastState | null
	picklists: PicklistItem[]
	outcome: ForecastOutcome
	definitions: Definition[] | null
	methodologies: Definition[] | null
	/** A refused download's message and the saved-forecast panel's outcome, from the address. */
	notices: z.output<typeof TableNoticeParamsSchema>
	/** The reader's saved forecasts; null for readers who cannot save them (no data access, no personal sign-in). */
	savedSearches: SavedSearchList | null
	/** What the chart's drawing is cached by (svg-cache.ts): the canonical query, the preview setting, the release. */
	chartQuery: string | null
}

/** The query a drawing of the explorer's chart is cached by: everything the figures depend on. */
export function explorerChartQuery(page: ForecastPageKey, state: ForecastState, range: ForecastInfo['yearRange'], previewMode: boolean, result: ForecastResult): string {
	return `${FORECAST_PAGES[page].path}${forecastSearch(state, range)}#previewMode=${previewMode}&publishedAt=${result.publishedAt}`
}

export async function loadExplorer(args: { request: Request; context: AppLoadContext }, page: ForecastPageKey): Promise<ExplorerData> {
	const { api, access, info, url } = await explorerState(args, page)
	const { previewMode, ...shownAccess } = access
	const notices = parseUrlParams(TableNoticeParamsSchema, url.searchParams)
	if (!info) return { page, tableCapped: false, access: shownAccess, info, state: null, picklists: [], outcome: { result: null, message: FORECAST_MESSAGES.yearRangeError }, definitions: null, methodologies: null, notices, savedSearches: null, chartQuery: null }
	const state = canonicalState(url, page, info)
	const list = <T,>(promise: Promise<{ items?: T[] }>) =>
		promise.then(
			(r) => r.items ?? [],
			(error: unknown) => {
				if (error instanceof Response) throw error
				return null
			},
		)
	const [picklists, outcome, definitions, methodologies, savedSearches] = await Promise.all([
		list(api.get('forecast.picklist', { query: { reportType: state.reportType, previewMode: String(previewMode) as 'true' | 'false' } })),
		access.canViewData ? fetchForecast(api, state, previewMode) : Promise.resolve({ result: null, message: null }),
		list(api.post('forecast.definitionsFor', { body: { reportType: state.reportType, variant: state.variant, groupBy: state.groupBy, filters: state.filters } })),
		list(api.get('forecast.methodologies')),
		access.canViewData ? loadSavedSearches(api, 'forecasts') : Promise.resolve(null),
	])
	const { outcome: shown, tableCapped } = forPage(outcome, state)
	const chartQuery = outcome.result ? explorerChartQuery(page, state, info.yearRange, previewMode, outcome.result) : null
	return { page, tableCapped, access: shownAccess, info, state, picklists: picklists ?? [], outcome: shown, definitions, methodologies, notices, savedSearches, chartQuery }
}

/**
 * What the page needs of a forecast: the table's first 250 items in the chosen order and the
 * sunburst of the shown year. The rest stays on the server (a 4-group forecast has thousands of
 * rows); the downloads ask for the whole table again.
 */
export function forPage(outcome: ForecastOutcome, state: ForecastState): { outcome: ForecastOutcome; tableCapped: boolean } {
	const result = outcome.result
	if (!result) return { outcome, tableCapped: false }
	const { blocks, capped } = tableView(result.dataForTable.rows, state)
	const rows = blocks.flatMap((block) => (block.aggregate ? [block.aggregate, ...block.rows] : block.rows))
	const year = String(state.year ?? result.defaultYear)
	const sunburst = result.dataForChart.sunburst[year] ? { [year]: result.dataForChart.sunburst[year] } : {}
	return { outcome: { ...outcome, result: { ...result, dataForTable: { ...result.dataForTable, rows }, dataForChart: { ...result.dataForChart, sunburst } } }, tableCapped: capped }
}
