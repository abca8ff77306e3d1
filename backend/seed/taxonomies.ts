/** Industries, technologies and their tree, topics, applications, subsectors, article and blog types. */
import {
	applications,
	articleTypes,
	blogTypes,
	industrialSubsectors,
	industries,
	technologies,
	technologyTypes,
	topics,
} from '../db/schema.ts'
import { insertAll, slugify, SlugRegistry, type SeedContext } from './util.ts'

type Term = { name: string; description: string }

export const INDUSTRIES: Term[] = [
	{ name: 'Municipal water', description: 'Drinking water and wastewater services delivered by public and private utilities to cities and towns.' },
	{ name: 'Oil & gas', description: 'Produced water treatment, injection water and wastewater management in upstream and midstream operations.' },
	{ name: 'Refining', description: 'Process water, cooling water and effluent treatment at refineries and petrochemical complexes.' },
	{ name: 'Power', description: 'Boiler feedwater, cooling water, flue gas desulphurisation wastewater and zero liquid discharge at power plants.' },
	{ name: 'Mining', description: 'Water supply, desalination for remote sites, acid mine drainage and tailings water recovery.' },
	{ name: 'Food & beverage', description: 'Ingredient water, clean-in-place, effluent treatment and reuse across food processing and drinks production.' },
	{ name: 'Pharmaceuticals', description: 'High-purity water for injection, purified water and the treatment of active-ingredient-laden effluents.' },
	{ name: 'Microelectronics', description: 'Ultrapure water for semiconductor fabs and the recycling of complex fab wastewater streams.' },
	{ name: 'Pulp & paper', description: 'Process water recycling, effluent treatment and sludge management in pulp and paper mills.' },
	{ name: 'Chemicals', description: 'Process water, cooling and the treatment of difficult chemical effluents.' },
	{ name: 'Data centres', description: 'Cooling water supply, reuse and blowdown treatment for hyperscale and colocation data centres.' },
	{ name: 'Steel & metals', description: 'Cooling, descaling and pickling effluent treatment in steelmaking and metal finishing.' },
	{ name: 'Textiles', description: 'Dyehouse effluent treatment and zero liquid discharge in textile manufacturing clusters.' },
	{ name: 'Agriculture & irrigation', description: 'Irrigation schemes, treated wastewater for agriculture and water-efficient farming.' },
	{ name: 'Hydrogen', description: 'Demineralised water supply for electrolysers at green hydrogen and ammonia projects.' },
]

