/** Project Tracker: over 1,300 live water projects with costs, history, contacts, technologies, companies. */
import { PROJECT_PROGRESS, projectCompanies, projectContacts, projectCosts, projectHistory, projects, projectTechnologies } from '../db/schema.ts'
import type { CompanyRow } from './companies.ts'
import type { Geographies } from './geographies.ts'
import { USD_PER_UNIT } from './geographies.ts'
import { CITIES_BY_COUNTRY, cityIn, personName, type City } from './places.ts'
import type { Random } from './random.ts'
import type { Taxonomies } from './taxonomies.ts'
import type { UtilityRow } from './utilities.ts'
import { addDays, addHours, DAY_MS, formatNumber, insertAll, scaled, SlugRegistry, type SeedContext } from './util.ts'

type Progress = (typeof PROJECT_PROGRESS)[number]

/**
 * Enough projects that the tracker, which lists only those not archived (about a tenth are),
 * holds more than the product claims (MARKETING_FIGURES.trackedProjects, "1,300+").
 */
const SEEDED_PROJECTS = 1_460

export type ProjectKind = 'desal' | 'wwtp' | 'wtp' | 'reuse' | 'transfer' | 'sludge' | 'utility'

export type ProjectRow = {
	id: number
	name: string
	slug: string
	countryId: number
	kind: ProjectKind
	theme: string
	progress: Progress
	projectTypes: string[]
	dateLastModified: Date
	isArchived: boolean
}

const KIND_WEIGHTS: [ProjectKind, number][] = [
	['desal', 24],
	['wwtp', 30],
	['wtp', 17],
	['reuse', 8],
	['transfer', 7],
	['sludge', 6],
	['utility', 8],
]

const PROGRESS_WEIGHTS: [Progress, number][] = [
	['Conceptual stage', 14],
	['Design stage', 14],
	['Prequalification', 11],
	['RFP issued', 14],
	['Bids submitted', 12],
	['Contract awarded', 22],
	['Pre-financial close', 6],
	['Cancelled', 4],
	['No longer tracked', 3],
]

const GULF = new Set(['sa', 'ae', 'qa', 'kw', 'om', 'bh'])
const DIRECTIONS = ['North', 'South', 'East', 'West', 'Central']

const NAME_PATTERNS: Record<ProjectKind, string[]> = {
	desal: ['{city} Desalination Plant', '{city} SWRO Plant', '{city} Seawater Desalination Project', '{city} Desalination Plant Expansion', '{city} BWRO Plant'],
	wwtp: ['{city} {dir} WWTP Upgrade', '{city} WWTP Expansion', '{city} Wastewater Treatment Plant Phase {n}', '{city} {dir} Wastewater Treatment Works', '{city} Sewage Treatment Plant', '{city} WWTP Nutrient Removal Upgrade'],
	wtp: ['{city} WTP', '{city} Water Treatment Works Upgrade', '{city} PFAS Treatment Facility', '{city} {dir} Water Treatment Plant', '{city} Surface Water Treatment Plant Phase {n}'],
	reuse: ['{city} Advanced Water Purification Facility', '{city} Water Reclamation Plant', '{city} Pure Water Project', '{city} Tertiary Reuse Scheme', '{city} Industrial Reuse Plant'],
	transfer: ['{city}–{city2} Water Transmission Pipeline', '{city} Bulk Water Transfer Scheme', '{city} Regional Water Conveyance', '{city}–{city2} Interconnector'],
	sludge: ['{city} Sludge Treatment Centre', '{city} Biosolids Facility', '{city} Thermal Hydrolysis Plant', '{city} Sludge Mono-incineration Plant', '{city} Sludge Drying Facility'],
	utility: ['{city} NRW Reduction Contract', '{city} Water Services Concession', '{city} Smart Metering Programme', '{city} Water and Sewerage PPP', '{city} Performance-Based Leakage Contract'],
}

const TYPES: Record<ProjectKind, string[]> = {
	desal: ['Desal'],
	wwtp: ['WWTP'],
	wtp: ['WTP'],
	reuse: ['WWTP'],
	transfer: ['Water transfer'],
	sludge: ['Sludge'],
	utility: ['Utility'],
}

