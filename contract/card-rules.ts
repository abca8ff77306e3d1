/**
 * Rules of cards that the content API (which resolves a card's lists) and the site (which
 * draws them) must agree on: spec 000 §2, §5, §9; 001 §2, §5, §9; 002 §2. Pure functions
 * and named constants only, so both sides and the tests import the same values.
 */
import { ARTICLE_LIST_LIMIT, SEARCH_CARD_MAX_RECORD_COUNT } from './constants.ts'

/** "Search cards default maxRecordCount 5" (spec 000 §9). */
export const SEARCH_CARD_DEFAULT_COUNT = SEARCH_CARD_MAX_RECORD_COUNT
/** "default list limit 10" (spec 000 §9): article list cards without a maxRecordCount. */
export const ARTICLE_LIST_DEFAULT_COUNT = ARTICLE_LIST_LIMIT

// ---------------------------------------------------------------- document and newsletter search cards (spec 002 §2)

/** "When rowsPerPage is unset or 0 or less it defaults to 4." */
export const DEFAULT_ROWS_PER_PAGE = 4
/** "Cards fetch a pageSize of rows-per-row-count times 4": four covers to a row. */
export const COVERS_PER_ROW = 4
/** Our choice: a CMS typo must not make one page read thousands of rows. */
export const MAX_ROWS_PER_PAGE = 25

export function rowsPerPageOf(value: unknown): number {
	const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
	if (!Number.isFinite(number) || number <= 0) return DEFAULT_ROWS_PER_PAGE
	return Math.min(Math.floor(number) || DEFAULT_ROWS_PER_PAGE, MAX_ROWS_PER_PAGE)
}

/** The page size a document or newsletter search card fetches. */
export const coverGridPageSize = (rowsPerPage: unknown) => rowsPerPageOf(rowsPerPage) * COVERS_PER_ROW

/**
 * "Query-string parameters: pageNum, publishedFrom, publishedTo" (spec 002 §2). They are the
 * page's: a page with several date-filtered search cards filters them all with one date range.
 */
export const COVER_GRID_PARAMS = { page: 'pageNum', publishedFrom: 'publishedFrom', publishedTo: 'publishedTo' } as const

// ---------------------------------------------------------------- paging inside a card

/**
 * A card's own URL parameter (blog and table paging), suffixed with the card id so that two
 * cards on one page page independently: `blogPage-12`.
 */
export const cardParam = (name: string, cardId: number) => `${name}-${cardId}`

/** Page numbers in URLs: an integer of at least 1, else page 1 (spec 000 §5). */
export function pageNumberOf(value: string | null | undefined): number {
	const text = value?.trim() ?? ''
	if (!/^\d+$/.test(text)) return 1
	const number = Number(text)
	return Number.isSafeInteger(number) && number >= 1 ? number : 1
}

// ---------------------------------------------------------------- blog card

/** Our choice: blog posts a blog card shows per page (each can open to its full text). */
export const BLOG_CARD_PAGE_SIZE = 3
export const BLOG_PAGE_PARAM = 'blogPage'

// ---------------------------------------------------------------- table and chart cards (spec 001 §5, §9)

/** "Table page size default 10." */
export const TABLE_CARD_DEFAULT_PAGE_SIZE = 10
/** "A max of -1 means all rows and no paging." */
export const TABLE_ALL_ROWS = -1
export const TABLE_PAGE_PARAM = 'tablePage'
/** "Preset chart window 2022 to 2029." */
export const PRESET_CHART_WINDOW = { startYear: 2022, endYear: 2029 } as const
/**
 * The row of a database chart's table that sums its groups, "the total row always last"
 * (spec 001 §4): the API adds it, the site marks it in the table and leaves it out of the chart.
 */
export const TOTAL_ROW = 'Total'

// ---------------------------------------------------------------- database chart card (spec 001 §2, §4)

/** The card's open panel, in the URL (`chartPanel-12=trends`), so the panels work without scripts. */
export const CHART_PANEL_PARAM = 'chartPanel'
/** The sunburst's year, in the URL (`chartYear-12=2026`). */
export const CHART_YEAR_PARAM = 'chartYear'
/** "Expandable panels: table, trends text, methodology, definitions." */
export const CHART_PANELS = ['table', 'trends', 'methodology', 'definitions'] as const
export type ChartPanel = (typeof CHART_PANELS)[number]
/** The panel parameter's value when the reader closed a panel that starts open. */
export const NO_PANEL = 'none'
/** The buttons that open the panels: "Data table", "Trends" (spec 001 §2), then methodology and definitions. */
export const CHART_PANEL_LABELS: Record<ChartPanel, string> = { table: 'Data table', trends: 'Trends', methodology: 'Methodology', definitions: 'Definitions' }
/** "Layout of the table and chart is set by chartTableDisplayType (Table, ChartTable or TableChart)." */
export const CHART_TABLE_DISPLAY_TYPES = ['Table', 'ChartTable', 'TableChart'] as const
export type ChartTableDisplayType = (typeof CHART_TABLE_DISPLAY_TYPES)[number]

export const chartTableDisplayTypeOf = (value: unknown): ChartTableDisplayType =>
	(CHART_TABLE_DISPLAY_TYPES as readonly unknown[]).includes(value) ? (value as ChartTableDisplayType) : 'ChartTable'

/**
 * Where the table sits: Table is the table alone (no chart, so no table panel); ChartTable
 * puts the table panel under the chart, closed at first; TableChart above it, open at first
 * (our reading of the spec's three layouts).
 */
