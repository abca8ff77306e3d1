/**
 * Card resolution in the content API (backend/api/cards.ts and card-resolvers/): what each
 * card type's config gains, for whom, from the seeded test database.
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { forgetStaleCopies } from '../../contract/stale-copies.ts'
import { cardParam, BLOG_PAGE_PARAM } from '../../contract/card-rules.ts'
import { ViewerAccess } from '../../backend/api/access.ts'
import { resolveCards, type StoredCard } from '../../backend/api/cards.ts'
import { DATE_ORDER_WARNING } from '../../contract/query.ts'
import { connect } from '../../backend/db/client.ts'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()
const tokens: Record<'executive' | 'strategist' | 'trial', string> = {} as never

beforeAll(async () => {
	tokens.executive = await issueAccessToken({ sub: 'demo|executive', permissions: ROLE_PERMISSIONS.Executive })
	tokens.strategist = await issueAccessToken({ sub: 'demo|strategist', permissions: ROLE_PERMISSIONS.Strategy })
	tokens.trial = await issueAccessToken({ sub: 'demo|trial', permissions: ROLE_PERMISSIONS['Executive - Trial'] })
})

async function page(slug: string, { token, query = '' }: { token?: string; query?: string } = {}) {
	const response = await api.request(`/pages/slug/${slug}${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
	expect(response.status).toBe(200)
	const body = (await response.json()) as { componentItems: { id: number; cardType: string; config: Record<string, any> }[] }
	return { cards: body.componentItems, byTitle: (title: string) => body.componentItems.find((item) => item.config.title === title)!, byType: (type: string) => body.componentItems.find((item) => item.cardType === type)! }
}

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[]
const stored = (id: number, cardType: string, config: Record<string, unknown>): StoredCard => ({ id, cardType, position: 'Centre', width: 'Full', sortOrder: 0, sliceSlug: null, config })

describe('the sponsored article (spec 000 §2, §9)', () => {
	async function sponsoredOfMonth(from: string, to: string) {
		return rows<{ slug: string }>(sql`
			select slug from articles where sponsor_company_id is not null and not is_draft
				and publication_date >= ${from}::timestamptz and publication_date < ${to}::timestamptz
			order by publication_date desc, id desc limit 10`)
	}
	const monthStart = (date: Date, offset = 0) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))

	/** The seed's day (drafts are dated it): "this month" of the seeded catalogue, whenever the tests run. */
	async function seedDay() {
		const [row] = await rows<{ day: string }>(sql`select min(publication_date) as day from articles where is_draft`)
		return new Date(new Date(row.day).getTime() + 12 * 3_600_000)
	}

	test('is picked at random among this month’s sponsored articles', async () => {
		const now = await seedDay()
		const candidates = (await sponsoredOfMonth(monthStart(now).toISOString(), monthStart(now, 1).toISOString())).map((row) => row.slug)
		expect(candidates.length).toBeGreaterThan(0)
		const access = new ViewerAccess(database.db, null)
		const picks = new Set<string>()
		for (const random of [0, 0.34, 0.67, 0.99]) {
			const [card] = await resolveCards({ db: database.db, access, now, random: () => random }, [stored(1, 'SingleArticleCard', { sponsored: true })])
			const article = card.config.article as { slug: string; sponsor: unknown }
			expect(candidates).toContain(article.slug)
			expect(article.sponsor).not.toBeNull()
			picks.add(article.slug)
		}
		expect(picks.size).toBe(Math.min(candidates.length, 4))
	})

	test('else among last month’s; none when neither month has one', async () => {
		const day = await seedDay()
		const nextMonth = monthStart(day, 1)
		const lastMonths = (await sponsoredOfMonth(monthStart(day).toISOString(), nextMonth.toISOString())).map((row) => row.slug)
		expect(lastMonths.length).toBeGreaterThan(0)
		const access = new ViewerAccess(database.db, null)
		const [fallback] = await resolveCards({ db: database.db, access, now: new Date(nextMonth.getTime() + 3 * 86_400_000), random: () => 0 }, [stored(1, 'SingleArticleCard', { sponsored: true })])
		expect((fallback.config.article as { slug: string }).slug).toBe(lastMonths[0])
		const [none] = await resolveCards({ db: database.db, access, now: monthStart(day, 3), random: () => 0 }, [stored(1, 'SingleArticleCard', { sponsored: true })])
		expect(none.config.article).toBeNull()
	})

	test('takes the last place of the ten-article grid with partner content', async () => {
		const grid = (await page('desalination-hub')).byTitle('Desalination news')
		expect(grid.config.layout).toBe('TenArticleGridWithPartner')
		expect(grid.config.articles).toHaveLength(9)
		expect(grid.config.sponsoredArticle.sponsor).not.toBeNull()
		expect(grid.config.articles.map((article: any) => article.slug)).not.toContain(grid.config.sponsoredArticle.slug)
	})
})

