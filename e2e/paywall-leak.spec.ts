/**
 * No paywall leak. Over a sample of gated articles, Project Tracker records,
 * Strategist-only records and companies' Strategist section (financial indicators), a
 * visitor and a free account ask for each the way the site can be
 * asked: the HTML page, its single-fetch `.data`, the content API (with the reader's own
 * token for the free account) and the search API. None of the answers may hold any of the
 * gated text, cut into plain runs of words: an article's body after its public first
 * paragraph (as an executive reads it through the API), and what a member or Strategist
 * reads of a record beyond the visitor's answer. A positive control shows the same check
 * finds that text in an entitled reader's page. Pure HTTP: it runs in the chromium project only.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import type { EntitySummary } from '../contract/entities.ts'
import { apiTokenFor } from './support/reader-tokens.ts'
import { signIn } from './support/sign-in.ts'

/** The crawl's bounds. */
const ARTICLE_SAMPLE = 40
const PROJECT_SAMPLE = 20
const STRATEGIST_SAMPLE_PER_KIND = 3
const COMPANY_SAMPLE = 6
/**
 * Field names of a company's financial indicators (backend/api/company-indicators.ts), the
 * Strategist section of a company page: in any answer they mean the section's data came along.
 */
const FINANCIAL_FIELDS = ['indicatorDisplayName', 'roundedValueUSD']
/** Strategist-only kinds of record (backend/api/entity-kinds.ts: `requires: strategist`). */
const STRATEGIST_KINDS = ['applications', 'industrial-subsectors', 'technology-types', 'utilities', 'mergers']
/** Shortest run of words that counts as gated text (shorter runs recur across records). */
const PHRASE_LENGTH = 30
const CONCURRENCY = 4

type Viewer = { name: string; token?: string; request: APIRequestContext }
type Gated = { kind: string; slug: string; page: string | null; phrases: string[] }

/** Every string leaf of a JSON value. */
function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value]
	if (Array.isArray(value)) return value.flatMap(strings)
	if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
	return []
}

/** Plain runs of words, as they read in HTML, JSON and turbo-stream alike. */
const phrasesOf = (texts: string[]) =>
	texts
		.flatMap((text) => text.replace(/<[^>]+>/g, ' ').match(new RegExp(`[A-Za-z0-9 ,.]{${PHRASE_LENGTH},}`, 'g')) ?? [])
		.map((phrase) => phrase.trim())
		.filter((phrase) => phrase.length >= PHRASE_LENGTH)

/**
 * The gated text of an article, by the paywall's rule rather than by what anyone is shown:
 * its body after the first paragraph (the public preview), less anything that also reads in
 * its public fields. So a leak through the API cannot hide what it leaks.
 */
function gatedArticlePhrases(article: { bodyText?: string | null; headline?: string; standfirst?: string | null; alternateStandfirst?: string | null; leadIn?: string | null }): string[] {
	const body = article.bodyText ?? ''
	const preview = body.match(/<p(?:\s[^>]*)?>[\s\S]*?<\/p>/i)?.[0] ?? ''
	const visible = [preview, article.headline, article.standfirst, article.alternateStandfirst, article.leadIn].join(' ')
	return [...new Set(phrasesOf([body.replace(preview, ' ')]).filter((phrase) => !visible.includes(phrase)))]
}

/** The text of a record an entitled reader gets and the visitor does not (projects and Strategist records have no single body). */
function gatedPhrases(entitled: unknown, visitor: unknown): string[] {
	const visible = JSON.stringify(visitor ?? null)
	return [...new Set(phrasesOf(strings(entitled).filter((text) => !visible.includes(text))).filter((phrase) => !visible.includes(phrase)))]
}

async function apiJson(request: APIRequestContext, path: string, token?: string): Promise<{ status: number; body: any }> {
	const response = await request.get(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, failOnStatusCode: false })
	return { status: response.status(), body: await response.json().catch(() => null) }
}

