/** Companies (>= 3,220) with expertises, industries, technology leaves and financial indicators. */
import { companies, companyExpertises, companyIndicators, companyIndustries, companyTechnologyTypes } from '../db/schema.ts'
import type { Geographies } from './geographies.ts'
import { USD_PER_UNIT } from './geographies.ts'
import { LOGOS } from './images.ts'
import { EXPERTISES } from './pages.ts'
import type { Random } from './random.ts'
import type { Taxonomies } from './taxonomies.ts'
import { addDays, insertAll, isoDate, listJoin, scaled, SlugRegistry, updatedAndAdded, type SeedContext } from './util.ts'

export type CompanyKind = 'contractor' | 'technology' | 'operator' | 'consultant' | 'investor' | 'chemicals' | 'digital' | 'equipment'

export type CompanyRow = {
	id: number
	name: string
	slug: string
	countryId: number
	kind: CompanyKind
	isPartner: boolean
	size: number
}

const STEMS = [
	'Aquarion', 'Hydrotec', 'Veolith', 'Nereus', 'Aqualis', 'Bluestream', 'Clearwell', 'Purus', 'Hydronix', 'Marinox', 'Oceanis', 'Fluvia', 'Rivergate', 'Tethys', 'Aquantis', 'Limnos',
	'Sorelle', 'Deltaqua', 'Crestwater', 'Halcyon', 'Naiad', 'Poseida', 'Undine', 'Saltire', 'Brightwater', 'Coldspring', 'Greenfield', 'Northbrook', 'Eastmere', 'Westholm', 'Southwell', 'Highmoor',
	'Aquavia', 'Hydroflux', 'Osmotec', 'Permea', 'Filtrex', 'Membrana', 'Ionix', 'Carbonex', 'Sedimentis', 'Biovanta', 'Anoxica', 'Ozonia', 'Lumina UV', 'Claros', 'Vortexa', 'Turbion',
	'Pumpwell', 'Valvetec', 'Pipeline', 'Ductilis', 'Polyflow', 'Meteris', 'Sensaqua', 'Datawell', 'Gridwater', 'Flowmetrics', 'Aquasense', 'Hydrologic', 'Cascadia', 'Alpenquell', 'Nordaqua', 'Baltiq',
	'Iberagua', 'Mediterra', 'Levantis', 'Arabica Water', 'Gulfstream', 'Sahara', 'Desertec', 'Oasis', 'Zamzam', 'Najd', 'Hejaz', 'Dilmun', 'Khaleej', 'Al Noor', 'Al Bahr', 'Al Maha',
	'Sakura', 'Mizuho Aqua', 'Hanwa', 'Daesung', 'Jinlong', 'Huaxia', 'Beikong', 'Tianrun', 'Yangtze', 'Pearl River', 'Ganga', 'Narmada', 'Kaveri', 'Indus', 'Mekong', 'Borneo',
	'Andina', 'Pampas', 'Atacama', 'Amazonas', 'Paraná', 'Orinoco', 'Aconcagua', 'Patagonia', 'Rio Grande', 'Sierra', 'Cordillera', 'Caribe', 'Tasman', 'Coral Sea', 'Murray', 'Kiwi',
	'Zambezi', 'Kilimanjaro', 'Limpopo', 'Niger Delta', 'Volta', 'Atlas', 'Nilus', 'Sinai', 'Carthage', 'Meridian', 'Equator', 'Polaris', 'Aurora', 'Boreal', 'Zephyr', 'Solstice',
	'Keystone', 'Summit', 'Pinnacle', 'Vanguard', 'Sentinel', 'Beacon', 'Anchor', 'Harbour', 'Bridgewater', 'Millbrook', 'Stonebridge', 'Ironbridge', 'Copperfield', 'Silverline', 'Goldcrest', 'Blackwater',
	'Thames', 'Severn', 'Clyde', 'Rhine', 'Danube', 'Loire', 'Ebro', 'Tagus', 'Elbe', 'Vistula', 'Po Valley', 'Rhône', 'Seine', 'Oder', 'Tiber', 'Douro',
]

