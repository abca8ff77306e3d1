/** Contexts: explanatory accordions (~30), some holding table, chart or database-chart cards. */
import { plainText } from '../../contract/html-text.ts'
import { cards, contexts } from '../db/schema.ts'
import type { Geographies } from './geographies.ts'
import { TOTAL_SPENDING_CHART } from './forecasts.ts'
import { addDays, insertAll, slugify, type SeedContext } from './util.ts'

type ContextDef = { name: string; display?: string; html: string; body: string; strategist?: boolean; card?: 'table' | 'chart' | 'database' }

const CONTEXTS: ContextDef[] = [
	{ name: 'How GWI forecasts capital expenditure', html: '<p>Our CAPEX forecasts combine asset-base modelling with utility capital programmes.</p>', body: '<p>For each country we estimate the replacement value of water and wastewater assets, apply renewal rates, and add new-build driven by population growth, coverage targets and tighter standards. The result is reconciled with announced capital programmes and development bank pipelines.</p>', strategist: true, card: 'database' },
	{ name: 'What counts as operating expenditure', html: '<p>OPEX covers the cost of running water systems, not depreciation or interest.</p>', body: '<p>Labour, energy, chemicals, maintenance materials, outsourced services and administration are included. Capital maintenance that extends asset life is counted as CAPEX.</p>', strategist: true },
	{ name: 'Contracted versus online desalination capacity', html: '<p>Capacity is counted when the construction contract is signed, not when the plant starts up.</p>', body: '<p>Large plants take two to four years to build, so contracted capacity leads online capacity. Contracted capacity is the better indicator of market activity for suppliers.</p>', card: 'chart' },
	{ name: 'Non-revenue water explained', html: '<p>The share of water put into supply that is not billed.</p>', body: '<p>It combines physical losses (leaks and bursts), commercial losses (meter under-registration and theft) and unbilled authorised consumption such as firefighting.</p>', card: 'table' },
	{ name: 'Why tariffs differ between cities', html: '<p>Tariffs reflect costs, subsidies and politics in roughly equal measure.</p>', body: '<p>Source water availability, treatment needs, network density and the degree of cost recovery all matter. Many cities still subsidise water heavily from general taxation.</p>', card: 'table' },
	{ name: 'The IWP model', display: 'Independent water projects (IWPs)', html: '<p>How Gulf states procure desalination from private developers.</p>', body: '<p>A developer finances, builds and operates the plant and sells water to a state offtaker under a 25 to 35-year water purchase agreement. The offtaker pays a capacity charge and an output charge.</p>' },
	{ name: 'Design-build-operate contracts', html: '<p>One contractor designs, builds and then operates the plant.</p>', body: '<p>DBO contracts align design decisions with operating costs and are common for desalination and complex wastewater plants. Financing stays with the public client.</p>' },
	{ name: 'PFAS regulation in the US', html: '<p>Federal limits for six PFAS compounds.</p>', body: '<p>Maximum contaminant levels of 4 ng/l for PFOA and PFOS, with a hazard index for mixtures, require thousands of systems to install treatment, typically granular activated carbon or ion exchange.</p>', card: 'table' },
	{ name: 'The revised Urban Wastewater Treatment Directive', html: '<p>The EU’s new wastewater rules and what they mean for investment.</p>', body: '<p>The directive extends tertiary treatment to smaller works, requires quaternary treatment for micropollutants at large works, introduces energy neutrality targets and extended producer responsibility for pharmaceuticals and cosmetics.</p>' },
	{ name: 'Brazil’s sanitation framework', html: '<p>Universal coverage targets by 2033 and competitive tendering.</p>', body: '<p>The 2020 law requires 99% water and 90% sewage coverage by 2033 and ends direct awards to state companies, opening the market to regional concession auctions.</p>', card: 'chart' },
	{ name: 'Global water market size', html: '<p>The world spends more than $700 billion a year on water and wastewater.</p>', body: '<p>Utilities account for roughly four fifths of spending, split almost evenly between drinking water and wastewater. Networks account for the largest share of capital spending.</p>', strategist: true, card: 'database' },
	{ name: 'Industrial water spending', html: '<p>Industry spends more than $100 billion a year on water.</p>', body: '<p>Power, oil and gas and chemicals are the largest sectors; microelectronics and mining are the fastest growing.</p>', strategist: true, card: 'database' },
	{ name: 'Water reuse terminology', html: '<p>Non-potable, indirect potable and direct potable reuse.</p>', body: '<p>Indirect potable reuse passes purified water through an environmental buffer such as an aquifer or reservoir; direct potable reuse introduces it into the supply system directly.</p>' },
	{ name: 'Sludge disposal routes', html: '<p>Land spreading, incineration and landfill.</p>', body: '<p>Land spreading remains the cheapest route where allowed, but concerns over contaminants are pushing utilities towards thermal treatment and resource recovery.</p>', card: 'table' },
	{ name: 'Smart metering costs', html: '<p>What an AMI rollout costs per connection.</p>', body: '<p>Installed costs range from $150 to $350 per connection depending on the meter, communication network and installation complexity.</p>', card: 'chart' },
	{ name: 'How GWI sizes company water revenue', html: '<p>Water revenues are estimated from segment reporting.</p>', body: '<p>Where a company does not report water separately, we estimate the water share of its revenue from order books, plant references and interviews.</p>', strategist: true },
	{ name: 'Utility ownership models', html: '<p>Public, private, PPP and cooperative ownership.</p>', body: '<p>Most of the world’s utilities are publicly owned; private ownership is concentrated in England, Chile and parts of the US, while delegated management is common in France, Spain and Latin America.</p>', card: 'table' },
	{ name: 'Energy use in desalination', html: '<p>Modern SWRO plants use under 3 kWh per cubic metre.</p>', body: '<p>Energy recovery devices, high-efficiency pumps and low-energy membranes have cut energy use by more than half since the 1990s.</p>', card: 'chart' },
	{ name: 'Water stress and desalination demand', html: '<p>Where desalination demand comes from.</p>', body: '<p>Demand is concentrated where renewable freshwater per person is lowest and incomes are high enough to pay for it: the Gulf, North Africa, Israel, Spain, Australia and parts of the US and Chile.</p>' },
	{ name: 'The M&A database', html: '<p>What the mergers and acquisitions index covers.</p>', body: '<p>The database records acquisitions of water companies and assets since 2005, including stake sales, with price, percentage acquired, parties and advisers where disclosed.</p>', strategist: true },
	{ name: 'Project Tracker categories', html: '<p>Build, Operate, Finance, Industrial and DFI.</p>', body: '<p>Categories describe the opportunity for the private sector: construction contracts, operation contracts, private finance, industrial clients and projects funded by development finance institutions.</p>' },
	{ name: 'Project progress stages', html: '<p>From conceptual stage to contract award.</p>', body: '<p>Projects move through conceptual and design stages, prequalification, request for proposals and bid submission to contract award and, for privately financed projects, financial close.</p>' },
	{ name: 'Development finance in water', html: '<p>The role of DFIs in emerging-market water.</p>', body: '<p>Multilateral and bilateral lenders fund a large share of water investment in low- and middle-income countries, often alongside technical assistance and, increasingly, guarantees for private finance.</p>', card: 'chart' },
	{ name: 'Regulatory asset base', html: '<p>How regulated utilities earn returns.</p>', body: '<p>Regulators allow a return on the regulatory capital value, which grows with investment and is indexed to inflation. Acquisition prices are often expressed as a premium to it.</p>', strategist: true },
	{ name: 'Microelectronics water demand', html: '<p>Why chip fabs need so much ultrapure water.</p>', body: '<p>Wafer cleaning requires water of extreme purity; a large fab can use more than 30,000 m3/d, and recycling rates are rising as fabs locate in water-stressed regions.</p>', strategist: true, card: 'database' },
	{ name: 'Green hydrogen and water', html: '<p>Electrolysers need demineralised water.</p>', body: '<p>Around 9 litres of pure water are needed per kilogram of hydrogen, plus cooling water; coastal projects typically rely on desalination.</p>' },
	{ name: 'Currency conversion', html: '<p>How local-currency figures are converted.</p>', body: '<p>All US$ figures use a fixed reference exchange rate table so that trends are not distorted by currency movements.</p>' },
	{ name: 'Data centre water use', html: '<p>Cooling water demand from data centres.</p>', body: '<p>Evaporative cooling can consume several hundred thousand cubic metres a year at a large campus; operators are turning to recycled water and air cooling.</p>', strategist: true },
	{ name: 'Tariff Survey methodology', html: '<p>How the annual Tariff Survey is compiled.</p>', body: '<p>Tariffs are collected for the largest utility in each city and expressed as the combined water and wastewater charge for 15 m3 a month, converted to US$.</p>', card: 'table' },
	{ name: 'Forecast update schedule', html: '<p>When forecasts are refreshed.</p>', body: '<p>Spending forecasts are updated every spring and autumn; desalination forecasts follow DesalData’s quarterly update.</p>', strategist: true },
]