/** Runs `work` over `items`, a few at a time (the server has two cores to share). */
async function inTurn<T>(items: T[], work: (item: T) => Promise<void>) {
	const queue = [...items]
	await Promise.all(
		Array.from({ length: CONCURRENCY }, async () => {
			for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
		}),
	)
}

/** An even spread of `count` items (the same on every run of the same seed). */
const spread = <T>(items: T[], count: number) => (items.length <= count ? items : Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!))

/** What the entitled reader reads of a record that the visitor does not, or null when the visitor reads it all. */
async function gatedRecord(request: APIRequestContext, kind: string, slug: string, entitledToken: string, page: string | null): Promise<Gated | null> {
	const path = kind === 'articles' ? `/articles/slug/${slug}` : `/${kind}/slug/${slug}`
	const entitled = await apiJson(request, path, entitledToken)
	expect(entitled.status, `${path} as an entitled reader`).toBe(200)
	const phrases = kind === 'articles' ? gatedArticlePhrases(entitled.body.item) : await apiJson(request, path).then((visitor) => gatedPhrases(entitled.body.item, visitor.status === 200 ? visitor.body.item : null))
	return phrases.length > 0 ? { kind, slug, page, phrases } : null
}

/** The project page's placeholder block (no nested div inside). */
const PROJECT_PLACEHOLDER = /<div class="project-sample[^"]*"[^>]*data-testid="project-sample"[^>]*>[\s\S]*?<\/div>/

