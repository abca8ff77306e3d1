/**
 * Mergers and acquisitions (Strategist): named as the deal (MERGER_NAME), status Complete
 * or Pending (spec 001).
 */
import { sql } from 'drizzle-orm'
import type { Link } from '../../../contract/common.ts'
import { STRATEGY_PERMISSIONS } from '../access.ts'
import { MERGER_NAME } from '../merger-name.ts'
import { booleanParam } from '../../../contract/query.ts'
import { link, pick, rows, type DetailContext, type EntityKind } from './kind.ts'

const mergerDetails = async ({ db, id, data, hasAccess }: DetailContext) => {
	if (!hasAccess) return pick(data, ['year', 'target_name', 'acquiror_name'])
	const [target, vendor, acquiror, companies] = await Promise.all([
		link(db, 'geographies', data.target_country_id),
		link(db, 'geographies', data.vendor_country_id),
		link(db, 'geographies', data.acquiror_country_id),
		rows<Link & { role: string }>(db, sql`select c.name, c.slug, mc.role from merger_companies mc join companies c on c.id = mc.company_id where mc.merger_id = ${id} order by mc.role, c.name`),
	])
	return {
		...pick(data, [
			'year',
			'announced_date',
			'target_name',
			'vendor_name',
			'acquiror_name',
			'acquiror_type',
			'merger_sector',
			'percent_acquired',
			'price_local',
			'price_currency',
			'price_dollars',
			'revenue',
			'revenue_currency',
			'profit',
			'profit_currency',
			'deal_completed',
		]),
		// Spec 001: merger status shows Complete or Pending.
		status: data.deal_completed ? 'Complete' : 'Pending',
		targetCountry: target,
		vendorCountry: vendor,
		acquirorCountry: acquiror,
		companies,
	}
}

export const mergers: EntityKind = {
	table: 'mergers',
	label: 'merger',
	pageType: 'Merger',
	requires: STRATEGY_PERMISSIONS,
	name: MERGER_NAME,
	bodyText: sql`null::text`,
	// The deal's notes are Strategist data like its figures.
	hideDescriptionWithoutAccess: true,
	publicationDate: sql`coalesce(e.announced_date::timestamptz, make_date(e.year, 1, 1)::timestamptz)`,
	orderBy: sql`e.announced_date desc nulls last, e.year desc, e.id desc`,
	listFilters: {
		shape: { dealCompleted: booleanParam('dealCompleted') },
		where: (query) => [typeof query.dealCompleted === 'boolean' && sql`e.deal_completed = ${query.dealCompleted}`],
	},
	details: mergerDetails,
}