const DESCRIPTORS: Record<CompanyKind, string[]> = {
	contractor: ['Engineering', 'Construction', 'Water Engineering', 'Infrastructure', 'EPC', 'Projects', 'Build', 'Civil & Water', 'Environmental Engineering'],
	technology: ['Membrane Systems', 'Water Technologies', 'Filtration', 'Desalination', 'Separation', 'Treatment Systems', 'UV Systems', 'Process Technologies', 'Purification'],
	operator: ['Water Services', 'Utilities', 'Water', 'Environmental Services', 'Water Operations', 'Aqua Services'],
	consultant: ['Consulting', 'Advisory', 'Engineers', 'Associates', 'Design', 'Partners'],
	investor: ['Capital', 'Infrastructure Partners', 'Investments', 'Asset Management', 'Infrastructure Fund', 'Holdings'],
	chemicals: ['Chemicals', 'Water Chemistry', 'Specialty Chemicals', 'Solutions'],
	digital: ['Analytics', 'Digital', 'Smart Water', 'Software', 'Controls', 'Metering', 'Sensors'],
	equipment: ['Pumps', 'Valves', 'Pipe Systems', 'Flow Control', 'Equipment', 'Blowers', 'Meters'],
}

const KIND_WEIGHTS: [CompanyKind, number][] = [
	['contractor', 22],
	['technology', 20],
	['operator', 9],
	['consultant', 12],
	['investor', 6],
	['chemicals', 6],
	['digital', 11],
	['equipment', 14],
]

const LEGAL_SUFFIX: Record<string, string[]> = {
	de: ['GmbH', 'AG', 'GmbH & Co. KG'], at: ['GmbH', 'AG'], ch: ['AG', 'SA'], fr: ['SA', 'SAS'], es: ['SA', 'SL'], it: ['S.p.A.', 'S.r.l.'], pt: ['SA', 'Lda'],
	nl: ['BV', 'NV'], be: ['NV', 'SA'], gb: ['Ltd', 'plc'], ie: ['Ltd'], us: ['Inc.', 'LLC', 'Corp.'], ca: ['Inc.', 'Ltd'], cn: ['Co., Ltd.', 'Group Co., Ltd.'],
	jp: ['Co., Ltd.', 'Corporation'], kr: ['Co., Ltd.', 'Corporation'], au: ['Pty Ltd', 'Ltd'], nz: ['Ltd'], se: ['AB'], no: ['AS', 'ASA'], dk: ['A/S'], fi: ['Oy', 'Oyj'],
	sa: ['Co.', 'LLC'], ae: ['LLC', 'PJSC'], qa: ['WLL', 'QPSC'], kw: ['KSCC'], om: ['SAOG', 'LLC'], br: ['Ltda', 'SA'], mx: ['SA de CV'], cl: ['SpA', 'SA'], ar: ['SA'], co: ['SAS'],
	in: ['Ltd', 'Pvt Ltd'], sg: ['Pte Ltd'], my: ['Sdn Bhd', 'Berhad'], id: ['PT'], th: ['Co., Ltd.', 'PCL'], il: ['Ltd'], tr: ['A.Ş.'], pl: ['Sp. z o.o.', 'SA'], za: ['(Pty) Ltd'],
	ru: ['JSC', 'LLC'], eg: ['SAE'], ma: ['SA'],
}

const EXCHANGES: Record<string, string> = {
	us: 'NYSE', gb: 'London Stock Exchange', fr: 'Euronext Paris', de: 'XETRA', ch: 'SIX Swiss Exchange', jp: 'Tokyo Stock Exchange', cn: 'Shanghai Stock Exchange', hk: 'Hong Kong Stock Exchange',
	kr: 'Korea Exchange', au: 'ASX', sa: 'Tadawul', ae: 'Abu Dhabi Securities Exchange', it: 'Borsa Italiana', es: 'BME Spanish Exchanges', se: 'Nasdaq Stockholm', ca: 'Toronto Stock Exchange',
	br: 'B3', in: 'National Stock Exchange of India', sg: 'Singapore Exchange', il: 'Tel Aviv Stock Exchange', nl: 'Euronext Amsterdam', no: 'Oslo Børs', dk: 'Nasdaq Copenhagen', fi: 'Nasdaq Helsinki',
	at: 'Wiener Börse', my: 'Bursa Malaysia', th: 'Stock Exchange of Thailand', tr: 'Borsa Istanbul', za: 'Johannesburg Stock Exchange', mx: 'Bolsa Mexicana de Valores', qa: 'Qatar Stock Exchange', om: 'Muscat Stock Exchange',
}

