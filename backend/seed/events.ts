/**
 * Events (>= 200): GWI's own and partners' conferences, webinars and expos over the past three
 * years and the next two. Each conference series happens once a year in its usual month and
 * venue; webinars run every other month; regional briefings fill the calendar up to the volume.
 */
import { events } from '../db/schema.ts'
import type { Geographies } from './geographies.ts'
import { COVER_IMAGES, LOGOS } from './images.ts'
import { addDays, addHours, DAY_MS, insertAll, scaled, SlugRegistry, type SeedContext } from './util.ts'

export type EventRow = { id: number; name: string; slug: string; startDate: Date; endDate: Date; countryId: number | null; isPartner: boolean }

type Series = { name: string; month: number; days: number; venues: string[]; partner: boolean; description: string }

const SERIES: Series[] = [
	{ name: 'Global Water Summit', month: 4, days: 2, venues: ['es:Madrid', 'gb:London', 'fr:Paris', 'de:Berlin', 'ae:Abu Dhabi'], partner: false, description: 'The business forum of the international water industry, bringing together utility leaders, investors and the companies that serve them.' },
	{ name: 'Global Water Awards', month: 4, days: 1, venues: ['es:Madrid', 'gb:London', 'fr:Paris', 'de:Berlin', 'ae:Abu Dhabi'], partner: false, description: 'The annual celebration of the most impressive achievements in the international water industry.' },
	{ name: 'Water Leaders Forum', month: 10, days: 1, venues: ['gb:London', 'sg:Singapore', 'us:New York'], partner: false, description: 'An invitation-only gathering of utility chief executives to discuss the strategic challenges of the sector.' },
	{ name: 'Industrial Water Intelligence Day', month: 6, days: 1, venues: ['gb:London', 'us:Houston', 'sg:Singapore'], partner: false, description: 'Water strategy for heavy industry, microelectronics, mining and green hydrogen.' },
	{ name: 'International Desalination Congress', month: 9, days: 4, venues: ['ae:Abu Dhabi', 'es:Barcelona', 'au:Sydney', 'sa:Jeddah', 'us:San Diego'], partner: true, description: 'The world congress of the desalination and water reuse community.' },
	{ name: 'Singapore International Water Week', month: 5, days: 4, venues: ['sg:Singapore'], partner: true, description: 'A global platform to share and co-create innovative water solutions.' },
	{ name: 'IFAT', month: 4, days: 5, venues: ['de:Munich'], partner: true, description: 'The world’s leading trade fair for water, sewage, waste and raw materials management.' },
	{ name: 'WEFTEC', month: 9, days: 4, venues: ['us:Chicago', 'us:New Orleans', 'us:Orlando', 'us:Atlanta'], partner: true, description: 'The largest annual water quality exhibition in North America.' },
	{ name: 'Aquatech Amsterdam', month: 10, days: 4, venues: ['nl:Amsterdam'], partner: true, description: 'The leading trade exhibition for process, drinking and wastewater.' },
	{ name: 'ACE Water Conference', month: 5, days: 4, venues: ['us:Denver', 'us:San Antonio', 'us:Boston', 'us:Seattle'], partner: true, description: 'The annual conference and exposition of the drinking water community.' },
	{ name: 'World Water Week', month: 7, days: 5, venues: ['se:Stockholm'], partner: true, description: 'The leading annual event on global water issues.' },
	{ name: 'Middle East Water Forum', month: 1, days: 2, venues: ['ae:Dubai', 'sa:Riyadh', 'om:Muscat', 'qa:Doha', 'bh:Manama'], partner: true, description: 'Utilities, developers and lenders discuss the region’s water privatisation programmes.' },
	{ name: 'Water Finance Asia', month: 2, days: 2, venues: ['sg:Singapore', 'hk:Hong Kong', 'jp:Tokyo'], partner: true, description: 'Investors and utilities meet to discuss the financing of Asia’s water infrastructure.' },
	{ name: 'Latin America Sanitation Summit', month: 7, days: 2, venues: ['br:São Paulo', 'cl:Santiago', 'mx:Mexico City', 'co:Bogotá', 'pe:Lima'], partner: true, description: 'The sanitation concessions, auctions and investors reshaping Latin America.' },
	{ name: 'Smart Water Networks Forum', month: 3, days: 2, venues: ['gb:London', 'nl:Amsterdam', 'us:Boston', 'au:Melbourne'], partner: true, description: 'Digital solutions for water network management, from metering to digital twins.' },
	{ name: 'Africa Water Investment Conference', month: 8, days: 2, venues: ['za:Cape Town', 'ke:Nairobi', 'ma:Marrakesh', 'gh:Accra'], partner: true, description: 'DFIs, governments and private investors on closing Africa’s water financing gap.' },
	{ name: 'Biosolids & Resource Recovery Conference', month: 11, days: 2, venues: ['gb:Manchester', 'de:Berlin', 'us:Philadelphia'], partner: true, description: 'Sludge treatment, biosolids regulation and resource recovery.' },
	{ name: 'Membrane Technology Conference', month: 2, days: 3, venues: ['us:Phoenix', 'de:Aachen', 'sg:Singapore'], partner: true, description: 'The latest research and practice in membrane treatment.' },
	{ name: 'PFAS Treatment Symposium', month: 8, days: 2, venues: ['us:Denver', 'us:Boston', 'us:Chicago'], partner: true, description: 'Regulation, analytics and treatment of per- and polyfluoroalkyl substances.' },
	{ name: 'Water Reuse Symposium', month: 3, days: 3, venues: ['us:San Diego', 'us:Phoenix', 'au:Brisbane', 'es:Valencia'], partner: true, description: 'Potable and non-potable reuse projects, policy and research.' },
]

