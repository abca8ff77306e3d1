/**
 * The companies index (spec 001 §2-§9) as a `TableSource` of the table engine, its hits,
 * its sample rows and its download columns.
 */
import { sql } from 'drizzle-orm'
import { COMPANIES_TABLE, COMPANY_FILTERS, COMPANY_REVENUE_RANGE, SAMPLE_ROWS, type CompanyHit } from '../../../contract/indexes.ts'
import type { Db } from '../../db/client.ts'
import { intArray, iso } from '../sql.ts'
import { inPageOrder, type TableSource } from './engine.ts'
import type { XlsxColumn } from './xlsx.ts'

/**
 * A company's technology leaves with their ancestors (at most three levels: type > subtype >
 * sub-subtype), aggregated once per company: the technologies, types and subtypes it covers.
 */
const TECHNOLOGY_TAGS = sql`(
	select ct.company_id,
		array_agg(distinct t.name) as technologies,
		array_remove(array_agg(distinct case when n.node_type = 'TechnologyType' then n.name end), null) as types,
		array_remove(array_agg(distinct case when n.node_type = 'TechnologySubType' then n.name end), null) as subtypes
	from company_technology_types ct
	join technology_types leaf on leaf.id = ct.technology_type_id
	left join technology_types p1 on p1.id = leaf.parent_id
	left join technology_types p2 on p2.id = p1.parent_id
	cross join lateral (values (leaf.node_type, leaf.name), (p1.node_type, p1.name), (p2.node_type, p2.name)) as n(node_type, name)
	join technologies t on t.id = leaf.technology_id
	group by ct.company_id)`

const EXPERTISES = sql`(select company_id, array_agg(name) as names from company_expertises group by company_id)`
const SECTORS = sql`(select ci.company_id, array_agg(i.name) as names from company_industries ci join industries i on i.id = ci.industry_id group by ci.company_id)`

export const COMPANIES_SOURCE: TableSource = {
	config: COMPANIES_TABLE,
	from: sql`companies e left join geographies g on g.id = e.headquarters_country_id
		left join ${TECHNOLOGY_TAGS} tech on tech.company_id = e.id
		left join ${EXPERTISES} ex on ex.company_id = e.id
		left join ${SECTORS} sec on sec.company_id = e.id`,
	where: () => sql`e.show_as_page`,
	search: sql`e.search`,
	facets: {
		[COMPANY_FILTERS.country]: sql`array_remove(array[g.name], null)`,
		[COMPANY_FILTERS.expertise]: sql`coalesce(ex.names, '{}')`,
		[COMPANY_FILTERS.industries]: sql`coalesce(sec.names, '{}')`,
		[COMPANY_FILTERS.technologies]: sql`coalesce(tech.technologies, '{}')`,
		[COMPANY_FILTERS.technologyType]: sql`coalesce(tech.types, '{}')`,
		[COMPANY_FILTERS.technologySubtype]: sql`coalesce(tech.subtypes, '{}')`,
		[COMPANY_FILTERS.digitalProducts]: sql`e.digital_products`,
	},
	ranges: { [COMPANY_REVENUE_RANGE.title]: sql`e.water_revenue_dollars` },
	sorts: {
		name: sql`lower(e.name)`,
		country: sql`g.name`,
		revenue: sql`e.water_revenue_dollars`,
		updated: sql`e.last_modified_date`,
	},
}

type CompanyRow = { id: number; slug: string; name: string; country: string | null; water_revenue_dollars: number | null; last_modified_date: string }

export async function companyHits(db: Db, ids: number[], { canViewFinancialData }: { canViewFinancialData: boolean }): Promise<CompanyHit[]> {
	if (ids.length === 0) return []
	const { rows } = await db.execute<CompanyRow>(sql`
		select e.id, e.slug, e.name, g.name as country, e.water_revenue_dollars, e.last_modified_date
		from companies e left join geographies g on g.id = e.headquarters_country_id where e.id = any(${intArray(ids)})`)
	return inPageOrder(ids, rows).map((row) => ({
		slug: row.slug,
		name: row.name,
		headquartersCountry: row.country,
		waterRevenueDollars: canViewFinancialData ? row.water_revenue_dollars : null,
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
	lastModifiedDate: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
	hasAccess: false,
}))

export const COMPANY_DOWNLOAD_COLUMNS = ({ canViewFinancialData }: { canViewFinancialData: boolean }): XlsxColumn<CompanyHit>[] => [
	{ header: 'Name', width: 45, value: (hit) => hit.name },
	{ header: 'HQ Country', value: (hit) => hit.headquartersCountry },
	...(canViewFinancialData ? [{ header: 'Water Revenue (US$m)', value: (hit: CompanyHit) => hit.waterRevenueDollars }] : []),
	{ header: 'Updated', value: (hit) => hit.lastModifiedDate.slice(0, 10) },
	{ header: 'Page', width: 50, value: (hit) => `/companies/${hit.slug}` },
]