const CHEMICALS = ['Coagulants', 'Flocculants', 'Antiscalants', 'Biocides', 'Corrosion inhibitors', 'Membrane cleaners', 'Sodium hypochlorite', 'pH adjusters', 'Activated carbon', 'Ion exchange resins', 'Defoamers', 'Oxygen scavengers']
const PROJECT_TYPES = ['Desalination plants', 'Wastewater treatment plants', 'Water treatment plants', 'Water reuse plants', 'Pipelines & networks', 'Pumping stations', 'Sludge treatment', 'Industrial water treatment', 'Dams & reservoirs', 'Tunnels', 'Zero liquid discharge']
const KIND_SERVICES: Record<CompanyKind, string[]> = {
	contractor: ['Design', 'Construction', 'Operation & maintenance', 'Commissioning', 'Rehabilitation', 'Build-own-operate'],
	technology: ['Design', 'Commissioning', 'Operation & maintenance', 'Training', 'Mobile water services', 'Laboratory services'],
	operator: ['Operation & maintenance', 'Asset management', 'Leak detection', 'Build-own-operate', 'Training', 'Laboratory services'],
	consultant: ['Design', 'Feasibility studies', 'Owner’s engineer', 'Asset management', 'Project finance', 'Training'],
	investor: ['Project finance', 'Build-own-operate', 'Asset management'],
	chemicals: ['Laboratory services', 'Training', 'Operation & maintenance', 'Mobile water services'],
	digital: ['Leak detection', 'Asset management', 'Training', 'Design'],
	equipment: ['Commissioning', 'Rehabilitation', 'Operation & maintenance', 'Training'],
}

const DIGITAL_PRODUCTS = ['Digital twin', 'Smart meters', 'Leak detection analytics', 'SCADA', 'Asset management software', 'Process optimisation', 'Customer engagement platform', 'Water quality sensors', 'Predictive maintenance', 'Billing software', 'GIS', 'OT cybersecurity']

const KIND_EXPERTISE: Record<CompanyKind, string[]> = {
	contractor: ['Desalination', 'Municipal wastewater', 'Drinking water treatment', 'Construction', 'Networks & pipes', 'Water reuse'],
	technology: ['Membranes', 'Desalination', 'Water reuse', 'Industrial water treatment', 'Drinking water treatment', 'Sludge & biosolids'],
	operator: ['Operations & maintenance', 'Municipal wastewater', 'Drinking water treatment', 'Networks & pipes'],
	consultant: ['Engineering & consulting', 'Municipal wastewater', 'Desalination', 'Project finance'],
	investor: ['Project finance', 'Operations & maintenance'],
	chemicals: ['Chemicals', 'Industrial water treatment', 'Drinking water treatment'],
	digital: ['Smart water', 'Metering', 'Networks & pipes'],
	equipment: ['Pumps & valves', 'Networks & pipes', 'Metering', 'Sludge & biosolids'],
}

const KIND_TECHNOLOGIES: Record<CompanyKind, string[]> = {
	contractor: ['desalination', 'membranes', 'nutrient-removal', 'sludge-management', 'water-networks'],
	technology: ['desalination', 'membranes', 'disinfection', 'selective-adsorbents', 'nutrient-removal', 'oil-water-separation', 'water-softeners'],
	operator: ['water-networks', 'wastewater-networks', 'nutrient-removal', 'sludge-management'],
	consultant: ['desalination', 'nutrient-removal', 'water-networks', 'digital-smart-water-systems'],
	investor: ['desalination', 'water-networks'],
	chemicals: ['selective-adsorbents', 'disinfection', 'membranes'],
	digital: ['digital-smart-water-systems', 'water-networks', 'wastewater-networks'],
	equipment: ['pumps-and-valves', 'water-networks', 'sludge-management', 'disinfection'],
}

