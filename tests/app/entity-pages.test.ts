/**
 * The entity pages and list pages (spec 000 §2 route table, "List pages", "Entity pages";
 * 002 §2 blog type page), through their real loaders over a fresh seeded database, as a
 * visitor and as signed-in demo readers (session cookies with real tokens).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { DEFAULT_PAGE_SIZE } from '../../contract/constants.ts'
import { loader as rootLoader } from '../../app/root.tsx'
import { loader as applicationsLoader } from '../../app/routes/applications._index.tsx'
import { loader as applicationLoader } from '../../app/routes/applications.$slug.tsx'
import { loader as articleTypesLoader } from '../../app/routes/article-types._index.tsx'
import { loader as articleTypeLoader } from '../../app/routes/article-types.$slug.tsx'
import { loader as authorsLoader } from '../../app/routes/authors._index.tsx'
import { loader as authorLoader } from '../../app/routes/authors.$slug.tsx'
import { loader as blogLoader } from '../../app/routes/blogs.$slug.tsx'
import { loader as companyLoader } from '../../app/routes/companies.$slug/route.tsx'
import { loader as eventLoader } from '../../app/routes/events.$slug.tsx'
import { loader as geographiesLoader } from '../../app/routes/geographies._index.tsx'
import { loader as geographyLoader } from '../../app/routes/geographies.$slug.tsx'
import { loader as industrialSubsectorsLoader } from '../../app/routes/industrial-subsectors._index.tsx'
import { loader as industrialSubsectorLoader } from '../../app/routes/industrial-subsectors.$slug.tsx'
import { loader as industriesLoader } from '../../app/routes/industries._index.tsx'
import { loader as industryLoader } from '../../app/routes/industries.$slug.tsx'
import { loader as projectsLoader } from '../../app/routes/projects._index.tsx'
import { loader as projectLoader } from '../../app/routes/projects.$slug/route.tsx'
import { loader as technologiesLoader } from '../../app/routes/technologies._index.tsx'
import { loader as technologyLoader } from '../../app/routes/technologies.$slug.tsx'
import { loader as technologyTypesLoader } from '../../app/routes/technology-types._index.tsx'
import { loader as technologyTypeLoader } from '../../app/routes/technology-types.$slug.tsx'
import { loader as topicsLoader } from '../../app/routes/topics._index.tsx'
import { loader as topicLoader } from '../../app/routes/topics.$slug.tsx'
import { loader as utilityLoader } from '../../app/routes/utilities.$slug.tsx'
import { COUNTRY_PICKER_LISTS, COUNTRY_PICKER_SIZE } from '../../app/lib/country-picker.ts'
import { useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { siteContext, SITE, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()

type Loader = (args: any) => Promise<unknown>

/** The `Cookie` header of a reader signed in as the demo user with this email. */
const cookieOf = (email: string) => sessionCookieFor(database.db, email)
const STRATEGIST = 'strategist@example.com'
const EXECUTIVE = 'executive@example.com'

function args(path: string, params: Record<string, string> = {}, cookie?: string) {
	return { request: new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), context: siteContext(database.db), params }
}
async function load(loader: Loader, path: string, params: Record<string, string> = {}, cookie?: string) {
	return unwrap<any>(await loader(args(path, params, cookie)))
}
async function fails(loader: Loader, path: string, params: Record<string, string> = {}, cookie?: string) {
	return thrown(loader(args(path, params, cookie)))
}

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows[0] as T
const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(query)).n

// ---------------------------------------------------------------- list pages

