/**
 * Legacy redirects and the company-id lookup (spec 002 §2): the table, the not-found route
 * that applies it (301, logged through POST /log), and the company-id redirect.
 */
import type { AppLoadContext } from '@remix-run/node'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { COMPANY_ID_SEARCH_TERMS } from '../../app/lib/company-id-terms.ts'
import { articleSearchPath, companyIdRedirect, findLegacyRedirect, LEGACY_REDIRECTS } from '../../app/lib/legacy-redirects.ts'
import { loader as notFoundLoader } from '../../app/routes/$.tsx'
import { loader as companyIdLoader } from '../../app/routes/companies.id.$id.ts'
import { useTestDatabase } from '../support/database.ts'
import { siteContext, SITE, thrown } from '../support/site.ts'

const database = useTestDatabase()

const destination = (path: string) => findLegacyRedirect(new URL(path, SITE))

/** The site context with the API calls it makes recorded (the real API still answers them). */
function recordingContext() {
	const context = siteContext(database.db)
	const calls: Request[] = []
	const apiFetch = context.apiFetch!
	const recording: AppLoadContext = {
		...context,
		apiFetch: (request: Request) => {
			calls.push(request.clone())
			return apiFetch(request)
		},
	}
	return { context: recording, calls }
}

async function visit(path: string, init: RequestInit = {}) {
	const { context, calls } = recordingContext()
	const request = new Request(`${SITE}${path}`, init)
	try {
		const response = (await notFoundLoader({ request, context, params: { '*': path.slice(1) } })) as Response
		return { response, calls }
	} catch (error) {
		return { response: null, error: await thrown(Promise.reject(error)), calls }
	}
}

describe('the legacy table (every example of spec 002 §2)', () => {
	test.each([
		['/project-tracker', '/projecttracker'],
		['/projects-tracker', '/projecttracker'],
		['/tracker', '/projecttracker'],
		['/projecttracker/search', '/projecttracker'],
		['/archive', '/pages/archive'],
		['/archives', '/pages/archive'],
		['/newsletter-archive', '/pages/archive'],
		['/about', '/pages/about-us'],
		['/careers', '/pages/careers'],
		['/contact', '/pages/contact'],
		['/privacy', '/pages/privacypolicy'],
		['/terms', '/pages/terms'],
		['/cookies', '/pages/cookiepolicy'],
		['/methodology', '/pages/methodology'],
		['/article/desal-tender-opens', '/articles/desal-tender-opens'],
		['/news/desal-tender-opens', '/articles/desal-tender-opens'],
		['/sponsored-content/membrane-case-study', '/articles/membrane-case-study'],
		['/articles/2019/07/desal-tender-opens', '/articles/desal-tender-opens'],
		['/articles/2019/7/15/desal-tender-opens', '/articles/desal-tender-opens'],
		['/company/acme-water', '/companies/acme-water'],
		['/company/7900', '/companies/id/7900'],
		['/author/christopher-gasson', '/authors/christopher-gasson'],
		['/middle-east-africa', '/geographies/xa'],
		['/regions/middle-east', '/geographies/xa'],
		['/asia', '/geographies/xe'],
		['/europe', '/geographies/xb'],
		['/geographies/uk', '/geographies/gb'],
		['/subscribe', '/memberships'],
		['/tariff-survey', '/article-types/tariff-survey'],
		['/home', '/'],
		['/news', '/'],
		['/products', '/'],
	])('%s → %s', (from, to) => {
		expect(destination(from)).toBe(to)
	})

	test('old topic paths go to /search with preset filters', () => {
		const url = new URL(destination('/desalination')!, SITE)
		expect(url.pathname).toBe('/search')
		expect(Object.fromEntries(url.searchParams)).toEqual({ searchTerm: 'desalination', sortBy: 'Relevance', 'filters[Page type]': '/articles' })
		expect(new URL(destination('/water-reuse')!, SITE).searchParams.get('searchTerm')).toBe('water reuse')
	})

	test('case and trailing slashes of old links do not matter', () => {
		expect(destination('/Company/Acme-Water/')).toBe('/companies/acme-water')
		expect(destination('/ABOUT/')).toBe('/pages/about-us')
	})

	test('the query string is kept, except where the destination has its own', () => {
		expect(destination('/news/desal-tender-opens?utm_source=newsletter&page=2')).toBe('/articles/desal-tender-opens?utm_source=newsletter&page=2')
		expect(destination('/subscribe?ref=footer')).toBe('/memberships?ref=footer')
		const search = new URL(destination('/desalination?searchTerm=evil')!, SITE)
		expect(search.searchParams.getAll('searchTerm')).toEqual(['desalination'])
	})

	test('never an open redirect: every destination is a path of this site', () => {
		for (const path of ['//evil.com', '/\\evil.com', '//evil.com/company/x', '/company//evil.com', '/company/%2F%2Fevil.com', '/news/%5Cevil.com', '/article/..%2F..%2F%2Fevil.com', '/%2F%2Fevil.com', '/company/\\\\evil.com']) {
			const target = destination(path)
			if (target !== null) {
				expect(target.startsWith('/')).toBe(true)
				expect(target.startsWith('//')).toBe(false)
				expect(target).not.toContain('\\')
				expect(new URL(target, SITE).origin).toBe(SITE)
			}
		}
		expect(destination('//evil.com')).toBeNull()
		expect(destination('/\\evil.com')).toBeNull()
		expect(destination('/company/%2F%2Fevil.com')).toBeNull()
		for (const row of LEGACY_REDIRECTS) {
			expect(row.to.startsWith('/') && !row.to.startsWith('//') && !row.to.includes('\\'), row.to).toBe(true)
		}
	})

	test('paths that are not in the table have no destination', () => {
		expect(destination('/no-such-page')).toBeNull()
		expect(destination('/company')).toBeNull()
		expect(destination('/')).toBeNull()
	})
})

