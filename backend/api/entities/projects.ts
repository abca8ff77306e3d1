/**
 * Projects (the Project Tracker): where and what for everyone, progress, costs, contacts
 * and history only with read:project.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Link } from '../../../contract/common.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import { booleanParam } from '../../../contract/query.ts'
import { iso } from '../sql.ts'
import { link, pick, rows, type DetailContext, type EntityKind } from './kind.ts'

const projectDetails = async ({ db, id, data, hasAccess }: DetailContext) => {
	const country = await link(db, 'geographies', data.country_id)
	const basics = { name: data.name, country, projectTypes: data.project_types }
	// Without read:project only what identifies the project leaves the API.
	if (!hasAccess) return basics
	const [utility, cost, contacts, history, technologies, companies] = await Promise.all([
		link(db, 'utilities', data.utility_id),
		rows<{ cost: number | null; costLocalCurrency: number | null; localCurrency: string | null; description: string | null }>(
			db,
			sql`select cost_usd as cost, cost_local_currency as "costLocalCurrency", local_currency as "localCurrency", description from project_costs where project_id = ${id}`,
		),
		rows<{ name: string; organisation: string | null; phone: string | null; email: string | null }>(
			db,
			sql`select name, organisation, phone, email from project_contacts where project_id = ${id} order by id`,
		),
		// "History is shown newest first, excluding entries equal to the last-modified date."
		rows<{ date: string; cost: number | null; status: string | null; progress: string | null }>(
			db,
			sql`select h.date, h.cost_usd as cost, h.status, h.progress from project_history h join projects p on p.id = h.project_id
				where h.project_id = ${id} and h.date <> p.date_last_modified order by h.date desc, h.id desc`,
		),
		rows<Link>(db, sql`select t.name, t.slug from project_technologies pt join technologies t on t.id = pt.technology_id where pt.project_id = ${id} order by t.name`),
		rows<Link & { role: string }>(
			db,
			sql`select c.name, c.slug, pc.role from project_companies pc join companies c on c.id = pc.company_id where pc.project_id = ${id} order by pc.role, c.name`,
		),
	])
	return {
		...basics,
		...pick(
			data,
			[
				'status',
				'short_status',
				'structure',
				'progress',
				'categories',
				'subcategories',
				'build_type',
				'capacity_m3d',
				'capacity_people',
				'capacity_unit',
				'disposal_routes',
				'treatment_levels',
				'client_name',
				'region',
				'state',
				'date_added',
				'date_last_modified',
				'is_archived',
			],
			['date_added', 'date_last_modified'],
		),
		utility,
		expectedCost: cost[0] ?? null,
		contacts,
		history: history.map((entry) => ({ ...entry, date: iso(entry.date) })),
		technologies,
		companies,
	}
}

export const projects: EntityKind = {
	table: 'projects',
	label: 'project',
	pageType: 'Project',
	requires: [PERMISSIONS.readProject],
	hideDescriptionWithoutAccess: true,
	bodyText: sql`null::text`,
	publicationDate: sql`e.date_last_modified`,
	orderBy: sql`e.date_last_modified desc, e.id desc`,
	listFilters: {
		shape: { country: z.string().trim().optional(), isArchived: booleanParam('isArchived') },
		where: (query) => [
			typeof query.country === 'string' && query.country !== '' && sql`e.country_id = (select id from geographies where slug = ${query.country})`,
			typeof query.isArchived === 'boolean' && sql`e.is_archived = ${query.isArchived}`,
		],
	},
	// A project list says where and what each project is; its progress is Project Tracker content.
	summaryDetails: {
		public: sql`jsonb_build_object(
			'country', (select jsonb_build_object('name', g.name, 'slug', g.slug) from geographies g where g.id = e.country_id),
			'projectTypes', e.project_types)`,
		withAccess: sql`jsonb_build_object('progress', e.progress, 'shortStatus', e.short_status, 'isArchived', e.is_archived)`,
	},
	articles: (id) => ({ tag: { kind: 'projects', id } }),
	details: projectDetails,
}