const THEME_OF: Record<ProjectKind, string> = { desal: 'desal', wwtp: 'wastewater', wtp: 'drinking', reuse: 'reuse', transfer: 'networks', sludge: 'sludge', utility: 'networks' }

const TECHNOLOGIES: Record<ProjectKind, string[]> = {
	desal: ['desalination', 'membranes', 'pumps-and-valves'],
	wwtp: ['nutrient-removal', 'membranes', 'disinfection', 'sludge-management'],
	wtp: ['membranes', 'disinfection', 'selective-adsorbents'],
	reuse: ['membranes', 'disinfection', 'selective-adsorbents'],
	transfer: ['water-networks', 'pumps-and-valves'],
	sludge: ['sludge-management', 'nutrient-removal'],
	utility: ['water-networks', 'digital-smart-water-systems', 'wastewater-networks'],
}

const BUILD_TYPES: Record<ProjectKind, string[]> = {
	desal: ['BOT', 'BOO', 'BOOT', 'DBO', 'EPC', 'IWP'],
	wwtp: ['DB', 'DBO', 'EPC', 'PPP', 'BOT', 'Alliance', 'ISTP'],
	wtp: ['DB', 'DBO', 'EPC', 'CMAR', 'PPP'],
	reuse: ['DBO', 'DB', 'PPP', 'BOT', 'Progressive design-build'],
	transfer: ['EPC', 'DB', 'PPP', 'BOT', 'DBFO'],
	sludge: ['DBO', 'DB', 'PPP', 'EPC'],
	utility: ['PPP', 'Concession', 'O&M', 'Performance-based contract', 'Lease'],
}

const DISPOSAL = ['Agricultural land spreading', 'Class A biosolids', 'Incineration', 'Landfill', 'Other']
const TREATMENT_LEVELS = ['Secondary only', 'Tertiary', 'Nutrient removal', 'Disinfection', 'Micropollutant removal', 'Biogas generation', 'Nutrient recovery']

const AGENCY_CLIENTS: Record<string, string[]> = {
	sa: ['Saudi Water Partnership Company', 'Saline Water Conversion Corporation', 'National Water Company', 'Water Transmission and Technologies Company'],
	ae: ['Emirates Water and Electricity Company', 'Dubai Electricity and Water Authority', 'Etihad Water and Electricity', 'Sharjah Electricity, Water and Gas Authority'],
	qa: ['Kahramaa', 'Ashghal (Public Works Authority)'],
	kw: ['Ministry of Electricity, Water and Renewable Energy', 'Kuwait Authority for Partnership Projects'],
	om: ['Nama Power and Water Procurement Company', 'Nama Water Services'],
	bh: ['Electricity and Water Authority', 'Ministry of Works'],
	eg: ['Egyptian Holding Company for Water and Wastewater', 'New Urban Communities Authority', 'Sovereign Fund of Egypt'],
	ma: ['ONEE', 'Ministry of Equipment and Water'],
	dz: ['Algerian Energy Company', 'Société Nationale de Dessalement'],
	in: ['Jal Jeevan Mission', 'National Mission for Clean Ganga', 'Chennai Metrowater'],
	cn: ['Beijing Enterprises Water Group', 'China Everbright Water', 'Municipal Housing and Construction Bureau'],
	au: ['Sydney Water', 'Melbourne Water', 'Water Corporation', 'SA Water', 'Seqwater'],
	gb: ['Thames Water', 'Severn Trent', 'United Utilities', 'Anglian Water', 'Scottish Water'],
	us: ['US Army Corps of Engineers', 'Metropolitan Water District of Southern California'],
	cl: ['Codelco', 'Ministry of Public Works', 'Aguas Andinas'],
	il: ['Israel Water Authority', 'Mekorot'],
	jo: ['Ministry of Water and Irrigation'],
	es: ['Acuamed', 'Agència Catalana de l’Aigua'],
	br: ['Sabesp', 'Cedae', 'Copasa', 'BNDES'],
	mx: ['CONAGUA', 'Comisión Estatal de Servicios Públicos'],
}