describe.each([
	['/article-types', articleTypesLoader, 'article_types'],
	['/authors', authorsLoader, 'authors'],
	['/industries', industriesLoader, 'industries'],
	['/technologies', technologiesLoader, 'technologies'],
	['/topics', topicsLoader, 'topics'],
	['/geographies', geographiesLoader, 'geographies'],
	['/projects', projectsLoader, 'projects'],
])('list page %s', (path, loader, table) => {
	test('title data, the count of the seed, ten per page, public caching', async () => {
		const { data, headers } = await load(loader, path)
		const total = await count(sql`select count(*)::int as n from ${sql.raw(table)}`)
		expect(data.totalHits).toBe(total)
		expect(data.items).toHaveLength(Math.min(10, total))
		expect(data).toMatchObject({ page: 1, pageSize: 10, totalPages: Math.ceil(total / 10), canonicalPath: path })
		expect(headers.get('Cache-Control')).toContain('s-maxage')
	})

	test.each([
		['?page=abc', ''],
		['?page=-3&pageSize=10000', ''],
		['?pageSize=20&page=1', '?pageSize=20'],
		['?page=1&utm_source=x', ''],
	])('garbage paging %s is canonicalised', async (query, canonical) => {
		const response = await fails(loader, `${path}${query}`)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`${path}${canonical}`)
	})

	test('a page beyond the last is clamped to the last; page sizes 1 to 9 are kept', async () => {
		const total = await count(sql`select count(*)::int as n from ${sql.raw(table)}`)
		const response = await fails(loader, `${path}?page=99999&pageSize=5`)
		expect(response.headers.get('Location')).toBe(`${path}?page=${Math.ceil(total / 5)}&pageSize=5`)
		const { data } = await load(loader, `${path}?pageSize=5&page=2`)
		expect(data).toMatchObject({ page: 2, pageSize: 5 })
		expect(data.items).toHaveLength(Math.min(5, total - 5))
	})
})

describe('list contents', () => {
	test('topics read alphabetically from the seed', async () => {
		const { data } = await load(topicsLoader, '/topics')
		const names = (await database.db.execute<{ name: string }>(sql`select name from topics order by lower(name), id limit 10`)).rows.map((row) => row.name)
		expect(data.items.map((item: any) => item.name)).toEqual(names)
	})

	test('projects: newest update first; where and what for everyone, progress only with access', async () => {
		const visitor = (await load(projectsLoader, '/projects')).data
		const newest = await one<{ slug: string; short_status: string }>(sql`select slug, short_status from projects order by date_last_modified desc, id desc limit 1`)
		expect(visitor.items[0].slug).toBe(newest.slug)
		expect(visitor.items[0].details.country).toEqual({ name: expect.any(String), slug: expect.any(String) })
		expect(visitor.items[0].details.progress).toBeUndefined()
		expect(JSON.stringify(visitor)).not.toContain(newest.short_status)
		const member = (await load(projectsLoader, '/projects', {}, await cookieOf(EXECUTIVE))).data
		expect(member.items[0].details.progress).toEqual(expect.any(String))
	})

	test('the geography index shows the picker lists of regions xa..xe (6 to 12 countries each, spec 000 §2), read once by the root loader', async () => {
		const picker = ((await load(rootLoader, '/geographies')).data.countryPicker as any[])!
		expect(picker.map((group: any) => group.region.slug)).toEqual(['xa', 'xb', 'xc', 'xd', 'xe'])
		expect(picker[1].region.name).toBe('Europe')
		for (const group of picker) {
			// Every listed country is a seeded geography (none dropped for want of a name), 6 to 12 of them.
			expect(group.countries.map((country: any) => country.slug)).toEqual([...COUNTRY_PICKER_LISTS[group.region.slug as keyof typeof COUNTRY_PICKER_LISTS]])
			expect(group.countries.length).toBeGreaterThanOrEqual(COUNTRY_PICKER_SIZE.min)
			expect(group.countries.length).toBeLessThanOrEqual(COUNTRY_PICKER_SIZE.max)
		}
		expect(picker[1].countries[0]).toEqual({ slug: 'de', name: 'Germany' })
		expect((await load(geographiesLoader, '/geographies')).data).not.toHaveProperty('picker')
	})

	test.each([
		['?country=fr', '/geographies/fr'],
		['?country=XB', '/geographies/xb'],
		['?country=', '/geographies'],
		['?country=%2F%2Fevil.com', '/geographies'],
	])('the country picker /geographies%s goes to %s', async (query, location) => {
		const response = await fails(geographiesLoader, `/geographies${query}`)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(location)
	})
})

describe.each([
	['/applications', applicationsLoader, 'applications'],
	['/industrial-subsectors', industrialSubsectorsLoader, 'industrial_subsectors'],
	['/technology-types', technologyTypesLoader, 'technology_types'],
])('strategist-only index %s', (path, loader, table) => {
	test('visitors and Executives go to /', async () => {
		for (const cookie of [undefined, await cookieOf(EXECUTIVE)]) {
			const response = await fails(loader, path, {}, cookie)
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe('/')
		}
	})

	test('a Strategist gets the list, private', async () => {
		const { data, headers } = await load(loader, path, {}, await cookieOf(STRATEGIST))
		expect(data.totalHits).toBe(await count(sql`select count(*)::int as n from ${sql.raw(table)}`))
		expect(data.items.every((item: any) => item.hasAccess)).toBe(true)
		expect(headers.get('Cache-Control')).toBe('private, no-cache')
	})
})

