/**
 * The page audit: every page family, as a visitor and as a signed-in member (the
 * Strategist demo account, who also opens /data), with scripts on, at 375 px and 1280 px.
 * One page load per family and viewport, shared by every check: axe-core (WCAG 2.1 AA and
 * best practices, colour contrast included) with no violations; html-validate's standard
 * preset with no errors on the HTML the server sent; every JSON-LD block parses and has
 * what its schema.org type requires. A screenshot of each page goes to
 * test-results/screenshots/ for a person to look over.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import { axeFindings, htmlFindings, jsonLdBlocks, jsonLdFindings } from './support/audit.ts'
import { signIn } from './support/sign-in.ts'

/** A phone's width: every page fits it without sideways scrolling. */
const NARROW = 375
const VIEWPORTS = [
	{ width: NARROW, height: 800 },
	{ width: 1280, height: 900 },
]
const SCREENSHOTS = path.resolve('test-results', 'screenshots')
const MEMBER = 'strategist@example.com'

type Persona = 'visitor' | 'member'
type Family = {
	name: string
	path: (request: APIRequestContext) => Promise<string> | string
	personas?: Persona[]
	/** The page's status (after redirects). */
	status?: number
	/** schema.org types the page's JSON-LD must hold (so the checks above have something to check). */
	jsonLd?: string[]
}

async function firstSlug(request: APIRequestContext, list: string, wanted: (item: { slug: string; hasAccess?: boolean }) => boolean = () => true) {
	const { items } = (await (await request.get(list)).json()) as { items: { slug: string; hasAccess?: boolean }[] }
	const item = items.find(wanted)
	if (!item) throw new Error(`no item of ${list} in the seeded data`)
	return item.slug
}

/** The exchange's newest opportunity (its search answers one result object, not a list). */
async function firstOpportunity(request: APIRequestContext) {
	const { item } = (await (await request.get('/api/searchOpportunities?pageSize=1')).json()) as { item: { searchHits: { slug: string }[] } }
	const hit = item.searchHits[0]
	if (!hit) throw new Error('no opportunity in the seeded data')
	return `/opportunities/${hit.slug}`
}

/** Articles as the visitor's API sees them: a sample (free) and a members-only one. */
const article = (request: APIRequestContext, free: boolean) => firstSlug(request, '/api/articles?pageSize=100', (item) => (item as ArticleSummary).hasAccess === free).then((slug) => `/articles/${slug}`)

const FAMILIES: Family[] = [
	{ name: 'home', path: () => '/', jsonLd: ['WebSite'] },
	{ name: 'article-gated', path: (request) => article(request, false), jsonLd: ['NewsArticle', 'BreadcrumbList'] },
	{ name: 'article-free', path: (request) => article(request, true), jsonLd: ['NewsArticle', 'BreadcrumbList'] },
	{ name: 'articles', path: () => '/articles' },
	{ name: 'search', path: () => '/search?searchTerm=desalination' },
	{ name: 'company', path: () => '/companies/aquarion-membrane-systems', jsonLd: ['Organization', 'BreadcrumbList'] },
	{ name: 'project', path: (request) => firstSlug(request, '/api/projects?pageSize=1').then((slug) => `/projects/${slug}`) },
	{ name: 'topic', path: () => '/topics/private-finance', jsonLd: ['BreadcrumbList'] },
	{ name: 'technology', path: () => '/technologies/desalination' },
	{ name: 'custom-page', path: () => '/pages/desalination-hub' },
	{ name: 'profile', path: () => '/profile', personas: ['member'] },
	{ name: 'newsletters', path: () => '/newsletters' },
	{ name: 'memberships', path: () => '/memberships' },
	{ name: 'advertise', path: () => '/advertise' },
	{ name: 'document', path: (request) => firstSlug(request, '/api/documents?pageSize=1').then((slug) => `/documents/${slug}`) },
	{ name: 'projecttracker', path: () => '/projecttracker' },
	{ name: 'companies', path: () => '/companies' },
	{ name: 'events', path: () => '/events' },
	{ name: 'event', path: (request) => firstSlug(request, '/api/events?pageSize=1').then((slug) => `/events/${slug}`), jsonLd: ['Event', 'BreadcrumbList'] },
	{ name: 'data', path: () => '/data' },
	{ name: 'opportunityexchange', path: () => '/opportunityexchange' },
	{ name: 'opportunity', path: (request) => firstOpportunity(request) },
	{ name: 'opportunity-add', path: () => '/opportunities/add', personas: ['member'] },
	{ name: 'merger', path: (request) => firstSlug(request, '/api/mergers?pageSize=1').then((slug) => `/mergers/${slug}`), personas: ['member'] },
	{ name: 'context', path: (request) => firstSlug(request, '/api/contexts?pageSize=1').then((slug) => `/contexts/${slug}`) },
	{ name: 'not-found', path: () => '/no-such-page/at-all', status: 404 },
]