/** Coastal cities for desalination plants where the country list has inland cities too. */
const DESAL_CITIES: Record<string, string> = {
	sa: 'Jeddah|Jubail|Yanbu|Ras Al Khair|Al Khobar|Dammam|Jazan|Rabigh|Shuqaiq|Shoaiba|Al Khafji|Neom|Ras Mohaisen|Umluj|Duba',
	ae: 'Abu Dhabi|Dubai|Sharjah|Ajman|Ras Al Khaimah|Fujairah|Umm Al Quwain|Taweelah|Mirfa|Shuweihat|Hassyan|Jebel Ali|Hamriyah|Khor Fakkan',
	om: 'Muscat|Salalah|Sohar|Sur|Barka|Duqm|Ghubrah|Sharqiyah',
	il: 'Ashdod|Ashkelon|Hadera|Sorek|Palmachim|Haifa|Eilat|Western Galilee',
	eg: 'Alexandria|Port Said|Suez|Hurghada|Sharm El Sheikh|El Alamein|Ain Sokhna|Marsa Matrouh|El Arish',
	dz: 'Algiers|Oran|Annaba|Béjaïa|Skikda|Tlemcen|Mostaganem|El Tarf|Tipaza|Fouka|Magtaa',
	ma: 'Casablanca|Agadir|Tangier|Dakhla|Laayoune|Safi|El Jadida|Nador',
	es: 'Barcelona|Valencia|Málaga|Murcia|Palma|Las Palmas|Alicante|Almería|Torrevieja|Cartagena|Santa Cruz de Tenerife|Ibiza|Lanzarote|Fuerteventura|Tarragona',
	au: 'Sydney|Melbourne|Perth|Adelaide|Gold Coast|Alkimos|Kwinana|Port Stanvac|Wonthaggi|Kurnell|Tugun|Whyalla|Port Hedland',
	us: 'San Diego|Carlsbad|Doheny|Monterey|Santa Barbara|Corpus Christi|Tampa|Long Beach|Huntington Beach|Oxnard|El Paso',
	cl: 'Antofagasta|Valparaíso|Iquique|Arica|Copiapó|La Serena|Coquimbo|Mejillones|Tocopilla',
	mx: 'Ensenada|Rosarito|La Paz|Los Cabos|Guaymas|Hermosillo|Tijuana|Cancún|Veracruz',
	cn: 'Tianjin|Qingdao|Dalian|Caofeidian|Zhoushan|Sanya|Haikou|Lianyungang|Yantai|Xiamen|Zhuhai',
	in: 'Chennai|Nemmeli|Minjur|Perur|Dwarka|Jamnagar|Mumbai|Visakhapatnam',
	pe: 'Lima|Callao|Chimbote|Ica|Tacna|Piura',
	za: 'Cape Town|Durban|Port Elizabeth|Saldanha Bay|Mossel Bay|Richards Bay|East London',
	it: 'Palermo|Taranto|Bari|Cagliari|Genoa|Naples|Messina',
	gr: 'Athens|Heraklion|Rhodes|Mykonos|Santorini|Chania',
	tr: 'Istanbul|Izmir|Antalya|Bodrum|Mersin|Alanya',
	jo: 'Aqaba',
	iq: 'Basra|Fao',
	ir: 'Bandar Abbas|Bushehr',
	pk: 'Karachi|Gwadar',
	kr: 'Busan|Gijang|Incheon|Ulsan|Pohang|Jeju',
	jp: 'Fukuoka|Naha|Okinawa',
	br: 'Fortaleza|Salvador|Recife|Natal|Santos|Rio de Janeiro',
}

const COMPANY_ROLES = ['EPC contractor', 'Operator', 'Developer', 'Technical adviser', 'Financial adviser', 'Legal adviser', 'Membrane supplier', 'Lender', 'Equipment supplier']
const BIDDER_ROLE = 'Bidder'

