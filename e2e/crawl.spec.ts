/**
 * Every route of the site answers a complete server-rendered page for
 * the visitor and for each demo account of the README, and crawlers get valid sitemaps.
 * Pure HTTP (the rendered HTML is what a reader without scripts gets), so it runs in the
 * chromium project, signing in once per account; one check in the no-js project renders a
 * few of the pages in the browser without scripts.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import type { EntitySummary } from '../contract/entities.ts'
import { draftArticle } from './support/seeded-data.ts'
import { signIn } from './support/sign-in.ts'

/** The README's demo accounts: who they are, and what they may open. */
type Account = {
	name: string
	email?: string
	/** Reads members-only articles (the recent one crawled) and Project Tracker records. */
	member: boolean
	/** Opens strategist-only pages (read:strategy or read:strategy-beta). */
	strategist: boolean
}

const ACCOUNTS: Account[] = [
	{ name: 'visitor', member: false, strategist: false },
	{ name: 'free', email: 'free@example.com', member: false, strategist: false },
	// A trial reads content published within a month before it began, so the recent article.
	{ name: 'trial', email: 'trial@example.com', member: true, strategist: false },
	{ name: 'trial2', email: 'trial2@example.com', member: true, strategist: false },
	{ name: 'executive', email: 'executive@example.com', member: true, strategist: false },
	{ name: 'expiring', email: 'expiring@example.com', member: true, strategist: false },
	{ name: 'expired', email: 'expired@example.com', member: false, strategist: false },
	{ name: 'strategist', email: 'strategist@example.com', member: true, strategist: true },
	{ name: 'staff', email: 'staff@example.com', member: true, strategist: true },
	{ name: 'incomplete', email: 'incomplete@example.com', member: true, strategist: false },
	{ name: 'organisation (network address)', member: true, strategist: false },
]

/** The README's organisation address range (198.51.100.0/24); the site trusts its loopback proxy. */
const ORGANISATION_ADDRESS = '198.51.100.23'

/** What a URL must answer: a page (200), or a redirect to a place. */
type Expected = { status: 200 } | { status: 301 | 302; location: string | RegExp } | { status: 404 }
type Check = { path: string; expect: (account: Account) => Expected; html?: boolean }

const PAGE: Expected = { status: 200 }
const page200 = (path: string): Check => ({ path, expect: () => PAGE, html: true })
const file200 = (path: string): Check => ({ path, expect: () => PAGE, html: false })
/** Spec 000 §2: strategist-only indexes and pages redirect to / otherwise. */
const strategistOnly = (path: string): Check => ({ path, expect: (account) => (account.strategist ? PAGE : { status: 302, location: '/' }), html: true })

/** Marks of a page that is not what it should be: the error page, a failed card, a card nobody can draw. */
const BROKEN = ['class="error-page"', 'An error occurred loading this content.', 'Component not yet implemented!']

async function firstSlug(request: APIRequestContext, kind: string, filter = '') {
	const { items } = (await (await request.get(`/api/${kind}?pageSize=1${filter}`)).json()) as { items: EntitySummary[] }
	if (!items[0]) throw new Error(`the seed has no ${kind}`)
	return items[0].slug
}

