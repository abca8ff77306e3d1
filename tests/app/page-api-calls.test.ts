/**
 * "Fewer and cheaper API calls per page (... don't re-verify a token within one
 * request; no duplicate reads)". The real site renders a signed-in article page; every
 * request its loaders make of the in-process API is counted.
 */
import { expect, test } from 'vitest'
import { latestArticleSlug, useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useRenderedSite } from '../support/rendered-site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

/** The SQL statements run while `work` runs (the test's own pool, observed, not replaced). */
async function statementsDuring(work: () => Promise<unknown>) {
	const pool = database.db.$client
	const query = pool.query
	const statements: string[] = []
	pool.query = ((config: string | { text: string }, ...rest: unknown[]) => {
		statements.push(typeof config === 'string' ? config : config.text)
		return (query as (...args: unknown[]) => unknown).call(pool, config, ...rest)
	}) as typeof pool.query
	try {
		await work()
	} finally {
		pool.query = query
	}
	return statements
}

async function apiRequestsOf(path: string, email: string) {
	const requests: string[] = []
	const onApiRequest = (request: Request) => {
		const url = new URL(request.url)
		requests.push(`${request.method} ${url.pathname}${url.search}`)
	}
	const { status } = await site.render(path, { headers: { Cookie: await sessionCookieFor(database.db, email) } }, { onApiRequest })
	expect(status).toBe(200)
	return requests
}

test('a signed-in article page asks the API each thing once: whether the sign-in stands, the profile, the article', async () => {
	const slug = await latestArticleSlug(database.db)
	const requests = await apiRequestsOf(`/articles/${slug}`, 'executive@example.com')
	const count = (path: string) => requests.filter((request) => request === `GET ${path}`).length
	expect(count('/userprofile/session')).toBe(1)
	expect(count('/userprofile')).toBe(1)
	expect(count(`/articles/slug/${slug}`)).toBe(1)
	expect(requests.length).toBe(new Set(requests).size)
})

// These pages' own loaders need the reader too (its access and preferences), beside the root's.
test.each([
	['the profile page', '/profile'],
	['the Project Tracker', '/projecttracker?filters%5BProject%20type%5D=Build'],
	['the companies index', '/companies?filters%5BExpertise%5D=Desalination'],
	['the forecast explorer', '/data?reportType=TotalSpending&groupBy=Region&globalForecast=true&techForecast=false'],
])('%s asks the API for nothing twice, its reader included', async (_name, path) => {
	const requests = await apiRequestsOf(path, 'strategist@example.com')
	expect(requests.filter((request) => request === 'GET /userprofile')).toHaveLength(1)
	expect(requests.filter((request) => request === 'GET /userprofile/session')).toHaveLength(1)
	expect(requests.length).toBe(new Set(requests).size)
})

test('a signed-in page reads its reader once: the sign-in, the profile and the unlocks in one statement', async () => {
	const slug = await latestArticleSlug(database.db)
	const cookie = await sessionCookieFor(database.db, 'trial@example.com')
	const statements = await statementsDuring(() => site.render(`/articles/${slug}`, { headers: { Cookie: cookie } }))
	const reading = (table: string) => statements.filter((statement) => new RegExp(`\\b${table}\\b`).test(statement))
	expect(reading('revoked_tokens')).toHaveLength(1)
	expect(reading('metered_access')).toEqual(reading('revoked_tokens'))
	expect(reading('dated_roles')).toEqual(reading('revoked_tokens'))
})