function capacityFor(rng: Random, kind: ProjectKind): number {
	const ranges: Record<ProjectKind, [number, number]> = {
		desal: [5_000, 1_000_000],
		wwtp: [5_000, 1_500_000],
		wtp: [10_000, 2_000_000],
		reuse: [5_000, 500_000],
		transfer: [50_000, 3_000_000],
		sludge: [5_000, 150_000],
		utility: [50_000, 2_000_000],
	}
	const [min, max] = ranges[kind]
	const value = Math.exp(rng.float(Math.log(min), Math.log(max)) * 0.6 + Math.log(Math.sqrt(min * max)) * 0.4)
	return Math.round(value / 1000) * 1000
}

export async function seedProjects(ctx: SeedContext, geo: Geographies, tax: Taxonomies, companyRows: CompanyRow[], utilityRows: UtilityRow[]): Promise<ProjectRow[]> {
	const rng = ctx.rng('projects')
	const total = scaled(ctx, SEEDED_PROJECTS)
	const today = ctx.today
	const countries = geo.countries
	const generalWeights = countries.map((c) => Math.pow(c.info.weight, 0.7) + 0.05)
	const desalWeights = countries.map((c) => c.info.desal)
	const kinds = KIND_WEIGHTS.map((k) => k[0])
	const kindWeights = KIND_WEIGHTS.map((k) => k[1])
	const progressNames = PROGRESS_WEIGHTS.map((p) => p[0])
	const progressWeights = PROGRESS_WEIGHTS.map((p) => p[1])
	const techBySlug = new Map(tax.technologies.map((t) => [t.slug, t.id]))
	const utilitiesByCountry = new Map<number, UtilityRow[]>()
	for (const u of utilityRows) (utilitiesByCountry.get(u.countryId) ?? utilitiesByCountry.set(u.countryId, []).get(u.countryId)!).push(u)
	const contractors = companyRows.filter((c) => c.kind === 'contractor' || c.kind === 'operator')
	const suppliers = companyRows.filter((c) => c.kind === 'technology' || c.kind === 'equipment' || c.kind === 'digital')
	const advisers = companyRows.filter((c) => c.kind === 'consultant')
	const investors = companyRows.filter((c) => c.kind === 'investor')
	const industrials = companyRows.filter((c) => c.kind === 'chemicals' || c.kind === 'technology')
	const names = new Set<string>()
	const slugs = new SlugRegistry()
	const seqByCity = new Map<string, number>()

	const rows: (typeof projects.$inferInsert)[] = []
	const out: ProjectRow[] = []
	const costs: (typeof projectCosts.$inferInsert)[] = []
	const history: (typeof projectHistory.$inferInsert)[] = []
	const contacts: (typeof projectContacts.$inferInsert)[] = []
	const techLinks: (typeof projectTechnologies.$inferInsert)[] = []
	const companyLinks: (typeof projectCompanies.$inferInsert)[] = []

	// A few landmark desalination projects with well-known style names.
	const landmarks: [string, string][] = [
		['Ras Al Khair 2 IWP', 'sa'],
		['Jubail 4 & 6 IWP', 'sa'],
		['Shuqaiq 4 IWP', 'sa'],
		['Rabigh 4 IWP', 'sa'],
		['Hassyan 2 IWP', 'ae'],
		['Abu Dhabi Islands IWP', 'ae'],
		['Facility E IWPP', 'qa'],
		['Az-Zour North 2 & 3 IWPP', 'kw'],
		['Barka 5 IWP', 'om'],
		['Hidd 2 IWP', 'bh'],
		['Sorek 3 Desalination Plant', 'il'],
		['Casablanca Desalination Plant', 'ma'],
	]

	for (let i = 0; i < total; i++) {
		const id = i + 1
		const landmark = i < landmarks.length ? landmarks[i] : null
		const kind: ProjectKind = landmark ? 'desal' : rng.weighted(kinds, kindWeights)
		const country = landmark ? countries.find((c) => c.slug === landmark[1])! : kind === 'desal' ? rng.weighted(countries, desalWeights) : rng.weighted(countries, generalWeights)
		const region = geo.regionOf(country.id)
		const coastal = kind === 'desal' ? DESAL_CITIES[country.slug] : undefined
		const city = coastal ? coastalCity(rng, country.slug, coastal) : cityIn(rng, country.slug, country.name)
		let name = landmark?.[0] ?? ''
		for (let attempt = 0; !name || names.has(name); attempt++) {
			let pattern = rng.pick(NAME_PATTERNS[kind])
			if (kind === 'desal' && GULF.has(country.slug) && rng.chance(0.6)) {
				const n = (seqByCity.get(city.name) ?? rng.int(1, 3)) + 1
				seqByCity.set(city.name, n)
				pattern = `{city} ${n} ${rng.pick(['IWP', 'IWP', 'IWPP'])}`
			}
			if (kind === 'wwtp' && country.slug === 'sa' && rng.chance(0.5)) pattern = '{city} {dir} ISTP'
			const city2 = cityIn(rng, country.slug, country.name).name
			name = pattern
				.replace('{city}', city.name)
				.replace('{city2}', city2 === city.name ? `${city.name} Port` : city2)
				.replace('{dir}', rng.pick(DIRECTIONS))
				.replace('{n}', String(rng.int(2, 4)))
			if (attempt > 8) name = `${name} ${rng.pick(['Phase 2', 'Phase 3', 'Stage B', 'Extension', 'Package 2'])}`
			if (attempt > 20) name = `${name} (${id})`
		}
		names.add(name)
		const slug = slugs.take(name)
		const progress: Progress = rng.weighted(progressNames, progressWeights)
		const progressIndex = PROJECT_PROGRESS.indexOf(progress)
		const buildType = rng.pick(BUILD_TYPES[kind])
		const industrial = kind !== 'utility' && rng.chance(kind === 'desal' ? 0.18 : 0.1)
		const dfi = ['xa', 'xd', 'xe'].includes(region.slug) && country.info.weight < 3 && rng.chance(0.35)
		const categories: string[] = []
		if (buildType !== 'O&M' && buildType !== 'Lease') categories.push('Build')
		if (/BOT|BOO|DBO|PPP|IWP|ISTP|Concession|O&M|Lease|DBFO|Performance/.test(buildType)) categories.push('Operate')
		if (/BOT|BOO|PPP|IWP|ISTP|Concession|DBFO/.test(buildType)) categories.push('Finance')
		if (industrial) categories.push('Industrial')
		if (dfi) categories.push('DFI')
		const advanced = kind === 'wwtp' && rng.chance(0.25)
		if (advanced) categories.push('Advanced')
		if (kind === 'reuse') categories.push('Reuse')
		if (kind === 'sludge') categories.push('Sludge')
		const subcategories = kind === 'reuse' ? ['Reuse'] : advanced ? ['Advanced'] : []

		const capacity = capacityFor(rng, kind)
		let capacityM3d: number | null = capacity
		let capacityPeople: number | null = null
		let capacityUnit: 'm3/d' | 'PE' | 'Dry tonnes/year' | 'MGD' = 'm3/d'
		if (kind === 'wwtp' && (region.slug === 'xb' || rng.chance(0.25))) {
			capacityPeople = Math.round((capacity * 5) / 1000) * 1000
			capacityUnit = 'PE'
		}
		if (kind === 'sludge') capacityUnit = 'Dry tonnes/year'
		if ((kind === 'wtp' || kind === 'wwtp' || kind === 'reuse') && country.slug === 'us' && rng.chance(0.5)) capacityUnit = 'MGD'
		if (kind === 'utility' && rng.chance(0.5)) capacityM3d = null

		// Cost grows sub-linearly with capacity; desal and reuse are dearer per m3.
		const unitCost: Record<ProjectKind, number> = { desal: 1300, wwtp: 900, wtp: 600, reuse: 1500, transfer: 400, sludge: 9000, utility: 250 }
		const costUsd = Math.round((unitCost[kind] * Math.pow(capacity, 0.92) * rng.float(0.6, 1.6)) / 1e5) / 10
		const hasCost = rng.chance(0.82)
		const currency = country.info.currency
		const rate = USD_PER_UNIT[currency] ?? 1

		const localUtilities = (utilitiesByCountry.get(country.id) ?? []).filter((u) => u.city === city.name)
		const agencyFirst = kind === 'desal' && AGENCY_CLIENTS[country.slug] && rng.chance(0.75)
		const utility = !industrial && !agencyFirst && localUtilities.length && rng.chance(0.8) ? rng.pick(localUtilities) : null
		const industrialClient = industrial ? rng.pick(industrials.length ? industrials : companyRows) : null
		const clientName = utility?.name ?? industrialClient?.name ?? (AGENCY_CLIENTS[country.slug] ? rng.pick(AGENCY_CLIENTS[country.slug]) : rng.chance(0.5) ? `${city.name} Water Authority` : `Ministry of Water, ${country.name}`)

		// Dates: added within the last ~6 years; last modified after that, skewed to recent.
		const addedDaysAgo = rng.int(20, 6 * 365)
		const dateAdded = addHours(addDays(today, -addedDaysAgo), rng.int(8, 17))
		const modifiedDaysAgo = Math.floor(addedDaysAgo * Math.pow(rng.next(), 2.2))
		const dateLastModified = modifiedDaysAgo >= addedDaysAgo ? dateAdded : addHours(addDays(today, -Math.max(1, modifiedDaysAgo)), rng.int(8, 17))
		const stale = today.getTime() - dateLastModified.getTime() > 3 * 365 * DAY_MS
		const isArchived = progress === 'Cancelled' || progress === 'No longer tracked' ? rng.chance(0.7) : stale ? rng.chance(0.3) : rng.chance(0.04)

		const contractor = contractors.length ? rng.pick(contractors) : null
		const bidders = rng.sample(contractors, rng.int(2, 5))
		const capacityText = kind === 'sludge' ? `${formatNumber(Math.round(capacity / 2))} dry tonnes a year` : capacityUnit === 'PE' ? `${formatNumber(capacityPeople!)} population equivalent` : `${formatNumber(capacity)} m3/d`
		const description = describe(kind, name, city.name, country.name, capacityText, clientName, buildType)
		const { status, shortStatus } = statusFor(rng, progress, clientName, contractor?.name ?? 'the preferred bidder', bidders.length, dateLastModified)
		rows.push({
			id,
			slug,
			name,
			description,
			status,
			shortStatus,
			structure: structureFor(rng, buildType, kind),
			progress,
			categories,
			subcategories,
			projectTypes: TYPES[kind],
			buildType,
			capacityM3d: kind === 'sludge' ? Math.round(capacity / 2) : capacityM3d,
			capacityPeople,
			capacityUnit: capacityM3d === null && capacityPeople === null ? null : capacityUnit,
			disposalRoutes: kind === 'sludge' || (kind === 'wwtp' && rng.chance(0.3)) ? rng.sample(DISPOSAL, rng.int(1, 2)) : [],
			treatmentLevels: kind === 'wwtp' || kind === 'reuse' ? rng.sample(TREATMENT_LEVELS, rng.int(1, 3)) : [],
			clientName,
			utilityId: utility?.id ?? null,
			region: region.projectRegion,
			countryId: country.id,
			state: city.state,
			dateAdded,
			dateLastModified,
			isArchived,
		})
		out.push({ id, name, slug, countryId: country.id, kind, theme: THEME_OF[kind], progress, projectTypes: TYPES[kind], dateLastModified, isArchived })

		if (hasCost) {
			costs.push({
				projectId: id,
				costUsd,
				costLocalCurrency: Math.round((costUsd / rate) * 10) / 10,
				localCurrency: currency,
				description: progressIndex >= 5 && progressIndex <= 6 ? 'Contract value' : rng.pick(['Estimated capital cost', 'Budget estimate', 'Estimated total investment']),
			})
		}
		// History: ascending dates from added to last modified, progress advancing to the current stage.
		const steps = Math.min(rng.int(1, 6), Math.max(1, Math.floor((dateLastModified.getTime() - dateAdded.getTime()) / (20 * DAY_MS)) + 1))
		const terminal = progress === 'Cancelled' || progress === 'No longer tracked'
		const reached = terminal ? rng.int(0, 4) : progressIndex
		for (let s = 0; s < steps; s++) {
			const last = s === steps - 1
			const fraction = steps === 1 ? 1 : s / (steps - 1)
			const date = last ? dateLastModified : new Date(dateAdded.getTime() + Math.round((dateLastModified.getTime() - dateAdded.getTime()) * fraction))
			const stepIndex = last ? progressIndex : Math.min(reached, Math.floor((reached * s) / Math.max(1, steps - 1)))
			const stepProgress = last ? progress : PROJECT_PROGRESS[stepIndex]
			history.push({
				projectId: id,
				date,
				costUsd: hasCost ? Math.round(costUsd * (1 - (steps - 1 - s) * 0.04) * 10) / 10 : null,
				status: last ? status : historyStatus(rng, stepProgress, clientName),
				progress: stepProgress,
			})
		}
		for (let c = rng.int(1, 3); c > 0; c--) {
			const person = personName(rng)
			const organisation = c === 1 ? clientName : rng.chance(0.5) && advisers.length ? rng.pick(advisers).name : contractor?.name ?? clientName
			contacts.push({
				projectId: id,
				name: person,
				organisation,
				phone: `+00 ${rng.int(10, 99)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}`,
				email: `${person.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]+/g, '.')}@example.com`,
			})
		}
		for (const t of rng.sample(TECHNOLOGIES[kind], rng.int(1, 3))) {
			const techId = techBySlug.get(t)
			if (techId) techLinks.push({ projectId: id, technologyId: techId })
		}
		const linkSet = new Set<string>()
		const link = (company: CompanyRow | null | undefined, role: string) => {
			if (!company) return
			const key = `${company.id}/${role}`
			if (linkSet.has(key)) return
			linkSet.add(key)
			companyLinks.push({ projectId: id, companyId: company.id, role })
		}
		if (progressIndex >= 4 && progressIndex <= 6) for (const b of bidders) link(b, BIDDER_ROLE)
		if (progressIndex === 5 || progressIndex === 6) {
			link(contractor, categories.includes('Finance') ? 'Developer' : 'EPC contractor')
			if (categories.includes('Operate')) link(rng.pick(contractors), 'Operator')
			if (suppliers.length && rng.chance(0.6)) link(rng.pick(suppliers), kind === 'desal' || kind === 'reuse' ? 'Membrane supplier' : 'Equipment supplier')
			if (categories.includes('Finance') && investors.length && rng.chance(0.5)) link(rng.pick(investors), 'Lender')
		}
		if (advisers.length && rng.chance(0.55)) link(rng.pick(advisers), rng.pick(COMPANY_ROLES.slice(3, 6)))
		if (industrialClient) link(industrialClient, 'Client')
	}
	await insertAll(ctx.db, projects, rows)
	await insertAll(ctx.db, projectCosts, costs)
	await insertAll(ctx.db, projectHistory, history)
	await insertAll(ctx.db, projectContacts, contacts)
	await insertAll(ctx.db, projectTechnologies, techLinks)
	await insertAll(ctx.db, projectCompanies, companyLinks)
	return out
}

