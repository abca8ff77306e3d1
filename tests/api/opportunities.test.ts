/**
 * The opportunity exchange's API (spec 000 §2, §7, §8) against the seeded database: the
 * exchange on the table engine (drafts and closed opportunities left out, facet counts, the
 * value range), pages and drafts with their secret, and POST /opportunities with the spec's
 * create messages — good input written whole, bad input refused with nothing written.
 */
import { describe, expect, test } from 'vitest'
import { DEMO_OPPORTUNITY_DRAFT } from '../../backend/seed/opportunities.ts'
import { responseSchema } from '../../contract/endpoints.ts'
import { CREATE_MESSAGES, OPPORTUNITY_MESSAGES } from '../../contract/opportunities.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api, get } = useTestApi()

const count = async (where: string, params: unknown[] = []) =>
	(await database.db.$client.query<{ n: number }>(`select count(*)::int as n from opportunities e join geographies g on g.id = e.country_id where ${where}`, params)).rows[0].n
const facet = (result: any, name: string): Record<string, number> => result.aggregations.find((a: any) => a.name === name).items
const OPEN = `not e.is_draft and (e.closing_date is null or e.closing_date >= current_date)`

const inAFortnight = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
const goodInput = (name: string) => ({
	name,
	category: 'Operate',
	country: 'es',
	organisation: 'Canal de Isabel II',
	description: 'Operation and maintenance of three wastewater treatment plants in the Madrid region for ten years.',
	contactEmail: 'tenders@canal.example.com',
	valueUsdM: '42.5',
	closingDate: inAFortnight(),
})

describe('the exchange on the table engine', () => {
	test('the default: open, published opportunities, newest first, counted by category', async () => {
		const { status, body } = await get('/searchOpportunities')
		expect(status).toBe(200)
		const result = body.item
		expect(result.totalHits).toBe(await count(OPEN))
		expect(result.totalHits).toBeGreaterThan(10)
		expect(result.searchHits).toHaveLength(10)
		const dates = result.searchHits.map((hit: any) => hit.publishedDate)
		expect([...dates].sort().reverse()).toEqual(dates)
		for (const category of ['Build', 'Operate', 'Finance', 'Industrial', 'DFI'])
			expect(facet(result, 'Category')[category] ?? 0).toBe(await count(`${OPEN} and e.category = $1`, [category]))
		expect(result.searchHits.map((hit: any) => hit.slug)).not.toContain(DEMO_OPPORTUNITY_DRAFT.slug)
	})

	test('a category, a value range and closed ones asked for', async () => {
		const { body } = await get('/searchOpportunities?filters[Category]=Build~Finance&filters[Minimum value]=10&filters[Include closed opportunities]=true&pageSize=100')
		const where = `not e.is_draft and e.category in ('Build', 'Finance') and e.value_usd_m >= 10`
		expect(body.item.totalHits).toBe(await count(where))
		expect(body.item.totalHits).toBeGreaterThan(0)
		const value = body.item.minMaxAggregations.find((a: any) => a.title === 'Value (US$m)')
		expect(value.maxValue).toBeGreaterThanOrEqual(10)
		// Closed ones come only when asked for.
		const everything = (await get('/searchOpportunities?filters[Include closed opportunities]=true')).body.item.totalHits
		expect(everything).toBe(await count('not e.is_draft'))
		expect(everything).toBeGreaterThan(await count(OPEN))
	})
})

describe('opportunity pages and drafts', () => {
	test('a published opportunity by slug; a draft only through its secret', async () => {
		const first = (await get('/searchOpportunities')).body.item.searchHits[0]
		const page = await get(`/opportunities/slug/${first.slug}`)
		expect(page.status).toBe(200)
		expect(page.body.item).toMatchObject({ slug: first.slug, isDraft: false, previewSecret: null })
		expect(page.body.item.contactEmail).toMatch(/@/)

		expect((await get(`/opportunities/slug/${DEMO_OPPORTUNITY_DRAFT.slug}`)).status).toBe(404)
		expect((await get(`/opportunities/slug/draft/${DEMO_OPPORTUNITY_DRAFT.slug}`, undefined, { PreviewToken: 'wrong' })).status).toBe(404)
		const draft = await get(`/opportunities/slug/draft/${DEMO_OPPORTUNITY_DRAFT.slug}`, undefined, { PreviewToken: DEMO_OPPORTUNITY_DRAFT.secret })
		expect(draft.status).toBe(200)
		expect(draft.body.item).toMatchObject({ isDraft: true, previewSecret: null })
		expect((await get(`/opportunities/slug/draft/${first.slug}`, undefined, { PreviewToken: '' })).status).toBe(404)
	})
})

