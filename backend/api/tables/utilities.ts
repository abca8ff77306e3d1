/**
 * The utilities index (spec 001 §2-§9) as a `TableSource` of the table engine, its hits,
 * its sample rows and its download columns.
 */
import { sql } from 'drizzle-orm'
import { SAMPLE_ROWS, UTILITIES_TABLE, UTILITY_FILTERS, UTILITY_RANGES, type UtilityHit } from '../../../contract/indexes.ts'
import type { Db } from '../../db/client.ts'
import { intArray, iso } from '../sql.ts'
import { inPageOrder, type TableSource } from './engine.ts'
import type { XlsxColumn } from './xlsx.ts'
import { readPublicRows } from '../hot-data.ts'

const scalar = (column: string) => sql.raw(`array_remove(array[${column}], null)`)

export const UTILITIES_SOURCE: TableSource = {
	config: UTILITIES_TABLE,
	from: sql`utilities e left join geographies g on g.id = e.headquarters_country_id`,
	search: sql`e.search`,
	facets: {
		[UTILITY_FILTERS.country]: scalar('g.name'),
		[UTILITY_FILTERS.state]: scalar('e.utility_state'),
		[UTILITY_FILTERS.ownership]: scalar('e.utility_ownership_type'),
		[UTILITY_FILTERS.service]: sql`e.utility_services`,
		[UTILITY_FILTERS.region]: scalar('e.project_region'),
	},
	ranges: {
		[UTILITY_RANGES.nonRevenueWater.title]: sql`e.non_revenue_water`,
		[UTILITY_RANGES.waterPopulation.title]: sql`e.water_population`,
		[UTILITY_RANGES.wastewaterPopulation.title]: sql`e.wastewater_population`,
	},
	sorts: {
		name: sql`lower(e.name)`,
		country: sql`g.name`,
		state: sql`e.utility_state`,
		services: sql`e.utility_services[1]`,
		waterPopulation: sql`e.water_population`,
		updated: sql`e.last_modified_date`,
	},
}

type UtilityRow = {
	id: number
	slug: string
	name: string
	country: string | null
	utility_state: string | null
	utility_services: string[]
	water_population: number | null
	last_modified_date: string
}

export async function utilityHits(db: Db, ids: number[]): Promise<UtilityHit[]> {
	if (ids.length === 0) return []
	const rows = await readPublicRows<UtilityRow>(
		db,
		'utility hits',
		() => sql`
		select e.id, e.slug, e.name, g.name as country, e.utility_state, e.utility_services, e.water_population, e.last_modified_date
		from utilities e left join geographies g on g.id = e.headquarters_country_id where e.id = any(${intArray(ids)})`,
	)
	return inPageOrder(ids, rows).map((row) => ({
		slug: row.slug,
		name: row.name,
		country: row.country,
		state: row.utility_state,
		services: row.utility_services,
		waterPopulation: row.water_population,
		lastModifiedDate: iso(row.last_modified_date)!,
		hasAccess: true,
	}))
}

/** Spec 001 §4 "10 fake rows". */
const SAMPLE_CITIES = ['Northbrook', 'Eastmere', 'Southdale', 'Westhaven', 'Lakeside', 'Rivermouth', 'Hillcrest', 'Stonebridge', 'Fairport', 'Millbrook']
export const SAMPLE_UTILITIES: UtilityHit[] = Array.from({ length: SAMPLE_ROWS }, (_, i) => ({
	slug: `sample-${i + 1}`,
	name: `${SAMPLE_CITIES[i]} Water Authority`,
	country: null,
	state: null,
	services: ['Water'],
	waterPopulation: null,
	lastModifiedDate: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
	hasAccess: false,
}))

export const UTILITY_DOWNLOAD_COLUMNS: XlsxColumn<UtilityHit>[] = [
	{ header: 'Name', width: 45, value: (hit) => hit.name },
	{ header: 'Country', value: (hit) => hit.country },
	{ header: 'State/Province', value: (hit) => hit.state },
	{ header: 'Service scope', value: (hit) => hit.services.join(', ') },
	{ header: 'Water population', value: (hit) => hit.waterPopulation },
	{ header: 'Updated', value: (hit) => hit.lastModifiedDate.slice(0, 10) },
	{ header: 'Page', width: 50, value: (hit) => `/utilities/${hit.slug}` },
]