const KIND_SENTENCES: Record<CompanyKind, string[]> = {
	contractor: [
		'{name} designs and builds water and wastewater treatment plants for municipal and industrial clients.',
		'The company has delivered more than {n} plants across {markets} and is increasingly active in design-build-operate contracts.',
		'Its order book is dominated by {focus}, with a growing share of long-term operation and maintenance work.',
	],
	technology: [
		'{name} develops and manufactures {focus} for water and wastewater treatment.',
		'Its systems are installed at more than {n} sites in {markets}, serving utilities and industrial customers.',
		'The company invests heavily in R&D and licenses its technology to EPC contractors worldwide.',
	],
	operator: [
		'{name} operates water and wastewater services under concession, lease and O&M contracts.',
		'It serves around {n} million people in {markets} and is expanding into industrial outsourcing.',
		'The company focuses on {focus} and performance-based contracts for non-revenue water reduction.',
	],
	consultant: [
		'{name} is an engineering consultancy advising utilities, governments and lenders on water infrastructure.',
		'Its {n} specialists provide feasibility studies, design and owner’s engineer services in {markets}.',
		'The firm has particular strength in {focus}.',
	],
	investor: [
		'{name} invests in water and wastewater infrastructure through equity and mezzanine capital.',
		'Its portfolio includes regulated utilities, desalination IWPs and water services platforms in {markets}.',
		'The firm targets {focus} with long-term, inflation-linked cash flows.',
	],
	chemicals: [
		'{name} supplies {focus} to municipal and industrial water users.',
		'It operates {n} blending and distribution sites serving customers in {markets}.',
		'The company combines chemical supply with dosing equipment and on-site service.',
	],
	digital: [
		'{name} provides {focus} that help utilities reduce leakage, energy use and operating costs.',
		'Its software is used by more than {n} utilities in {markets}, sold mostly as a subscription.',
		'The company partners with meter manufacturers and system integrators to deliver complete solutions.',
	],
	equipment: [
		'{name} manufactures {focus} for water, wastewater and industrial applications.',
		'Its products are sold through a network of distributors in {markets} and more than {n} countries.',
		'The company is investing in high-efficiency designs as utilities focus on energy costs.',
	],
}

const KIND_FOCUS: Record<CompanyKind, string[]> = {
	contractor: ['desalination plants', 'municipal wastewater treatment', 'water treatment plants', 'pipelines and pumping stations', 'industrial water treatment'],
	technology: ['reverse osmosis membranes', 'ultrafiltration systems', 'UV disinfection systems', 'ozone generators', 'ion exchange systems', 'MBR systems', 'sludge dewatering equipment'],
	operator: ['municipal water and wastewater services', 'desalination plant operation', 'industrial water outsourcing'],
	consultant: ['desalination procurement', 'wastewater process design', 'network modelling', 'PPP transaction advice'],
	investor: ['mid-market water platforms', 'regulated utilities', 'contracted desalination assets'],
	chemicals: ['coagulants and flocculants', 'membrane antiscalants and cleaners', 'disinfection chemicals', 'activated carbon'],
	digital: ['network analytics and digital twins', 'smart metering and data management', 'treatment optimisation software'],
	equipment: ['centrifugal and submersible pumps', 'valves and actuators', 'water meters', 'ductile iron and PE pipe systems', 'aeration blowers'],
}

/** The first partner companies have fixed names (adverts and home cards use them). */
const PARTNER_NAMES: [string, CompanyKind, string][] = [
	['Aquarion Membrane Systems', 'technology', 'us'],
	['Hydrotec Engineering', 'contractor', 'de'],
	['BlueGrid Smart Metering', 'digital', 'gb'],
	['Nereus Pumps', 'equipment', 'dk'],
	['Veolith Water Services', 'operator', 'fr'],
	['Osmotec Desalination', 'technology', 'es'],
	['Gulfstream Water Holdings', 'investor', 'ae'],
	['Clearwell Analytics', 'digital', 'nl'],
	['Marinox Energy Recovery', 'technology', 'us'],
	['Tethys Infrastructure Partners', 'investor', 'gb'],
	['Sakura Membrane Corporation', 'technology', 'jp'],
	['Najd Water Engineering', 'contractor', 'sa'],
	['Filtrex Process Technologies', 'technology', 'it'],
	['Carbonex Adsorbents', 'chemicals', 'us'],
	['Lumina UV Systems', 'technology', 'ca'],
	['Iberagua Construcciones', 'contractor', 'es'],
	['Hanwa Water Solutions', 'contractor', 'kr'],
	['Datawell Digital Water', 'digital', 'il'],
	['Biovanta Sludge Solutions', 'technology', 'se'],
	['Andina Water Partners', 'operator', 'cl'],
]

export const INDICATORS: [key: string, display: string][] = [
	['Revenue', 'Revenue'],
	['WaterRevenue', 'Water revenue'],
	['EBITDA', 'EBITDA'],
	['NetIncome', 'Net income'],
]