export const TECHNOLOGY_TREE: { name: string; description: string; types: Record<string, Record<string, string[]>> }[] = [
	{
		name: 'Desalination',
		description: 'Removal of salts from seawater and brackish water by membrane and thermal processes.',
		types: {
			'Seawater reverse osmosis': { 'SWRO membranes': ['Spiral-wound SWRO elements', 'High-rejection elements'], 'Energy recovery devices': ['Isobaric ERDs', 'Turbocharger ERDs'], 'High-pressure pumps': [] },
			'Brackish water reverse osmosis': { 'BWRO membranes': ['Low-energy BWRO elements'], 'Concentrate management': ['Brine minimisation', 'Brine crystallisers'] },
			'Thermal desalination': { 'Multi-stage flash': [], 'Multi-effect distillation': ['MED-TVC', 'MED-MVC'] },
			'Desalination pretreatment': { 'Dissolved air flotation': [], 'Ultrafiltration pretreatment': [] },
		},
	},
	{
		name: 'Membranes',
		description: 'Pressure-driven separation: microfiltration, ultrafiltration, nanofiltration and reverse osmosis for water and wastewater.',
		types: {
			'Ultrafiltration': { 'Hollow-fibre UF': ['Pressurised UF modules', 'Submerged UF modules'], 'Ceramic UF': [] },
			'Membrane bioreactors': { 'Flat-sheet MBR': [], 'Hollow-fibre MBR': ['Reinforced fibre MBR'] },
			'Nanofiltration': { 'Softening NF': [], 'Hollow-fibre NF': [] },
			'Reverse osmosis (industrial)': { 'Ultrapure water RO': ['Double-pass RO'], 'High-recovery RO': ['Closed-circuit RO'] },
		},
	},
	{
		name: 'Disinfection',
		description: 'Inactivation of pathogens in drinking water, wastewater and reuse streams.',
		types: {
			'UV disinfection': { 'Low-pressure UV': ['Amalgam lamp systems'], 'Medium-pressure UV': [], 'UV-LED': [] },
			'Ozone': { 'Ozone generators': ['Oxygen-fed ozone'], 'Advanced oxidation': ['UV/H2O2 AOP', 'Ozone/H2O2 AOP'] },
			'Chlorination': { 'On-site hypochlorite generation': [], 'Chlorine dioxide': [] },
		},
	},
	{
		name: 'Sludge management',
		description: 'Thickening, digestion, dewatering, drying and disposal or recovery of sewage and industrial sludge.',
		types: {
			'Anaerobic digestion': { 'Thermal hydrolysis': ['Batch thermal hydrolysis', 'Continuous thermal hydrolysis'], 'Biogas upgrading': [] },
			'Dewatering': { 'Centrifuges': [], 'Belt filter presses': [], 'Screw presses': [] },
			'Thermal treatment': { 'Sludge drying': ['Belt dryers', 'Solar drying'], 'Mono-incineration': ['Phosphorus recovery from ash'], 'Pyrolysis': [] },
		},
	},
	{
		name: 'Water networks',
		description: 'Pipes, leak detection, pressure management and rehabilitation of drinking water distribution systems.',
		types: {
			'Pipes & fittings': { 'Ductile iron pipe': [], 'PE pipe': ['PE100-RC pipe'], 'Steel pipe': [] },
			'Leak detection': { 'Acoustic loggers': ['Correlating loggers'], 'Satellite leak detection': [], 'In-pipe inspection': [] },
			'Pipe rehabilitation': { 'Cured-in-place lining': [], 'Pipe bursting': [] },
			'Pressure management': { 'Pressure-reducing valves': [], 'District metered areas': [] },
		},
	},
	{
		name: 'Wastewater networks',
		description: 'Sewers, pumping stations, storm overflows and the rehabilitation of collection systems.',
		types: {
			'Sewer rehabilitation': { 'Sewer CIPP': ['UV-cured liners'], 'Manhole rehabilitation': [] },
			'Storm overflow management': { 'Storage tunnels': [], 'Real-time control': [], 'Screening': [] },
			'Sewer inspection': { 'CCTV crawlers': [], 'Sewer level monitoring': [] },
		},
	},
	{
		name: 'Digital / Smart water systems',
		description: 'Metering, sensors, SCADA, analytics and digital twins for utilities and industrial water users.',
		types: {
			'Smart metering': { 'AMI water meters': ['Ultrasonic meters', 'LoRaWAN meters'], 'Meter data management': [] },
			'Network analytics': { 'Digital twins': ['Hydraulic digital twins'], 'Anomaly detection': [] },
			'Treatment optimisation': { 'Aeration control': [], 'Chemical dosing optimisation': [] },
			'Operational technology': { 'SCADA': [], 'OT cybersecurity': [] },
		},
	},
	{
		name: 'Nutrient removal',
		description: 'Biological and chemical removal and recovery of nitrogen and phosphorus from wastewater.',
		types: {
			'Biological nutrient removal': { 'Aerobic granular sludge': [], 'MBBR / IFAS': ['IFAS retrofits'], 'Anammox': ['Sidestream deammonification'] },
			'Chemical phosphorus removal': { 'Metal salt dosing': [], 'Tertiary filtration': ['Cloth disc filters'] },
			'Nutrient recovery': { 'Struvite recovery': [], 'Ammonia stripping': [] },
		},
	},
	{
		name: 'Selective adsorbents',
		description: 'Activated carbon, ion exchange and specialty media for removing PFAS, arsenic, nitrate and other contaminants.',
		types: {
			'Activated carbon': { 'Granular activated carbon': ['GAC reactivation'], 'Powdered activated carbon': [] },
			'Ion exchange': { 'PFAS-selective resins': [], 'Nitrate-selective resins': [] },
			'Specialty media': { 'Arsenic removal media': [], 'Lithium-selective sorbents': [] },
		},
	},
	{
		name: 'Water softeners',
		description: 'Residential, commercial and industrial softening by ion exchange, salt-free conditioning and NF.',
		types: {
			'Ion exchange softeners': { 'Residential softeners': [], 'Commercial softeners': ['Twin-tank softeners'] },
			'Salt-free conditioning': { 'Template-assisted crystallisation': [] },
		},
	},
	{
		name: 'Oil-water separation',
		description: 'Separation of oil from produced water, refinery effluent and industrial wastewater.',
		types: {
			'Gravity separation': { 'API separators': [], 'Corrugated plate interceptors': [] },
			'Flotation': { 'Induced gas flotation': [], 'Compact flotation units': [] },
			'Produced water polishing': { 'Walnut shell filters': [], 'Hydrocyclones': [] },
		},
	},
	{
		name: 'Pumps & valves',
		description: 'Pumps, valves, actuators and drives that move water through treatment plants and networks.',
		types: {
			'Pumps': { 'Centrifugal pumps': ['Split-case pumps', 'End-suction pumps'], 'Submersible pumps': ['Submersible wastewater pumps'], 'Dosing pumps': [] },
			'Valves': { 'Butterfly valves': [], 'Gate valves': [], 'Control valves': [] },
			'Drives & motors': { 'Variable speed drives': [], 'High-efficiency motors': [] },
		},
	},
]

