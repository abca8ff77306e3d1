/**
 * GET /newsletters/issue/{slug}, /issue/draft/{slug} and /latest (spec 002 §3, §4, §7): the
 * issue and its components, access decided by the API, the rules applied to components.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { NEWSLETTER_STANDFIRST_LENGTH, newsletterEnvelope, PROJECTS_PER_CATEGORY } from '../../contract/newsletters.ts'
import { newsletterComponents } from '../../backend/db/schema.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get } = useTestApi()
const DAY = 86_400_000

const executive = () => issueAccessToken({ sub: 'demo|executive', permissions: ['read:executive', 'read:project'] })
const trial = () =>
	issueAccessToken({
		sub: 'demo|trial',
		permissions: ['read:executive-trial', 'read:project', 'unlock:article'],
		datedRoles: [{ RoleName: 'Executive - Trial', StartDate: new Date(Date.now() - 9 * DAY), EndDate: new Date(Date.now() + 5 * DAY) }],
	})

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows[0] as T

/** A published issue of the main newsletter with the given component type. */
const issueWith = (type: string) =>
	one<{ id: number; slug: string }>(sql`select n.id, n.slug from newsletters n join newsletter_components c on c.newsletter_id = n.id
		where not n.is_draft and c.component_type = ${type} and n.definition_id = 1 order by n.published desc limit 1`)

describe('access is decided in the API', () => {
	test('a visitor gets the issue without a single component: no text leaves the API', async () => {
		const { slug, id } = await issueWith('ArticleListCard')
		const { status, body, text } = await get(`/newsletters/issue/${slug}`)
		expect(status).toBe(200)
		expect(newsletterEnvelope.parse(body).item).toMatchObject({ slug, hasAccess: false })
		expect(body.componentItems).toEqual([])
		const { rows } = await database.db.execute<{ headline: string; body_text: string }>(sql`
			select a.headline, a.body_text from articles a, newsletter_components c
			where c.newsletter_id = ${id} and c.component_type = 'ArticleListCard' and a.slug = any(select jsonb_array_elements_text(c.config->'articleSlugs'))`)
		expect(rows.length).toBeGreaterThan(0)
		for (const row of rows) {
			expect(text).not.toContain(row.headline)
			expect(text).not.toContain(row.body_text.slice(0, 80))
		}
		const intro = await one<{ body: string }>(sql`select config->>'bodyText' as body from newsletter_components where newsletter_id = ${id} and component_type = 'TextCard' limit 1`)
		expect(text).not.toContain(intro.body.slice(0, 40))
	})

	test('an Executive and a trial member read every component', async () => {
		const { slug } = await issueWith('ArticleListCard')
		for (const token of [await executive(), await trial()]) {
			const { body } = await get(`/newsletters/issue/${slug}`, token)
			const parsed = newsletterEnvelope.parse(body)
			expect(parsed.item.hasAccess).toBe(true)
			expect(parsed.componentItems.map((component) => component.type)).toContain('ArticleListCard')
			expect(parsed.analyticsPageInfo).toEqual({ pageType: 'Newsletter', pageName: parsed.item.name, slug })
		}
	})

	test("a trial member reads only the issues of the trial's window: an older one is refused, saying why, without its components", async () => {
		// The trial began 9 days ago: its window opens a month before that (the article rule).
		const old = await one<{ slug: string }>(sql`select slug from newsletters where not is_draft and published < now() - interval '2 months' order by published desc limit 1`)
		const { body } = await get(`/newsletters/issue/${old.slug}`, await trial())
		const parsed = newsletterEnvelope.parse(body)
		expect(parsed.item).toMatchObject({ hasAccess: false, isOutsideTrialDatesRange: true })
		expect(parsed.componentItems).toEqual([])
		// The archive's list says the same.
		const list = await get(`/newsletters?pageSize=100&publishedTo=${new Date(Date.now() - 62 * DAY).toISOString().slice(0, 10)}`, await trial())
		expect(list.body.items.length).toBeGreaterThan(0)
		expect(list.body.items.every((item: { hasAccess: boolean }) => !item.hasAccess)).toBe(true)
		// An Executive reads it.
		expect(newsletterEnvelope.parse((await get(`/newsletters/issue/${old.slug}`, await executive())).body).item.hasAccess).toBe(true)
	})

	test('the latest issue is the most recently published one', async () => {
		const latest = await one<{ slug: string }>(sql`select slug from newsletters where not is_draft order by published desc, id desc limit 1`)
		const { body } = await get('/newsletters/latest', await executive())
		expect(body.item.slug).toBe(latest.slug)
	})

	test('a draft needs its secret; a published slug is not a draft and a draft is not published', async () => {
		const draft = await one<{ slug: string; preview_secret: string }>(sql`select slug, preview_secret from newsletters where is_draft limit 1`)
		expect((await get(`/newsletters/issue/draft/${draft.slug}`)).status).toBe(404)
		expect((await get(`/newsletters/issue/draft/${draft.slug}`, undefined, { PreviewToken: 'wrong' })).status).toBe(404)
		expect((await get(`/newsletters/issue/${draft.slug}`)).status).toBe(404)
		// The secret is the editor's: the preview opens in full even without a membership.
		const { status, body, headers } = await get(`/newsletters/issue/draft/${draft.slug}`, undefined, { PreviewToken: draft.preview_secret })
		expect(status).toBe(200)
		expect(body.item).toMatchObject({ isDraft: true, hasAccess: true })
		expect(body.componentItems.length).toBeGreaterThan(0)
		expect(headers.get('Cache-Control')).toContain('no-store')
		const missing = await get('/newsletters/issue/no-such-issue')
		expect(missing.status).toBe(404)
		expect(missing.body.errors).toEqual(['Not found: newsletter no-such-issue'])
		expect((await get('/newsletters/issue/x?full=perhaps')).status).toBe(400)
	})
})