/** The representative URLs of every route, with seeded slugs. */
async function routesToCrawl(request: APIRequestContext) {
	const { items: articles } = (await (await request.get('/api/articles?pageSize=100')).json()) as { items: ArticleSummary[] }
	const free = articles.find((article) => article.hasAccess)!
	// Members-only, newest first: a trial reads it too; Market Maps and Quarterly Reviews have rules of their own.
	const paywalled = articles.find((article) => !article.hasAccess && !['market-map', 'quarterly-review'].includes(article.articleType.slug))!
	const draft = await draftArticle()
	const slugs = Object.fromEntries(
		await Promise.all(
			['article-types', 'authors', 'blog-types', 'industries', 'technologies', 'topics', 'events', 'projects', 'utilities', 'applications', 'industrial-subsectors', 'technology-types'].map(
				async (kind) => [kind, await firstSlug(request, kind)] as const,
			),
		),
	)
	// A company that is a page in strategist mode too (showAsPage), from the companies sitemap.
	const { items: companies } = (await (await request.get('/api/sitemap/companies?pageSize=1')).json()) as { items: { loc: string }[] }
	const company = companies[0]!.loc
	const checks: Check[] = [
		page200('/'),
		page200('/articles'),
		page200(`/articles/${free.slug}`),
		page200(`/articles/${paywalled.slug}`),
		page200(`/articles/draft/${draft.slug}?secret=${draft.secret}`),
		{ path: `/articles/draft/${draft.slug}`, expect: () => ({ status: 404 }), html: true },
		page200('/article-types'),
		page200(`/article-types/${slugs['article-types']}`),
		page200(company),
		page200(`/blogs/${slugs['blog-types']}`),
		page200('/projects'),
		page200(`/projects/${slugs.projects}`),
		page200('/geographies'),
		page200('/geographies/xb'),
		page200('/geographies/de'),
		page200('/authors'),
		page200(`/authors/${slugs.authors}`),
		...['privacypolicy', 'terms', 'cookiepolicy', 'partner-content-hub', 'archive', 'desalination-hub'].map((slug) => page200(`/pages/${slug}`)),
		{ path: '/pages/newsletters', expect: () => ({ status: 302, location: /^\/newsletters\/[a-z0-9-]+$/ }) },
		page200('/industries'),
		page200(`/industries/${slugs.industries}`),
		page200('/technologies'),
		page200(`/technologies/${slugs.technologies}`),
		page200('/topics'),
		page200(`/topics/${slugs.topics}`),
		page200(`/events/${slugs.events}`),
		page200(`/utilities/${slugs.utilities}`),
		strategistOnly('/applications'),
		strategistOnly(`/applications/${slugs.applications}`),
		strategistOnly('/industrial-subsectors'),
		strategistOnly(`/industrial-subsectors/${slugs['industrial-subsectors']}`),
		strategistOnly('/technology-types'),
		strategistOnly(`/technology-types/${slugs['technology-types']}`),
		page200('/search?searchTerm=desalination&sortBy=Relevance&filters%5BPage+type%5D=%2Farticles'),
		page200('/search?searchTerm=tariff&sortBy=Date&filters%5BPage+type%5D=%2Farticles&filters%5BCountries%5D=Germany'),
		file200('/sitemap.xml'),
		file200('/robots.txt'),
		file200('/articles/rss.xml'),
		file200(`/article-types/${slugs['article-types']}/rss.xml`),
		{ path: `/news/${free.slug}`, expect: () => ({ status: 301, location: `/articles/${free.slug}` }) },
		{ path: '/companies/id/999999999', expect: () => ({ status: 302, location: '/' }) },
	]
	return { checks, paywalled: paywalled.slug, project: slugs.projects }
}

/** Runs `work` over `items`, a few at a time (the server has two cores to share). */
async function inTurn<T>(items: T[], work: (item: T) => Promise<void>, concurrency = 4) {
	const queue = [...items]
	await Promise.all(Array.from({ length: concurrency }, async () => {
		for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
	}))
}

/** Text of the paywalled article a member reads and others must never get: its body after the public first paragraph. */
async function membersOnlyPhrases(browser: Browser, slug: string) {
	const context = await browser.newContext()
	const page = await context.newPage()
	await signIn(page, 'executive@example.com', undefined, `/articles/${slug}`)
	await expect(page.locator('.article__body p').nth(1)).toBeAttached()
	const paragraphs = await page.locator('.article__body p').allTextContents()
	await context.close()
	// Plain runs of words, as they read in HTML and in the loader's JSON alike.
	return paragraphs
		.slice(1)
		.map((text) => text.match(/[A-Za-z0-9 ,.]{30,}/)?.[0].trim())
		.filter((phrase): phrase is string => Boolean(phrase && phrase.length >= 30))
}

async function signedInPage(browser: Browser, account: Account): Promise<Page> {
	const context = await browser.newContext()
	const page = await context.newPage()
	if (account.email) await signIn(page, account.email)
	else if (account.name.startsWith('organisation')) {
		const response = await page.request.get(`/ip-login?debugIPAddress=${ORGANISATION_ADDRESS}`)
		expect(response.status()).toBe(200)
		expect(await response.text()).toContain('Demo Water Authority')
	}
	return page
}

