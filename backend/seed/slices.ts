/**
 * Slices (named sections of strategist entity pages) with their cards, for regions, major
 * countries, technologies, applications, industrial subsectors, technology types, utilities
 * and partner companies.
 */
import { cards, slices, type OwnerKind } from '../db/schema.ts'
import type { CompanyRow } from './companies.ts'
import type { Geographies } from './geographies.ts'
import type { Taxonomies } from './taxonomies.ts'
import type { UtilityRow } from './utilities.ts'
import { TOTAL_SPENDING_CHART } from './forecasts.ts'
import { insertAll, type SeedContext } from './util.ts'

const STRATEGY = ['read:strategy', 'read:strategy-beta']

/**
 * What the "Latest news" card of an owner lists: an article list filter of the card resolver
 * (backend/api/card-resolvers/article-cards.ts). Articles are tagged with geographies,
 * technologies, industries, topics, companies, projects and events, not with applications,
 * industrial subsectors, technology types or utilities: those cards name the nearest tag.
 */
type NewsFilter = { geographySlug: string } | { technologySlug: string } | { industrySlug: string } | { topicSlug: string } | { companySlug: string }

/** The news of each application (by slug): the technology, industry or topic it is about. */
const APPLICATION_NEWS: Record<string, NewsFilter> = {
	'drinking-water-treatment': { technologySlug: 'disinfection' },
	'wastewater-treatment': { technologySlug: 'nutrient-removal' },
	desalination: { technologySlug: 'desalination' },
	'water-reuse': { topicSlug: 'water-reuse' },
	'sludge-treatment': { technologySlug: 'sludge-management' },
	'process-water': { topicSlug: 'industrial-water' },
	'cooling-water': { industrySlug: 'power' },
	'boiler-feedwater': { industrySlug: 'power' },
	'produced-water': { industrySlug: 'oil-and-gas' },
	'ultrapure-water': { industrySlug: 'microelectronics' },
	'stormwater-management': { topicSlug: 'storm-overflows' },
}

/** The industry each industrial subsector (by slug) belongs to. */
const SUBSECTOR_INDUSTRY: Record<string, string> = {
	'upstream-oil-and-gas': 'oil-and-gas',
	'downstream-oil-and-gas': 'refining',
	petrochemicals: 'chemicals',
	'thermal-power': 'power',
	'nuclear-power': 'power',
	'copper-mining': 'mining',
	'lithium-and-battery-materials': 'mining',
	'gold-mining': 'mining',
	dairy: 'food-and-beverage',
	'breweries-and-beverages': 'food-and-beverage',
	semiconductors: 'microelectronics',
	'display-panels': 'microelectronics',
	biopharmaceuticals: 'pharmaceuticals',
	'pulp-mills': 'pulp-and-paper',
	fertilisers: 'chemicals',
}

function lookup<T>(table: Record<string, T>, slug: string): T {
	if (!(slug in table)) throw new Error(`seed slices: no news filter for ${slug}`)
	return table[slug]
}

type Owner = { kind: OwnerKind; id: number; slug: string; name: string; news: NewsFilter; newsTitle?: string; description: string; countryName?: string }

