/**
 * Geographies: regions and their countries.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Link } from '../../../contract/common.ts'
import { booleanParam } from '../../../contract/query.ts'
import { link, rows, type DetailContext, type EntityKind } from './kind.ts'

const geographyDetails = async ({ db, id, data }: DetailContext) => {
	const [region, countries] = await Promise.all([
		link(db, 'geographies', data.region_id),
		data.is_region ? rows<Link>(db, sql`select name, slug from geographies where region_id = ${id} order by name`) : Promise.resolve([]),
	])
	return { isRegion: data.is_region, region, countries }
}

export const geographies: EntityKind = {
	table: 'geographies',
	label: 'geography',
	pageType: 'Geography',
	ownerKind: 'geography',
	listFilters: {
		shape: { isRegion: booleanParam('isRegion'), region: z.string().trim().optional() },
		where: (query) => [
			typeof query.isRegion === 'boolean' && sql`e.is_region = ${query.isRegion}`,
			typeof query.region === 'string' && query.region !== '' && sql`e.region_id = (select id from geographies where slug = ${query.region})`,
		],
	},
	articles: (id) => ({ tag: { kind: 'geographies', id } }),
	details: geographyDetails,
}
