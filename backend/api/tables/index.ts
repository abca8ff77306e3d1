/**
 * The searchable tables' endpoints (issue 12), each a configuration of the one engine:
 * GET /searchProjects (spec 002 §7) and GET /searchCompanies (spec 001 §7) answer a table's
 * query with hits, facet counts and min/max aggregations; GET /downloadProjects and
 * GET /downloadEntities?entityType=companies answer the same query with an xlsx file of
 * every matching row. All parse the URL with the contract's table schema, the one the site
 * parses its own URL with.
 */
import { Hono, type Context } from 'hono'
import { DOWNLOADABLE_ENTITIES, INDEX_MESSAGES, SAMPLE_TOTAL, COMPANIES_TABLE, type CompanySearchResult, type DownloadableEntity } from '../../../contract/indexes.ts'
import { parseTableParams, type TableQuery } from '../../../contract/tables.ts'
import { TRACKER_DOWNLOAD_FILENAME, TRACKER_MESSAGES, TRACKER_TABLE, type ProjectSearchResult } from '../../../contract/tracker.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import type { ViewerAccess } from '../access.ts'
import type { ApiEnv, Resource } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError, badRequest } from '../errors.ts'
import { totalPagesOf } from '../query.ts'
import { COMPANIES_SOURCE, COMPANY_DOWNLOAD_COLUMNS, companyHits, SAMPLE_COMPANIES } from './companies.ts'
import { queryTable } from './engine.ts'
import { PROJECT_DOWNLOAD_COLUMNS, PROJECTS_TABLE, projectHits } from './projects.ts'
import { XLSX_CONTENT_TYPE, xlsxOf } from './xlsx.ts'

const searchParams = (c: Context) => new URL(c.req.url).searchParams

/** Spec 002 §6: the tracker is for members who may read projects. */
const mayUseTracker = (access: ViewerAccess) => access.has(PERMISSIONS.readProject)
/** "download:project*": any permission with that prefix. */
const mayDownloadProjects = (access: ViewerAccess) => (access.viewer?.permissions ?? []).some((permission) => permission.startsWith(PERMISSIONS.downloadProject))
/** Spec 001 §6 canUseCompaniesIndex: read:executive, read:strategy or read:strategy-beta. */
const mayUseCompaniesIndex = (access: ViewerAccess) => access.has(PERMISSIONS.readExecutive) || access.isStrategist
/** Spec 001 §6 canViewCompanyFinancialData: read:strategy or read:strategy-beta. */
const mayViewFinancialData = (access: ViewerAccess) => access.isStrategist

/** Range filters apply only for readers who may view company financial data (spec 001 §5). */
const withoutRanges = (query: TableQuery): TableQuery => ({ ...query, ranges: {} })

function xlsxResponse(c: Context, file: Buffer, filename: string) {
	return c.body(new Uint8Array(file), 200, {
		'Content-Type': XLSX_CONTENT_TYPE,
		'Content-Disposition': `attachment; filename="${filename}"`,
		'Cache-Control': 'private, no-store',
	})
}

export const tables: Resource = ({ db }) => {
	const app = new Hono<ApiEnv>()

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

	app.get('/searchCompanies', async (c) => {
		const access = c.get('access')
		const hasAccess = mayUseCompaniesIndex(access)
		const canViewFinancialData = mayViewFinancialData(access)
		const parsed = parseTableParams(COMPANIES_TABLE, searchParams(c))
		const query = canViewFinancialData ? parsed : withoutRanges(parsed)
		const { ids, ...page } = await queryTable(db, COMPANIES_SOURCE, query, { sample: !hasAccess })
		// Without access: the 10 sample rows, total 3220 (spec 001 §4), the facets without counts to act on.
		const result: CompanySearchResult = hasAccess
			? { ...page, searchHits: await companyHits(db, ids, { canViewFinancialData }), hasAccess, canViewFinancialData }
			: {
					...page,
					searchHits: SAMPLE_COMPANIES,
					totalHits: SAMPLE_TOTAL,
					totalPages: totalPagesOf(SAMPLE_TOTAL, page.pageSize),
					pageNum: 1,
					minMaxAggregations: [],
					hasAccess,
					canViewFinancialData,
			  }
		return itemResponse(c, result)
	})

	/** Spec 001 §7 GET /downloadEntities: companies, utilities and mergers only. */
	const ENTITY_DOWNLOADS: Partial<Record<DownloadableEntity, (c: Context<ApiEnv>) => Promise<Response>>> = {
		companies: async (c) => {
			const access = c.get('access')
			if (!mayUseCompaniesIndex(access)) throw new ApiError(403, TRACKER_MESSAGES.notAuthorized('companies'))
			const canViewFinancialData = mayViewFinancialData(access)
			const parsed = parseTableParams(COMPANIES_TABLE, searchParams(c))
			const page = await queryTable(db, COMPANIES_SOURCE, canViewFinancialData ? parsed : withoutRanges(parsed), { everyRow: true })
			const hits = await companyHits(db, page.ids, { canViewFinancialData })
			return xlsxResponse(c, await xlsxOf('Companies', COMPANY_DOWNLOAD_COLUMNS({ canViewFinancialData }), hits), 'companies.xlsx')
		},
	}

	app.get('/downloadEntities', async (c) => {
		const entityType = c.req.query('entityType') ?? ''
		const download = (DOWNLOADABLE_ENTITIES as readonly string[]).includes(entityType) ? ENTITY_DOWNLOADS[entityType as DownloadableEntity] : undefined
		if (!download) throw badRequest(INDEX_MESSAGES.invalidEntityType)
		return download(c)
	})

	return app
}
