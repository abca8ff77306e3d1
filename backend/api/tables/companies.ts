/**
 * The companies index (spec 001 §2-§9) as a `TableSource` of the table engine, its hits,
 * its sample rows and its download columns.
 */
import { sql, type SQL } from 'drizzle-orm'
import { COMPANIES_TABLE, COMPANY_FILTERS, COMPANY_REVENUE_RANGE, SAMPLE_ROWS, type CompanyHit } from '../../../contract/indexes.ts'
import type { Db } from '../../db/client.ts'
import { intArray, iso } from '../sql.ts'
import { inPageOrder, type CodedFacet, type TableSource } from './engine.ts'
import { estimateCell, ESTIMATE_COLUMN, type XlsxColumn } from './xlsx.ts'
import { readPublicRows } from '../hot-data.ts'

/** A company_facets column: ids of company_facet_names. */
const TAG_NAMES = sql`company_facet_names`
const tagNames = (ids: SQL): CodedFacet => ({ ids, names: TAG_NAMES })

export const COMPANIES_SOURCE: TableSource = {
	config: COMPANIES_TABLE,
	// company_facets holds the ids of each company's tag names, refreshed when companies change (backend/db/company-facets.ts).
	from: sql`companies e left join geographies g on g.id = e.headquarters_country_id left join company_facets f on f.company_id = e.id`,
	where: () => sql`e.show_as_page`,
	search: sql`e.search`,
	// The tag columns as they are: a company without a facets row has nulls, which no filter
	// matches and no count unnests, as with empty arrays; written bare, the planner sees each
	// column's statistics (through coalesce it guessed 151 companies of an expertise that has
	// 7,638, and sorted every company instead of walking the name index to the page). The
	// country is the row's own id, named by geographies: no join to count or filter it.
	facets: {
		[COMPANY_FILTERS.country]: { ids: sql`array_remove(array[e.headquarters_country_id], null)`, names: sql`geographies` },
		[COMPANY_FILTERS.expertise]: tagNames(sql`f.expertises`),
		[COMPANY_FILTERS.industries]: tagNames(sql`f.sectors`),
		[COMPANY_FILTERS.technologies]: tagNames(sql`f.technologies`),
		[COMPANY_FILTERS.technologyType]: tagNames(sql`f.technology_types`),
		[COMPANY_FILTERS.technologySubtype]: tagNames(sql`f.technology_subtypes`),
		[COMPANY_FILTERS.digitalProducts]: sql`e.digital_products`,
	},
	ranges: { [COMPANY_REVENUE_RANGE.title]: sql`e.water_revenue_dollars` },
	estimates: { [COMPANY_REVENUE_RANGE.title]: sql`e.water_revenue_is_estimate` },
	sorts: {
		name: sql`lower(e.name)`,
		country: sql`g.name`,
		revenue: sql`e.water_revenue_dollars`,
		updated: sql`e.last_modified_date`,
	},
}

type CompanyRow = { id: number; slug: string; name: string; country: string | null; water_revenue_dollars: number | null; water_revenue_is_estimate: boolean; last_modified_date: string }

export async function companyHits(db: Db, ids: number[], { canViewFinancialData }: { canViewFinancialData: boolean }): Promise<CompanyHit[]> {
	if (ids.length === 0) return []
	const rows = await readPublicRows<CompanyRow>(db, 'company hits', () => sql`
		select e.id, e.slug, e.name, g.name as country, e.water_revenue_dollars, e.water_revenue_is_estimate, e.last_modified_date
		from companies e left join geographies g on g.id = e.headquarters_country_id where e.id = any(${intArray(ids)})`)
	return inPageOrder(ids, rows).map((row) => ({
		slug: row.slug,
		name: row.name,
		headquartersCountry: row.country,
		waterRevenueDollars: canViewFinancialData ? row.water_revenue_dollars : null,
		waterRevenueIsEstimate: canViewFinancialData && row.water_revenue_dollars !== null && row.water_revenue_is_estimate,
		lastModifiedDate: iso(row.last_modified_date)!,
		hasAccess: true,
	}))
}

/** Spec 001 §4 "10 fake rows": invented companies, so the sample gives nothing of the index away. */
const SAMPLE_NAMES = ['Aquaflow', 'Bluewater', 'Clearstream', 'Deepwell', 'Estuary', 'Fountainhead', 'Glacier', 'Harbourline', 'Isleworth', 'Jetstream']
const SAMPLE_COUNTRIES = ['United Kingdom', 'France', 'United States', 'Spain', 'Germany', 'Japan', 'Australia', 'Canada', 'Italy', 'Brazil']
export const SAMPLE_COMPANIES: CompanyHit[] = Array.from({ length: SAMPLE_ROWS }, (_, i) => ({
	slug: `sample-${i + 1}`,
	name: `${SAMPLE_NAMES[i]} Water Ltd`,
	headquartersCountry: SAMPLE_COUNTRIES[i],
	waterRevenueDollars: null,
	waterRevenueIsEstimate: false,
	lastModifiedDate: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
	hasAccess: false,
}))

export const COMPANY_DOWNLOAD_COLUMNS = ({ canViewFinancialData }: { canViewFinancialData: boolean }): XlsxColumn<CompanyHit>[] => [
	{ header: 'Name', width: 45, value: (hit) => hit.name },
	{ header: 'HQ Country', value: (hit) => hit.headquartersCountry },
	...(canViewFinancialData
		? [
				{ header: 'Water Revenue (US$m)', value: (hit: CompanyHit) => hit.waterRevenueDollars },
				{ header: ESTIMATE_COLUMN, value: (hit: CompanyHit) => estimateCell(hit.waterRevenueIsEstimate) },
		  ]
		: []),
	{ header: 'Updated', value: (hit) => hit.lastModifiedDate.slice(0, 10) },
	{ header: 'Page', width: 50, value: (hit) => `/companies/${hit.slug}` },
]