test('a card whose data fails is marked; the cards around it are not', async () => {
	// The real API over a database that does not exist: every query fails.
	const broken = connect(database.url.replace(/\/[^/]+$/, '/no_such_database'), { max: 1 })
	try {
		const cards = await resolveCards({ db: broken, access: new ViewerAccess(broken, null) }, [
			stored(1, 'TextCard', { title: 'Kept', bodyText: '<p>Plain text needs no data.</p>' }),
			stored(2, 'ArticleListCard', { title: 'Latest news' }),
			stored(3, 'ChartCard', { title: 'Figures', dataPoints: [['Year', 'Value'], ['2024', '1']] }),
		])
		expect(cards.map((card) => [card.id, card.config.error ?? false])).toEqual([
			[1, false],
			[2, true],
			[3, false],
		])
		expect(cards[1].config.title).toBe('Latest news')
	} finally {
		await broken.$client.end()
	}
})

describe('document and newsletter search cards (spec 002 §2)', () => {
	test('a page of covers: rowsPerPage × 4, newest first, with the total', async () => {
		const magazines = (await page('magazine-archive')).byType('DocumentSearchCard')
		const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from documents where document_type = 'magazine' and not is_draft`)
		expect(magazines.config).toMatchObject({ rowsPerPage: 3, pageSize: 12, pageNum: 1, totalHits: n, totalPages: Math.ceil(n / 12), warning: null })
		expect(magazines.config.items).toHaveLength(12)
		const dates = magazines.config.items.map((item: any) => item.publicationDate)
		expect([...dates].sort().reverse()).toEqual(dates)
		expect(magazines.config.items[0]).toMatchObject({ url: `/documents/${magazines.config.items[0].slug}`, label: 'magazine', hasAccess: false })
	})

	test('unset rowsPerPage is 4 (16 a page); the page’s pageNum is clamped to the last page', async () => {
		const archive = (await page('archive', { query: '?pageNum=9999' })).byType('NewsletterSearchCard')
		expect(archive.config.pageSize).toBe(16)
		expect(archive.config.pageNum).toBe(archive.config.totalPages)
		expect(archive.config.items.length).toBeGreaterThan(0)
		expect(archive.config.items.length).toBeLessThanOrEqual(16)
	})

	test('the page’s published-from and -to dates filter the covers; reversed dates show the warning and nothing', async () => {
		const archive = (await page('archive', { query: '?publishedFrom=2026-01-01&publishedTo=2026-03-31' })).byType('NewsletterSearchCard')
		const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from newsletters where not is_draft and published >= '2026-01-01' and published < '2026-04-01'`)
		expect(archive.config.totalHits).toBe(n)
		expect(archive.config).toMatchObject({ publishedFrom: '2026-01-01', publishedTo: '2026-03-31' })
		for (const item of archive.config.items) expect(item.publicationDate >= '2026-01-01' && item.publicationDate < '2026-04-01').toBe(true)

		const reversed = (await page('archive', { query: '?publishedFrom=2026-03-01&publishedTo=2026-01-01' })).byType('NewsletterSearchCard')
		expect(reversed.config).toMatchObject({ items: [], totalHits: 0, warning: DATE_ORDER_WARNING })

		// Not a valid 10-character date: the filter does not apply.
		const invalid = (await page('archive', { query: '?publishedFrom=2026-1-1' })).byType('NewsletterSearchCard')
		expect(invalid.config.publishedFrom).toBe('')
		expect(invalid.config.totalHits).toBeGreaterThan(n)
	})

	test('newsletters open to members and trial users; visitors see the covers locked', async () => {
		const visitor = (await page('archive')).byType('NewsletterSearchCard')
		const trial = (await page('archive', { token: tokens.trial })).byType('NewsletterSearchCard')
		expect(visitor.config.items.every((item: any) => item.hasAccess === false)).toBe(true)
		expect(trial.config.items.every((item: any) => item.hasAccess === true)).toBe(true)
	})
})