export async function seedSlices(ctx: SeedContext, geo: Geographies, tax: Taxonomies, utilityRows: UtilityRow[], companyRows: CompanyRow[]): Promise<number> {
	const owners: Owner[] = []
	const technologySlug = new Map(tax.technologies.map((t) => [t.id, t.slug]))
	for (const r of geo.regions) owners.push({ kind: 'geography', id: r.id, slug: r.slug, name: r.name, news: { geographySlug: r.slug }, description: r.info.description })
	for (const c of [...geo.countries].sort((a, b) => b.info.weight - a.info.weight).slice(0, 12))
		owners.push({ kind: 'geography', id: c.id, slug: c.slug, name: c.name, news: { geographySlug: c.slug }, description: `The ${c.name} water market: spending, projects, utilities and companies.`, countryName: c.name })
	for (const t of tax.technologies) owners.push({ kind: 'technology', id: t.id, slug: t.slug, name: t.name, news: { technologySlug: t.slug }, description: `${t.name}: market size, suppliers, projects and news.` })
	for (const a of tax.applications) owners.push({ kind: 'application', id: a.id, slug: a.slug, name: a.name, news: lookup(APPLICATION_NEWS, a.slug), description: `${a.name}: where the spending is and who supplies it.` })
	for (const s of tax.industrialSubsectors)
		owners.push({ kind: 'industrial-subsector', id: s.id, slug: s.slug, name: s.name, news: { industrySlug: lookup(SUBSECTOR_INDUSTRY, s.slug) }, description: `Water use and treatment spending in ${s.name.toLowerCase()}.` })
	for (const t of tax.technologyTypes.filter((n) => n.nodeType === 'TechnologyType'))
		owners.push({ kind: 'technology-type', id: t.id, slug: t.slug, name: t.name, news: { technologySlug: technologySlug.get(t.technologyId)! }, description: `${t.name}: suppliers, market data and projects.` })
	for (const u of utilityRows.slice(0, 12)) {
		// A utility's news is its country's: the card says so.
		const country = geo.countryById.get(u.countryId)!
		owners.push({ kind: 'utility', id: u.id, slug: u.slug, name: u.name, news: { geographySlug: country.slug }, newsTitle: `Latest news from ${country.name}`, description: `${u.name}: capital programme, tariffs and procurement.` })
	}
	for (const c of companyRows.filter((x) => x.isPartner)) owners.push({ kind: 'company', id: c.id, slug: c.slug, name: c.name, news: { companySlug: c.slug }, description: `${c.name}: activities, projects, deals and financial performance.` })

	const sliceRows: (typeof slices.$inferInsert)[] = []
	const cardRows: (typeof cards.$inferInsert)[] = []
	for (const owner of owners) {
		const add = (slug: string, name: string, visibility: 'standard' | 'expanded' | 'hidden', permissionLevels: string[], cardType: string, config: Record<string, unknown>) => {
			const id = sliceRows.length + 1
			sliceRows.push({ id, ownerKind: owner.kind, ownerId: owner.id, slug, name, sortOrder: sliceRows.filter((s) => s.ownerKind === owner.kind && s.ownerId === owner.id).length, visibility, permissionLevels })
			cardRows.push({ ownerKind: owner.kind, ownerId: owner.id, sliceId: id, cardType, position: 'Centre', width: 'Full', sortOrder: 0, config })
		}
		add('overview', 'Overview', 'standard', [], 'TextCard', { title: owner.name, bodyText: `<p>${owner.description}</p>`, theme: 'BluePrimary', sticky: false })
		if (owner.kind === 'geography' || owner.kind === 'technology' || owner.kind === 'application' || owner.kind === 'industrial-subsector')
			add('market-data', 'Market data', 'expanded', STRATEGY, 'DatabaseChartCard', {
				title: `${owner.name}: forecast spending`,
				description: 'Capital and operating expenditure, US$ million.',
				...TOTAL_SPENDING_CHART,
				...(owner.countryName ? { countryName: owner.countryName } : {}),
				...(owner.kind === 'geography' && !owner.countryName ? { region: owner.slug } : {}),
			})
		if (owner.kind === 'company')
			add('financials', 'Financial performance', 'standard', STRATEGY, 'DatabaseChartCard', {
				title: `${owner.name}: financial history`,
				dataSourceChartType: 'FinancialHistory',
				company: { slug: owner.slug, name: owner.name },
				chartTableDisplayType: 'TableChart',
				source: 'Company reports; GWI estimates',
			})
		add('latest-news', 'Latest news', 'standard', [], 'ArticleListCard', { title: owner.newsTitle ?? 'Latest news', layout: 'HeadlineList', maxRecordCount: 5, ...owner.news })
		if (owner.kind === 'geography' || owner.kind === 'utility') add('notes', 'Analyst notes', 'hidden', STRATEGY, 'TextCard', { title: 'Analyst notes', bodyText: '<p>Internal notes for the next update.</p>', theme: 'Orange', sticky: false })
	}
	await insertAll(ctx.db, slices, sliceRows)
	await insertAll(ctx.db, cards, cardRows)
	return sliceRows.length
}