/** The member's signed-in session, made once per worker and reused by every member page. */
const test = base.extend<object, { memberState: string }>({
	memberState: [
		async ({ browser }, use, workerInfo) => {
			const file = path.resolve('test-results', `audit-member-${workerInfo.workerIndex}.json`)
			const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL })
			const page = await context.newPage()
			await signIn(page, MEMBER)
			await context.storageState({ path: file })
			await context.close()
			await use(file)
		},
		{ scope: 'worker' },
	],
})

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the audit runs with scripts on (the no-js project sees the same server HTML)')

async function audit(page: Page, request: APIRequestContext, family: Family, persona: Persona) {
	// Two page loads, two axe runs and two full-page screenshots: on a 2-core machine running two
	// workers a long page (the companies index) took more than the default 30 s.
	test.slow()
	const url = await family.path(request)
	const findings: string[] = []
	// What the browser reports while the page loads and hydrates: script errors, CSP
	// violations, failed requests (Lighthouse's errors-in-console, for every family).
	const status = family.status ?? 200
	page.on('pageerror', (error) => findings.push(`script error: ${error.message}`))
	// A CSP violation a script catches (zod's eval probe did) leaves no console message: the event says it.
	await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`)))
	page.on('console', (message) => {
		if (message.type() !== 'error') return
		// The page's own expected status (the 404 page) is no fault.
		if (status !== 200 && message.text().includes(`status of ${status}`) && message.location().url.endsWith(url)) return
		findings.push(`console error: ${message.text()} (${message.location().url})`)
	})
	for (const [index, viewport] of VIEWPORTS.entries()) {
		await page.setViewportSize(viewport)
		const response = await page.goto(url)
		expect(response, url).not.toBeNull()
		expect(response!.status(), url).toBe(status)
		if (index === 0) {
			// The server's HTML (viewport-independent): validated once, and its JSON-LD read.
			const html = await response!.text()
			findings.push(...(await htmlFindings(html)))
			const { blocks, findings: unparsed } = jsonLdBlocks(html)
			findings.push(...unparsed)
			const selectors = new Map<string, boolean>()
			for (const block of blocks) {
				const selector = (block['hasPart'] as { cssSelector?: string } | undefined)?.cssSelector
				if (selector) selectors.set(selector, (await page.locator(selector).count()) > 0)
			}
			findings.push(...jsonLdFindings(blocks, (selector) => selectors.get(selector) ?? false))
			const types = new Set(blocks.flatMap((block) => [block['@type']].flat().map(String)))
			for (const type of family.jsonLd ?? []) if (!types.has(type)) findings.push(`JSON-LD: no ${type} on the page`)
			// A visitor meets the paywall: the article must say so, with its gated section.
			if (family.name === 'article-gated' && persona === 'visitor' && !blocks.some((block) => block['isAccessibleForFree'] === false)) findings.push('JSON-LD: the members-only article does not say isAccessibleForFree false')
		}
		findings.push(...(await axeFindings(page)).map((finding) => `${viewport.width}px ${finding}`))
		// Nothing scrolls sideways on a phone (spec 000 §9); the widest offenders are named.
		if (viewport.width === NARROW) findings.push(...(await sidewaysScroll(page)))
		// JPEG: a full 375 px page runs to several thousand pixels, and PNG encoding is slow.
		await page.screenshot({ path: path.join(SCREENSHOTS, `${family.name}-${persona}-${viewport.width}.jpeg`), fullPage: true, type: 'jpeg', quality: 80 })
	}
	expect(findings, `${persona} at ${url}`).toEqual([])
}

/** How wide the page scrolls beyond the viewport, and the outermost elements that stick out. */
async function sidewaysScroll(page: Page): Promise<string[]> {
	const { scrollWidth, viewportWidth, offenders } = await page.evaluate(() => {
		const width = document.documentElement.clientWidth
		const wide = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > width + 1)
		const outermost = wide.filter((element) => !wide.includes(element.parentElement!))
		const name = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.classList.length > 0 ? `.${[...element.classList].join('.')}` : ''}`
		return { scrollWidth: document.documentElement.scrollWidth, viewportWidth: width, offenders: outermost.slice(0, 5).map(name) }
	})
	return scrollWidth > viewportWidth ? [`${viewportWidth}px scrolls sideways to ${scrollWidth}px (${offenders.join(', ')})`] : []
}

fs.mkdirSync(SCREENSHOTS, { recursive: true })

test.describe('as a visitor', () => {
	for (const family of FAMILIES.filter((f) => (f.personas ?? ['visitor', 'member']).includes('visitor'))) {
		test(family.name, async ({ page, request }) => audit(page, request, family, 'visitor'))
	}
})

test.describe('as a signed-in member', () => {
	test.use({ storageState: ({ memberState }, use) => use(memberState) })
	for (const family of FAMILIES.filter((f) => (f.personas ?? ['visitor', 'member']).includes('member'))) {
		test(family.name, async ({ page, request }) => audit(page, request, family, 'member'))
	}
})
