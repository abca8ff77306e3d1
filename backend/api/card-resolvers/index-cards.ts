/**
 * Search-result cards of the company, utility and merger indexes (spec 001 §2, §3 search
 * hits). Names are public; utility and deal details are Strategist content, and so is a
 * company's water revenue (spec 000 §6): they leave the API only for readers who hold it.
 */
import { sql } from 'drizzle-orm'
import type { CompanyHit, MergerHit, UtilityHit } from '../../../contract/cards.ts'
import { SEARCH_CARD_DEFAULT_COUNT } from '../../../contract/card-rules.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import { MERGER_NAME } from '../merger-name.ts'
import { and, textArray } from '../sql.ts'
import { bool, count, publicRows, str, strings, termMatch, type CardResolver } from './context.ts'
import { keptCount } from './card-counts.ts'
import { inGeography } from './list-cards.ts'

export const INDEX_CARD_RESOLVERS: Record<string, CardResolver> = {
	/** Companies by expertise, sector, headquarters or partnership, largest water revenue first. */
	async CompanySearchCard(config, context) {
		const limit = count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)
		const expertise = str(config.expertise)
		const industry = str(config.industrySlug)
		const geography = str(config.geographySlug)
		const where = and([
			expertise && sql`e.id in (select company_id from company_expertises where name = ${expertise})`,
			industry && sql`e.id in (select ci.company_id from company_industries ci join industries i on i.id = ci.industry_id where i.slug = ${industry})`,
			geography && inGeography(sql`e.headquarters_country_id`, geography),
			bool(config.isPartner) !== undefined && sql`e.is_partner = ${bool(config.isPartner)!}`,
			termMatch(sql`e.search`, str(config.searchTerm)),
		])
		const [rows, total] = await Promise.all([
			publicRows<{ name: string; slug: string; country: string | null; expertises: string[]; water_revenue_dollars: number | null }>(context, 'company search card', sql`
				select e.name, e.slug, g.name as country, e.water_revenue_dollars,
					coalesce((select array_agg(x.name order by x.name) from company_expertises x where x.company_id = e.id), '{}') as expertises
				from companies e left join geographies g on g.id = e.headquarters_country_id
				where ${where}
				order by e.water_revenue_dollars desc nulls last, e.name, e.id
				limit ${limit}`),
			keptCount(context.db, ['CompanySearchCard', expertise, industry, geography, bool(config.isPartner), str(config.searchTerm)], async () =>
				(await context.db.execute<{ n: number }>(sql`select count(*)::int as n from companies e where ${where}`)).rows[0].n,
			),
		])
		const financials = context.access.isStrategist
		const companies: CompanyHit[] = rows.map((row) => ({
			name: row.name,
			slug: row.slug,
			headquartersCountry: row.country,
			expertises: row.expertises,
			...(financials ? { waterRevenueDollars: row.water_revenue_dollars } : {}),
		}))
		// The companies index is open to strategy beta readers only (spec 001 §2).
		return { ...config, companies, totalHits: total, indexAccess: context.access.has(PERMISSIONS.readStrategyBeta) }
	},

	/** Utilities by geography, project region or ownership, largest population served first. */
	async UtilitySearchCard(config, context) {
		const limit = count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)
		const geography = str(config.geographySlug)
		const region = str(config.projectRegion)
		const ownership = str(config.utilityOwnershipType)
		const where = and([
			geography && inGeography(sql`e.headquarters_country_id`, geography),
			region && sql`e.project_region = ${region}`,
			ownership && sql`e.utility_ownership_type = ${ownership}`,
			termMatch(sql`e.search`, str(config.searchTerm)),
		])
		const rows = await publicRows<{
			name: string
			slug: string
			country: string | null
			utility_state: string | null
			utility_ownership_type: string | null
			water_population: number | null
			wastewater_population: number | null
			non_revenue_water: number | null
		}>(context, 'utility search card', sql`
			select e.name, e.slug, g.name as country, e.utility_state, e.utility_ownership_type, e.water_population, e.wastewater_population, e.non_revenue_water
			from utilities e left join geographies g on g.id = e.headquarters_country_id
			where ${where}
			order by e.water_population desc nulls last, e.name, e.id
			limit ${limit}`)
		const hasAccess = context.access.isStrategist
		const utilities: UtilityHit[] = rows.map((row) => ({
			name: row.name,
			slug: row.slug,
			headquartersCountry: row.country,
			hasAccess,
			...(hasAccess
				? {
						utilityState: row.utility_state,
						utilityOwnershipType: row.utility_ownership_type,
						waterPopulation: row.water_population,
						wastewaterPopulation: row.wastewater_population,
						nonRevenueWater: row.non_revenue_water,
					}
				: {}),
		}))
		return { ...config, utilities, hasAccess }
	},

	/** Deals newest first; "Mergers default to Deal completed = Completed" (spec 000 §5). */
	async MergerSearchCard(config, context) {
		const limit = count(config.maxRecordCount, SEARCH_CARD_DEFAULT_COUNT)
		const completed = str(config.dealCompleted) === 'All' ? undefined : str(config.dealCompleted) === 'Pending' ? false : true
		const sectors = strings(config.mergerSectors)
		const targetCountry = str(config.targetCountrySlug)
		const where = and([
			completed !== undefined && sql`e.deal_completed = ${completed}`,
			sectors && sql`e.merger_sector = any(${textArray(sectors)})`,
			targetCountry && inGeography(sql`e.target_country_id`, targetCountry),
			termMatch(sql`e.search`, str(config.searchTerm)),
		])
		const rows = await publicRows<{
			name: string
			slug: string
			year: number
			target_name: string
			acquiror_name: string
			percent_acquired: number | null
			price_dollars: number | null
			deal_completed: boolean
			country: string | null
		}>(context, 'merger search card', sql`
			select ${MERGER_NAME} as name, e.slug, e.year, e.target_name, e.acquiror_name, e.percent_acquired, e.price_dollars, e.deal_completed, g.name as country
			from mergers e left join geographies g on g.id = e.target_country_id
			where ${where}
			order by e.announced_date desc nulls last, e.year desc, e.id desc
			limit ${limit}`)
		const hasAccess = context.access.isStrategist
		const mergers: MergerHit[] = rows.map((row) => ({
			name: row.name,
			slug: row.slug,
			year: row.year,
			targetName: row.target_name,
			acquirorName: row.acquiror_name,
			targetCountry: row.country,
			hasAccess,
			...(hasAccess ? { status: row.deal_completed ? 'Complete' : 'Pending', percentAcquired: row.percent_acquired, priceDollars: row.price_dollars } : {}),
		}))
		return { ...config, mergers, hasAccess }
	},
}