const WEBINARS = [
	{ name: 'Desalination & Reuse Outlook', description: 'GWI’s analysts present the latest data on desalination and water reuse procurement.' },
	{ name: 'Water Market Forecast Briefing', description: 'A briefing on GWI’s latest capital and operating expenditure forecasts.' },
	{ name: 'Project Tracker Live', description: 'A walk through the most important tenders in the Project Tracker this quarter.' },
]

const BRIEFING_CITIES = ['gb:London', 'us:New York', 'us:Houston', 'ae:Dubai', 'sa:Riyadh', 'sg:Singapore', 'au:Sydney', 'es:Madrid', 'fr:Paris', 'de:Frankfurt', 'it:Milan', 'br:São Paulo', 'cl:Santiago', 'za:Johannesburg', 'in:Mumbai', 'jp:Tokyo', 'kr:Seoul', 'cn:Shanghai', 'ca:Toronto', 'mx:Mexico City', 'eg:Cairo', 'ma:Casablanca', 'tr:Istanbul', 'pl:Warsaw']
const BRIEFING_TOPICS = ['utility finance', 'desalination', 'digital water', 'industrial water', 'PFAS', 'water reuse', 'the project pipeline', 'M&A']

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

type Draft = { name: string; description: string; partner: boolean; start: Date; days: number; online: boolean; venue: string | null }