function coastalCity(rng: Random, countryCode: string, list: string): City {
	const name = rng.pick(list.split('|'))
	return { name, state: CITIES_BY_COUNTRY.get(countryCode)?.find((c) => c.name === name)?.state ?? null, countryCode }
}

function describe(kind: ProjectKind, name: string, city: string, country: string, capacity: string, client: string, buildType: string): string {
	const what: Record<ProjectKind, string> = {
		desal: `a seawater reverse osmosis plant with a capacity of ${capacity} to supply ${city} and surrounding areas`,
		wwtp: `the expansion and upgrade of the wastewater treatment plant serving ${city} to ${capacity}, with tertiary treatment and nutrient removal`,
		wtp: `a new drinking water treatment plant of ${capacity} for ${city}, including advanced treatment for emerging contaminants`,
		reuse: `an advanced water purification facility producing ${capacity} of recycled water from treated effluent in ${city}`,
		transfer: `a bulk water transmission scheme conveying up to ${capacity} to ${city}, with pumping stations and storage reservoirs`,
		sludge: `a regional sludge treatment centre in ${city} processing ${capacity}, with digestion and energy recovery`,
		utility: `a performance-based programme to improve water services in ${city}, covering non-revenue water reduction, metering and network rehabilitation`,
	}
	return `${name} is ${what[kind]}, ${country}. The client is ${client} and the project is being procured on a ${buildType} basis.`
}