test.describe('every route, for every demo account', () => {
	// One worker walks the accounts in turn: the paywalled text is read once, by a member.
	test.describe.configure({ mode: 'default' })
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'pure HTTP: once is enough (the no-js check is below)')

	let crawl: Awaited<ReturnType<typeof routesToCrawl>>
	let hidden: string[]
	test.beforeAll(async ({ browser, request }) => {
		crawl = await routesToCrawl(request)
		hidden = await membersOnlyPhrases(browser, crawl.paywalled)
		expect(hidden.length).toBeGreaterThan(0)
	})

	for (const account of ACCOUNTS) {
		test(`as ${account.name}`, async ({ browser }) => {
			test.setTimeout(90_000)
			const page = await signedInPage(browser, account)
			const failures: string[] = []
			await inTurn(crawl.checks, async (check) => {
				const wanted = check.expect(account)
				const response = await page.request.get(check.path, { maxRedirects: 0 })
				const where = `${check.path} (${account.name})`
				if (response.status() !== wanted.status) return void failures.push(`${where}: ${response.status()}, expected ${wanted.status}`)
				if ('location' in wanted) {
					const location = response.headers()['location'] ?? ''
					const matches = typeof wanted.location === 'string' ? location === wanted.location : wanted.location.test(location)
					if (!matches) failures.push(`${where}: goes to ${location}`)
					return
				}
				const body = await response.text()
				if (check.html && wanted.status === 200) {
					for (const mark of BROKEN) if (body.includes(mark)) failures.push(`${where}: has ${mark}`)
					if (!/<title>[^<]+ \| GWI<\/title>/.test(body)) failures.push(`${where}: no title with the product suffix`)
					if (!body.includes('<h1')) failures.push(`${where}: no heading`)
				}
				if (check.path === `/articles/${crawl.paywalled}`) {
					const shown = hidden.filter((phrase) => body.includes(phrase))
					if (account.member && shown.length !== hidden.length) failures.push(`${where}: a member does not get the whole article`)
					if (!account.member && shown.length > 0) failures.push(`${where}: paywalled text reached a reader without access: "${shown[0]}"`)
					if (!account.member && !body.includes('paywalled-content')) failures.push(`${where}: no paywall`)
				}
				if (check.path === `/projects/${crawl.project}`) {
					const locked = body.includes('The Project Tracker is available exclusively to full members')
					if (locked === account.member) failures.push(`${where}: ${locked ? 'locked for a member' : 'open without access'}`)
				}
			})
			expect(failures).toEqual([])
			await page.context().close()
		})
	}

	test('a sample of every type sitemap answers 200', async ({ request }) => {
		const index = await (await request.get('/sitemap.xml')).text()
		const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
		expect(sitemaps.length).toBeGreaterThanOrEqual(10)
		const sample: string[] = []
		for (const sitemap of sitemaps) {
			const response = await request.get(sitemap)
			expect(response.status(), sitemap).toBe(200)
			const urls = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
			expect(urls.length, sitemap).toBeGreaterThan(0)
			sample.push(...new Set([urls[0], urls[Math.floor(urls.length / 2)], urls.at(-1)!]))
		}
		const failures: string[] = []
		await inTurn(sample, async (path) => {
			const response = await request.get(path, { maxRedirects: 0 })
			if (response.status() !== 200) return void failures.push(`${path}: ${response.status()}`)
			const body = await response.text()
			for (const mark of BROKEN) if (body.includes(mark)) failures.push(`${path}: has ${mark}`)
		})
		expect(failures).toEqual([])
	})
})

test('without scripts the crawled kinds of page are complete', async ({ page, javaScriptEnabled }) => {
	test.skip(javaScriptEnabled, 'the no-js project renders them; the crawl above reads their HTML')
	for (const [path, heading] of [
		['/topics/private-finance', 'Private finance'],
		['/technologies/desalination', 'Desalination'],
		['/pages/desalination-hub', 'Desalination'],
		['/geographies/xb', 'Europe'],
	] as const) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(200)
		await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
		await expect(page.locator('.error-page')).toHaveCount(0)
		await expect(page.getByText('An error occurred loading this content.')).toHaveCount(0)
	}
	await page.goto('/search?searchTerm=desalination&sortBy=Relevance&filters%5BPage+type%5D=%2Farticles')
	await expect(page.locator('.error-page')).toHaveCount(0)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
