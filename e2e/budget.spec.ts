import { gzipSync } from 'node:zlib'
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test'

/** The budget: "Client JavaScript stays ≤ 100 KB gzip on pages without charts" (kB of 1024 bytes, as `npm run bench` prints them). */
const CLIENT_JS_BUDGET_BYTES = 100 * 1024

async function firstSlug(request: APIRequestContext, list: string) {
	const { items } = (await (await request.get(`/api/${list}?pageSize=1`)).json()) as { items: { slug: string }[] }
	if (!items[0]) throw new Error(`no ${list} in the seeded data`)
	return items[0].slug
}

/** The exchange's newest opportunity (its search answers one result object, not a list). */
async function firstOpportunity(request: APIRequestContext) {
	const { item } = (await (await request.get('/api/searchOpportunities?pageSize=1')).json()) as { item: { searchHits: { slug: string }[] } }
	if (!item.searchHits[0]) throw new Error('no opportunity in the seeded data')
	return `/opportunities/${item.searchHits[0].slug}`
}

/** Every script the page fetches until the network is quiet: its module preloads and script tags, and the code it loads on demand (a card's renderer). */
async function scriptsOf(page: Page, path: string) {
	const reading: Promise<[string, Buffer]>[] = []
	const onResponse = (response: Response) => {
		if (response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname)) reading.push(response.body().then((body) => [response.url(), body]))
	}
	page.on('response', onResponse)
	await page.goto(path)
	await page.waitForLoadState('networkidle')
	// Every body is read before the test ends: a response arriving after this point would start a
	// read nobody waits for, and a read still running when the test ends fails it ('Test ended').
	page.off('response', onResponse)
	return new Map(await Promise.all(reading))
}

const articlePath = async (request: APIRequestContext) => `/articles/${await firstSlug(request, 'articles')}`

// Heavy libraries and chart code load only where charts are drawn: never in the shell, on the home page or on articles.
for (const [name, path] of [
	['/', () => '/'],
	['/articles', () => '/articles'],
	['an article', articlePath],
] as const) {
	test(`${name} loads no chart or export library`, async ({ page, request, javaScriptEnabled }) => {
		test.skip(!javaScriptEnabled, 'no scripts load at all without JavaScript')
		const scripts = await scriptsOf(page, await path(request))
		expect(scripts.size).toBeGreaterThan(0)
		// The libraries' own names (a link to an .xlsx download is fine; exceljs itself is not), and
		// the chart cards' own code (its canvas class): the home page's cards are lists and text.
		for (const source of scripts.values()) expect(source.toString('utf8')).not.toMatch(/Highcharts|exporting|ExcelJS|exceljs|PptxGenJS|pptxgenjs|chart__canvas/)
	})
}

/** Page families that draw no chart (the home page's cards include none). */
const PAGES_WITHOUT_CHARTS: [string, (request: APIRequestContext) => string | Promise<string>][] = [
	['home', () => '/'],
	['article list', () => '/articles'],
	['article', articlePath],
	['memberships', () => '/memberships'],
	['opportunity exchange', () => '/opportunityexchange'],
	['opportunity', firstOpportunity],
	['site search', () => '/search?searchTerm=desalination'],
	['events', () => '/events'],
	['project tracker', () => '/projecttracker'],
	['newsletters', () => '/newsletters'],
	// Entity pages without cards: the card grid loads only where there are cards (CardGridOnDemand).
	['event', async (request) => `/events/${await firstSlug(request, 'events')}`],
	['topic', async (request) => `/topics/${await firstSlug(request, 'topics')}`],
	['project', async (request) => `/projects/${await firstSlug(request, 'projects')}`],
	// Each index page loads only its own definition (contract/companies-index.ts...).
	['companies index', () => '/companies?filters%5BExpertise%5D=Desalination'],
]

/**
 * What a first visit's HTML makes the browser fetch, as `npm run bench` counts it: the
 * `<script src>` and `<link rel="modulepreload">` files. A card type's renderer, fetched on
 * demand once the page hydrates, is not among them (scripts a page loads only where it has a
 * card of that type, as Highcharts only where a chart is drawn).
 */
async function firstLoadScripts(request: APIRequestContext, path: string) {
	const html = await (await request.get(path)).text()
	const files = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((match) => match[1]))
	return Promise.all([...files].map(async (file) => ({ file, gzip: gzipSync(await (await request.get(file)).body()).length })))
}

for (const [name, path] of PAGES_WITHOUT_CHARTS) {
	test(`the scripts the ${name} page loads stay within ${CLIENT_JS_BUDGET_BYTES / 1024} kB gzip`, async ({ request, javaScriptEnabled }) => {
		test.skip(!javaScriptEnabled, 'the same HTML and scripts in both projects: measured once')
		const sizes = (await firstLoadScripts(request, await path(request))).sort((a, b) => b.gzip - a.gzip)
		const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0)
		expect(sizes.length).toBeGreaterThan(0)
		// The largest files name what to look at when the budget is exceeded.
		expect(total, `${(total / 1024).toFixed(1)} kB gzip: ${sizes.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)}`).join(', ')}`).toBeLessThanOrEqual(CLIENT_JS_BUDGET_BYTES)
	})
}

test('everything the home page downloads, its cards’ code fetched after hydration included, stays within the budget', async ({ page, javaScriptEnabled }) => {
	test.skip(!javaScriptEnabled, 'no scripts load at all without JavaScript')
	const scripts = await scriptsOf(page, '/')
	const total = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0)
	expect(scripts.size).toBeGreaterThan(0)
	expect(total, `${(total / 1024).toFixed(1)} kB gzip over ${scripts.size} files`).toBeLessThanOrEqual(CLIENT_JS_BUDGET_BYTES)
})