function statusFor(rng: Random, progress: Progress, client: string, winner: string, bidders: number, modified: Date) {
	const month = modified.toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
	const next = new Date(modified.getTime() + rng.int(45, 200) * DAY_MS).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
	switch (progress) {
		case 'Conceptual stage':
			return { status: `${client} is studying options for the project and has not yet appointed a technical adviser. A feasibility study is expected to be completed by ${next}.`, shortStatus: 'Feasibility study under way' }
		case 'Design stage':
			return { status: `Design work was under way as of ${month}. ${client} expects to decide on the procurement route by ${next}, with a tender to follow.`, shortStatus: 'In design' }
		case 'Prequalification':
			return { status: `${client} invited expressions of interest in ${month}. Submissions are due in ${next}, after which a shortlist will be announced.`, shortStatus: `EOIs due ${next}` }
		case 'RFP issued':
			return { status: `The request for proposals was issued to ${bidders + rng.int(0, 3)} prequalified bidders in ${month}. Bids are due in ${next}.`, shortStatus: `Bids due ${next}` }
		case 'Bids submitted':
			return { status: `${bidders} bids were submitted in ${month} and are under evaluation. ${client} expects to name a preferred bidder by ${next}.`, shortStatus: `${bidders} bids under evaluation` }
		case 'Contract awarded':
			return { status: `The contract was awarded to ${winner} in ${month}. Construction is expected to take ${rng.int(18, 40)} months.`, shortStatus: `Awarded to ${winner}` }
		case 'Pre-financial close':
			return { status: `${winner} was named preferred bidder in ${month}. Financial close is targeted for ${next}, with lenders in due diligence.`, shortStatus: 'Preferred bidder named' }
		case 'Cancelled':
			return { status: `${client} cancelled the tender in ${month}, citing ${rng.pick(['budget constraints', 'a change of procurement strategy', 'bids above the cost estimate', 'land acquisition problems'])}.`, shortStatus: 'Tender cancelled' }
		default:
			return { status: `There has been no news on the project since ${month} and GWI is no longer tracking it.`, shortStatus: 'No longer tracked' }
	}
}