describe('component rules', () => {
	test('standfirsts are cut at 160 characters with an ellipsis', async () => {
		const { slug, id } = await issueWith('ArticleListCard')
		const long = await one<{ slug: string }>(sql`select slug from articles where not is_draft and standfirst is not null order by id limit 1`)
		await database.db.execute(sql`update articles set standfirst = repeat('Desalination tenders in the Gulf. ', 10) where slug = ${long.slug}`)
		await database.db.insert(newsletterComponents).values({ newsletterId: id, componentType: 'ArticleListCard', sortOrder: 50, config: { name: 'Long', articleDisplayType: 'HeadlineStandfirst', articleSlugs: [long.slug] } })
		const { body } = await get(`/newsletters/issue/${slug}`, await executive())
		const card = body.componentItems.find((component: any) => component.name === 'Long')
		expect(card.articles[0].standfirst).toBe(`${'Desalination tenders in the Gulf. '.repeat(10).slice(0, NEWSLETTER_STANDFIRST_LENGTH).trimEnd()}…`)
		for (const component of body.componentItems.filter((c: any) => c.type === 'ArticleListCard'))
			for (const article of component.articles) expect(article.standfirst.length).toBeLessThanOrEqual(NEWSLETTER_STANDFIRST_LENGTH + 1)
	})

	test('BodyTextOnly lists carry the article body, only for readers of the article; others do not', async () => {
		const { slug, id } = await issueWith('ArticleListCard')
		const articles = (await database.db.execute<{ slug: string; body_text: string }>(sql`select slug, body_text from articles where not is_draft and permission_levels <> '{}' order by publication_date desc limit 2`)).rows
		await database.db.insert(newsletterComponents).values({ newsletterId: id, componentType: 'ArticleListCard', sortOrder: 51, config: { name: 'Bodies', articleDisplayType: 'BodyTextOnly', articleSlugs: articles.map((a) => a.slug) } })
		const { body } = await get(`/newsletters/issue/${slug}`, await executive())
		const card = body.componentItems.find((component: any) => component.name === 'Bodies')
		expect(card.articles.map((a: any) => a.bodyText)).toEqual(articles.map((a) => a.body_text))
		const other = body.componentItems.find((component: any) => component.type === 'ArticleListCard' && component.articleDisplayType !== 'BodyTextOnly')
		expect(other.articles.every((a: any) => a.bodyText === null)).toBe(true)
		// A free account reads the issue's shell only.
		const free = await issueAccessToken({ sub: 'demo|free', permissions: [] })
		expect((await get(`/newsletters/issue/${slug}`, free)).body.componentItems).toEqual([])
		// The full flag adds every body.
		const full = await get(`/newsletters/issue/${slug}?full=true`, await executive())
		expect(full.body.componentItems.filter((c: any) => c.type === 'ArticleListCard').every((c: any) => c.articles.every((a: any) => typeof a.bodyText === 'string'))).toBe(true)
	})

	test('project lists: at most 5 per category, the tracker query and the total', async () => {
		const { slug, id } = await issueWith('ArticleListCard')
		const projects = (await database.db.execute<{ slug: string }>(sql`select slug from projects where not is_archived and 'Desal' = any(project_types) order by id limit 8`)).rows
		expect(projects).toHaveLength(8)
		await database.db.insert(newsletterComponents).values({ newsletterId: id, componentType: 'ProjectListCard', sortOrder: 52, config: { name: 'Desal projects', projectCategory: 'Desal', projectSlugs: projects.map((p) => p.slug) } })
		const { body } = await get(`/newsletters/issue/${slug}`, await executive())
		const card = body.componentItems.find((component: any) => component.name === 'Desal projects')
		expect(card.projects).toHaveLength(PROJECTS_PER_CATEGORY)
		expect(card.projects.map((p: any) => p.slug)).toEqual(projects.slice(0, 5).map((p) => p.slug))
		expect(card.projectTrackerSearchQuery).toBe('/projecttracker?filters%5BProject+category%5D=Desal')
		const total = await one<{ n: number }>(sql`select count(*)::int as n from projects where not is_archived and 'Desal' = any(project_types)`)
		expect(card.resultCount).toBe(total.n)
	})

	test('an unknown component type is named, an opportunity list carries nothing', async () => {
		const { slug, id } = await issueWith('ArticleListCard')
		await database.db.insert(newsletterComponents).values([
			{ newsletterId: id, componentType: 'PollCard', sortOrder: 60, config: { question: 'x' } },
			{ newsletterId: id, componentType: 'OpportunityListCard', sortOrder: 61, config: { any: 1 } },
		])
		const { body } = await get(`/newsletters/issue/${slug}`, await executive())
		expect(body.componentItems.at(-2)).toEqual({ id: expect.any(Number), type: 'Unsupported', componentType: 'PollCard' })
		expect(body.componentItems.at(-1)).toEqual({ id: expect.any(Number), type: 'OpportunityListCard' })
	})
})
