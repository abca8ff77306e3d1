/**
 * The opportunity exchange (spec 000 §2, §7, §8) on the table engine:
 *   GET  /searchOpportunities                  the exchange's table (facets, value range, sort, paging)
 *   GET  /opportunities/slug/{slug}            a published opportunity
 *   GET  /opportunities/slug/draft/{slug}      a draft, with its secret in the PreviewToken header
 *   GET  /opportunities/countries              the countries an opportunity may be in (the add form)
 *   POST /opportunities                        create (spec 000 §7 "POST /{entity}"), published or as a draft
 * Mounted with the other tables, before the generic entities.
 */
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
	CREATE_MESSAGES,
	OPPORTUNITIES_TABLE,
	OPPORTUNITY_ENTITY,
	OPPORTUNITY_FILTERS,
	OPPORTUNITY_MESSAGES,
	OPPORTUNITY_VALUE_RANGE,
	opportunityCreateSchema,
	PREVIEW_TOKEN_HEADER,
	type Opportunity,
	type OpportunityHit,
	type OpportunitySearchResult,
} from '../../../contract/opportunities.ts'
import { parseTableParams } from '../../../contract/tables.ts'
import type { Db } from '../../db/client.ts'
import { PERMISSIONS } from '../../identity/roles.ts'
import { slugify } from '../../seed/util.ts'
import type { ViewerAccess } from '../access.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse, itemsResponse } from '../envelope.ts'
import { ApiError, badRequest, notFound, unauthorized } from '../errors.ts'
import { previewSecretOpens } from '../preview-secret.ts'
import { readJsonBody } from '../request-body.ts'
import { intArray, isUniqueViolation, iso } from '../sql.ts'
import { forgetTableAnswers, inPageOrder, queryTable, type TableSource } from './engine.ts'

/**
 * Who may post (docs/decisions/0018-index-access.md): full members, Executive or Strategist.
 * Trials and free accounts read the exchange but do not post to it.
 */
export const mayPostOpportunity = (access: ViewerAccess) => access.has(PERMISSIONS.readExecutive) || access.isStrategist

/** An opportunity is open until its closing date has passed (no date: open until filled). */
const OPEN = sql`(e.closing_date is null or e.closing_date >= current_date)`

export const OPPORTUNITIES_SOURCE: TableSource = {
	config: OPPORTUNITIES_TABLE,
	from: sql`opportunities e join geographies g on g.id = e.country_id left join geographies r on r.id = g.region_id`,
	where: () => sql`not e.is_draft`,
	search: sql`e.search`,
	facets: {
		[OPPORTUNITY_FILTERS.category]: sql`array[e.category]`,
		[OPPORTUNITY_FILTERS.regions]: sql`array_remove(array[r.name], null)`,
		[OPPORTUNITY_FILTERS.countries]: sql`array[g.name]`,
	},
	ranges: { [OPPORTUNITY_VALUE_RANGE.title]: sql`e.value_usd_m` },
	flagsOff: { [OPPORTUNITY_FILTERS.includeClosed]: OPEN },
	sorts: {
		name: sql`lower(e.name)`,
		category: sql`e.category`,
		country: sql`g.name`,
		value: sql`e.value_usd_m`,
		closing: sql`e.closing_date`,
		published: sql`e.published_at`,
	},
}

type Row = {
	id: number
	slug: string
	name: string
	category: OpportunityHit['category']
	country: string | null
	region: string | null
	organisation: string
	description: string
	contact_email: string
	value_usd_m: number | null
	closing_date: string | null
	published_at: string
	date_last_modified: string
	is_draft: boolean
	preview_secret: string | null
	project_slug: string | null
	project_name: string | null
}

const SELECT = sql`select e.id, e.slug, e.name, e.category, g.name as country, r.name as region, e.organisation, e.description, e.contact_email,
	e.value_usd_m, e.closing_date::text as closing_date, e.published_at, e.date_last_modified, e.is_draft, e.preview_secret,
	p.slug as project_slug, p.name as project_name
	from opportunities e join geographies g on g.id = e.country_id left join geographies r on r.id = g.region_id left join projects p on p.id = e.project_id`

const toHit = (row: Row): OpportunityHit => ({
	slug: row.slug,
	name: row.name,
	category: row.category,
	country: row.country,
	organisation: row.organisation,
	valueUsdM: row.value_usd_m,
	closingDate: row.closing_date,
	publishedDate: iso(row.published_at)!,
})

/** The whole opportunity; the preview secret only for the one who just created the draft. */
const toOpportunity = (row: Row, { withSecret = false } = {}): Opportunity => ({
	...toHit(row),
	description: row.description,
	contactEmail: row.contact_email,
	region: row.region,
	project: row.project_slug && row.project_name ? { slug: row.project_slug, name: row.project_name } : null,
	isDraft: row.is_draft,
	previewSecret: withSecret ? row.preview_secret : null,
	dateLastModified: iso(row.date_last_modified)!,
})

