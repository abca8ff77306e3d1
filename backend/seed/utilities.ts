/** Water utilities (>= 1,000) with ownership, services, populations and non-revenue water. */
import { utilities } from '../db/schema.ts'
import type { Geographies } from './geographies.ts'
import { CITIES_BY_COUNTRY, type City } from './places.ts'
import { addDays, insertAll, scaled, SlugRegistry, updatedAndAdded, type SeedContext } from './util.ts'

export type UtilityRow = { id: number; name: string; slug: string; countryId: number; state: string | null; city: string }

const LANGUAGE: Record<string, string> = {
	es: 'es', mx: 'es', ar: 'es', cl: 'es', co: 'es', pe: 'es', ec: 'es', uy: 'es', py: 'es', bo: 'es', ve: 'es', pa: 'es', cr: 'es', gt: 'es', sv: 'es', hn: 'es', ni: 'es', do: 'es', cu: 'es',
	br: 'pt', pt: 'pt', ao: 'pt', mz: 'pt',
	fr: 'fr', be: 'fr', ch: 'de', lu: 'fr', ma: 'fr', dz: 'fr', tn: 'fr', sn: 'fr', ci: 'fr', cm: 'fr', cd: 'fr', mg: 'fr',
	de: 'de', at: 'de',
	it: 'it',
	sa: 'ar', ae: 'ar', qa: 'ar', kw: 'ar', om: 'ar', bh: 'ar', jo: 'ar', eg: 'ar', iq: 'ar', ly: 'ar', lb: 'ar',
}

const PATTERNS: Record<string, string[]> = {
	en: ['{city} Water', '{city} Water Department', '{city} Public Utilities', '{city} Water & Sewer Authority', '{city} Water Board', 'City of {city} Water Services', '{city} Water Company', '{city} Metropolitan Water District', 'Greater {city} Water', '{city} Wastewater Authority'],
	us: ['{city} Water Department', '{city} Public Utilities', '{city} Water & Sewer Authority', 'City of {city} Water Services', '{city} Water Utility', '{city} Municipal Utility District', '{city} Water Works', '{city} Metropolitan Sewer District', '{city} Water Company', '{city} Regional Water Authority'],
	es: ['Aguas de {city}', 'Empresa Municipal de Aguas de {city}', 'Acueducto de {city}', 'Servicios de Agua de {city}', 'Aguas y Saneamiento de {city}', 'Empresa de Acueducto y Alcantarillado de {city}'],
	pt: ['Águas de {city}', 'Serviço Autônomo de Água e Esgoto de {city}', 'Saneamento de {city}', 'Companhia de Águas de {city}'],
	fr: ['Eau de {city}', 'Régie des Eaux de {city}', 'Eaux de {city} Métropole', 'Syndicat des Eaux de {city}', 'Office de l’Eau de {city}'],
	de: ['Stadtwerke {city}', 'Wasserverband {city}', '{city} Wasser', 'Abwasserverband {city}', 'Wasserversorgung {city}'],
	it: ['Acque di {city}', '{city} Servizi Idrici', 'Acquedotto di {city}', '{city} Multiservizi'],
	ar: ['{city} Water & Electricity Company', '{city} Water Services', '{city} Sewerage Services Company', '{city} Water Authority'],
}

const REGIONAL_PATTERNS = ['{state} Water Services Authority', '{state} Water Corporation', '{state} Sanitation Company', '{state} Water and Sewerage Company', '{state} Rural Water Board']

const OWNERSHIP: [string, number][] = [
	['Public', 30],
	['Municipal corporation', 25],
	['State-owned company', 14],
	['Private', 10],
	['PPP', 8],
	['Investor-owned', 6],
	['Cooperative', 3],
	['Concession', 4],
]

const NRW_BY_REGION: Record<string, [number, number]> = { xa: [18, 55], xb: [6, 35], xc: [8, 25], xd: [25, 55], xe: [10, 50] }

