/**
 * Events: upcoming first, then past ones newest first.
 */
import { sql } from 'drizzle-orm'
import { booleanParam } from '../../../contract/query.ts'
import { link, pick, type DetailContext, type EntityKind } from './kind.ts'

/** Upcoming events (soonest first), then past ones (latest first). */
const upcomingFirst = sql`e.end_date < now(), case when e.end_date >= now() then e.start_date end asc, e.start_date desc, e.id`

const eventDetails = async ({ db, data }: DetailContext) => ({
	...pick(
		data,
		['start_date', 'end_date', 'location', 'project_region', 'website_url', 'register_url', 'contact_email', 'logo', 'hero_image', 'is_partner_event'],
		['start_date', 'end_date'],
	),
	country: await link(db, 'geographies', data.country_id),
})

export const events: EntityKind = {
	table: 'events',
	label: 'event',
	pageType: 'Event',
	ownerKind: 'event',
	thumbnail: sql`e.thumbnail`,
	bannerImage: sql`e.hero_image`,
	publicationDate: sql`e.start_date`,
	orderBy: upcomingFirst,
	listFilters: {
		shape: { isPartnerEvent: booleanParam('isPartnerEvent'), upcoming: booleanParam('upcoming') },
		where: (query) => [
			typeof query.isPartnerEvent === 'boolean' && sql`e.is_partner_event = ${query.isPartnerEvent}`,
			query.upcoming === true && sql`e.end_date >= now()`,
			query.upcoming === false && sql`e.end_date < now()`,
		],
	},
	articles: (id) => ({ tag: { kind: 'events', id } }),
	details: eventDetails,
}
