/**
 * /pages/{slug}: the custom page loader over the real API and test database (spec 000 §2,
 * 001 §2 partner content hub, 002 §2 newsletters).
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { editUrlUnder } from '../../app/lib/cms.server.ts'
import { sessionStorage } from '../../app/lib/session.server.ts'
import { loader as homeLoader } from '../../app/routes/_index.tsx'
import { loader, meta } from '../../app/routes/pages.$slug/route.tsx'
import { noAccessMessages, pages } from '../../backend/db/schema.ts'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { loaderArgs, thrown, unwrap } from '../support/site.ts'

// Where staff edit layouts in this file's world (read when a loader first asks).
const CMS = 'https://cms.example.com/admin'
process.env.CMS_URL = CMS

const database = useTestDatabase()
const cookies: Record<'staff' | 'executive', string> = {} as never

/** The Cookie header of a reader signed in with the given role's permissions. */
async function signedIn(sub: string, role: string) {
	const session = await sessionStorage().getSession()
	session.set('accessToken', await issueAccessToken({ sub, email: `${sub.split('|')[1]}@example.com`, permissions: ROLE_PERMISSIONS[role] }))
	return (await sessionStorage().commitSession(session)).split(';')[0]
}

beforeAll(async () => {
	cookies.staff = await signedIn('demo|staff', 'Strategy for Staff')
	cookies.executive = await signedIn('demo|executive', 'Executive')
})

const load = async (path: string, cookie?: string) => {
	const slug = new URL(path, 'http://x').pathname.split('/')[2]
	return loader(loaderArgs(database.db, path, { slug }, cookie ? { headers: { Cookie: cookie } } : {}))
}

describe('a custom page', () => {
	test('the terms: its headline, body and SEO, public and cacheable, no Edit link for visitors', async () => {
		const { data, headers } = unwrap<any>(await load('/pages/terms'))
		expect(data.page).toMatchObject({ slug: 'terms', headline: 'Terms and conditions', hasAccess: true })
		expect(data.page.bodyText).toContain('A free trial lasts two weeks')
		expect(data.editUrl).toBeNull()
		expect(data.noAccess).toBeNull()
		expect(headers.get('Cache-Control')).toContain('s-maxage')
		const tags = meta({ data, params: { slug: 'terms' }, location: { pathname: '/pages/terms' } } as never) as Record<string, any>[]
		expect(tags.find((tag) => tag.title)?.title).toBe('Terms and conditions | GWI')
		expect(tags.find((tag) => tag.rel === 'canonical')?.href).toBe('http://localhost:3000/pages/terms')
		expect(tags.find((tag) => tag.name === 'description')?.content).toMatch(/^The terms that govern/)
		expect(tags.find((tag) => tag.property === 'og:title')?.content).toBe('Terms and conditions')
		const jsonLd = tags.find((tag) => tag['script:ld+json'])?.['script:ld+json']
		expect(jsonLd[0]).toMatchObject({ '@type': 'WebPage', url: 'http://localhost:3000/pages/terms' })
		expect(jsonLd[1]).toMatchObject({ '@type': 'BreadcrumbList' })
	})

	test.each(['privacypolicy', 'cookiepolicy', 'about-us', 'careers', 'contact', 'methodology', 'archive', 'magazine-archive', 'desalination-hub', 'water-market-data', 'expertise-desalination'])(
		'%s has real content',
		async (slug) => {
			const { data } = unwrap<any>(await load(`/pages/${slug}`))
			expect(data.page.slug).toBe(slug)
			expect(data.page.bodyText.length).toBeGreaterThan(40)
			expect(data.cards.every((card: any) => !card.config.error)).toBe(true)
		},
	)

	test('an unknown page is the not-found page', async () => {
		const response = await thrown(load('/pages/no-such-page'))
		expect(response.status).toBe(404)
	})

	test('a page that failed to load is not called "not found" and is kept out of search engines', () => {
		const tags = meta({ data: undefined, error: new Error('the content API failed'), params: { slug: 'terms' }, location: { pathname: '/pages/terms' } } as never) as Record<string, any>[]
		expect(tags.find((tag) => tag.title)?.title).toBe('Error | GWI')
		expect(tags.find((tag) => tag.name === 'robots')?.content).toBe('noindex')
	})

	test('a page for members only keeps its body and cards from other readers', async () => {
		await database.db.insert(pages).values({ slug: 'members-outlook', name: 'Members outlook', bodyText: '<p>The confidential outlook.</p>', permissionLevels: ['read:executive'] })
		const visitor = unwrap<any>(await load('/pages/members-outlook'))
		expect(visitor.data.page).toMatchObject({ hasAccess: false, bodyText: null })
		expect(JSON.stringify(visitor.data)).not.toContain('confidential')
		const member = unwrap<any>(await load('/pages/members-outlook', cookies.executive))
		expect(member.data.page.bodyText).toContain('confidential')
		expect(member.data.noAccess).toBeNull()
		expect(member.headers.get('Cache-Control')).toContain('private')
	})

	test('its no-access panel: the message for its slug, else the default; Login for visitors, a request-access mail once signed in', async () => {
		await database.db.insert(pages).values({ slug: 'strategy-briefing', name: 'Strategy briefing', bodyText: '<p>For strategists.</p>', permissionLevels: ['read:strategy'] })
		const visitor = unwrap<any>(await load('/pages/strategy-briefing')).data
		expect(visitor.noAccess).toEqual({ message: 'Sorry, you do not have access to this content.', gate: { signedIn: false, offerTrial: true, offerRenewal: false, requestAccess: null } })
		await database.db.insert(noAccessMessages).values({ slug: 'strategy-briefing', message: 'The strategy briefing is for Strategist members.' })
		const member = unwrap<any>(await load('/pages/strategy-briefing', await sessionCookieFor(database.db, 'executive@example.com'))).data
		expect(member.noAccess.message).toBe('The strategy briefing is for Strategist members.')
		expect(member.noAccess.gate).toMatchObject({ signedIn: true, offerTrial: false })
		expect(new URL(member.noAccess.gate.requestAccess).searchParams.get('subject')).toBe('Member access request: Strategy briefing')
	})
})