export async function opportunityHits(db: Db, ids: number[]): Promise<OpportunityHit[]> {
	if (ids.length === 0) return []
	const { rows } = await db.execute<Row>(sql`${SELECT} where e.id = any(${intArray(ids)})`)
	return inPageOrder(ids, rows).map(toHit)
}

async function findBySlug(db: Db, slug: string): Promise<Row | undefined> {
	return (await db.execute<Row>(sql`${SELECT} where e.slug = ${slug}`)).rows[0]
}

/** The slug of a new opportunity: its name's, or the first free `-2`, `-3`... after it. */
async function freeSlug(db: Db, name: string): Promise<string> {
	const base = slugify(name) || OPPORTUNITY_ENTITY
	const { rows } = await db.execute<{ slug: string }>(sql`select slug from opportunities where slug = ${base} or slug like ${`${base}-%`}`)
	const taken = new Set(rows.map((row) => row.slug))
	if (!taken.has(base)) return base
	for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

export function opportunityRoutes(db: Db) {
	const app = new Hono<ApiEnv>()

	app.get('/searchOpportunities', async (c) => {
		const query = parseTableParams(OPPORTUNITIES_TABLE, new URL(c.req.url).searchParams)
		const { ids, ...page } = await queryTable(db, OPPORTUNITIES_SOURCE, query)
		const result: OpportunitySearchResult = { ...page, searchHits: await opportunityHits(db, ids), hasAccess: true }
		return itemResponse(c, result)
	})

	app.get('/opportunities/countries', async (c) => {
		const { rows } = await db.execute<{ slug: string; name: string }>(sql`select slug, name from geographies where not is_region order by name`)
		return itemsResponse(c, rows)
	})

	app.get('/opportunities/slug/draft/:slug', async (c) => {
		const slug = c.req.param('slug')
		const row = await findBySlug(db, slug)
		const token = c.req.header(PREVIEW_TOKEN_HEADER) ?? ''
		if (!(await previewSecretOpens(db, c, token, row?.is_draft ? row.preview_secret : null)) || !row) throw notFound(`draft ${OPPORTUNITY_ENTITY} ${slug}`)
		return itemResponse(c, toOpportunity(row))
	})

	app.get('/opportunities/slug/:slug', async (c) => {
		const slug = c.req.param('slug')
		const row = await findBySlug(db, slug)
		if (!row || row.is_draft) throw notFound(`${OPPORTUNITY_ENTITY} ${slug}`)
		return itemResponse(c, toOpportunity(row))
	})

	app.post('/opportunities', async (c: Context<ApiEnv>) => {
		const access = c.get('access')
		if (!access.viewer) throw unauthorized()
		const body = await readJsonBody(c)
		// Refused before its input is judged: spec 000 §8 names the entity and the name asked for.
		if (!mayPostOpportunity(access)) throw new ApiError(403, CREATE_MESSAGES.forbidden(OPPORTUNITY_ENTITY, typeof body.name === 'string' ? body.name.trim() : ''))
		const parsed = opportunityCreateSchema(new Date()).safeParse(body)
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? CREATE_MESSAGES.failed(OPPORTUNITY_ENTITY))
		const input = parsed.data
		const { rows: countries } = await db.execute<{ id: number }>(sql`select id from geographies where slug = ${input.country} and not is_region`)
		if (!countries[0]) throw badRequest(OPPORTUNITY_MESSAGES.unknownCountry)
		const isDraft = input.publish === 'draft'
		const secret = isDraft ? crypto.randomBytes(24).toString('base64url') : null
		// One statement: the opportunity is there whole or not at all. A slug taken meanwhile is tried once more.
		for (let attempt = 0; ; attempt++) {
			const slug = await freeSlug(db, input.name)
			try {
				await db.execute(sql`
					insert into opportunities (slug, name, category, country_id, organisation, description, contact_email, value_usd_m, closing_date, created_by, is_draft, preview_secret)
					values (${slug}, ${input.name}, ${input.category}, ${countries[0].id}, ${input.organisation}, ${input.description}, ${input.contactEmail},
						${input.valueUsdM ?? null}, ${input.closingDate ?? null}, ${access.viewer.userId}, ${isDraft}, ${secret})`)
				if (!isDraft) forgetTableAnswers(OPPORTUNITIES_SOURCE)
				return itemResponse(c, toOpportunity((await findBySlug(db, slug))!, { withSecret: true }))
			} catch (error) {
				if (attempt > 0 || !isUniqueViolation(error)) throw error
			}
		}
	})

	return app
}