export async function seedUtilities(ctx: SeedContext, geo: Geographies): Promise<UtilityRow[]> {
	const rng = ctx.rng('utilities')
	const total = scaled(ctx, 1060)
	const countries = geo.countries.filter((c) => CITIES_BY_COUNTRY.has(c.slug))
	const weights = countries.map((c) => Math.pow(c.info.weight, 0.6) + 0.3)
	const names = new Set<string>()
	const slugs = new SlugRegistry()
	const rows: (typeof utilities.$inferInsert)[] = []
	const out: UtilityRow[] = []
	const ownershipNames = OWNERSHIP.map((o) => o[0])
	const ownershipWeights = OWNERSHIP.map((o) => o[1])
	for (let attempt = 0; out.length < total && attempt < total * 20; attempt++) {
		const country = rng.weighted(countries, weights)
		const cities = CITIES_BY_COUNTRY.get(country.slug)!
		const city: City = rng.pick(cities)
		const lang = country.slug === 'us' ? 'us' : LANGUAGE[country.slug] ?? 'en'
		let name: string
		if (city.state && rng.chance(0.12)) name = rng.pick(REGIONAL_PATTERNS).replace('{state}', city.state)
		else name = rng.pick(PATTERNS[lang] ?? PATTERNS.en).replace('{city}', city.name)
		if (attempt > total * 4) name = `${name} ${rng.pick(['North', 'South', 'East', 'West', 'Central', 'Rural', 'Metro'])} ${rng.int(2, 999)}`
		if (names.has(name)) continue
		names.add(name)
		const id = out.length + 1
		const slug = slugs.take(name)
		const region = geo.regionOf(country.id)
		const big = cities.indexOf(city) < 8
		const population = Math.round(rng.logNormal(big ? 900_000 : 160_000, 0.9) / 100) * 100
		// Sewer districts and wastewater authorities provide no drinking water.
		const wastewaterOnly = /Sewer|Wastewater|Sewerage|Abwasser/.test(name) && !/Water &|Water and|Water Services|Water Works/.test(name)
		const services = wastewaterOnly ? ['Wastewater'] : ['Water']
		const wastewater = wastewaterOnly || rng.chance(0.72)
		if (wastewater && !wastewaterOnly) services.push('Wastewater')
		if (rng.chance(0.25)) services.push('Stormwater')
		if (!wastewaterOnly && country.info.desal > 1 && rng.chance(0.4)) services.push('Desalination')
		if (rng.chance(0.12)) services.push('Reuse')
		const waterPopulation = wastewaterOnly ? null : population
		const ownership = country.slug === 'us' && rng.chance(0.25) ? 'Investor-owned' : rng.weighted(ownershipNames, ownershipWeights)
		const [nrwMin, nrwMax] = NRW_BY_REGION[region.slug]
		const description = `${name} provides ${services.map((s) => s.toLowerCase()).join(', ').replace(/, ([^,]*)$/, ' and $1')} services to around ${formatPopulation(population)} people in ${city.name}${city.state ? `, ${city.state}` : ''}, ${country.name}. It is ${ownership === 'Investor-owned' || ownership === 'Private' ? 'a privately owned' : ownership === 'PPP' || ownership === 'Concession' ? 'a privately operated, publicly owned' : 'a publicly owned'} utility.`
		rows.push({
			id,
			slug,
			name,
			description,
			bodyText: `<p>${description}</p><p>GWI tracks the utility’s capital programme, tariffs and procurement through the Project Tracker and the annual Tariff Survey.</p>`,
			headquartersCountryId: country.id,
			utilityState: city.state,
			projectRegion: region.projectRegion,
			utilityOwnershipType: ownership,
			utilityServices: services,
			waterPopulation,
			wastewaterPopulation: wastewater ? Math.round((population * (wastewaterOnly ? 1 : rng.float(0.55, 1))) / 100) * 100 : null,
			nonRevenueWater: rng.chance(0.85) ? Math.round(rng.float(nrwMin, nrwMax) * 10) / 10 : null,
			website: `https://www.${slug}.example`,
			...updatedAndAdded(addDays(ctx.today, -rng.int(1, 900)), id),
		})
		out.push({ id, name, slug, countryId: country.id, state: city.state, city: city.name })
	}
	await insertAll(ctx.db, utilities, rows)
	return out
}

function formatPopulation(n: number) {
	if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1)} million`
	return Math.round(n).toLocaleString('en-GB')
}
