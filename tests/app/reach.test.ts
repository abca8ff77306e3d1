/**
 * The defects a new reader tripped over, each as the reader gets the page: the
 * real site rendered over the test database and the in-process API, as a visitor or signed in.
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { PREVIEW_DATA_BANNER } from '../../app/components/layout/PreviewDataBanner.tsx'
import { users } from '../../backend/db/schema.ts'
import { loadUserClaims } from '../../backend/identity/claims.ts'
import { refreshDemoAccounts } from '../../backend/seed/accounts.ts'
import { DEMO_DRAFT, demoAccount } from '../../backend/seed/demo-accounts.ts'
import { MEMBERSHIP_MESSAGES, RENEW_MEMBERSHIP } from '../../contract/membership.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useRenderedSite } from '../support/rendered-site.ts'
import { SITE } from '../support/site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows[0] as T
const as = async (email: string) => ({ headers: { Cookie: await sessionCookieFor(database.db, email) } })
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? null

describe('error pages', () => {
	test('an unknown route’s 404 page has a title with the " | GWI" suffix', async () => {
		const { status, html } = await site.render('/no-such-page/at-all')
		expect(status).toBe(404)
		expect(titleOf(html)).toBe('Page not found | GWI')
	})
})

describe('the membership gate', () => {
	test('an Executive whose membership ended 10 days ago is offered renewal, not a free trial', async () => {
		const paid = await one<{ slug: string }>(sql`
			select a.slug from articles a join article_types t on t.id = a.article_type_id
			where not a.is_draft and t.slug <> 'market-map' and 'read:executive' = any(a.permission_levels) order by a.publication_date desc limit 1`)
		const expired = await site.render(`/articles/${paid.slug}`, await as('expired@example.com'))
		expect(expired.status).toBe(200)
		expect(expired.html).toContain(`>${RENEW_MEMBERSHIP.label}</a>`)
		expect(expired.html).not.toContain('Start free trial')
		// A reader who never was a member is still offered both.
		const free = await site.render(`/articles/${paid.slug}`, await as('free@example.com'))
		expect(free.html).toContain('Start free trial')
		expect(free.html).not.toContain(RENEW_MEMBERSHIP.label)
	})
})

describe('company pages', () => {
	const company = () =>
		one<{ slug: string; description: string }>(sql`
			select c.slug, c.description from companies c
			where c.show_as_page and c.water_revenue is not null and c.description ~ '^[A-Za-z0-9 ,.-]{30}'
				and exists (select 1 from company_indicators i where i.company_id = c.id and i.indicator = 'WaterRevenue')
			order by c.id limit 1`)

	test('the description is printed once; the details card and the stats card agree on water revenue', async () => {
		const { slug, description } = await company()
		const { status, html } = await site.render(`/companies/${slug}`, await as('strategist@example.com'))
		expect(status).toBe(200)
		// Once in the page (the head's description, Open Graph and JSON-LD, and the hydration data aside).
		const page = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
		expect(page.split(description.slice(0, 30)).length - 1).toBe(1)
		const details = html.match(/<dt>Water revenue<\/dt><dd>([^<]*)<\/dd>/)?.[1]
		const stats = html.match(/<dt>Water revenue<\/dt><dd class="stats-tile__value">([^<]*)<\/dd>/)?.[1]
		expect(stats).toMatch(/ (Billion|Million)$/)
		expect(details?.startsWith(stats!)).toBe(true)
	})

	test('every technology-tree node opens /technology-types/{slug}; a technology’s slug there goes on to its page', async () => {
		const { slug } = await company()
		const { html } = await site.render(`/companies/${slug}?tree=expanded`, await as('strategist@example.com'))
		const tree = html.slice(html.indexOf('id="technology-tree"'))
		const hrefs = [...tree.slice(0, tree.indexOf('</section>')).matchAll(/<a href="([^"]+)" target="_blank"/g)].map((match) => match[1])
		expect(hrefs.length).toBeGreaterThan(0)
		for (const href of hrefs) expect(href).toMatch(/^\/technology-types\/[^/]+$/)
		const technology = await one<{ slug: string }>(sql`select slug from technologies order by id limit 1`)
		const moved = await site.render(`/technology-types/${technology.slug}`, { ...(await as('strategist@example.com')), redirect: 'manual' })
		expect(moved.status).toBe(301)
	})
})

describe('canonical URLs', () => {
	test('tracking parameters are left out of the canonical URL and og:url', async () => {
		const { status, html } = await site.render('/articles?gclid=abc&utm_medium=email&utm_source=newsletter')
		expect(status).toBe(200)
		expect(html).toContain(`<link rel="canonical" href="${SITE}/articles"/>`)
		expect(html).toContain(`<meta property="og:url" content="${SITE}/articles"/>`)
		// Nothing the head tells crawlers keeps them (links on the page carry the reader's URL on).
		expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/utm_|gclid/)
	})
})

describe('the profile and the preview banner', () => {
	test('a role with no end date (the base account) shows no countdown', async () => {
		const { html } = await site.render('/profile', await as('free@example.com'))
		expect(html).toContain('base account')
		expect(html).not.toContain('days left')
		// A dated role still counts down.
		expect((await site.render('/profile', await as('trial@example.com'))).html).toContain('5 days left')
	})

	test('a preview:data holder with the toggle on sees the preview banner on every page; off, none', async () => {
		const staff = await as('staff@example.com')
		await database.db.update(users).set({ previewData: true }).where(eq(users.email, 'staff@example.com'))
		expect((await site.render('/articles', staff)).html).toContain(PREVIEW_DATA_BANNER.message)
		await database.db.update(users).set({ previewData: false }).where(eq(users.email, 'staff@example.com'))
		expect((await site.render('/articles', staff)).html).not.toContain(PREVIEW_DATA_BANNER.message)
		// The preference alone is not enough: the reader must hold preview:data.
		await database.db.update(users).set({ previewData: true }).where(eq(users.email, 'executive@example.com'))
		expect((await site.render('/articles', await as('executive@example.com'))).html).not.toContain(PREVIEW_DATA_BANNER.message)
	})
})

describe('demo accounts for the states the spec describes', () => {
	test('a trial at exactly 7 days sees the halfway message; an expired trial the trial-expired dialog', async () => {
		const halfway = await site.render('/articles', await as(demoAccount('trial-halfway').email))
		expect(halfway.html).toContain(MEMBERSHIP_MESSAGES.trialHalfway.replace("'", '&#x27;'))
		const expired = await site.render('/', await as(demoAccount('trial-expired').email))
		expect(expired.html).toContain(MEMBERSHIP_MESSAGES.trialExpiredTitle)
	})

	test('the Multi-office member may download projects; the Desalination beta member has desal access', async () => {
		const permissions = async (key: string) => {
			const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demoAccount(key).email))
			return (await loadUserClaims(database.db, user.id))!.permissions
		}
		expect(await permissions('multi-office')).toContain('download:project')
		expect(await permissions('desal-beta')).toContain('read:desal-beta')
		expect((await site.render('/articles', await as(demoAccount('desal-beta').email))).html).toContain('badge--desal')
	})

	test('the staff’s demo draft opens with its documented secret', async () => {
		const { status, html } = await site.render(`/articles/draft/${DEMO_DRAFT.slug}?secret=${DEMO_DRAFT.secret}`)
		expect(status).toBe(200)
		expect(html).toContain('noindex')
	})

	test('a database seeded before an account was added gets it at the next start', async () => {
		const email = demoAccount('trial-halfway').email
		await database.db.delete(users).where(eq(users.email, email))
		await refreshDemoAccounts(database.db)
		const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
		expect((await loadUserClaims(database.db, user.id))!.datedRoles.map((role) => role.RoleName)).toContain('Executive - Trial')
	})
})
