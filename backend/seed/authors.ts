/** GWI's editorial team and regular contributors. */
import { authors } from '../db/schema.ts'
import { AUTHOR_PHOTOS } from './images.ts'
import { insertAll, slugify, type SeedContext } from './util.ts'

const AUTHOR_LIST: [name: string, jobTitle: string, beat: string][] = [
	['Christopher Gasson', 'Publisher', 'the business of water and the capital flowing into it'],
	['Eleanor Whitcombe', 'Editor', 'utility strategy, regulation and the politics of water'],
	['Tomás Iglesias', 'Deputy Editor', 'European utilities and the Iberian desalination market'],
	['Priya Raman', 'Senior Analyst, Asia-Pacific', 'India’s municipal programmes and South-East Asian PPPs'],
	['Daniel Okafor', 'Africa Correspondent', 'African utilities, DFI lending and sanitation projects'],
	['Hannah Lindqvist', 'Desalination Editor', 'desalination procurement, membranes and brine management'],
	['Marcus Feld', 'Head of Data', 'GWI’s forecasting models and market sizing'],
	['Sofia Marchetti', 'Markets Reporter', 'Italian multi-utilities and European M&A'],
	['James Thornbury', 'Americas Editor', 'US water infrastructure funding and utility consolidation'],
	['Aisha Al-Mansouri', 'Middle East Correspondent', 'Gulf IWPs, ISTPs and privatisation programmes'],
	['Kenji Watanabe', 'Technology Analyst', 'treatment technology and the companies behind it'],
	['Laura Brennan', 'Senior Reporter', 'storm overflows, asset health and UK regulation'],
	['Rafael Duarte', 'Latin America Correspondent', 'Brazilian sanitation concessions and Chilean desalination'],
	['Mei Lin Zhou', 'China Analyst', 'China’s listed water groups and municipal PPPs'],
	['Oliver Hartmann', 'Industrial Water Analyst', 'water for semiconductors, mining and hydrogen'],
	['Grace Adeyemi', 'Data Journalist', 'tariffs, affordability and utility performance data'],
	['Henrik Sørensen', 'Digital Water Editor', 'smart metering, analytics and OT security'],
	['Isabel Navarro', 'Research Analyst', 'water reuse and advanced treatment'],
	['Samuel Kariuki', 'Project Tracker Analyst', 'tenders and contract awards across emerging markets'],
	['Charlotte Dubois', 'Europe Correspondent', 'French delegated management and EU policy'],
	['Arjun Mehta', 'Finance Reporter', 'project finance, green bonds and infrastructure funds'],
	['Emily Carter', 'Events Editor', 'the industry’s conferences and the people who speak at them'],
	['Nikolai Petrov', 'Analyst, Russia & Central Asia', 'water markets from the Caspian to Mongolia'],
	['Fatima Benali', 'North Africa Analyst', 'desalination and reuse in the Maghreb'],
	['Thomas Reid', 'Contributing Editor', 'long-form features on water and climate'],
	['Ana Ribeiro', 'Research Associate', 'company financials and M&A data'],
	['David Cohen', 'Israel Correspondent', 'Israeli water technology and start-ups'],
	['Sarah McAllister', 'Australia Correspondent', 'Australian water corporations and purified recycled water'],
	['Lucas Weber', 'Germany Correspondent', 'German municipal water and fourth-stage treatment'],
	['Yuki Tanaka', 'Japan Correspondent', 'Japanese concessions and membrane manufacturers'],
	['Chloe Martin', 'Sub-Editor', 'the copy that keeps GWI accurate'],
	['Ibrahim Haddad', 'Senior Analyst, MENA', 'Saudi and Emirati water privatisation'],
	['Rebecca Holt', 'Policy Analyst', 'PFAS rules and drinking water regulation'],
	['Matteo Rossi', 'Analyst', 'sludge, biosolids and resource recovery'],
	['Nadia Kowalski', 'Central Europe Correspondent', 'EU-funded projects in Poland and the Balkans'],
	['Benjamin Osei', 'Analyst', 'West African utilities and water access'],
	['Jasmine Park', 'Korea Correspondent', 'Korean EPC contractors and membrane makers'],
	['Patrick O’Donnell', 'Commercial Editor', 'partner content and sponsored research'],
	['Valentina Cruz', 'Mexico Correspondent', 'Mexican water stress and desalination plans'],
	['Robert Lang', 'Senior Consultant', 'utility benchmarking and tariff studies'],
]

export type AuthorRow = { id: number; slug: string; name: string; jobTitle: string; beat: string }

export async function seedAuthors(ctx: SeedContext): Promise<AuthorRow[]> {
	const rows = AUTHOR_LIST.map(([name, jobTitle, beat], i) => ({ id: i + 1, slug: slugify(name), name, jobTitle, beat }))
	await insertAll(
		ctx.db,
		authors,
		rows.map((a, i) => {
			const first = a.name.split(' ')[0]
			return {
				id: a.id,
				slug: a.slug,
				name: a.name,
				photo: AUTHOR_PHOTOS[i % AUTHOR_PHOTOS.length],
				jobTitle: a.jobTitle,
				description: `${a.jobTitle} at Global Water Intelligence, covering ${a.beat}.`,
				biography: `<p>${a.name} is ${/^[AEIOU]/.test(a.jobTitle) ? 'an' : 'a'} ${a.jobTitle.toLowerCase()} at Global Water Intelligence, where ${first} covers ${a.beat}.</p><p>Before joining GWI, ${first} worked in ${['consulting', 'financial journalism', 'a water utility', 'engineering', 'market research'][i % 5]} for ${4 + (i % 9)} years. ${first} is a regular speaker at industry events and contributes to GWI’s market reports and webinars.</p>`,
				updatedAt: ctx.today,
			}
		}),
	)
	return rows
}