export function defaultPanelOf(display: ChartTableDisplayType): ChartPanel | null {
	return display === 'TableChart' ? 'table' : null
}

export type DatabaseChartState = { panel: ChartPanel | null; year: number | null }

/**
 * A database chart card's state from the page's URL: one open panel at most ("opening one
 * closes the others"), of those the card has, else the layout's default; the sunburst year
 * one of the card's years, else its defaultYear (spec 001 §4 "Chart card").
 */
export function databaseChartState(
	params: URLSearchParams,
	cardId: number,
	card: { panels: readonly ChartPanel[]; display: ChartTableDisplayType; years: readonly number[]; defaultYear: number | null },
): DatabaseChartState {
	const panelValue = params.get(cardParam(CHART_PANEL_PARAM, cardId))
	const fallback = defaultPanelOf(card.display)
	const panel =
		panelValue === NO_PANEL ? null : (card.panels as readonly string[]).includes(panelValue ?? '') ? (panelValue as ChartPanel) : fallback && card.panels.includes(fallback) ? fallback : null
	const yearValue = Number(params.get(cardParam(CHART_YEAR_PARAM, cardId)))
	const fallbackYear = card.defaultYear !== null && card.years.includes(card.defaultYear) ? card.defaultYear : (card.years.at(-1) ?? null)
	return { panel, year: card.years.includes(yearValue) ? yearValue : fallbackYear }
}

/**
 * The page's query after a change of the card's state: a panel button opens its panel, or
 * closes it when it is the open one; a year picks the sunburst's year; Reset drops the card's
 * state (the chart back at its top level, the layout's panel). Other parameters stay.
 */
export function databaseChartSearch(
	params: URLSearchParams,
	cardId: number,
	change: { toggle: ChartPanel; open: ChartPanel | null; display: ChartTableDisplayType } | { year: number } | { reset: true },
): string {
	const next = new URLSearchParams(params)
	const panelKey = cardParam(CHART_PANEL_PARAM, cardId)
	const yearKey = cardParam(CHART_YEAR_PARAM, cardId)
	if ('reset' in change) {
		next.delete(panelKey)
		next.delete(yearKey)
	} else if ('year' in change) next.set(yearKey, String(change.year))
	else {
		const target = change.open === change.toggle ? null : change.toggle
		if (target === defaultPanelOf(change.display)) next.delete(panelKey)
		else next.set(panelKey, target ?? NO_PANEL)
	}
	const search = next.toString()
	return search ? `?${search}` : ''
}

/** "Lists show 3 entries before 'More...'" (company activities, slices). */
export const LIST_PREVIEW_COUNT = 3

// ---------------------------------------------------------------- sponsored article (spec 000 §2, §9)

/** "Sponsored-article search pageSize 10." */
export const SPONSORED_SEARCH_PAGE_SIZE = 10

/** The UTC starts of this month and last month: where the sponsored article comes from. */
export function sponsoredWindows(now: Date) {
	const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
	const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
	return { thisMonth, lastMonth }
}

/**
 * "Sponsored article chosen at random among sponsored articles published this month, else
 * last month": one of this month's candidates, or of last month's when there are none.
 */
export function pickSponsored<T>(thisMonth: readonly T[], lastMonth: readonly T[], random: () => number = Math.random): T | null {
	const pool = thisMonth.length > 0 ? thisMonth : lastMonth
	if (pool.length === 0) return null
	return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]
}

// ---------------------------------------------------------------- partner content hub (spec 001 §2)

/** "/pages/partner-content-hub?partner-company={value}": the value is the partner's company slug. */
export const PARTNER_COMPANY_PARAM = 'partner-company'

// ---------------------------------------------------------------- adverts (spec 000 §9)

/** "Ad image max 336 px (right position) and 140 px tall (banner)." */
export const ADVERT_MAX_WIDTH_RIGHT = 336
export const ADVERT_MAX_HEIGHT_BANNER = 140

// ---------------------------------------------------------------- access labels

/** The membership a permission level stands for, in "Available with ..." (spec 001 §2 Context cards). */
export const MEMBERSHIP_OF_PERMISSION: Record<string, string> = {
	'read:strategy': 'GWI Strategist Membership',
	'read:strategy-beta': 'GWI Strategist Membership',
	'read:executive': 'GWI Executive Membership',
	'read:executive-trial': 'GWI Executive Membership',
	'read:project': 'GWI Executive Membership',
}

/** "Available with" plus the required permission level, named as a membership. */
export function availableWith(levels: readonly string[]): string {
	const names = [...new Set(levels.map((level) => MEMBERSHIP_OF_PERMISSION[level] ?? level))]
	return `Available with ${names.join(' or ')}`
}

// ---------------------------------------------------------------- the cards' URL parameters

/** The page-wide card parameters (see isCardParam). */
const CARD_PARAMS: ReadonlySet<string> = new Set([...Object.values(COVER_GRID_PARAMS), PARTNER_COMPANY_PARAM])
/** A card's own parameter: its name, a dash and the card's id. */
const CARD_SCOPED_PARAM = new RegExp(`^(${BLOG_PAGE_PARAM}|${TABLE_PAGE_PARAM}|${CHART_PANEL_PARAM}|${CHART_YEAR_PARAM})-\\d+$`)

/**
 * Whether a URL parameter is state of the page's cards rather than of the page itself: the
 * cover grids' page and dates, the partner filter, and a card's own page (blogPage-12,
 * tablePage-7). Pages with cards keep these in their URL and pass them to the API.
 */
export function isCardParam(name: string): boolean {
	return CARD_PARAMS.has(name) || CARD_SCOPED_PARAM.test(name)
}