export async function seedEvents(ctx: SeedContext, geo: Geographies): Promise<EventRow[]> {
	const rng = ctx.rng('events')
	const total = scaled(ctx, 230)
	const today = ctx.today
	const from = addDays(today, -3 * 365)
	const to = addDays(today, 2 * 365)
	const drafts: Draft[] = []
	for (let year = from.getUTCFullYear(); year <= to.getUTCFullYear(); year++) {
		for (const series of SERIES) {
			const start = new Date(Date.UTC(year, series.month - 1, 8 + ((year * 7 + series.name.length) % 14), 9))
			drafts.push({ name: `${series.name} ${year}`, description: series.description, partner: series.partner, start, days: series.days, online: false, venue: series.venues[year % series.venues.length] })
		}
		for (let month = 0; month < 12; month++) {
			const webinar = WEBINARS[month % WEBINARS.length]
			if (month % 2 === 0 || webinar === WEBINARS[1]) {
				const start = new Date(Date.UTC(year, month, 12 + (month % 9), 14))
				drafts.push({ name: `${webinar.name}: ${MONTH_NAMES[month]} ${year}`, description: `${webinar.description} Free to attend for GWI members; registration required.`, partner: false, start, days: 0, online: true, venue: null })
			}
		}
	}
	const calendar = drafts.filter((d) => d.start >= from && d.start <= to)
	// Regional briefings fill the calendar up to the volume (or it is thinned to it).
	const used = new Set(calendar.map((d) => d.name))
	for (let i = 0; calendar.length < total; i++) {
		const venue = BRIEFING_CITIES[i % BRIEFING_CITIES.length]
		const start = addHours(addDays(from, rng.int(0, Math.round((to.getTime() - from.getTime()) / DAY_MS))), 9)
		const topic = rng.pick(BRIEFING_TOPICS)
		let name = `GWI Briefing: ${topic.charAt(0).toUpperCase()}${topic.slice(1)} in ${venue.split(':')[1]}, ${MONTH_NAMES[start.getUTCMonth()]} ${start.getUTCFullYear()}`
		if (used.has(name)) name = `${name} (${i})`
		used.add(name)
		calendar.push({ name, description: `A half-day briefing by GWI’s analysts on ${topic}, followed by networking.`, partner: false, start, days: 1, online: false, venue })
	}
	const chosen = calendar.length > total ? rng.sample(calendar, total) : calendar
	chosen.sort((a, b) => a.start.getTime() - b.start.getTime() || (a.name < b.name ? -1 : 1))

	const slugs = new SlugRegistry()
	const rows: (typeof events.$inferInsert)[] = []
	const out: EventRow[] = []
	chosen.forEach((d, i) => {
		const id = i + 1
		const [code, cityName] = d.venue ? d.venue.split(':') : [null, null]
		const country = code ? geo.countries.find((c) => c.slug === code) ?? null : null
		const region = country ? geo.regionOf(country.id) : null
		const slug = slugs.take(d.name)
		const start = d.start
		// Listed a quarter before it starts (or before today): old enough that no alert's first digest reports it.
		const listedOn = addDays(start < today ? start : today, -90)
		const end = d.online ? addHours(start, 1) : addHours(addDays(start, Math.max(0, d.days - 1)), 9)
		const location = d.online ? 'Online' : `${cityName}, ${country?.name ?? ''}`
		const description = d.online ? d.description : `${d.description} This edition takes place in ${location}.`
		rows.push({
			id,
			slug,
			name: d.name,
			description,
			// The page shows the description in its header, so the body goes on from there instead of repeating it.
			bodyText: `<p>${d.partner ? 'GWI is a media partner of the event. Members receive a discount on registration.' : 'Organised by Global Water Intelligence.'}</p><h2>Programme</h2><p>Keynotes, panel discussions and networking sessions covering ${rng.pick(['desalination and reuse', 'utility finance', 'digital water', 'industrial water', 'climate resilience', 'the global project pipeline'])}.</p>`,
			logo: LOGOS.event,
			heroImage: COVER_IMAGES.event,
			thumbnail: COVER_IMAGES.event,
			isPartnerEvent: d.partner,
			location,
			projectRegion: region?.projectRegion ?? null,
			countryId: country?.id ?? null,
			startDate: start,
			endDate: end,
			websiteUrl: `https://www.${slug}.example`,
			registerUrl: `https://www.${slug}.example/register`,
			contactEmail: d.partner ? `info@${slug}.example` : 'events@globalwaterintel.example',
			// From the seed's day, not the database clock, so the same day gives the same data.
			dateAdded: listedOn,
			dateLastModified: listedOn,
		})
		out.push({ id, name: d.name, slug, startDate: start, endDate: end, countryId: country?.id ?? null, isPartner: d.partner })
	})
	await insertAll(ctx.db, events, rows)
	return out
}
