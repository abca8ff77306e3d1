/**
 * The opportunity exchange (spec 000 §2): ~80 opportunities (scaled) drawn from the tracker's
 * live projects in their early stages, where a contractor, operator, lender, industrial
 * partner or development finance institution is wanted. Most are open; some closed recently;
 * two are drafts with a known preview secret (DEMO_OPPORTUNITY_DRAFT). Deterministic: the
 * projects are read in id order and every choice comes from the seed's Random.
 */
import { sql } from 'drizzle-orm'
import { OPPORTUNITY_CATEGORIES, type OpportunityCategory } from '../../contract/opportunities.ts'
import type { Db } from '../db/client.ts'
import { logger } from '../logger.ts'
import { opportunities } from '../db/schema-tables.ts'
import { Random } from './random.ts'
import { addDays, DAY_MS, insertAll, isoDate, previewSecret, slugify, SlugRegistry, utcDay } from './util.ts'

/** /opportunities/draft/{slug}?secret={secret} previews this seeded draft. */
export const DEMO_OPPORTUNITY_DRAFT = { slug: 'draft-operator-sought-for-demo-desalination-plant', secret: 'demo-opportunity-7d41c2' } as const

const OPPORTUNITIES_AT_SCALE_1 = 80
/**
 * Published at a steady pace over this many days, the newest a day or two ago: an exchange with
 * news every week, so the demo's weekly alert has something at its first send whatever the day.
 */
const PUBLISHING_DAYS = 300
/** The share of opportunities whose closing date has passed (shown with 'Include closed opportunities'). */
const CLOSED_SHARE = 0.15

const TITLES: Record<OpportunityCategory, string[]> = {
	Build: ['EPC contractor sought for {project}', 'Design-build bids invited: {project}', 'Civil works package tendered for {project}'],
	Operate: ['O&M operator sought for {project}', 'Operation and maintenance contract: {project}', 'Long-term operator wanted for {project}'],
	Finance: ['Equity partner sought for {project}', 'Senior lenders invited for {project}', 'Project finance advisers wanted: {project}'],
	Industrial: ['Water treatment partner sought by {client}', 'Industrial water supply contract: {project}', 'Effluent treatment upgrade tendered by {client}'],
	DFI: ['DFI co-financing sought for {project}', 'Concessional loan programme: {project}', 'Technical assistance grant for {project}'],
}

const DESCRIPTIONS: Record<OpportunityCategory, string> = {
	Build: '{client} is looking for experienced contractors to build {project} in {country}. Expressions of interest should set out comparable references, proposed partners and the indicative programme.',
	Operate: '{client} invites operators to take on the operation and maintenance of {project} in {country}, including performance guarantees on output, energy use and water quality.',
	Finance: '{client} seeks financial partners for {project} in {country}. The transaction is expected to combine sponsor equity with long-tenor debt; advisers and lenders are invited to register interest.',
	Industrial: '{client} is seeking a partner to design, supply and run water and effluent treatment for {project} in {country}, with options for reuse of treated water on site.',
	DFI: '{client} is inviting development finance institutions and multilaterals to co-finance {project} in {country}, alongside technical assistance for preparation and procurement.',
}

type ProjectSource = { id: number; name: string; client_name: string | null; country_id: number; country: string; cost_usd: number | null }

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')

export async function seedOpportunities(db: Db, { today, scale = 1 }: { today: Date; scale?: number }): Promise<number> {
	const rng = Random.for('opportunities')
	const { rows: sources } = await db.execute<ProjectSource>(sql`
		select p.id, p.name, p.client_name, p.country_id, g.name as country, c.cost_usd
		from projects p join geographies g on g.id = p.country_id left join project_costs c on c.project_id = p.id
		where not p.is_archived and p.progress in ('Conceptual stage', 'Design stage', 'Prequalification', 'RFP issued')
		order by p.id`)
	if (sources.length === 0) return 0
	const count = Math.min(sources.length, Math.max(1, Math.round(OPPORTUNITIES_AT_SCALE_1 * scale)))
	const slugs = new SlugRegistry()
	slugs.take(DEMO_OPPORTUNITY_DRAFT.slug)
	// The first two are drafts; the others are published newest first.
	const publishingGap = PUBLISHING_DAYS / Math.max(1, count - 2)
	const rows: (typeof opportunities.$inferInsert)[] = rng.sample(sources, count).map((project, i) => {
		const category = rng.pick(OPPORTUNITY_CATEGORIES)
		const client = project.client_name ?? `Ministry of Water, ${project.country}`
		const values = { project: project.name, client, country: project.country }
		const name = fill(rng.pick(TITLES[category]), values)
		const isDraft = i < 2
		const daysAgo = isDraft ? rng.int(1, PUBLISHING_DAYS) : 1 + Math.floor((i - 2) * publishingGap) + rng.int(0, 2)
		const publishedAt = new Date(today.getTime() - daysAgo * DAY_MS - rng.int(0, 23) * 3_600_000)
		const closed = rng.chance(CLOSED_SHARE)
		const closingDate = rng.chance(0.1) ? null : isoDate(closed ? addDays(today, -rng.int(1, 60)) : addDays(today, rng.int(14, 240)))
		return {
			slug: i === 0 ? DEMO_OPPORTUNITY_DRAFT.slug : slugs.take(name),
			name: i === 0 ? `Operator sought for demo desalination plant` : name,
			category: i === 0 ? 'Operate' : category,
			countryId: project.country_id,
			organisation: client,
			description: fill(DESCRIPTIONS[i === 0 ? 'Operate' : category], values),
			contactEmail: `opportunities@${slugify(client).slice(0, 40) || 'client'}.example.com`,
			// What is on offer is a share of the project's cost: the whole for a build, less for the rest.
			valueUsdM: project.cost_usd === null || rng.chance(0.2) ? null : Math.round(project.cost_usd * (category === 'Build' ? 1 : rng.float(0.05, 0.6)) * 10) / 10,
			closingDate,
			projectId: project.id,
			isDraft,
			previewSecret: i === 0 ? DEMO_OPPORTUNITY_DRAFT.secret : isDraft ? (rng.int(100000, 999999), previewSecret()) : null,
			publishedAt,
			dateLastModified: publishedAt,
		}
	})
	await insertAll(db, opportunities, rows)
	return rows.length
}

/** A database seeded before the exchange existed gets its opportunities at its next start (only while it has none). */
export async function seedOpportunitiesIfNone(db: Db, { log = (message: string) => logger.info(message), now = new Date() }: { log?: (message: string) => void; now?: Date } = {}) {
	const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from opportunities`)
	if ((rows[0]?.n ?? 0) > 0) return
	const seeded = await seedOpportunities(db, { today: utcDay(now) })
	if (seeded) log(`[db] seeded ${seeded} opportunities`)
}
