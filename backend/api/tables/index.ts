/**
 * The searchable tables' endpoints, each a configuration of the one engine:
 * GET /searchProjects (spec 002 §7) and GET /searchCompanies (spec 001 §7) answer a table's
 * query with hits, facet counts and min/max aggregations; GET /downloadProjects and
 * GET /downloadEntities?entityType=companies answer the same query with an xlsx file of
 * every matching row. All parse the URL with the contract's table schema, the one the site
 * parses its own URL with. The opportunity exchange (opportunities.ts) and the tracker's saved
 * filters (tracker-filters.ts) are mounted here too.
 */
import { Hono, type Context } from 'hono'
import { indexTableFor, DOWNLOADABLE_ENTITIES, INDEX_MESSAGES, SAMPLE_TOTAL, type DownloadableEntity } from '../../../contract/indexes.ts'
import { eventDates, EVENTS_TABLE, FEATURED_EVENTS, todayOf, type EventSearchResult } from '../../../contract/events.ts'
import { parseTableParams, type TableQuery } from '../../../contract/tables.ts'
import { TRACKER_DOWNLOAD_FILENAME, TRACKER_MESSAGES, TRACKER_TABLE, type ProjectSearchResult } from '../../../contract/tracker.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import type { ViewerAccess } from '../access.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError, badRequest } from '../errors.ts'
import { totalPagesOf } from '../query.ts'
import { COMPANIES_SOURCE, COMPANY_DOWNLOAD_COLUMNS, companyHits, SAMPLE_COMPANIES } from './companies.ts'
import type { Db } from '../../db/client.ts'
import { queryTable, type TableSource } from './engine.ts'
import { mayUseCompaniesIndex, mayUseStrategyIndexes, mayViewFinancialData } from './index-access.ts'
import { eventHits, eventsSource, featuredEvents } from './events.ts'
import { MERGER_DOWNLOAD_COLUMNS, mergerHits, MERGERS_SOURCE, SAMPLE_MERGERS } from './mergers.ts'
import { SAMPLE_UTILITIES, UTILITIES_SOURCE, UTILITY_DOWNLOAD_COLUMNS, utilityHits } from './utilities.ts'
import { opportunityRoutes } from './opportunities.ts'
import { PROJECT_DOWNLOAD_COLUMNS, PROJECTS_TABLE, projectHits } from './projects.ts'
import { trackerFilterRoutes } from './tracker-filters.ts'
import { XLSX_CONTENT_TYPE, xlsxOf, type XlsxColumn } from './xlsx.ts'

const searchParams = (c: Context) => new URL(c.req.url).searchParams

/** Spec 002 §6: the tracker is for full members who may read projects (ViewerAccess). */
const mayUseTracker = (access: ViewerAccess) => access.mayUseTracker()
/** "download:project*": any permission with that prefix. */
const mayDownloadProjects = (access: ViewerAccess) => (access.viewer?.permissions ?? []).some((permission) => permission.startsWith(PERMISSIONS.downloadProject))

/** One index of spec 001 on the engine: its source, who may use it, its hits, sample rows and download columns. */
type FinancialAccess = { canViewFinancialData: boolean }
type IndexConfiguration<H> = {
	searchPath: string
	source: TableSource
	sheet: string
	mayUse: (access: ViewerAccess) => boolean
	hits: (db: Db, ids: number[], options: FinancialAccess) => Promise<H[]>
	sample: H[]
	columns: (options: FinancialAccess) => XlsxColumn<H>[]
}
type IndexDefinition = Omit<IndexConfiguration<unknown>, 'columns'> & { xlsx: (db: Db, ids: number[], options: FinancialAccess) => Promise<Buffer> }

/** Erases an index's hit type, keeping its rows and its columns together. */
function defineIndex<H>({ columns, ...index }: IndexConfiguration<H>): IndexDefinition {
	return { ...index, xlsx: async (db, ids, options) => xlsxOf(index.sheet, columns(options), await index.hits(db, ids, options)) }
}

const INDEXES: Record<DownloadableEntity, IndexDefinition> = {
	companies: defineIndex({
		searchPath: '/searchCompanies',
		source: COMPANIES_SOURCE,
		sheet: 'Companies',
		mayUse: mayUseCompaniesIndex,
		hits: companyHits,
		sample: SAMPLE_COMPANIES,
		columns: COMPANY_DOWNLOAD_COLUMNS,
	}),
	utilities: defineIndex({
		searchPath: '/searchUtilities',
		source: UTILITIES_SOURCE,
		sheet: 'Utilities',
		mayUse: mayUseStrategyIndexes,
		hits: (db, ids) => utilityHits(db, ids),
		sample: SAMPLE_UTILITIES,
		columns: () => UTILITY_DOWNLOAD_COLUMNS,
	}),
	mergers: defineIndex({
		searchPath: '/searchMergers',
		source: MERGERS_SOURCE,
		sheet: 'Mergers',
		mayUse: mayUseStrategyIndexes,
		hits: mergerHits,
		sample: SAMPLE_MERGERS,
		columns: MERGER_DOWNLOAD_COLUMNS,
	}),
}