// ---------------------------------------------------------------- entity pages

describe.each([
	['/topics', topicLoader, 'topics', 'topic_id', 'article_topics'],
	['/industries', industryLoader, 'industries', 'industry_id', 'article_industries'],
	['/technologies', technologyLoader, 'technologies', 'technology_id', 'article_technologies'],
	['/geographies', geographyLoader, 'geographies', 'geography_id', 'article_geographies'],
])('entity page %s/{slug}', (path, loader, table, column, joinTable) => {
	test('the entity from the seed, its related articles newest first and paged, a canonical URL', async () => {
		const entity = await one<{ id: number; slug: string; name: string; description: string }>(sql`select id, slug, name, description from ${sql.raw(table)} order by id limit 1`)
		const { data, headers } = await load(loader, `${path}/${entity.slug}?page=2`, { slug: entity.slug })
		expect(data.entity).toMatchObject({ name: entity.name, slug: entity.slug })
		const related = (
			await database.db.execute<{ slug: string }>(
				sql`select a.slug from articles a join ${sql.raw(joinTable)} t on t.article_id = a.id where t.${sql.raw(column)} = ${entity.id} and not a.is_draft order by a.publication_date desc, a.id desc`,
			)
		).rows
		expect(data.articles.totalHits).toBe(related.length)
		expect(data.articles.page).toBe(2)
		expect(data.articles.items.map((article: any) => article.slug)).toEqual(related.slice(10, 20).map((row) => row.slug))
		expect(data.canonicalPath).toBe(`${path}/${entity.slug}?page=2`)
		expect(data.trail).toEqual([{ label: 'Home', href: '/' }, expect.objectContaining({ href: path }), ...(data.trail.length === 4 ? [expect.any(Object)] : []), { label: entity.name }])
		expect(data.breadcrumbs).toBeNull()
		expect(headers.get('Cache-Control')).toContain('s-maxage')
	})

	test('an unknown slug is the not-found page (404)', async () => {
		const response = await fails(loader, `${path}/no-such-thing`, { slug: 'no-such-thing' })
		expect(response.status).toBe(404)
	})

	test('a related-articles page beyond the last is clamped; garbage paging is canonicalised', async () => {
		const entity = await one<{ slug: string }>(sql`select slug from ${sql.raw(table)} order by id limit 1`)
		const clamped = await fails(loader, `${path}/${entity.slug}?page=99999`, { slug: entity.slug })
		expect(clamped.status).toBe(302)
		expect(clamped.headers.get('Location')).toMatch(new RegExp(`^${path}/${entity.slug}(\\?page=\\d+)?$`))
		const garbage = await fails(loader, `${path}/${entity.slug}?page=x&pageSize=7000&more=nope`, { slug: entity.slug })
		expect(garbage.headers.get('Location')).toBe(`${path}/${entity.slug}`)
	})
})

describe('article types, authors, blogs, events', () => {
	test('an article type lists every article of the type', async () => {
		const { data } = await load(articleTypeLoader, '/article-types/market-map', { slug: 'market-map' })
		expect(data.entity.name).toBe('Market Map')
		expect(data.articles.totalHits).toBe(await count(sql`select count(*)::int as n from articles a join article_types t on t.id = a.article_type_id where t.slug = 'market-map' and not a.is_draft`))
		expect(data.articles.items.every((article: any) => article.articleType.slug === 'market-map')).toBe(true)
	})

	test('an author: job title, photo, biography and their articles', async () => {
		const author = await one<{ slug: string; name: string; job_title: string; photo: string; id: number }>(sql`select id, slug, name, job_title, photo from authors order by id limit 1`)
		const { data } = await load(authorLoader, `/authors/${author.slug}`, { slug: author.slug })
		expect(data.entity).toMatchObject({ name: author.name, headline: author.job_title, thumbnail: author.photo, bodyText: expect.stringContaining('<p>') })
		expect(data.articles.totalHits).toBe(await count(sql`select count(*)::int as n from article_authors aa join articles a on a.id = aa.article_id where aa.author_id = ${author.id} and not a.is_draft`))
	})

	test('a blog type page (GET /blog-types) lists its posts; the trail has no blog index to link to', async () => {
		const blog = await one<{ id: number; slug: string; name: string }>(sql`select id, slug, name from blog_types order by id limit 1`)
		const { data } = await load(blogLoader, `/blogs/${blog.slug}`, { slug: blog.slug })
		expect(data.entity.name).toBe(blog.name)
		expect(data.articles.totalHits).toBe(await count(sql`select count(*)::int as n from articles where blog_type_id = ${blog.id} and not is_draft`))
		expect(data.trail[1]).toEqual({ label: 'Blogs' })
		expect((await fails(blogLoader, '/blogs/nope', { slug: 'nope' })).status).toBe(404)
	})

	test('an event: dates, place, links and partner flag', async () => {
		const event = await one<{ slug: string; name: string; location: string; register_url: string }>(sql`select slug, name, location, register_url from events order by id limit 1`)
		const { data } = await load(eventLoader, `/events/${event.slug}`, { slug: event.slug })
		expect(data.entity.name).toBe(event.name)
		expect(data.entity.details).toMatchObject({ location: event.location, registerUrl: event.register_url, isPartnerEvent: expect.any(Boolean), startDate: expect.any(String) })
		expect((await fails(eventLoader, '/events/nope', { slug: 'nope' })).status).toBe(404)
	})
})

