/**
 * Utilities (Strategist): country for everyone who may see them, the rest with access.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { STRATEGY_PERMISSIONS } from '../access.ts'
import { link, pick, type DetailContext, type EntityKind } from './kind.ts'

const utilityDetails = async ({ db, data, hasAccess }: DetailContext) => {
	const country = await link(db, 'geographies', data.headquarters_country_id)
	if (!hasAccess) return { headquartersCountry: country }
	return {
		headquartersCountry: country,
		...pick(
			data,
			['utility_state', 'project_region', 'utility_ownership_type', 'utility_services', 'water_population', 'wastewater_population', 'non_revenue_water', 'website', 'last_modified_date'],
			['last_modified_date'],
		),
	}
}

export const utilities: EntityKind = {
	table: 'utilities',
	label: 'utility',
	pageType: 'Utility',
	ownerKind: 'utility',
	requires: STRATEGY_PERMISSIONS,
	listFilters: {
		shape: { country: z.string().trim().optional() },
		where: (query) => [typeof query.country === 'string' && query.country !== '' && sql`e.headquarters_country_id = (select id from geographies where slug = ${query.country})`],
	},
	details: utilityDetails,
}