export async function seedCompanies(ctx: SeedContext, geo: Geographies, tax: Taxonomies): Promise<CompanyRow[]> {
	const rng = ctx.rng('companies')
	const total = scaled(ctx, 3250)
	const countries = geo.countries
	const countryWeights = countries.map((c) => Math.pow(c.info.weight, 0.8) + 0.02)
	const slugs = new SlugRegistry()
	const names = new Set<string>()
	const kinds = KIND_WEIGHTS.map((k) => k[0])
	const kindWeights = KIND_WEIGHTS.map((k) => k[1])
	const legacyIds = rng.sample(Array.from({ length: 27600 - 7900 + 1 }, (_, i) => 7900 + i), Math.min(total, 19701))

	const rows: (typeof companies.$inferInsert)[] = []
	const out: CompanyRow[] = []
	const expertiseRows: (typeof companyExpertises.$inferInsert)[] = []
	const industryRows: (typeof companyIndustries.$inferInsert)[] = []
	const techRows: (typeof companyTechnologyTypes.$inferInsert)[] = []
	const indicatorRows: (typeof companyIndicators.$inferInsert)[] = []
	const leavesByTech = new Map<number, number[]>()
	for (const leaf of tax.technologyLeaves) (leavesByTech.get(leaf.technologyId) ?? leavesByTech.set(leaf.technologyId, []).get(leaf.technologyId)!).push(leaf.id)
	const techBySlug = new Map(tax.technologies.map((t) => [t.slug, t.id]))
	const industryBySlug = new Map(tax.industries.map((t) => [t.slug, t.id]))
	const latestYear = ctx.today.getUTCFullYear() - 1
	let indicatorCompanies = 0

	const makeName = (kind: CompanyKind, countryCode: string): { name: string; full: string } => {
		for (let attempt = 0; ; attempt++) {
			let name: string
			const r = rng.next()
			if (kind === 'consultant' && r < 0.35) name = `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)}`
			else if (r < 0.1) name = `${rng.pick(STEMS)}`
			else {
				const stem = rng.pick(STEMS)
				const descriptor = rng.pick(DESCRIPTORS[kind])
				// Avoid doubled words such as 'Gridwater Water'.
				if (/water|aqua/i.test(stem) && /water|aqua/i.test(descriptor)) continue
				name = `${stem} ${descriptor}`
			}
			if (attempt > 20) name = `${name} ${rng.pick(['International', 'Group', 'Global', 'Holdings', 'Solutions', 'Systems'])}`
			if (attempt > 60) name = `${name} ${attempt}`
			if (names.has(name)) continue
			names.add(name)
			const suffix = LEGAL_SUFFIX[countryCode]
			const full = suffix ? `${name} ${rng.pick(suffix)}` : name
			return { name, full }
		}
	}

	for (let i = 0; i < total; i++) {
		const id = i + 1
		const partner = i < PARTNER_NAMES.length ? PARTNER_NAMES[i] : null
		const kind: CompanyKind = partner ? partner[1] : rng.weighted(kinds, kindWeights)
		const country = partner ? countries.find((c) => c.slug === partner[2])! : rng.weighted(countries, countryWeights)
		let name: string
		let full: string
		if (partner) {
			name = partner[0]
			names.add(name)
			const suffix = LEGAL_SUFFIX[country.slug]
			full = suffix ? `${name} ${suffix[0]}` : name
		} else {
			;({ name, full } = makeName(kind, country.slug))
		}
		const slug = slugs.take(name)
		// Size: log-normal water revenue in US$ million (median ~35m); partners are larger.
		const size = rng.logNormal(partner ? 400 : 35, 1.5)
		const currency = country.info.currency
		const rate = USD_PER_UNIT[currency] ?? 1
		const hasRevenue = partner || rng.chance(0.72)
		const listed = partner ? rng.chance(0.6) : size > 300 ? rng.chance(0.7) : rng.chance(0.06)
		const focus = rng.pick(KIND_FOCUS[kind])
		const markets = listJoin(rng.sample([country.name, geo.regionOf(country.id).name, 'the Middle East', 'Europe', 'North America', 'Asia-Pacific', 'Latin America', 'Africa'], 2))
		const description = KIND_SENTENCES[kind]
			.slice(0, rng.int(2, 3))
			.map((s) => s.replace('{name}', name).replace('{n}', String(rng.int(kind === 'operator' ? 2 : 20, kind === 'operator' ? 40 : 600))).replace('{markets}', markets).replace('{focus}', focus))
			.join(' ')
		const chemicals = kind === 'chemicals' ? rng.sample(CHEMICALS, rng.int(3, 7)) : kind === 'technology' && rng.chance(0.15) ? rng.sample(CHEMICALS, rng.int(1, 2)) : []
		const engineering = kind === 'contractor' || kind === 'consultant' ? rng.sample(PROJECT_TYPES, rng.int(2, 6)) : kind === 'operator' ? rng.sample(PROJECT_TYPES, rng.int(1, 3)) : []
		const services = rng.sample(KIND_SERVICES[kind], kind === 'investor' ? rng.int(1, 2) : rng.int(1, 4))
		const digital = kind === 'digital' ? rng.sample(DIGITAL_PRODUCTS, rng.int(2, 5)) : rng.chance(0.08) ? rng.sample(DIGITAL_PRODUCTS, 1) : []
		rows.push({
			id,
			slug,
			legacyId: legacyIds[i] ?? null,
			name,
			fullCompanyName: full,
			companyNameAlias: rng.chance(0.12) ? name.split(' ')[0].toUpperCase().slice(0, 6) : null,
			headquartersCountryId: country.id,
			description,
			// The page prints the description in its header; the body goes on from there.
			bodyText: `<p>${name} is headquartered in ${country.name}.${listed ? ` Its shares are listed on the ${EXCHANGES[country.slug] ?? 'New York Stock Exchange'}.` : ''}</p>`,
			waterRevenue: hasRevenue ? round(size / rate, 1) : null,
			waterRevenueCurrency: hasRevenue ? currency : null,
			waterRevenueDollars: hasRevenue ? round(size, 1) : null,
			waterRevenueIsEstimate: false,
			website: `https://www.${slug}.example`,
			primaryExchange: listed ? EXCHANGES[country.slug] ?? 'NYSE' : null,
			logo: partner ? LOGOS.partner : rng.chance(0.5) ? LOGOS.company : null,
			showAsPage: partner ? true : rng.chance(0.93),
			isPartner: Boolean(partner),
			chemicals,
			engineeringProjectTypes: engineering,
			services,
			digitalProducts: digital,
			...updatedAndAdded(addDays(ctx.today, -rng.int(1, 720)), id),
		})
		out.push({ id, name, slug, countryId: country.id, kind, isPartner: Boolean(partner), size })

		for (const e of rng.sample(KIND_EXPERTISE[kind], rng.int(1, 4))) {
			const pageSlug = EXPERTISES.find((x) => x.name === e)?.pageSlug ?? null
			expertiseRows.push({ companyId: id, name: e, pageSlug })
		}
		const industryIds = new Set<number>()
		if (kind === 'operator' || kind === 'consultant' || rng.chance(0.6)) industryIds.add(industryBySlug.get('municipal-water')!)
		for (const ind of rng.sample(tax.industries, rng.int(kind === 'investor' ? 0 : 1, 3))) industryIds.add(ind.id)
		for (const ind of industryIds) industryRows.push({ companyId: id, industryId: ind })
		const leaves = new Set<number>()
		const techIds = KIND_TECHNOLOGIES[kind].map((s) => techBySlug.get(s)!).filter(Boolean)
		const leafCount = rng.int(2, 8)
		for (let n = 0; n < leafCount * 2 && leaves.size < leafCount; n++) {
			const pool = leavesByTech.get(rng.pick(techIds))
			if (pool?.length) leaves.add(rng.pick(pool))
		}
		for (const leaf of leaves) techRows.push({ companyId: id, technologyTypeId: leaf })

		// Financial indicators for the larger (mostly listed) companies.
		const row = rows[rows.length - 1]
		if (indicatorCompanies < scaled(ctx, 400) && (listed || size > 150 || partner)) {
			indicatorCompanies++
			const latestWater = addIndicators(rng, indicatorRows, id, size, currency, rate, latestYear)
			// One source: the details card's water revenue is the stats card's latest year.
			if (row.waterRevenue !== null) Object.assign(row, { waterRevenue: latestWater.value, waterRevenueDollars: latestWater.valueUsd, waterRevenueIsEstimate: latestWater.isEstimate })
		} else if (row.waterRevenue != null && row.waterRevenueDollars != null) {
			// Without published accounts the water revenue is GWI's estimate: the stats card shows that same figure.
			indicatorRows.push(waterRevenueIndicator(id, latestYear, { value: row.waterRevenue, valueUsd: row.waterRevenueDollars, currency, isEstimate: true }))
			row.waterRevenueIsEstimate = true
		}
	}
	await insertAll(ctx.db, companies, rows)
	await insertAll(ctx.db, companyExpertises, expertiseRows)
	await insertAll(ctx.db, companyIndustries, industryRows)
	await insertAll(ctx.db, companyTechnologyTypes, techRows)
	await insertAll(ctx.db, companyIndicators, indicatorRows)
	return out
}