describe('the not-found route applies the table', () => {
	test('an old company URL is a logged 301 to the company page', async () => {
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from companies where show_as_page order by id limit 1`)
		const slug = rows[0]!.slug
		const { response, calls } = await visit(`/company/${slug}?utm_medium=email`, { headers: { Referer: 'https://partner.example/links' } })
		expect(response!.status).toBe(301)
		expect(response!.headers.get('Location')).toBe(`/companies/${slug}?utm_medium=email`)
		// Fire-and-forget: the log call has been made (its answer is not awaited).
		const log = calls.find((call) => call.method === 'POST' && new URL(call.url).pathname === '/log')
		expect(log).toBeDefined()
		const message = new URL(log!.url).searchParams.get('message')!
		expect(message).toContain(`${SITE}/company/${slug}?utm_medium=email`)
		expect(message).toContain(`/companies/${slug}?utm_medium=email`)
		expect(message).toContain('https://partner.example/links')
	})

	test('the redirect does not depend on the log call succeeding', async () => {
		// A site whose API cannot be reached at all still redirects.
		const context: AppLoadContext = { ...siteContext(database.db), apiFetch: () => Promise.reject(new Error('API down')) }
		const response = (await notFoundLoader({ request: new Request(`${SITE}/about`), context, params: { '*': 'about' } })) as Response
		expect(response.status).toBe(301)
		expect(response.headers.get('Location')).toBe('/pages/about-us')
	})

	test('an unknown path is still the not-found page (404), and so are open-redirect attempts', async () => {
		for (const path of ['/no-such-page', '//evil.com', '/\\evil.com', '/company/%2F%2Fevil.com']) {
			const { response, error } = await visit(path)
			expect(response, path).toBeNull()
			expect(error!.status).toBe(404)
			expect(error!.data).toBe('Sorry, there has been an error. Please click here to return to the home page.')
		}
	})
})

describe('company-id lookup (/companies/id/{id})', () => {
	test('the table holds several hundred ids, each a seeded company and its name', async () => {
		expect(COMPANY_ID_SEARCH_TERMS.size).toBeGreaterThanOrEqual(300)
		const ids = [...COMPANY_ID_SEARCH_TERMS.keys()]
		const { rows } = await database.db.execute<{ legacy_id: number; name: string }>(
			sql`select legacy_id, name from companies where legacy_id = any(${sql.param(ids)}::int[])`,
		)
		expect(rows).toHaveLength(ids.length)
		for (const row of rows) expect(COMPANY_ID_SEARCH_TERMS.get(row.legacy_id)).toBe(row.name)
	})

	test('a known id goes to /search for its term (301); unknown and invalid ids go to /', async () => {
		const [id, name] = [...COMPANY_ID_SEARCH_TERMS.entries()][0]!
		expect(companyIdRedirect(String(id))).toBe(articleSearchPath(name))
		const target = new URL(companyIdRedirect(String(id)), SITE)
		expect(Object.fromEntries(target.searchParams)).toEqual({ searchTerm: name, sortBy: 'Relevance', 'filters[Page type]': '/articles' })
		for (const invalid of ['1', '0', 'abc', '-5', '12.5', '1e4', '99999999999', '', `${id}x`]) expect(companyIdRedirect(invalid), invalid).toBe('/')

		const known = (await companyIdLoader({ request: new Request(`${SITE}/companies/id/${id}`), context: siteContext(database.db), params: { id: String(id) } })) as Response
		expect(known.status).toBe(301)
		expect(known.headers.get('Location')).toBe(articleSearchPath(name))
		const unknown = (await companyIdLoader({ request: new Request(`${SITE}/companies/id/abc`), context: siteContext(database.db), params: { id: 'abc' } })) as Response
		expect(unknown.status).toBe(302)
		expect(unknown.headers.get('Location')).toBe('/')
	})
})
