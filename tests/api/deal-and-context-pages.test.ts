/**
 * The pages the mergers index and the site search link to (spec 001 §3): a deal's record
 * reaches only readers who may use the mergers index; a context names, without access, the
 * membership that opens it; public context pages are in the sitemap.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()

const strategist = () => issueAccessToken({ sub: 'demo|strategist', permissions: ['read:executive', 'read:project', 'read:strategy', 'read:strategy-beta'] })
const executive = () => issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive', 'read:project'] })

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<T>(query)).rows[0]

describe('a deal', () => {
	test('a Strategist reads its parties, figures and notes; an Executive only its names', async () => {
		const deal = await one<{ slug: string; description: string; price_dollars: number }>(
			sql`select m.slug, m.description, m.price_dollars from mergers m where m.price_dollars is not null and m.description is not null
				and exists (select 1 from merger_companies mc where mc.merger_id = m.id) order by m.id limit 1`,
		)
		const open = await get(`/mergers/slug/${deal.slug}`, await strategist())
		expect(open.status).toBe(200)
		expect(open.body.item.hasAccess).toBe(true)
		expect(open.body.item.description).toBe(deal.description)
		expect(open.body.item.details).toMatchObject({ priceDollars: deal.price_dollars, companies: expect.arrayContaining([expect.objectContaining({ slug: expect.any(String), role: expect.any(String) })]) })

		const closed = await get(`/mergers/slug/${deal.slug}`, await executive())
		expect(closed.status).toBe(200)
		expect(closed.body.item.hasAccess).toBe(false)
		expect(closed.body.item.description).toBeNull()
		expect(Object.keys(closed.body.item.details).sort()).toEqual(['acquirorName', 'targetName', 'year'])
	})
})

describe('a context', () => {
	test('without access: its description and "Available with" the membership, not its text', async () => {
		const context = await one<{ slug: string }>(sql`select slug from contexts where 'read:strategy' = any(permission_levels) order by id limit 1`)
		const locked = await get(`/contexts/slug/${context.slug}`)
		expect(locked.status).toBe(200)
		expect(locked.body.item).toMatchObject({ hasAccess: false, bodyText: null, details: { lockedLabel: 'Available with GWI Strategist Membership' } })
		const open = await get(`/contexts/slug/${context.slug}`, await strategist())
		expect(open.body.item).toMatchObject({ hasAccess: true, details: { lockedLabel: null } })
		expect(open.body.item.bodyText).toEqual(expect.any(String))
	})

	test('context pages are in the sitemap; deals, behind the Strategist index, are not', async () => {
		const { body } = await get('/sitemap')
		const types = (body.items as { type: string; count: number }[]).map((item) => item.type)
		expect(types).toContain('contexts')
		expect(types).not.toContain('mergers')
		const count = await one<{ n: number }>(sql`select count(*)::int as n from contexts`)
		const entries = await get('/sitemap/contexts?pageSize=100')
		expect(entries.body.items).toHaveLength(count.n)
		expect(entries.body.items[0].loc).toMatch(/^\/contexts\//)
	})
})
