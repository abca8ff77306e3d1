/**
 * The table pages' loaders and actions over the real API and database: who gets
 * the companies and mergers indexes, the sample or a redirect home (docs/decisions/0017);
 * the saved tracker filters' first load (spec 002 §2); the opportunity add form's post
 * (spec 000 §8 create messages, bad input kept and refused with a 4xx, nothing half-written).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { loader as companiesLoader } from '../../app/routes/companies._index/route.tsx'
import { loader as mergersLoader } from '../../app/routes/mergers._index/route.tsx'
import { action as addOpportunity, loader as addOpportunityLoader } from '../../app/routes/opportunities.add.tsx'
import { loader as trackerLoader } from '../../app/routes/projecttracker/route.tsx'
import { useTestDatabase } from '../support/database.ts'
import { useRenderedSite } from '../support/rendered-site.ts'
import { INDEX_MESSAGES } from '../../contract/index-common.ts'
import { noticeCode } from '../../contract/notices.ts'
import { loader as mergersDownload } from '../../app/routes/mergers[.]xlsx.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { SITE, siteContext, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

const args = (path: string, { cookie, method = 'GET', body }: { cookie?: string; method?: string; body?: URLSearchParams } = {}) => ({
	request: new Request(`${SITE}${path}`, {
		method,
		headers: { Origin: SITE, ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
		body,
	}),
	context: siteContext(database.db),
	params: {},
})
const cookieOf = (email: string) => sessionCookieFor(database.db, email)
const load = async (loader: (a: ReturnType<typeof args>) => unknown, path: string, cookie?: string) => unwrap<any>(await loader(args(path, { cookie })))

describe('index access (spec 001 §2, §6)', () => {
	test('visitors see the sample; signed-in readers without the index go home; members get the index', async () => {
		const visitor = await load(companiesLoader, '/companies')
		expect(visitor.data.result).toMatchObject({ hasAccess: false, totalHits: 3220 })
		expect((await load(mergersLoader, '/mergers')).data.result.hasAccess).toBe(false)

		const free = await cookieOf('free@example.com')
		expect((await thrown(Promise.resolve().then(() => companiesLoader(args('/companies', { cookie: free }))))).headers.get('Location')).toBe('/')
		expect((await thrown(Promise.resolve().then(() => mergersLoader(args('/mergers', { cookie: free }))))).headers.get('Location')).toBe('/')

		// An Executive uses the companies index (read:executive), not the mergers index (strategists only).
		const executive = await cookieOf('executive@example.com')
		expect((await load(companiesLoader, '/companies', executive)).data.result.hasAccess).toBe(true)
		expect((await thrown(Promise.resolve().then(() => mergersLoader(args('/mergers', { cookie: executive }))))).headers.get('Location')).toBe('/')

		const strategist = await cookieOf('strategist@example.com')
		expect((await load(mergersLoader, '/mergers', strategist)).data.result.hasAccess).toBe(true)
	})
})

describe('sort order and sortable columns (spec 000 §3, 001 §7)', () => {
	test('a refused download says why: on the index page a reader is shown, or as the answer itself for one sent home', async () => {
		const executive = await cookieOf('executive@example.com')
		// An Executive is sent home from /mergers: the file's refusal is answered where they are.
		const refused = await mergersDownload(args('/mergers.xlsx', { cookie: executive }))
		expect(refused.status).toBe(403)
		expect(await refused.text()).toBe('You are not authorized to download mergers')
		// A visitor is shown the sample: the refusal goes back to the page, which says it.
		const back = await mergersDownload(args('/mergers.xlsx'))
		const location = back.headers.get('Location')!
		expect(location).toBe(`/mergers?downloadError=${noticeCode('You are not authorized to download mergers')}`)
		const { html } = await site.render(location)
		expect(html).toContain('role="alert">You are not authorized to download mergers')
	})

	test('a file the index could not make says so in the spec’s words, not the database’s', async () => {
		const strategist = await cookieOf('strategist@example.com')
		// The mergers table held by another transaction: the file's query gives up at the lock bound.
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		let locked!: () => void
		const isLocked = new Promise<void>((resolve) => (locked = resolve))
		const holder = database.db.transaction(async (tx) => {
			await tx.execute(sql`lock table mergers in access exclusive mode`)
			locked()
			await held
		})
		let location: string | null
		try {
			await Promise.race([isLocked, holder])
			location = (await mergersDownload(args('/mergers.xlsx?sortOrder=Ascending', { cookie: strategist }))).headers.get('Location')
		} finally {
			release()
			await holder
		}
		expect(location).toBe(`/mergers?sortOrder=Ascending&downloadError=${noticeCode(INDEX_MESSAGES.downloadFailed)}`)
		const { html } = await site.render(location!, { headers: { Cookie: strategist } })
		expect(html).toContain(`role="alert">${INDEX_MESSAGES.downloadFailed}`)
	})

	test('the old asc|desc is answered with one permanent redirect to Ascending|Descending, the rest of the address kept', async () => {
		const strategist = await cookieOf('strategist@example.com')
		const moved = await thrown(Promise.resolve().then(() => companiesLoader(args('/companies?sortBy=name&sortOrder=desc&pageSize=50', { cookie: strategist }))))
		expect(moved.status).toBe(301)
		expect(moved.headers.get('Location')).toBe('/companies?sortBy=name&sortOrder=Descending&pageSize=50')
		const page = await load(companiesLoader, '/companies?sortBy=name&sortOrder=Descending&pageSize=50', strategist)
		expect(page.data.query).toMatchObject({ sortBy: 'name', sortOrder: 'Descending' })
		const tracker = await thrown(Promise.resolve().then(() => trackerLoader(args('/projecttracker?sortBy=name&sortOrder=asc&pageSize=7', { cookie: strategist }))))
		expect(tracker.status).toBe(301)
		expect(tracker.headers.get('Location')).toBe('/projecttracker?sortBy=name&sortOrder=Ascending&pageSize=7')
		expect((await thrown(Promise.resolve().then(() => mergersLoader(args('/mergers?sortOrder=asc', { cookie: strategist }))))).headers.get('Location')).toBe('/mergers?sortOrder=Ascending')
	})

	test("an Executive's address cannot sort /companies by the hidden revenue column: the default sort", async () => {
		const executive = await cookieOf('executive@example.com')
		const page = await load(companiesLoader, '/companies?sortBy=revenue&sortOrder=Descending', executive)
		expect(page.data.query).toMatchObject({ sortBy: 'name', sortOrder: 'Ascending' })
		expect(page.data.downloadHref).toBe('/companies.xlsx')
		const strategist = await load(companiesLoader, '/companies?sortBy=revenue&sortOrder=Descending', await cookieOf('strategist@example.com'))
		expect(strategist.data.query).toMatchObject({ sortBy: 'revenue', sortOrder: 'Descending' })
	})
})

describe('saved tracker filters (spec 002 §2)', () => {
	test('merged into the address once per browser session; Reset then stays plain and is remembered', async () => {
		const member = await cookieOf('multi-office@example.com')
		// A filtered load keeps the query as the member's saved filters, and says the first load is done.
		const filtered = args('/projecttracker?filters%5BProject%20type%5D=DFI', { cookie: member })
		const cookies: string[] = []
		filtered.context.setCookie = (header) => cookies.push(header)
		await trackerLoader(filtered)
		expect(cookies).toHaveLength(1)
		const once = cookies[0]!.split(';')[0]!

		// A new browser session (no such cookie): the plain tracker goes to the saved filters, and the redirect sets the cookie.
		const first = await thrown(Promise.resolve().then(() => trackerLoader(args('/projecttracker', { cookie: member }))))
		expect(first.status).toBe(302)
		expect(new URL(first.headers.get('Location')!, SITE).searchParams.getAll('filters[Project type]')).toEqual(['DFI'])
		expect(first.headers.get('Set-Cookie')).toMatch(/^gwi_tracker_filters=/)

		// In this session the plain tracker is the plain tracker (Reset): rendered, and remembered as the empty query.
		const reset = args('/projecttracker', { cookie: `${member}; ${once}` })
		const resetCookies: string[] = []
		reset.context.setCookie = (header) => resetCookies.push(header)
		expect(unwrap<any>(await trackerLoader(reset)).data.query.facets['Project type']).toEqual([])
		expect(resetCookies).toHaveLength(1)
		const next = unwrap<any>(await trackerLoader(args('/projecttracker', { cookie: member })))
		expect(next.data.query.facets['Project type']).toEqual([])

		// Nothing saved: the plain tracker, and the cookie that saves asking again.
		const fresh = args('/projecttracker', { cookie: await cookieOf('expiring@example.com') })
		const freshCookies: string[] = []
		fresh.context.setCookie = (header) => freshCookies.push(header)
		expect(unwrap<any>(await trackerLoader(fresh)).data.result.hasAccess).toBe(true)
		expect(freshCookies.map((header) => header.split('=')[0])).toEqual(['gwi_tracker_filters'])

		// A visitor has no saved filters: the plain tracker.
		expect(unwrap<any>(await trackerLoader(args('/projecttracker'))).data.result.hasAccess).toBe(false)
	})

	test('an address naming ranges its range type reset goes to the canonical one', async () => {
		const member = await cookieOf('strategist@example.com')
		const response = await thrown(
			Promise.resolve().then(() => trackerLoader(args('/projecttracker?filters%5BMinimum%20cost%5D=50&filters%5BMinimum%20capacity%5D=1000&filters%5BRange%20type%5D=Capacity%20(m3%2Fd)', { cookie: member }))),
		)
		const location = new URL(response.headers.get('Location')!, SITE)
		expect(location.searchParams.get('filters[Minimum capacity]')).toBe('1000')
		expect(location.searchParams.has('filters[Minimum cost]')).toBe(false)
	})
})

describe('adding an opportunity (spec 000 §8)', () => {
	const form = (fields: Record<string, string>) =>
		new URLSearchParams({
			name: 'Aqaba desalination operator',
			category: 'Operate',
			country: 'jo',
			organisation: 'Aqaba Water',
			description: 'Operation of the Aqaba–Amman desalination and conveyance project for twenty-five years.',
			contactEmail: 'tenders@aqaba.example.com',
			publish: 'publish',
			...fields,
		})
	const names = async (name: string) => (await database.db.$client.query('select count(*)::int as n from opportunities where name = $1', [name])).rows[0].n

	test('visitors are sent to sign in; accounts that may not post see why and the API refuses them', async () => {
		expect((await thrown(Promise.resolve().then(() => addOpportunityLoader(args('/opportunities/add'))))).headers.get('Location')).toMatch(/^\/login\?returnUrl=/)
		const free = await cookieOf('free@example.com')
		expect(unwrap<any>(await addOpportunityLoader(args('/opportunities/add', { cookie: free }))).data).toEqual({ canPost: false, countries: [] })
		const refused = unwrap<any>(await addOpportunity(args('/opportunities/add', { cookie: free, method: 'POST', body: form({}) })))
		expect(refused.status).toBe(403)
		expect(refused.data.result.error['']).toEqual(['Sorry, you do not have permission to create opportunity entity with name Aqaba desalination operator'])
		expect(await names('Aqaba desalination operator')).toBe(0)
	})

	test('bad input comes back as typed with a 400; good input is created and the page says so', async () => {
		const executive = await cookieOf('executive@example.com')
		const bad = unwrap<any>(await addOpportunity(args('/opportunities/add', { cookie: executive, method: 'POST', body: form({ contactEmail: 'nobody', valueUsdM: 'lots' }) })))
		expect(bad.status).toBe(400)
		expect(bad.data.result.error).toMatchObject({ contactEmail: ['Enter a contact email address such as name@example.com'], valueUsdM: ['Enter the estimated value in US$ million as a number of 0 or more'] })
		expect(bad.data.result.initialValue).toMatchObject({ name: 'Aqaba desalination operator', contactEmail: 'nobody', valueUsdM: 'lots', organisation: 'Aqaba Water' })
		expect(await names('Aqaba desalination operator')).toBe(0)

		const unknownCountry = unwrap<any>(await addOpportunity(args('/opportunities/add', { cookie: executive, method: 'POST', body: form({ country: 'atlantis' }) })))
		expect(unknownCountry.status).toBe(400)
		expect(unknownCountry.data.result.error['']).toEqual(['Unknown country'])

		const created = (await addOpportunity(args('/opportunities/add', { cookie: executive, method: 'POST', body: form({ valueUsdM: '120' }) }))) as Response
		expect(created.headers.get('Location')).toBe('/opportunities/aqaba-desalination-operator?created=true')
		expect(await names('Aqaba desalination operator')).toBe(1)
	})
})