describe('the Edit link (edit:page-layout)', () => {
	test('staff who may edit page layouts get an Edit link to the CMS', async () => {
		const { data } = unwrap<any>(await load('/pages/terms', cookies.staff))
		expect(data.editUrl).toBe(`${CMS}/pages/${data.page.id}`)
	})
	test('other signed-in readers do not', async () => {
		const { data } = unwrap<any>(await load('/pages/terms', cookies.executive))
		expect(data.editUrl).toBeNull()
	})
	test('the home page, a custom page too, gives staff its Edit link and nobody else', async () => {
		const staff = unwrap<any>(await homeLoader(loaderArgs(database.db, '/', {}, { headers: { Cookie: cookies.staff } }))).data
		expect(staff.editUrl).toBe(`${CMS}/pages/${staff.page.id}`)
		expect(unwrap<any>(await homeLoader(loaderArgs(database.db, '/', {}, { headers: { Cookie: cookies.executive } }))).data.editUrl).toBeNull()
		expect(unwrap<any>(await homeLoader(loaderArgs(database.db, '/'))).data.editUrl).toBeNull()
	})
	test('without CMS_URL there is no Edit link for anyone', () => {
		expect(editUrlUnder(undefined, 'pages', 7)).toBeNull()
		expect(editUrlUnder('https://cms.example.com/', 'pages', 7)).toBe('https://cms.example.com/pages/7')
	})
})

describe('the partner content hub filter', () => {
	test('offers the partner companies by name', async () => {
		const { data } = unwrap<any>(await load('/pages/partner-content-hub'))
		const partners = (await database.db.execute<{ name: string; slug: string }>(sql`select name, slug from companies where is_partner order by name`)).rows
		expect(data.partners).toEqual(partners.map(({ name, slug }) => ({ name, slug })))
		expect(data.partner).toBeNull()
	})

	test('partner-company filters the hub’s cards by that partner', async () => {
		const { data } = unwrap<any>(await load('/pages/partner-content-hub?partner-company=aquarion-membrane-systems'))
		expect(data.partner).toEqual({ name: 'Aquarion Membrane Systems', slug: 'aquarion-membrane-systems' })
		const list = data.cards.find((card: any) => card.config.title === 'Latest partner content')
		const tagged = (
			await database.db.execute<{ slug: string }>(sql`
				select a.slug from articles a join article_companies ac on ac.article_id = a.id join companies c on c.id = ac.company_id
				where c.slug = 'aquarion-membrane-systems' and a.is_partner_content and not a.is_draft`)
		).rows.map((row) => row.slug)
		expect(list.config.articles.length).toBeGreaterThan(0)
		for (const article of list.config.articles) expect(tagged).toContain(article.slug)
		expect(data.cards.find((card: any) => card.cardType === 'CompanyInfoCard').config.company.name).toBe('Aquarion Membrane Systems')
	})

	test.each([
		['/pages/partner-content-hub?partner-company=', '/pages/partner-content-hub'],
		['/pages/partner-content-hub?partner-company=no-such-partner', '/pages/partner-content-hub'],
		['/pages/partner-content-hub?partner-company=nereus-pumps&partner-company=nereus-pumps', '/pages/partner-content-hub?partner-company=nereus-pumps'],
		['/pages/partner-content-hub?pageNum=2&partner-company=', '/pages/partner-content-hub?pageNum=2'],
	])('%s is canonicalised to %s', async (path, location) => {
		const response = await thrown(load(path))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(location)
	})
})

test('/pages/newsletters goes to the latest newsletter issue', async () => {
	const [latest] = (await database.db.execute<{ slug: string }>(sql`select slug from newsletters where not is_draft order by published desc, id desc limit 1`)).rows
	const response = await thrown(load('/pages/newsletters'))
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe(`/newsletters/${latest.slug}`)
})

test('the page’s query reaches its cards (the archive’s page of covers)', async () => {
	const { data } = unwrap<any>(await load('/pages/archive?pageNum=2'))
	const archive = data.cards.find((card: any) => card.cardType === 'NewsletterSearchCard')
	expect(archive.config.pageNum).toBe(2)
	const second = (await database.db.execute<{ slug: string }>(sql`select slug from newsletters where not is_draft order by published desc, id desc limit 16 offset 16`)).rows
	expect(archive.config.items.map((item: any) => item.slug)).toEqual(second.map((row) => row.slug))
})

test('the home page’s cards get the home URL’s query too (its blog card pages)', async () => {
	const first = unwrap<any>(await homeLoader(loaderArgs(database.db, '/'))).data.cards.find((card: any) => card.cardType === 'BlogCard')
	const second = unwrap<any>(await homeLoader(loaderArgs(database.db, `/?blogPage-${first.id}=2`))).data.cards.find((card: any) => card.cardType === 'BlogCard')
	expect(first.config.pageNum).toBe(1)
	expect(second.config.pageNum).toBe(2)
	expect(second.config.posts[0].slug).not.toBe(first.config.posts[0].slug)
})