describe('the partner content hub (spec 001 §2)', () => {
	test('partner-company narrows its partner content to the partner and names the partner', async () => {
		const all = await page('partner-content-hub')
		expect(all.byTitle('About this partner').config.company).toBeNull()
		const filtered = await page('partner-content-hub', { query: '?partner-company=nereus-pumps' })
		const list = filtered.byTitle('Latest partner content').config.articles as { slug: string; isPartnerContent: boolean }[]
		expect(list.length).toBeGreaterThan(0)
		const tagged = await rows<{ slug: string }>(sql`
			select a.slug from articles a join article_companies ac on ac.article_id = a.id join companies c on c.id = ac.company_id
			where c.slug = 'nereus-pumps' and a.is_partner_content and not a.is_draft order by a.publication_date desc, a.id desc limit 12`)
		expect(list.map((article) => article.slug)).toEqual(tagged.map((row) => row.slug))
		expect(filtered.byTitle('About this partner').config.company).toMatchObject({ name: 'Nereus Pumps', slug: 'nereus-pumps' })
	})
})

describe('Strategist data', () => {
	test('database chart cards: nothing for other readers; for strategists the forecast by region with a total and the CAGR', async () => {
		const visitor = (await page('water-market-data', { token: tokens.executive })).byType('DatabaseChartCard')
		expect(visitor.config.hasAccess).toBe(false)
		expect(visitor.config.dataPoints).toBeUndefined()

		const chart = (await page('water-market-data', { token: tokens.strategist })).byType('DatabaseChartCard')
		const table = chart.config.dataPoints as string[][]
		expect(table[0]).toEqual(['Region', '2022', '2023', '2024', '2025', '2026', '2027', '2028', '2029', 'CAGR 2022-2029 (%)'])
		expect(table.map((row) => row[0])).toEqual(['Region', 'Asia-Pacific', 'Europe', 'Latin America', 'Middle East/Africa', 'North America', 'Total'])
		const [europe] = await rows<{ value: number }>(sql`
			select sum(f.value_usd_m)::float8 as value from forecast_facts f join geographies c on c.id = f.country_id join geographies r on r.id = c.region_id
			where f.measure = 'TotalSpending' and f.is_published and f.year = 2024 and r.name = 'Europe'`)
		expect(Number(table[2][3])).toBeCloseTo(europe.value, 0)
		const total2024 = table.slice(1, -1).reduce((sum, row) => sum + Number(row[3]), 0)
		expect(Number(table.at(-1)![3])).toBeCloseTo(total2024, 0)
		const cagr = (Math.pow(Number(table.at(-1)![8]) / Number(table.at(-1)![1]), 1 / 7) - 1) * 100
		expect(Number(table.at(-1)![9])).toBeCloseTo(cagr, 1)
		// Spec 001 §9: money as "$ ... million", every figure and the rate with one decimal.
		expect(chart.config.trends).toMatch(/^Total spending \(Global\) moves from \$[\d,]+\.\d million in 2022 to \$[\d,]+\.\d million in 2029, a compound annual growth rate of -?\d+\.\d%\.$/)
		expect(chart.config.exploreLink).toBe('/data?reportType=TotalSpending&groupBy=Region&startYear=2022&endYear=2029')
		expect(chart.config.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
	})

	test('a company’s stats are Forbidden to other readers (no tiles leave the API); strategists get the latest year of each indicator', async () => {
		const visitor = (await page('water-market-data')).byTitle('Nereus Pumps: financial snapshot')
		expect(visitor.config).toMatchObject({ forbidden: true, items: [] })
		const strategist = (await page('water-market-data', { token: tokens.strategist })).byTitle('Nereus Pumps: financial snapshot')
		const latest = await rows<{ name: string; year: number; value: number }>(sql`
			select distinct on (i.indicator) i.indicator_display_name as name, i.year, i.value from company_indicators i join companies c on c.id = i.company_id
			where c.slug = 'nereus-pumps' order by i.indicator, i.year desc`)
		expect(strategist.config.items.map((item: any) => [item.label, item.subtitle, item.value])).toEqual(latest.map((row) => [row.name, String(row.year), row.value]))
		expect(strategist.config.items[0]).toMatchObject({ layout: 'Currency', unit: 'million' })
	})

	test('water revenue in company cards only for strategists', async () => {
		const visitor = (await page('desalination-hub')).byTitle('Featured partner').config.company
		expect(visitor.name).toBe('Osmotec Desalination')
		expect(visitor).not.toHaveProperty('waterRevenueDollars')
		expect(visitor.expertises.length).toBeGreaterThan(0)
		const strategist = (await page('desalination-hub', { token: tokens.strategist })).byTitle('Featured partner').config.company
		expect(strategist.waterRevenueDollars).toEqual(expect.any(Number))
	})

	test('utilities and deals: names for everyone, figures for strategists', async () => {
		const visitor = await page('water-market-data')
		expect(visitor.byTitle('Largest utilities').config.utilities).toHaveLength(5)
		expect(visitor.byTitle('Largest utilities').config.utilities[0]).not.toHaveProperty('waterPopulation')
		expect(visitor.byTitle('Latest deals').config.mergers[0]).not.toHaveProperty('priceDollars')
		const strategist = await page('water-market-data', { token: tokens.strategist })
		const utilities = strategist.byTitle('Largest utilities').config.utilities as { waterPopulation: number }[]
		expect(utilities.map((u) => u.waterPopulation)).toEqual([...utilities.map((u) => u.waterPopulation)].sort((a, b) => b - a))
		const deals = strategist.byTitle('Latest deals').config.mergers as { status: string; name: string; acquirorName: string; targetName: string; percentAcquired: number | null }[]
		// "Mergers default to Deal completed = Completed."
		expect(deals.every((deal) => deal.status === 'Complete')).toBe(true)
		// Deals have no name of their own: the mergers index's "X acquires [40% of] Y".
		for (const deal of deals) {
			const share = deal.percentAcquired !== null && deal.percentAcquired < 100 ? `${deal.percentAcquired}% of ` : ''
			expect(deal.name).toBe(`${deal.acquirorName} acquires ${share}${deal.targetName}`)
		}
	})
})

describe('contexts (spec 001 §2 Context cards)', () => {
	test('a locked context says what opens it and sends neither its text nor its cards', async () => {
		const { byTitle } = await page('water-market-data')
		const contexts = byTitle('Background').config.contexts as any[]
		expect(contexts.map((context) => context.slug)).toEqual(['global-water-market-size', 'why-tariffs-differ-between-cities', 'non-revenue-water-explained'])
		expect(contexts[0]).toMatchObject({ hasAccess: false, bodyText: null, contextComponents: [], availableWith: 'Available with GWI Strategist Membership' })
		expect(contexts[1]).toMatchObject({ hasAccess: true, availableWith: null })
		expect(contexts[1].bodyText).toContain('cost recovery')
		expect(contexts[1].contextComponents[0].cardType).toBe('TableCard')
	})

	test('with access, its database chart comes resolved', async () => {
		const contexts = (await page('water-market-data', { token: tokens.strategist })).byTitle('Background').config.contexts as any[]
		const chart = contexts[0].contextComponents[0]
		expect(chart.cardType).toBe('DatabaseChartCard')
		expect(chart.config.hasAccess).toBe(true)
		expect(chart.config.dataPoints.length).toBeGreaterThan(2)
	})
})

describe('search result cards', () => {
	test('the site search card shows the search’s own hits for its query', async () => {
		const card = (await page('water-market-data')).byTitle('More on tariffs')
		expect(card.config.searchHits.length).toBeGreaterThan(0)
		expect(card.config.searchHits.length).toBeLessThanOrEqual(5)
		expect(card.config.searchHits.every((hit: any) => hit.pageTypeUrl === '/articles')).toBe(true)
		expect(card.config.seeMoreQuery).toBe('searchTerm=tariffs&sortBy=Relevance&filters%5BPage+type%5D=%2Farticles')
		const search = await api.request(`/search?${card.config.seeMoreQuery}&pageSize=5`)
		const { item } = (await search.json()) as { item: { searchHits: { fullUrl: string }[]; totalHits: number } }
		expect(card.config.searchHits.map((hit: any) => hit.fullUrl)).toEqual(item.searchHits.map((hit) => hit.fullUrl))
		expect(card.config.totalHits).toBe(item.totalHits)
	})

	test('company, project and event cards follow their config', async () => {
		const { byTitle } = await page('desalination-hub')
		const companies = byTitle('Desalination companies').config
		expect(companies.companies).toHaveLength(6)
		expect(companies.companies.every((company: any) => company.expertises.includes('Desalination'))).toBe(true)
		const projects = byTitle('Desalination projects').config
		expect(projects.projects).toHaveLength(8)
		expect(projects.projects.every((project: any) => project.projectTypes.includes('Desal') && project.hasAccess === false && project.progress === undefined)).toBe(true)
		const events = byTitle('Events').config.events as { endDate: string }[]
		expect(events).toHaveLength(4)
		expect(events.every((event) => event.endDate >= new Date().toISOString())).toBe(true)
		const member = (await page('desalination-hub', { token: tokens.executive })).byTitle('Desalination projects').config
		expect(member.projects.every((project: any) => project.hasAccess && typeof project.progress === 'string')).toBe(true)
	})

	test('a company card lists its expertise’s largest water revenues first, companies without one last, with the count of all', async () => {
		const expected = await rows<{ slug: string }>(sql`
			select c.slug from companies c where exists (select 1 from company_expertises x where x.company_id = c.id and x.name = 'Desalination')
			order by c.water_revenue_dollars desc nulls last, c.name, c.id limit 6`)
		const [{ n }] = await rows<{ n: number }>(sql`select count(distinct company_id)::int as n from company_expertises where name = 'Desalination'`)
		const card = (await page('desalination-hub', { token: tokens.strategist })).byTitle('Desalination companies').config
		expect(card.companies.map((company: { slug: string }) => company.slug)).toEqual(expected.map((row) => row.slug))
		expect(card.totalHits).toBe(n)
		const revenues = card.companies.map((company: { waterRevenueDollars: number | null }) => company.waterRevenueDollars)
		expect(revenues[0]).toEqual(expect.any(Number))
	})
})

test('a search card’s count is counted once, kept for every reader, and counted again after a content change', async () => {
	const countsSent: string[] = []
	const pool = database.db.$client
	const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
	const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
		const first = args[0] as string | { text?: string }
		const text = typeof first === 'string' ? first : (first?.text ?? '')
		if (/select count\(\*\)::int as n from (companies|projects)/.test(text)) countsSent.push(text)
		return query(...args)
	}) as never)
	try {
		forgetStaleCopies()
		const strategist = (await page('desalination-hub', { token: tokens.strategist })).byTitle('Desalination companies').config
		expect(countsSent.length).toBeGreaterThan(0)
		countsSent.length = 0
		const visitor = (await page('desalination-hub')).byTitle('Desalination companies').config
		expect(countsSent).toEqual([])
		expect(visitor.totalHits).toBe(strategist.totalHits)
		forgetStaleCopies()
		await page('desalination-hub')
		expect(countsSent.length).toBeGreaterThan(0)
	} finally {
		spy.mockRestore()
	}
})