export const TOPICS: Term[] = [
	{ name: 'Private finance', description: 'PPPs, concessions, project finance and private capital in water.' },
	{ name: 'Regulation', description: 'Price reviews, quality standards and the regulators that set them.' },
	{ name: 'Water scarcity', description: 'Drought, over-abstraction and the response of utilities and governments.' },
	{ name: 'Water reuse', description: 'Non-potable, indirect and direct potable reuse of treated wastewater.' },
	{ name: 'PFAS', description: 'Per- and polyfluoroalkyl substances: regulation, treatment and liability.' },
	{ name: 'Climate resilience', description: 'Adapting water infrastructure to floods, droughts and rising temperatures.' },
	{ name: 'Net zero', description: 'Decarbonising water and wastewater operations, from energy to process emissions.' },
	{ name: 'Non-revenue water', description: 'Leakage, metering losses and the programmes to reduce them.' },
	{ name: 'Tariffs', description: 'Water and wastewater prices, affordability and cost recovery.' },
	{ name: 'M&A', description: 'Mergers, acquisitions and investment activity across the water sector.' },
	{ name: 'Digital water', description: 'Data, automation and analytics in utility and industrial operations.' },
	{ name: 'Industrial water', description: 'Water use, treatment and reuse by industry.' },
	{ name: 'Development finance', description: 'Multilateral and bilateral lenders funding water infrastructure.' },
	{ name: 'Workforce & skills', description: 'Staffing, skills shortages and the future water workforce.' },
	{ name: 'Storm overflows', description: 'Combined sewer overflows, spills and the investment to cut them.' },
]

export const APPLICATIONS: Term[] = [
	{ name: 'Drinking water treatment', description: 'Producing potable water from surface water, groundwater and seawater.' },
	{ name: 'Wastewater treatment', description: 'Treating municipal sewage to discharge or reuse standards.' },
	{ name: 'Desalination', description: 'Seawater and brackish water desalination for municipal and industrial supply.' },
	{ name: 'Water reuse', description: 'Treating wastewater for irrigation, industry and potable supply.' },
	{ name: 'Sludge treatment', description: 'Processing sewage sludge into biosolids, energy and recovered resources.' },
	{ name: 'Process water', description: 'Water prepared to the specification of an industrial process.' },
	{ name: 'Cooling water', description: 'Make-up, treatment and blowdown of cooling systems.' },
	{ name: 'Boiler feedwater', description: 'Demineralised water for steam generation.' },
	{ name: 'Produced water', description: 'Water brought to surface with oil and gas.' },
	{ name: 'Ultrapure water', description: 'Water of the highest purity for microelectronics and pharmaceuticals.' },
	{ name: 'Stormwater management', description: 'Capturing, treating and storing urban runoff.' },
]