function round(value: number, digits: number) {
	const f = 10 ** digits
	return Math.round(value * f) / f
}

/** Spec 001 §6 "Include estimates": a company that reports its water business separately (most of its revenue is water) has reported figures; for the others GWI estimates the water share. */
const REPORTED_WATER_SHARE = 0.9
/** The water revenue indicator's footnote when the figure is GWI's estimate. */
export const WATER_REVENUE_ESTIMATE_FOOTNOTE = 'GWI estimate based on segment reporting'

/** A year's water revenue indicator (millions, local and US$), its footnote saying when it is an estimate. */
function waterRevenueIndicator(companyId: number, year: number, figure: { value: number; valueUsd: number; currency: string; isEstimate: boolean }): typeof companyIndicators.$inferInsert {
	return {
		companyId,
		indicator: 'WaterRevenue',
		indicatorDisplayName: 'Water revenue',
		year,
		value: figure.value,
		currency: figure.currency,
		valueUsd: figure.valueUsd,
		unit: 'm',
		footnote: figure.isEstimate ? WATER_REVENUE_ESTIMATE_FOOTNOTE : null,
		fullDate: isoDate(new Date(Date.UTC(year, 11, 31))),
	}
}

/** Adds the company's indicators by year; returns its latest year's water revenue (millions, local and US$) and whether it is an estimate. */
function addIndicators(rng: Random, rows: (typeof companyIndicators.$inferInsert)[], companyId: number, waterRevenueUsd: number, currency: string, rate: number, latestYear: number) {
	let latestWater = { value: 0, valueUsd: 0, isEstimate: true }
	const waterShare = rng.float(0.25, 1)
	const isEstimate = waterShare < REPORTED_WATER_SHARE
	const margin = rng.float(0.08, 0.32)
	const growth = rng.float(-0.02, 0.12)
	const years = latestYear - 2019 + 1
	for (let y = 0; y < years; y++) {
		const year = 2019 + y
		const trend = Math.pow(1 + growth, y - (years - 1)) * (1 + rng.normal(0, 0.03))
		const water = waterRevenueUsd * trend
		const revenue = water / waterShare
		const ebitda = revenue * margin * (1 + rng.normal(0, 0.08))
		const net = ebitda * rng.float(0.25, 0.55) * (rng.chance(0.08) ? -1 : 1)
		const values: [string, string, number][] = [
			['Revenue', 'Revenue', revenue],
			['WaterRevenue', 'Water revenue', water],
			['EBITDA', 'EBITDA', ebitda],
			['NetIncome', 'Net income', net],
		]
		for (const [indicator, display, usd] of values) {
			if (indicator === 'WaterRevenue') {
				latestWater = { value: round(usd / rate, 1), valueUsd: round(usd, 1), isEstimate }
				rows.push(waterRevenueIndicator(companyId, year, { ...latestWater, currency }))
				continue
			}
			rows.push({
				companyId,
				indicator,
				indicatorDisplayName: display,
				year,
				value: round(usd / rate, 1),
				currency,
				valueUsd: round(usd, 1),
				unit: 'm',
				footnote: null,
				fullDate: isoDate(new Date(Date.UTC(year, 11, 31))),
			})
		}
	}
	return latestWater
}

const SURNAMES = [
	'Hartley', 'Morrison', 'Castell', 'Brandt', 'Okoye', 'Lindqvist', 'Moreau', 'Vasquez', 'Tanaka', 'Whitmore', 'Fairbanks', 'Holloway', 'Pemberton', 'Ashworth', 'Kessler', 'Van der Berg',
	'Duval', 'Ferreira', 'Rasmussen', 'Al-Hashimi', 'Nakamura', 'Patel', 'Rourke', 'Sinclair', 'Thorne', 'Waverley', 'Aldridge', 'Beaumont', 'Carrington', 'Delacroix', 'Eriksen', 'Galloway',
]