function historyStatus(rng: Random, progress: Progress, client: string) {
	const lines: Record<string, string[]> = {
		'Conceptual stage': [`${client} announced plans for the project.`, 'The project was included in the national investment plan.'],
		'Design stage': ['A technical adviser was appointed to prepare the design.', 'The environmental impact assessment was launched.'],
		Prequalification: ['A call for expressions of interest was published.', 'Prequalification documents were issued.'],
		'RFP issued': ['The request for proposals was issued to shortlisted bidders.', 'The bid deadline was extended by two months.'],
		'Bids submitted': ['Technical and financial bids were opened.', 'Bids were submitted and are being evaluated.'],
		'Contract awarded': ['The contract was signed.', 'Notice to proceed was issued.'],
		'Pre-financial close': ['A preferred bidder was named.', 'Term sheets were agreed with lenders.'],
	}
	return rng.pick(lines[progress] ?? ['Project update.'])
}

function structureFor(rng: Random, buildType: string, kind: ProjectKind) {
	if (/BOT|BOO|IWP|ISTP|DBFO|BOOT/.test(buildType)) return `${rng.pick([20, 25, 30, 35])}-year ${buildType} with a ${kind === 'desal' ? 'water purchase agreement' : 'service agreement'} backed by ${rng.pick(['the offtaker', 'a government guarantee', 'the ministry of finance'])}`
	if (buildType === 'DBO') return `Design-build with ${rng.pick([5, 10, 15, 20])} years of operation and maintenance`
	if (buildType === 'PPP' || buildType === 'Concession') return `${rng.pick([15, 20, 25, 30])}-year availability-payment PPP`
	if (buildType === 'O&M' || buildType === 'Performance-based contract' || buildType === 'Lease') return `${rng.pick([5, 7, 10])}-year performance-based service contract`
	return `${buildType} contract funded from the client’s capital budget`
}