export const INDUSTRIAL_SUBSECTORS: Term[] = [
	{ name: 'Upstream oil & gas', description: 'Exploration and production, including produced water handling.' },
	{ name: 'Downstream oil & gas', description: 'Refining and fuel distribution.' },
	{ name: 'Petrochemicals', description: 'Olefins, aromatics and polymer production.' },
	{ name: 'Thermal power', description: 'Coal, gas and oil-fired generation.' },
	{ name: 'Nuclear power', description: 'Nuclear generation and its cooling water needs.' },
	{ name: 'Copper mining', description: 'Copper mining and concentration, often in arid regions.' },
	{ name: 'Lithium & battery materials', description: 'Brine and hard-rock lithium and battery material refining.' },
	{ name: 'Gold mining', description: 'Gold mining and processing.' },
	{ name: 'Dairy', description: 'Milk processing, cheese and powder production.' },
	{ name: 'Breweries & beverages', description: 'Beer, soft drinks and bottled water.' },
	{ name: 'Semiconductors', description: 'Wafer fabrication and chip packaging.' },
	{ name: 'Display panels', description: 'Flat-panel display manufacturing.' },
	{ name: 'Biopharmaceuticals', description: 'Biologics and vaccine manufacturing.' },
	{ name: 'Pulp mills', description: 'Chemical and mechanical pulp production.' },
	{ name: 'Fertilisers', description: 'Ammonia, urea and phosphate fertiliser production.' },
]

/** The 24 article types of the article-type facet. */
export const ARTICLE_TYPES: Term[] = [
	{ name: 'News', description: 'The latest contracts, tenders, appointments and policy moves across the global water market.' },
	{ name: 'Analysis', description: 'In-depth analysis of the trends shaping water markets.' },
	{ name: 'Market Map', description: 'GWI’s visual guides to the structure, players and opportunities of a water market.' },
	{ name: 'Comment', description: 'Editorial comment from GWI on the issues of the moment.' },
	{ name: 'Tariff Survey', description: 'Findings from GWI’s annual survey of water and wastewater tariffs in cities worldwide.' },
	{ name: 'Interview', description: 'Conversations with the leaders of utilities, companies and investors.' },
	{ name: 'Live update', description: 'Running coverage of fast-moving stories and events.' },
	{ name: 'Quarterly Review', description: 'A review of the quarter’s deals, contracts and market moves.' },
	{ name: 'Project update', description: 'Progress on the projects followed in the Project Tracker.' },
	{ name: 'Deal', description: 'Mergers, acquisitions, investments and financings in water.' },
	{ name: 'Feature', description: 'Long-form reporting on the people, places and projects of the water sector.' },
	{ name: 'Opinion', description: 'Views from contributors across the industry.' },
	{ name: 'Technology', description: 'Developments in water and wastewater treatment technology.' },
	{ name: 'Policy', description: 'Legislation, regulation and government programmes.' },
	{ name: 'Finance', description: 'Funding, financing and the economics of water.' },
	{ name: 'Case study', description: 'How a utility or industrial user solved a water problem.' },
	{ name: 'Data insight', description: 'Charts and figures from GWI’s market data.' },
	{ name: 'Company profile', description: 'Profiles of the companies competing in the water market.' },
	{ name: 'Event report', description: 'Reports from conferences, summits and trade shows.' },
	{ name: 'Podcast', description: 'Audio conversations on the stories behind the headlines.' },
	{ name: 'Webinar', description: 'Recordings and write-ups of GWI webinars.' },
	{ name: 'Industry insight', description: 'Market intelligence on industrial water users.' },
	{ name: 'Partner content', description: 'Content produced with GWI’s partners.' },
	{ name: 'Blog', description: 'Shorter takes from the GWI team.' },
]

export const BLOG_TYPES: Term[] = [
	{ name: 'Editor’s blog', description: 'Notes from GWI’s editor on the week in water.' },
	{ name: 'Desalination blog', description: 'The desalination and reuse team on the latest in membranes, brine and procurement.' },
	{ name: 'Data blog', description: 'The stories told by GWI’s market data.' },
	{ name: 'Digital water blog', description: 'Smart water, analytics and operational technology.' },
	{ name: 'Industrial water blog', description: 'Water for industry, from semiconductors to mining.' },
]