describe('geographies', () => {
	test('a region lists its countries and carries the picker; a country names its region', async () => {
		const europe = (await load(geographyLoader, '/geographies/xb', { slug: 'xb' })).data
		expect(europe.entity.details.isRegion).toBe(true)
		expect(europe.entity.details.countries.map((country: any) => country.slug)).toContain('fr')
		expect(((await load(rootLoader, '/geographies/xb')).data.countryPicker)).toHaveLength(5)
		const france = (await load(geographyLoader, '/geographies/fr', { slug: 'fr' })).data
		expect(france.entity.details.region).toEqual({ name: 'Europe', slug: 'xb' })
		expect(france.trail.map((crumb: any) => crumb.label)).toEqual(['Home', 'Geographies', 'Europe', 'France'])
	})

	test('when the geographies cannot be loaded: the spec’s geography message, status 503', async () => {
		await database.db.execute(sql`alter table geographies rename column body_text to body_text_away`)
		try {
			const response = await fails(geographyLoader, '/geographies/fr', { slug: 'fr' })
			expect(response).toMatchObject({ status: 503, data: 'An error has occurred loading the geography data' })
		} finally {
			await database.db.execute(sql`alter table geographies rename column body_text_away to body_text`)
		}
	})

	test('an old code still goes where it lives now (legacy redirect before the 404)', async () => {
		const response = await fails(geographyLoader, '/geographies/uk', { slug: 'uk' })
		expect(response.status).toBe(301)
		expect(response.headers.get('Location')).toBe('/geographies/gb')
	})
})

describe('slice pages', () => {
	const slicedTechnology = () =>
		one<{ slug: string }>(sql`select t.slug from technologies t where exists (select 1 from slices s where s.owner_kind = 'technology' and s.owner_id = t.id) order by t.id limit 1`)

	test('a visitor sees the slices with access, Strategist ones locked and without their cards', async () => {
		const { slug } = await slicedTechnology()
		const { data } = await load(technologyLoader, `/technologies/${slug}`, { slug })
		expect(data.layout).toBe('slices')
		expect(data.slices.map((slice: any) => slice.slug)).toEqual(['overview', 'market-data', 'latest-news'])
		const marketData = data.slices.find((slice: any) => slice.slug === 'market-data')
		expect(marketData).toMatchObject({ hasAccess: false, cards: [] })
		const news = data.slices.find((slice: any) => slice.slug === 'latest-news')
		expect(news.cards[0]).toMatchObject({ cardType: 'ArticleListCard', sliceSlug: 'latest-news' })
		expect(data.slices.map((slice: any) => slice.expanded)).toEqual([false, true, false])
	})

	test('show more / show less live in the URL; unknown slices are dropped from it', async () => {
		const { slug } = await slicedTechnology()
		const { data } = await load(technologyLoader, `/technologies/${slug}?less=market-data&more=overview`, { slug })
		expect(data.slices.map((slice: any) => slice.expanded)).toEqual([true, false, false])
		expect(data.sliceState).toEqual({ more: ['overview'], less: ['market-data'] })
		// The canonical URL of the page itself leaves the toggles out.
		expect(data.canonicalPath).toBe(`/technologies/${slug}`)
		const response = await fails(technologyLoader, `/technologies/${slug}?more=overview,nope`, { slug })
		expect(response.headers.get('Location')).toBe(`/technologies/${slug}?more=overview`)
	})

	test('hidden slices the reader may not open are left out; a Strategist sees them, with their cards', async () => {
		const visitor = (await load(geographyLoader, '/geographies/xb', { slug: 'xb' })).data
		expect(visitor.slices.map((slice: any) => slice.slug)).not.toContain('notes')
		const strategist = (await load(geographyLoader, '/geographies/xb', { slug: 'xb' }, await cookieOf(STRATEGIST))).data
		const notes = strategist.slices.find((slice: any) => slice.slug === 'notes')
		expect(notes).toMatchObject({ visibility: 'hidden', hasAccess: true })
		expect(notes.cards[0].config.bodyText).toContain('Internal notes')
		expect(strategist.breadcrumbs.map((crumb: any) => crumb.label)).toEqual(['Home', 'Geographies', 'Europe'])
	})
})

