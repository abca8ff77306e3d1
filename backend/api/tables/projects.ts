/**
 * The Project Tracker's table (spec 002 §2-§9): the projects as a `TableSource` of the
 * engine, their hits and their download columns.
 */
import { sql } from 'drizzle-orm'
import { TRACKER_FILTERS, TRACKER_RANGES, TRACKER_TABLE, type ProjectHit } from '../../../contract/tracker.ts'
import type { Db } from '../../db/client.ts'
import { intArray, iso } from '../sql.ts'
import { inPageOrder, type TableSource } from './engine.ts'
import type { XlsxColumn } from './xlsx.ts'
import { readPublicRows } from '../hot-data.ts'

export const PROJECTS_TABLE: TableSource = {
	config: TRACKER_TABLE,
	from: sql`projects e left join project_costs c on c.project_id = e.id left join geographies g on g.id = e.country_id left join geographies r on r.id = g.region_id`,
	search: sql`e.search`,
	facets: {
		// "Project type" are the opportunity categories (Build, Operate, ...), "Project category" the kinds of plant.
		[TRACKER_FILTERS.projectType]: sql`e.categories`,
		[TRACKER_FILTERS.projectCategory]: sql`e.project_types`,
		[TRACKER_FILTERS.wwtpSubcategory]: sql`e.subcategories`,
		[TRACKER_FILTERS.progress]: sql`array[e.progress]`,
		[TRACKER_FILTERS.regions]: sql`array_remove(array[r.name], null)`,
		[TRACKER_FILTERS.countries]: sql`array_remove(array[g.name], null)`,
	},
	ranges: {
		[TRACKER_RANGES.cost.title]: sql`c.cost_usd`,
		[TRACKER_RANGES.capacity.title]: sql`e.capacity_m3d`,
	},
	updated: sql`e.date_last_modified`,
	flagsOff: { [TRACKER_FILTERS.includeArchived]: sql`not e.is_archived` },
	sorts: {
		name: sql`lower(e.name)`,
		country: sql`g.name`,
		category: sql`e.project_types[1]`,
		capacity: sql`e.capacity_m3d`,
		progress: sql`e.progress`,
		updated: sql`e.date_last_modified`,
	},
}

type ProjectRow = {
	id: number
	slug: string
	name: string
	categories: string[]
	project_types: string[]
	country: string | null
	capacity_m3d: number | null
	cost_usd: number | null
	date_last_modified: string
	progress: string
	date_added: string
	is_archived: boolean
}

/** The hits of a page, in its order. */
export async function projectHits(db: Db, ids: number[], hasAccess: boolean): Promise<ProjectHit[]> {
	if (ids.length === 0) return []
	const rows = await readPublicRows<ProjectRow>(
		db,
		'project hits',
		() => sql`
		select e.id, e.slug, e.name, e.categories, e.project_types, g.name as country, e.capacity_m3d, c.cost_usd,
			e.date_last_modified, e.progress, e.date_added, e.is_archived
		from projects e left join project_costs c on c.project_id = e.id left join geographies g on g.id = e.country_id
		where e.id = any(${intArray(ids)})`,
	)
	return inPageOrder(ids, rows).map((row) => ({
		slug: row.slug,
		name: row.name,
		projectCategories: row.project_types,
		projectTypes: row.categories,
		projectCountry: row.country,
		projectCapacityM3d: row.capacity_m3d,
		projectCostUsd: hasAccess ? row.cost_usd : null,
		projectLastModifiedDate: iso(row.date_last_modified)!,
		projectProgress: row.progress,
		projectDateAdded: iso(row.date_added)!,
		projectIsArchived: row.is_archived,
		hasAccess,
	}))
}

const day = (value: string) => value.slice(0, 10)

/** projects.xlsx: the table's columns and what a member needs besides (spec 002 §7). */
export const PROJECT_DOWNLOAD_COLUMNS: XlsxColumn<ProjectHit>[] = [
	{ header: 'Name', width: 50, value: (hit) => hit.name },
	{ header: 'Country', value: (hit) => hit.projectCountry },
	{ header: 'Category', value: (hit) => hit.projectCategories.join(', ') },
	{ header: 'Project type', value: (hit) => hit.projectTypes.join(', ') },
	{ header: 'Capacity (m3/d)', value: (hit) => hit.projectCapacityM3d },
	{ header: 'Cost (US$m)', value: (hit) => hit.projectCostUsd },
	{ header: 'Progress', value: (hit) => hit.projectProgress },
	{
		header: 'Archived',
		value: (hit) => (hit.projectIsArchived ? 'Yes' : 'No'),
	},
	{ header: 'Date added', value: (hit) => day(hit.projectDateAdded) },
	{ header: 'Updated', value: (hit) => day(hit.projectLastModifiedDate) },
	{ header: 'Page', width: 60, value: (hit) => `/projects/${hit.slug}` },
]