describe('POST /opportunities', () => {
	test('who may create: visitors 401, free and trial accounts the spec’s refusal with the name asked for', async () => {
		expect((await call(api, 'POST', '/opportunities', { body: goodInput('Visitor posting') })).status).toBe(401)
		for (const email of ['free@example.com', 'trial@example.com']) {
			const refused = await call(api, 'POST', '/opportunities', { token: await tokenFor(database.db, email), body: goodInput('Madrid O&M contract') })
			expect(refused.status).toBe(403)
			expect(refused.body.errors).toEqual([CREATE_MESSAGES.forbidden('opportunity', 'Madrid O&M contract')])
			expect(refused.body.errors[0]).toBe('Sorry, you do not have permission to create opportunity entity with name Madrid O&M contract')
		}
		expect(await count(`e.name = 'Madrid O&M contract'`)).toBe(0)
	})

	test('a member publishes one: written whole, on the exchange at once', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const created = await call(api, 'POST', '/opportunities', { token, body: goodInput('Madrid wastewater O&M concession') })
		expect(created.status).toBe(200)
		expect(created.body.item).toMatchObject({ slug: 'madrid-wastewater-o-and-m-concession', name: 'Madrid wastewater O&M concession', category: 'Operate', country: 'Spain', valueUsdM: 42.5, isDraft: false, previewSecret: null })
		const again = await call(api, 'POST', '/opportunities', { token, body: goodInput('Madrid wastewater O&M concession') })
		expect(again.body.item.slug).toBe('madrid-wastewater-o-and-m-concession-2')
		const search = await get('/searchOpportunities?searchTerm=Madrid%20wastewater%20concession')
		expect(search.body.item.searchHits.map((hit: any) => hit.slug)).toContain('madrid-wastewater-o-and-m-concession')
	})

	test('a draft: a secret for its creator, not on the exchange, readable with the secret', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const created = await call(api, 'POST', '/opportunities', { token, body: { ...goodInput('Draft desalination finance round'), category: 'Finance', publish: 'draft' } })
		expect(created.status).toBe(200)
		const { slug, previewSecret, isDraft } = created.body.item
		expect(isDraft).toBe(true)
		expect(previewSecret).toMatch(/^[\w-]{20,}$/)
		expect((await get(`/opportunities/slug/${slug}`)).status).toBe(404)
		expect((await get(`/opportunities/slug/draft/${slug}`, undefined, { PreviewToken: previewSecret })).body.item.name).toBe('Draft desalination finance round')
		expect((await get('/searchOpportunities?searchTerm=desalination%20finance%20round')).body.item.totalHits).toBe(0)
	})

	test('bad input: a 400 with the field’s message, nothing written', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const cases: [Record<string, unknown>, string][] = [
			[{ ...goodInput('Short description case'), description: 'Too short' }, OPPORTUNITY_MESSAGES.descriptionRequired],
			[{ ...goodInput('Unknown category case'), category: 'Desal' }, OPPORTUNITY_MESSAGES.categoryRequired],
			[{ ...goodInput('Bad email case'), contactEmail: 'not-an-address' }, OPPORTUNITY_MESSAGES.contactEmailInvalid],
			[{ ...goodInput('Past closing date case'), closingDate: '2001-01-01' }, OPPORTUNITY_MESSAGES.closingDateInvalid],
			[{ ...goodInput('Negative value case'), valueUsdM: '-3' }, OPPORTUNITY_MESSAGES.valueInvalid],
			[{ ...goodInput('Unknown country case'), country: 'atlantis' }, OPPORTUNITY_MESSAGES.unknownCountry],
			[{ ...goodInput('A region is no country'), country: 'xb' }, OPPORTUNITY_MESSAGES.unknownCountry],
		]
		for (const [body, message] of cases) {
			const refused = await call(api, 'POST', '/opportunities', { token, body })
			expect(refused.status, String(body.name)).toBe(400)
			expect(refused.body.errors).toEqual([message])
			expect(await count(`e.name = $1`, [body.name])).toBe(0)
		}
		expect((await call(api, 'POST', '/opportunities', { token, body: ['not', 'an', 'object'] })).status).toBe(400)
	})
})

describe('the contract', () => {
	test('every opportunity endpoint answers as contract/opportunities.ts says', async () => {
		const token = await tokenFor(database.db, 'executive@example.com')
		const search = await get('/searchOpportunities?filters[Category]=Build')
		expect(responseSchema('opportunities.search').safeParse(search.body).success).toBe(true)
		const countries = await get('/opportunities/countries')
		expect(responseSchema('opportunities.countries').safeParse(countries.body).success).toBe(true)
		expect(countries.body.items.map((country: any) => country.slug)).toContain('es')
		const page = await get(`/opportunities/slug/${search.body.item.searchHits[0].slug}`)
		expect(responseSchema('opportunities.bySlug').safeParse(page.body).success).toBe(true)
		const draft = await get(`/opportunities/slug/draft/${DEMO_OPPORTUNITY_DRAFT.slug}`, undefined, { PreviewToken: DEMO_OPPORTUNITY_DRAFT.secret })
		expect(responseSchema('opportunities.draft').safeParse(draft.body).success).toBe(true)
		const created = await call(api, 'POST', '/opportunities', { token, body: goodInput('Contract-checked opportunity') })
		expect(responseSchema('opportunities.create').safeParse(created.body).success).toBe(true)
		const filters = await call(api, 'GET', '/trackerfilters', { token })
		expect(responseSchema('tracker.filters').safeParse(filters.body).success).toBe(true)
	})
})