/** The index's query; range filters apply only for readers who may view company financial data (spec 001 §5). */
function indexQuery(index: IndexDefinition, c: Context, canViewFinancialData: boolean): TableQuery {
	return parseTableParams(indexTableFor(index.source.config, canViewFinancialData), searchParams(c))
}

function xlsxResponse(c: Context, file: Buffer, filename: string) {
	return c.body(new Uint8Array(file), 200, {
		'Content-Type': XLSX_CONTENT_TYPE,
		'Content-Disposition': `attachment; filename="${filename}"`,
		'Cache-Control': 'private, no-store',
	})
}

export const tables: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()

	const ENTITY_DOWNLOADS: Partial<Record<DownloadableEntity, (c: Context<ApiEnv>) => Promise<Response>>> = {}

	app.get('/searchProjects', async (c) => {
		const hasAccess = mayUseTracker(c.get('access'))
		const query = parseTableParams(TRACKER_TABLE, searchParams(c))
		// Without access every hit is without access: the first page of the default order, unfiltered.
		const { ids, ...page } = await queryTable(db, PROJECTS_TABLE, query, { sample: !hasAccess })
		const result: ProjectSearchResult = { ...page, searchHits: await projectHits(db, ids, hasAccess), hasAccess }
		return itemResponse(c, result, hasAccess && query.dates.warning ? [query.dates.warning] : [])
	})

	app.get('/downloadProjects', async (c) => {
		if (!mayDownloadProjects(c.get('access'))) throw new ApiError(403, TRACKER_MESSAGES.notAuthorized('projects'))
		const query = parseTableParams(TRACKER_TABLE, searchParams(c))
		const page = await queryTable(db, PROJECTS_TABLE, query, { everyRow: true })
		return xlsxResponse(c, await xlsxOf('Projects', PROJECT_DOWNLOAD_COLUMNS, await projectHits(db, page.ids, true)), TRACKER_DOWNLOAD_FILENAME)
	})

	/** Each index: GET /search{Entity} (spec 001 §7) and its GET /downloadEntities?entityType=... */
	for (const [entity, index] of Object.entries(INDEXES) as [DownloadableEntity, IndexDefinition][]) {
		app.get(index.searchPath, async (c) => {
			const access = c.get('access')
			const hasAccess = index.mayUse(access)
			const canViewFinancialData = mayViewFinancialData(access)
			const query = indexQuery(index, c, canViewFinancialData)
			const { ids, ...page } = await queryTable(db, index.source, query, { sample: !hasAccess })
			// Without access: the 10 sample rows, total 3220 (spec 001 §4); the facets are shown disabled.
			const result = hasAccess
				? { ...page, searchHits: await index.hits(db, ids, { canViewFinancialData }), hasAccess, canViewFinancialData }
				: {
						...page,
						searchHits: index.sample,
						totalHits: SAMPLE_TOTAL,
						totalPages: totalPagesOf(SAMPLE_TOTAL, page.pageSize),
						pageNum: 1,
						minMaxAggregations: [],
						hasAccess,
						canViewFinancialData,
				  }
			return itemResponse(c, result)
		})
		ENTITY_DOWNLOADS[entity] = async (c) => {
			const access = c.get('access')
			if (!index.mayUse(access)) throw new ApiError(403, TRACKER_MESSAGES.notAuthorized(entity))
			const canViewFinancialData = mayViewFinancialData(access)
			const page = await queryTable(db, index.source, indexQuery(index, c, canViewFinancialData), { everyRow: true })
			return xlsxResponse(c, await index.xlsx(db, page.ids, { canViewFinancialData }), `${entity}.xlsx`)
		}
	}

	/** Spec 001 §7 GET /searchEvents: upcoming events, page size 10, with the featured GWI events. */
	app.get('/searchEvents', async (c) => {
		const today = todayOf(new Date())
		const params = searchParams(c)
		const source = eventsSource(eventDates(params, today), today)
		const { ids, ...page } = await queryTable(db, source, parseTableParams(EVENTS_TABLE, params))
		const [searchHits, featured] = await Promise.all([eventHits(db, ids), featuredEvents(db, today, FEATURED_EVENTS)])
		const result: EventSearchResult = { ...page, searchHits, featured, hasAccess: true }
		return itemResponse(c, result)
	})

	/** Spec 001 §7 GET /downloadEntities: companies, utilities and mergers only. */
	app.get('/downloadEntities', async (c) => {
		const entityType = c.req.query('entityType') ?? ''
		const download = (DOWNLOADABLE_ENTITIES as readonly string[]).includes(entityType) ? ENTITY_DOWNLOADS[entityType as DownloadableEntity] : undefined
		if (!download) throw badRequest(INDEX_MESSAGES.invalidEntityType)
		return download(c)
	})

	// The opportunity exchange (spec 000 §2) and the tracker's saved filters (spec 002 §2).
	app.route('/', opportunityRoutes(db))
	app.route('/', trackerFilterRoutes(db))

	return app
}