const AUTHORS = ['Marcus Feld', 'Christopher Gasson', 'Hannah Lindqvist', 'Grace Adeyemi', 'Ana Ribeiro']

export async function seedContexts(ctx: SeedContext, geo: Geographies): Promise<number> {
	const rng = ctx.rng('contexts')
	const rows = CONTEXTS.map((c, i) => ({
		id: i + 1,
		slug: slugify(c.name),
		name: c.name,
		displayName: c.display ?? null,
		htmlDescription: c.html,
		bodyText: c.body,
		authorNames: rng.sample(AUTHORS, rng.int(1, 2)),
		permissionLevels: c.strategist ? ['read:strategy', 'read:strategy-beta'] : [],
		isExpanded: i % 7 === 0,
		publicationDate: addDays(ctx.today, -rng.int(10, 700)),
	}))
	await insertAll(ctx.db, contexts, rows)
	const year = ctx.today.getUTCFullYear()
	const cardRows: (typeof cards.$inferInsert)[] = []
	CONTEXTS.forEach((c, i) => {
		if (!c.card) return
		const ownerId = i + 1
		if (c.card === 'table') {
			const regions = geo.regions.map((r) => r.name)
			cardRows.push({
				ownerKind: 'context',
				ownerId,
				cardType: 'TableCard',
				position: 'Centre',
				width: 'Full',
				sortOrder: 0,
				config: {
					title: c.name,
					description: plainText(c.html),
					dataPoints: [['Region', `${year - 2}`, `${year - 1}`, 'Change (%)'], ...regions.map((r) => {
						const a = Math.round(rng.float(10, 60) * 10) / 10
						const b = Math.round(a * rng.float(0.95, 1.12) * 10) / 10
						return [r, String(a), String(b), String(Math.round(((b - a) / a) * 1000) / 10)]
					})],
					maxRecordCount: 10,
					source: 'GWI research',
					footnote: 'Figures are indicative.',
				},
			})
		} else if (c.card === 'chart') {
			cardRows.push({
				ownerKind: 'context',
				ownerId,
				cardType: 'ChartCard',
				position: 'Centre',
				width: 'Full',
				sortOrder: 0,
				config: {
					title: c.name,
					description: plainText(c.html),
					chartType: 'column',
					dataPoints: [['Year', 'Value'], ...Array.from({ length: 8 }, (_, k) => [String(year - 4 + k), String(Math.round(100 * Math.pow(1.05, k) * rng.float(0.95, 1.05)))])],
					xAxisLabel: 'Year',
					yAxisLabel: 'Index',
					source: 'GWI research',
				},
			})
		} else {
			cardRows.push({
				ownerKind: 'context',
				ownerId,
				cardType: 'DatabaseChartCard',
				position: 'Centre',
				width: 'Full',
				sortOrder: 0,
				config: {
					title: c.name,
					description: 'Utility and industrial spending by region, US$ million.',
					...TOTAL_SPENDING_CHART,
				},
			})
		}
	})
	await insertAll(ctx.db, cards, cardRows)
	return rows.length
}
