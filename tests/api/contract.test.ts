/**
 * The embedded API keeps the contract (contract/endpoints.ts): every endpoint's answer, for a
 * visitor and for a Strategist (who sees the most fields), parses with that endpoint's
 * response schema, entity details with their kind's. Production does not check answers
 * (docs/decisions/0013), so this is where drift between the API and the contract shows.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { ENTITY_KINDS } from '../../backend/api/entity-kinds.ts'
import { endpointPath, ENDPOINTS, responseSchema, type EndpointName } from '../../contract/endpoints.ts'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

type Call = { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown }

let strategist = ''
beforeAll(async () => {
	strategist = await tokenFor(database.db, 'strategist@example.com')
})

/** Calls the endpoint by its contract name; the answer must be a success that parses with the endpoint's schema. */
async function expectContract(name: EndpointName, { params, query, body }: Call = {}, token?: string) {
	const search = new URLSearchParams(Object.entries(query ?? {}).map(([key, value]) => [key, String(value)])).toString()
	const path = `${endpointPath(ENDPOINTS[name].path, params)}${search ? `?${search}` : ''}`
	const response = await call(api, ENDPOINTS[name].method, path, { token, body })
	expect(response.status, `${name} ${path}: ${JSON.stringify(response.body.errors)}`).toBe(200)
	const parsed = responseSchema(name, params).safeParse(response.body)
	expect(parsed.success ? [] : parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`), `${name} ${path}`).toEqual([])
	return response.body
}

describe.each([
	['a visitor', () => undefined],
	['a Strategist', () => strategist],
])('as %s, answers keep the contract', (_who, token) => {
	test('menus, pages and sitemaps', async () => {
		await expectContract('menus.bySlug', { params: { slug: 'main' } }, token())
		await expectContract('pages.bySlug', { params: { slug: 'home' } }, token())
		const sitemap = await expectContract('sitemap.types', {}, token())
		await expectContract('sitemap.entries', { params: { type: sitemap.items[0].type }, query: { pageSize: 50 } }, token())
	})

	test('articles, related articles and no-access messages', async () => {
		const list = await expectContract('articles.list', { query: { pageSize: 20 } }, token())
		const slug = list.items[0].slug
		await expectContract('articles.bySlug', { params: { slug } }, token())
		await expectContract('articles.related', { params: { slug }, query: { pageSize: 5 } }, token())
		await expectContract('articles.bySlugs', { params: { slugs: list.items.slice(0, 3).map((item: { slug: string }) => item.slug).join(',') } }, token())
		await expectContract('noAccesses.list', { query: { pageSize: 100 } }, token())
	})

	test('search, with its facets', async () => {
		await expectContract('search', { query: { searchTerm: 'water', includeAggregations: 'true', pageSize: 20 } }, token())
	})

	test('searchable tables: the tracker and the indexes, with facets and min/max aggregations', async () => {
		await expectContract('tracker.search', { query: { 'filters[Project category]': 'Desal~WWTP', 'filters[Minimum cost]': '10' } }, token())
		await expectContract('indexes.companies', { query: { 'filters[Minimum revenue]': '1' } }, token())
		await expectContract('indexes.utilities', { query: {} }, token())
		await expectContract('indexes.mergers', { query: { 'filters[Deal completed]': 'All' } }, token())
	})

	test.each(Object.keys(ENTITY_KINDS))('entities of kind %s: list, page (details of the kind), articles, slug list', async (kind) => {
		const list = await expectContract('entities.list', { params: { kind }, query: { pageSize: 5 } }, token())
		if (list.items.length === 0) return
		const params = { kind, slug: list.items[0].slug }
		await expectContract('entities.bySlug', { params }, token())
		// The slug list is one path parameter, its commas URI-encoded like every parameter.
		const bySlugs = await expectContract('entities.bySlugs', { params: { kind, slugs: list.items.map((item: { slug: string }) => item.slug).join(',') } }, token())
		expect(bySlugs.items.map((item: { slug: string }) => item.slug)).toEqual(list.items.map((item: { slug: string }) => item.slug))
		if (ENTITY_KINDS[kind]!.articles) await expectContract('entities.articles', { params, query: { pageSize: 5 } }, token())
	})
})

describe('signed-in answers keep the contract', () => {
	test('the profile, a Strategist\'s company indicators, preferences', async () => {
		await expectContract('userProfile.get', {}, strategist)
		const companies = await call(api, 'GET', '/companies?pageSize=50', { token: strategist })
		const withIndicators = []
		for (const company of companies.body.items as { slug: string }[]) {
			const answer = await expectContract('companies.indicators', { params: { slug: company.slug } }, strategist)
			if (answer.items.length) withIndicators.push(company.slug)
		}
		expect(withIndicators.length).toBeGreaterThan(0)
		await expectContract('userProfile.preferences', { body: { hasOptedOutOfUsageReport: false } }, strategist)
	})

	test('sign-in by network address (the demo organisation\'s range)', async () => {
		await expectContract('ipLogin.create', { query: { debugIPAddress: '198.51.100.23' } })
	})
})