test.describe('the paywall', () => {
	test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'pure HTTP: once is enough')

	test('gated articles, projects, Strategist records and sections never reach a visitor or a free account', async ({ browser, request, playwright, baseURL }) => {
		test.setTimeout(240_000)
		const executive = await apiTokenFor(request, 'executive@example.com')
		const strategist = await apiTokenFor(request, 'strategist@example.com')

		// Gated articles: those the visitor's list says are not open to them, spread over the archive.
		const listed: ArticleSummary[] = []
		for (let pageNum = 1; pageNum <= 3; pageNum++) listed.push(...((await apiJson(request, `/articles?pageSize=100&pageNum=${pageNum}`)).body.items as ArticleSummary[]))
		const gatedArticles = spread(
			listed.filter((article) => !article.hasAccess),
			ARTICLE_SAMPLE,
		)
		const projects = spread((await apiJson(request, '/projects?pageSize=100', executive)).body.items as EntitySummary[], PROJECT_SAMPLE)
		const strategistRecords = (
			await Promise.all(
				STRATEGIST_KINDS.map(async (kind) =>
					spread(((await apiJson(request, `/${kind}?pageSize=30`, strategist)).body.items ?? []) as EntitySummary[], STRATEGIST_SAMPLE_PER_KIND).map((item) => ({ kind, slug: item.slug })),
				),
			)
		).flat()

		const gated: Gated[] = []
		const collect = async (kind: string, slug: string, token: string, page: string | null) => {
			const record = await gatedRecord(request, kind, slug, token, page)
			if (record) gated.push(record)
		}
		await inTurn(gatedArticles, (article) => collect('articles', article.slug, executive, `/articles/${article.slug}`))
		await inTurn(projects, (project) => collect('projects', project.slug, executive, `/projects/${project.slug}`))
		await inTurn(strategistRecords, ({ kind, slug }) => collect(kind, slug, strategist, kind === 'mergers' ? null : `/${kind}/${slug}`))
		// The sample is real: most gated records have text of their own behind the paywall.
		expect(gated.filter((record) => record.kind === 'articles').length).toBeGreaterThanOrEqual(ARTICLE_SAMPLE * 0.75)
		expect(gated.filter((record) => record.kind === 'projects').length).toBeGreaterThanOrEqual(PROJECT_SAMPLE * 0.5)
		expect(gated.filter((record) => STRATEGIST_KINDS.includes(record.kind)).length).toBeGreaterThan(0)

		// Positive control: the check finds the gated text where it belongs (an executive's page).
		const executivePage = await (await browser.newContext()).newPage()
		const control = gated.find((record) => record.kind === 'articles')!
		await signIn(executivePage, 'executive@example.com', undefined, control.page!)
		const controlHtml = await (await executivePage.request.get(control.page!)).text()
		expect(control.phrases.filter((phrase) => controlHtml.includes(phrase)).length).toBeGreaterThan(0)
		await executivePage.context().close()

		// The viewers: a visitor (no cookies), and a free account (signed in; its own API token).
		const visitor: Viewer = { name: 'visitor', request: await playwright.request.newContext({ baseURL }) }
		const freePage = await (await browser.newContext()).newPage()
		await signIn(freePage, 'free@example.com')
		const free: Viewer = { name: 'free account', request: freePage.request, token: await apiTokenFor(request, 'free@example.com') }

		// Companies whose Strategist section (financial indicators) has data for a Strategist.
		const companies = spread(((await apiJson(request, '/companies?pageSize=100', strategist)).body.items ?? []) as EntitySummary[], 30)
		const withFinancials: string[] = []
		await inTurn(companies, async (company) => {
			const { status, body } = await apiJson(request, `/companies/slug/${company.slug}/indicators`, strategist)
			if (status === 200 && FINANCIAL_FIELDS.every((field) => JSON.stringify(body).includes(field)) && withFinancials.length < COMPANY_SAMPLE) withFinancials.push(company.slug)
		})
		expect(withFinancials.length).toBeGreaterThan(0)

		const leaks: string[] = []
		const check = async (viewer: Viewer, record: Gated, url: string, options: { api?: boolean } = {}) => {
			const response = await viewer.request.get(url, { headers: options.api && viewer.token ? { Authorization: `Bearer ${viewer.token}` } : {}, maxRedirects: 0, failOnStatusCode: false })
			if (response.status() >= 500) return void leaks.push(`${url} (${viewer.name}): ${response.status()}`)
			// The blurred placeholder behind a project's no-access panel is fixed text, the same on every
			// project (ProjectSample.tsx); a real project can share its wording ("Design-build with 20
			// years of operation and maintenance"), which would read as that project's own data.
			const body = (await response.text()).replace(PROJECT_PLACEHOLDER, '')
			const shown = record.phrases.find((phrase) => body.includes(phrase))
			if (shown) leaks.push(`${url} (${viewer.name}): "${shown}"`)
		}
		for (const viewer of [visitor, free]) {
			await inTurn(gated, async (record) => {
				const apiPath = record.kind === 'articles' ? `/api/articles/slug/${record.slug}` : `/api/${record.kind}/slug/${record.slug}`
				await check(viewer, record, apiPath, { api: true })
				if (record.kind === 'articles') await check(viewer, record, `${apiPath}/related`, { api: true })
				// Search snippets: ask for the gated words themselves.
				await check(viewer, record, `/api/search?searchTerm=${encodeURIComponent(record.phrases[0]!.slice(0, 60))}&filters%5BPage+type%5D=%2F${record.kind}`, { api: true })
				if (record.page) {
					await check(viewer, record, record.page)
					await check(viewer, record, `${record.page}.data`)
					// The pre-single-fetch data URL (the server refuses it; nothing must come back either way).
					await check(viewer, record, `${record.page}?_data=root`)
				}
			})
		}
		for (const viewer of [visitor, free]) {
			await inTurn(withFinancials, async (slug) => {
				for (const [url, api] of [
					[`/api/companies/slug/${slug}/indicators`, true],
					[`/companies/${slug}`, false],
					[`/companies/${slug}.data`, false],
				] as const) {
					const response = await viewer.request.get(url, { headers: api && viewer.token ? { Authorization: `Bearer ${viewer.token}` } : {}, maxRedirects: 0, failOnStatusCode: false })
					const body = await response.text()
					if (response.status() >= 500) leaks.push(`${url} (${viewer.name}): ${response.status()}`)
					const field = FINANCIAL_FIELDS.find((name) => body.includes(name))
					if (field) leaks.push(`${url} (${viewer.name}): the Strategist section's ${field}`)
				}
			})
		}
		await visitor.request.dispose()
		await freePage.context().close()
		expect(leaks).toEqual([])
	})
})