describe('cards on entity pages (decision 0011)', () => {
	/** A topic page with a blog card and a magazine cover grid of its own (as the CMS would place them). */
	async function topicWithCards() {
		const topic = await one<{ id: number; slug: string }>(sql`select id, slug from topics order by id limit 1`)
		const insert = (cardType: string, config: Record<string, unknown>) =>
			one<{ id: number }>(sql`insert into cards (owner_kind, owner_id, card_type, position, width, sort_order, config)
				values ('topic', ${topic.id}, ${cardType}, 'Centre', 'Full', 0, ${JSON.stringify(config)}::jsonb) returning id`)
		const blog = await insert('BlogCard', { title: 'Topic blog', pageSize: 2 })
		const covers = await insert('DocumentSearchCard', { title: 'Topic magazines', documentType: 'magazine', rowsPerPage: 1 })
		return { ...topic, blogId: blog.id, coversId: covers.id }
	}

	test('page and filter with the page’s own URL, as on custom pages', async () => {
		const topic = await topicWithCards()
		const path = `/topics/${topic.slug}?blogPage-${topic.blogId}=2&pageNum=2&publishedFrom=2024-01-01`
		const { data } = await load(topicLoader, path, { slug: topic.slug })
		const card = (id: number) => data.cards.find((item: any) => item.id === id)
		expect(card(topic.blogId).config).toMatchObject({ pageNum: 2, pageSize: 2 })
		expect(card(topic.blogId).config.totalPages).toBeGreaterThan(2)
		expect(card(topic.coversId).config).toMatchObject({ pageNum: 2, publishedFrom: '2024-01-01' })
		const magazines = await count(sql`select count(*)::int as n from documents where document_type = 'magazine' and not is_draft and publication_date >= '2024-01-01'`)
		expect(card(topic.coversId).config.totalHits).toBe(magazines)
		// The canonical URL is the page's; the cards' state is not another page for search engines.
		expect(data.canonicalPath).toBe(`/topics/${topic.slug}`)
	})

	test('the cards’ parameters survive canonicalisation; unknown ones are dropped', async () => {
		const topic = await topicWithCards()
		const response = await fails(topicLoader, `/topics/${topic.slug}?junk=1&tablePage-${topic.blogId}=3&blogPage-${topic.blogId}=2&page=abc`, { slug: topic.slug })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`/topics/${topic.slug}?blogPage-${topic.blogId}=2&tablePage-${topic.blogId}=3`)
	})
})