export type TermRow = { id: number; slug: string; name: string }
export type TechTypeRow = TermRow & { nodeType: 'TechnologyType' | 'TechnologySubType' | 'TechnologySubSubType'; technologyId: number; parentId: number | null }

export type Taxonomies = {
	industries: TermRow[]
	technologies: TermRow[]
	technologyTypes: TechTypeRow[]
	/** Nodes without children (the leaves a company is tagged with). */
	technologyLeaves: TechTypeRow[]
	topics: TermRow[]
	applications: TermRow[]
	industrialSubsectors: TermRow[]
	articleTypes: TermRow[]
	articleType: (slug: string) => TermRow
	blogTypes: TermRow[]
}

function termRows(terms: Term[], updatedAt: Date) {
	return terms.map((t, i) => ({
		id: i + 1,
		slug: slugify(t.name),
		name: t.name,
		description: t.description,
		bodyText: `<p>${t.description}</p>`,
		updatedAt,
	}))
}

export async function seedTaxonomies(ctx: SeedContext): Promise<Taxonomies> {
	const { db, today } = ctx
	const sets = [
		[industries, INDUSTRIES],
		[topics, TOPICS],
		[applications, APPLICATIONS],
		[industrialSubsectors, INDUSTRIAL_SUBSECTORS],
		[articleTypes, ARTICLE_TYPES],
		[blogTypes, BLOG_TYPES],
	] as const
	const out: Record<string, TermRow[]> = {}
	for (const [table, terms] of sets) {
		const rows = termRows(terms, today)
		await insertAll(db, table, rows)
		out[terms === INDUSTRIES ? 'industries' : terms === TOPICS ? 'topics' : terms === APPLICATIONS ? 'applications' : terms === INDUSTRIAL_SUBSECTORS ? 'industrialSubsectors' : terms === ARTICLE_TYPES ? 'articleTypes' : 'blogTypes'] = rows
	}

	const techRows = termRows(TECHNOLOGY_TREE, today)
	await insertAll(db, technologies, techRows)
	const slugs = new SlugRegistry()
	for (const t of techRows) slugs.take(t.slug)
	const nodes: (TechTypeRow & { description: string })[] = []
	const hasChildren = new Set<number>()
	TECHNOLOGY_TREE.forEach((tech, ti) => {
		const technologyId = techRows[ti].id
		for (const [typeName, subTypes] of Object.entries(tech.types)) {
			const typeId = nodes.length + 1
			nodes.push({ id: typeId, slug: slugs.take(typeName), name: typeName, nodeType: 'TechnologyType', technologyId, parentId: null, description: `${typeName}: a ${tech.name.toLowerCase()} technology type.` })
			for (const [subName, subSubs] of Object.entries(subTypes)) {
				const subId = nodes.length + 1
				hasChildren.add(typeId)
				nodes.push({ id: subId, slug: slugs.take(subName), name: subName, nodeType: 'TechnologySubType', technologyId, parentId: typeId, description: `${subName}, part of ${typeName.toLowerCase()}.` })
				for (const subSubName of subSubs) {
					hasChildren.add(subId)
					nodes.push({ id: nodes.length + 1, slug: slugs.take(subSubName), name: subSubName, nodeType: 'TechnologySubSubType', technologyId, parentId: subId, description: `${subSubName}, a variant of ${subName.toLowerCase()}.` })
				}
			}
		}
	})
	await insertAll(
		db,
		technologyTypes,
		nodes.map((n) => ({ ...n, bodyText: `<p>${n.description}</p>`, updatedAt: today })),
	)
	const articleTypeRows = out.articleTypes
	return {
		industries: out.industries,
		technologies: techRows,
		technologyTypes: nodes,
		technologyLeaves: nodes.filter((n) => !hasChildren.has(n.id)),
		topics: out.topics,
		applications: out.applications,
		industrialSubsectors: out.industrialSubsectors,
		articleTypes: articleTypeRows,
		articleType: (slug) => {
			const row = articleTypeRows.find((r) => r.slug === slug)
			if (!row) throw new Error(`unknown article type ${slug}`)
			return row
		},
		blogTypes: out.blogTypes,
	}
}