describe('the blog card', () => {
	test('pages through blog posts with its own parameter; the full text only for posts the reader may read', async () => {
		const first = (await page('home')).byTitle('From our blogs')
		expect(first.config).toMatchObject({ pageNum: 1, pageSize: 3 })
		expect(first.config.posts).toHaveLength(3)
		const second = (await page('home', { query: `?${cardParam(BLOG_PAGE_PARAM, first.id)}=2` })).byTitle('From our blogs')
		expect(second.config.pageNum).toBe(2)
		const blogs = await rows<{ slug: string }>(sql`select a.slug from articles a join article_types t on t.id = a.article_type_id where t.slug = 'blog' and not a.is_draft order by a.publication_date desc, a.id desc limit 6`)
		expect([...first.config.posts, ...second.config.posts].map((post: any) => post.slug)).toEqual(blogs.map((row) => row.slug))
		for (const post of [...first.config.posts, ...second.config.posts]) expect(post.bodyText === null).toBe(!post.hasAccess)
		const beyond = (await page('home', { query: `?${cardParam(BLOG_PAGE_PARAM, first.id)}=100000` })).byTitle('From our blogs')
		expect(beyond.config.pageNum).toBe(beyond.config.totalPages)
	})
})

describe('content cards', () => {
	test('a banner without its own advert gets one of the booked banner adverts', async () => {
		const banner = (await page('home')).cards.find((card) => card.cardType === 'AdvertCard' && card.config.image?.includes('banner'))
		const booked = await rows<{ link: string }>(sql`select link from adverts where placement = 'Banner'`)
		expect(booked.map((row) => row.link)).toContain(banner?.config.link)
	})

	test('a text card’s [First Name] becomes the reader’s first name, and goes for visitors', async () => {
		const [user] = await rows<{ id: number; first_name: string }>(sql`select id, first_name from users where email = 'executive@example.com'`)
		const card = stored(1, 'TextCard', { bodyText: '<p>Dear [First Name], welcome back.</p>' })
		const reader = new ViewerAccess(database.db, { sub: 'demo|executive', email: 'executive@example.com', userId: user.id, permissions: [], datedRoles: [] })
		const [named] = await resolveCards({ db: database.db, access: reader }, [card])
		expect(named.config.bodyText).toBe(`<p>Dear ${user.first_name}, welcome back.</p>`)
		const [anonymous] = await resolveCards({ db: database.db, access: new ViewerAccess(database.db, null) }, [card])
		expect(anonymous.config.bodyText).toBe('<p>Dear welcome back.</p>')
	})
})