describe('strategist-only pages', () => {
	test('applications, industrial subsectors and technology types send visitors and Executives to /', async () => {
		const application = await one<{ slug: string }>(sql`select slug from applications order by id limit 1`)
		const subsector = await one<{ slug: string }>(sql`select slug from industrial_subsectors order by id limit 1`)
		const type = await one<{ slug: string }>(sql`select slug from technology_types order by id limit 1`)
		for (const cookie of [undefined, await cookieOf(EXECUTIVE)]) {
			for (const [loader, path, slug] of [
				[applicationLoader, '/applications', application.slug],
				[industrialSubsectorLoader, '/industrial-subsectors', subsector.slug],
				[technologyTypeLoader, '/technology-types', type.slug],
			] as const) {
				const response = await fails(loader, `${path}/${slug}`, { slug }, cookie)
				expect(response.status).toBe(302)
				expect(response.headers.get('Location')).toBe('/')
			}
		}
	})

	test('a Strategist gets the slice layout with breadcrumbs', async () => {
		const application = await one<{ slug: string; name: string }>(sql`select a.slug, a.name from applications a where exists (select 1 from slices s where s.owner_kind = 'application' and s.owner_id = a.id) order by a.id limit 1`)
		const { data } = await load(applicationLoader, `/applications/${application.slug}`, { slug: application.slug }, await cookieOf(STRATEGIST))
		expect(data.layout).toBe('slices')
		expect(data.slices.every((slice: any) => slice.hasAccess)).toBe(true)
		expect(data.slices.find((slice: any) => slice.slug === 'market-data').cards[0].cardType).toBe('DatabaseChartCard')
		expect(data.strategistMode).toBe(true)
		expect(data.breadcrumbs).toEqual([{ label: 'Home', href: '/' }, { label: 'Applications', href: '/applications' }, { label: application.name }])
	})

	test('a technology type without slices shows "No data found"; a deep one has an elided, truncated trail', async () => {
		const deep = await one<{ slug: string; name: string }>(sql`
			select n.slug, n.name from technology_types n where n.node_type = 'TechnologySubSubType'
			and not exists (select 1 from slices s where s.owner_kind = 'technology-type' and s.owner_id = n.id) order by n.id limit 1`)
		const cookie = await cookieOf(STRATEGIST)
		const { data } = await load(technologyTypeLoader, `/technology-types/${deep.slug}`, { slug: deep.slug }, cookie)
		expect(data.layout).toBe('no-data')
		expect(data.slices).toEqual([])
		// Home › Technology types › technology › type › subtype › the page: six levels, four shown after an ellipsis.
		expect(data.trail).toHaveLength(6)
		expect(data.breadcrumbs).toHaveLength(5)
		expect(data.breadcrumbs[0]).toMatchObject({ label: '…', elided: true })
		expect(data.breadcrumbs.slice(1).map((crumb: any) => crumb.title ?? crumb.label)).toEqual(data.trail.slice(2).map((crumb: any) => crumb.label))
		for (const crumb of data.breadcrumbs.slice(1)) expect(crumb.label.replace(/…$/, '').length).toBeLessThanOrEqual(30)
	})

	test('a technology type with slices shows them to a Strategist', async () => {
		const type = await one<{ slug: string }>(sql`select t.slug from technology_types t where exists (select 1 from slices s where s.owner_kind = 'technology-type' and s.owner_id = t.id) order by t.id limit 1`)
		const { data } = await load(technologyTypeLoader, `/technology-types/${type.slug}`, { slug: type.slug }, await cookieOf(STRATEGIST))
		expect(data.layout).toBe('slices')
		expect(data.entity.details.children.length).toBeGreaterThan(0)
	})
})

describe('utilities', () => {
	const slicedUtility = () => one<{ slug: string; name: string; description: string }>(sql`select u.slug, u.name, u.description from utilities u where exists (select 1 from slices s where s.owner_kind = 'utility' and s.owner_id = u.id) order by u.id limit 1`)

	test('a visitor gets the name and description, none of the Strategist figures', async () => {
		const utility = await slicedUtility()
		const { data } = await load(utilityLoader, `/utilities/${utility.slug}`, { slug: utility.slug })
		expect(data.entity).toMatchObject({ name: utility.name, description: utility.description, hasAccess: false })
		expect(data.layout).toBe('standard')
		expect(data.entity.details.waterPopulation).toBeUndefined()
		expect(data.articles).toBeNull()
	})

	test('strategist mode shows the slices and the figures', async () => {
		const utility = await slicedUtility()
		const { data } = await load(utilityLoader, `/utilities/${utility.slug}`, { slug: utility.slug }, await cookieOf(STRATEGIST))
		expect(data.layout).toBe('slices')
		expect(data.entity.details).toHaveProperty('waterPopulation')
	})
})

// ---------------------------------------------------------------- projects

describe('projects', () => {
	const trackedProject = () =>
		one<{ id: number; slug: string; name: string; status: string; short_status: string; description: string; client_name: string }>(sql`
			select p.id, p.slug, p.name, p.status, p.short_status, p.description, p.client_name from projects p
			where p.status is not null and p.client_name is not null and p.description is not null
			and exists (select 1 from project_contacts c where c.project_id = p.id)
			and (select count(*) from project_history h where h.project_id = p.id) >= 3
			order by p.id limit 1`)

	test('without access: identifying facts only; no paywalled field reaches the loader data', async () => {
		const project = await trackedProject()
		const contact = await one<{ name: string; email: string }>(sql`select name, email from project_contacts where project_id = ${project.id} limit 1`)
		for (const cookie of [undefined, await cookieOf('free@example.com')]) {
			const { data } = await load(projectLoader, `/projects/${project.slug}`, { slug: project.slug }, cookie)
			expect(data.entity).toMatchObject({ name: project.name, hasAccess: false, description: null, bodyText: null })
			const { articles: _articles, ...details } = data.entity.details
			expect(Object.keys(details).sort()).toEqual(['country', 'name', 'projectTypes'])
			const json = JSON.stringify(data)
			for (const secret of [project.status, project.short_status, project.description, project.client_name, contact.name, contact.email]) expect(json).not.toContain(secret)
		}
	})

	test('with access (Executive): the record, history newest first without the last update, contacts', async () => {
		const project = await trackedProject()
		const { data, headers } = await load(projectLoader, `/projects/${project.slug}`, { slug: project.slug }, await cookieOf(EXECUTIVE))
		expect(data.entity.hasAccess).toBe(true)
		expect(data.entity.details).toMatchObject({ status: project.status, clientName: project.client_name, contacts: expect.arrayContaining([expect.objectContaining({ email: expect.any(String) })]) })
		const history = (
			await database.db.execute<{ date: Date }>(
				sql`select h.date from project_history h join projects p on p.id = h.project_id where p.id = ${project.id} and h.date <> p.date_last_modified order by h.date desc`,
			)
		).rows.map((row) => new Date(row.date).toISOString())
		expect(data.entity.details.history.map((entry: any) => entry.date)).toEqual(history)
		expect(headers.get('Cache-Control')).toBe('private, no-cache')
	})

	test('the no-access panel: the Project Tracker message by slug; Login for visitors, a request-access mail whose subject says who they are', async () => {
		const project = await trackedProject()
		const gate = async (email?: string) => (await load(projectLoader, `/projects/${project.slug}`, { slug: project.slug }, email ? await cookieOf(email) : undefined)).data
		const subject = (data: any) => new URL(data.gate.requestAccess).searchParams.get('subject')
		const visitor = await gate()
		expect(visitor.noAccessMessage).toBe('The Project Tracker is available exclusively to full members')
		expect(visitor.gate).toEqual({ signedIn: false, offerTrial: true, offerRenewal: false, requestAccess: null })
		const free = await gate('free@example.com')
		expect(subject(free)).toBe(`Access request: ${project.name}`)
		expect(new URL(free.gate.requestAccess).searchParams.get('body')).toContain(`${SITE}/projects/${project.slug}`)
		const expired = await gate('expired@example.com')
		expect(subject(expired)).toBe(`Membership renewal and access request: ${project.name}`)
		// Ended 10 days ago: a trial only 12 months after expiry (spec 000 §5, 002 §9); renewal instead.
		expect(expired.gate).toMatchObject({ offerTrial: false, offerRenewal: true })
		expect((await gate('trial@example.com')).gate).toMatchObject({ signedIn: true, offerTrial: false })
		const { slug, name } = await one<{ slug: string; name: string }>(sql`select t.slug, t.name from technologies t where exists (select 1 from slices s where s.owner_kind = 'technology' and s.owner_id = t.id) order by t.id limit 1`)
		const executive = (await load(technologyLoader, `/technologies/${slug}`, { slug }, await cookieOf(EXECUTIVE))).data
		const marketData = executive.slices.find((slice: any) => slice.slug === 'market-data')
		expect(marketData).toMatchObject({ hasAccess: false, noAccessMessage: 'This content requires a GWI Strategist Membership' })
		expect(executive.slices.find((slice: any) => slice.slug === 'overview').noAccessMessage).toBeNull()
		expect(subject(executive)).toBe(`Member access request: ${name}`)
		expect(executive.gate.offerTrial).toBe(false)
	})

	test('an unknown project is 404; an old tracker path still redirects', async () => {
		expect((await fails(projectLoader, '/projects/no-such-project', { slug: 'no-such-project' })).status).toBe(404)
		const tracker = await fails(projectLoader, '/projects/tracker', { slug: 'tracker' })
		expect(tracker.status).toBe(301)
		expect(tracker.headers.get('Location')).toBe('/projecttracker')
	})
})

// ---------------------------------------------------------------- companies

describe('companies', () => {
	const partner = () => one<{ id: number; slug: string; name: string }>(sql`select id, slug, name from companies where is_partner and show_as_page order by id limit 1`)

	test('a visitor: details, activities, the technology tree collapsed; the financial stats card hidden (Forbidden)', async () => {
		const company = await partner()
		const { data } = await load(companyLoader, `/companies/${company.slug}`, { slug: company.slug })
		expect(data.entity.name).toBe(company.name)
		expect(data.entity.details.technologyTree.length).toBeGreaterThan(0)
		expect(data.entity.details.technologyTree[0]).toMatchObject({ nodeType: 'Technology', children: expect.any(Array) })
		expect(data.treeExpanded).toBe(false)
		expect(data.stats).toEqual({ status: 'forbidden' })
		expect(data.entity.details.waterRevenue).toBeUndefined()
		expect(data.layout).toBe('slices')
	})

	test('Expand all is ?tree=expanded; anything else is the collapsed tree at its canonical URL', async () => {
		const company = await partner()
		const { data } = await load(companyLoader, `/companies/${company.slug}?tree=expanded`, { slug: company.slug })
		expect(data.treeExpanded).toBe(true)
		expect(data.canonicalPath).toBe(`/companies/${company.slug}`)
		const garbage = await fails(companyLoader, `/companies/${company.slug}?tree=sideways`, { slug: company.slug })
		expect(garbage.status).toBe(302)
		expect(garbage.headers.get('Location')).toBe(`/companies/${company.slug}`)
		// Paging of the company's articles keeps the tree state (on a company with a second page:
		// how many articles each company has changes with the day the seed ran).
		const busy = await one<{ slug: string }>(sql`
			select c.slug from companies c join article_companies ac on ac.company_id = c.id join articles a on a.id = ac.article_id
			where c.show_as_page and not a.is_draft group by c.id, c.slug having count(*) > ${DEFAULT_PAGE_SIZE} order by c.id limit 1`)
		const paged = (await load(companyLoader, `/companies/${busy.slug}?tree=expanded&page=2`, { slug: busy.slug })).data
		expect(paged).toMatchObject({ treeExpanded: true, articles: { page: 2 } })
	})

	test('a Strategist gets the financial indicators, or "no data" for a company without them', async () => {
		const company = await partner()
		const cookie = await cookieOf(STRATEGIST)
		const { data } = await load(companyLoader, `/companies/${company.slug}`, { slug: company.slug }, cookie)
		expect(data.stats.status).toBe('ok')
		expect(data.stats.items.map((item: any) => item.indicator)).toEqual(['Revenue', 'WaterRevenue', 'EBITDA', 'NetIncome'])
		expect(data.entity.details.waterRevenue).toEqual(expect.any(Number))
		const plain = await one<{ slug: string }>(sql`select c.slug from companies c where c.show_as_page and not exists (select 1 from company_indicators i where i.company_id = c.id) order by c.id limit 1`)
		expect((await load(companyLoader, `/companies/${plain.slug}`, { slug: plain.slug }, cookie)).data.stats).toEqual({ status: 'ok', items: [] })
	})

	test('in strategist mode a company not flagged showAsPage redirects to /companies; others still see it', async () => {
		const hidden = await one<{ slug: string; name: string }>(sql`select slug, name from companies where not show_as_page order by id limit 1`)
		const response = await fails(companyLoader, `/companies/${hidden.slug}`, { slug: hidden.slug }, await cookieOf(STRATEGIST))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/companies')
		expect((await load(companyLoader, `/companies/${hidden.slug}`, { slug: hidden.slug })).data.entity.name).toBe(hidden.name)
		expect((await load(companyLoader, `/companies/${hidden.slug}`, { slug: hidden.slug }, await cookieOf(EXECUTIVE))).data.entity.name).toBe(hidden.name)
	})

	test('when the indicators cannot be read, the card says so and the rest of the page renders', async () => {
		const company = await partner()
		await database.db.execute(sql`alter table company_indicators rename to company_indicators_away`)
		try {
			const { data } = await load(companyLoader, `/companies/${company.slug}`, { slug: company.slug }, await cookieOf(STRATEGIST))
			expect(data.stats).toEqual({ status: 'error' })
			expect(data.entity.name).toBe(company.name)
		} finally {
			await database.db.execute(sql`alter table company_indicators_away rename to company_indicators`)
		}
	})

	test('an unknown company is 404', async () => {
		expect((await fails(companyLoader, '/companies/no-such-company', { slug: 'no-such-company' })).status).toBe(404)
	})
})
