/**
 * Content HTML leaves the API sanitised: hostile markup stored in the content
 * store (an article body, a custom page card, a no-access message, an author biography, a
 * context) never reaches a response, and the paywall's first paragraph is cut with an HTML
 * parser: it is correct on tricky HTML and never carries more than the first paragraph.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { ROLE_PERMISSIONS } from '../../backend/identity/roles.ts'
import { issueAccessToken } from '../../backend/identity/tokens.ts'
import { HOSTILE_HTML, hostileMarkersIn } from '../support/hostile-html.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, get, changedBehindTheApi } = useTestApi()

/** What the publication writes, which comes through as it is (a new-window link gains rel="noopener noreferrer", void elements close). */
const RICH_HTML = [
	'<h2>Heading</h2><h3>Sub-heading</h3>',
	'<ul><li>One</li><li><em>Two</em></li></ul><ol start="3"><li><strong>Three</strong></li></ol>',
	'<figure><img src="https://images.example.com/plant.jpg" alt="The plant" width="640" height="360"><figcaption>The plant</figcaption></figure>',
	'<table><caption>Capacity</caption><thead><tr><th scope="col">Plant</th><th scope="col">m³/d</th></tr></thead><tbody><tr><td colspan="2">Jebel Ali</td></tr></tbody></table>',
	'<blockquote><p>A quote.</p></blockquote>',
	'<p><a href="/projecttracker">Tracker</a> <a href="mailto:editor@example.com">Mail</a> <a href="https://example.com/report" target="_blank">Report</a></p>',
].join('')
const RICH_HTML_SENT = RICH_HTML.replace('target="_blank"', 'target="_blank" rel="noopener noreferrer"').replace('height="360">', 'height="360" />')

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows[0] as T

/** A published article: free to everyone, or members-only (not a Market Map, which trial members may unlock). */
const article = (paid: boolean) =>
	one<{ id: number; slug: string }>(sql`
		select a.id, a.slug from articles a join article_types t on t.id = a.article_type_id
		where not a.is_draft and t.slug <> 'market-map' and ${paid ? sql`'read:executive' = any(a.permission_levels)` : sql`a.permission_levels = '{}'`}
		order by a.publication_date desc limit 1`)

describe('hostile HTML in the content store never leaves the API', () => {
	test('an article body: not in the full text, nor in the preview a visitor gets', async () => {
		const free = await article(false)
		const paid = await article(true)
		const body = `<p>Opening words ${HOSTILE_HTML}</p><p>Second paragraph.</p>${HOSTILE_HTML}${RICH_HTML}`
		await database.db.execute(sql`update articles set body_text = ${body} where id in (${free.id}, ${paid.id})`)

		const full = await get(`/articles/slug/${free.slug}`)
		expect(full.body.item.bodyText).toContain('Opening words')
		expect(full.body.item.bodyText).toContain('<a>plain link</a>')
		expect(full.body.item.bodyText).toContain(RICH_HTML_SENT)
		expect(hostileMarkersIn(full.text)).toEqual([])

		const preview = await get(`/articles/slug/${paid.slug}`)
		expect(preview.body.item).toMatchObject({ hasAccess: false, bodyText: null })
		expect(preview.body.item.previewText).toContain('Opening words')
		expect(hostileMarkersIn(preview.text)).toEqual([])
	})

	test('a custom page card’s HTML and the page body', async () => {
		const page = await one<{ id: number; slug: string }>(sql`select id, slug from pages where slug = 'desalination-hub'`)
		await database.db.execute(sql`update pages set body_text = ${`<p>Page body</p>${HOSTILE_HTML}`} where id = ${page.id}`)
		await database.db.execute(sql`
			update cards set config = jsonb_set(config, '{bodyText}', to_jsonb(${`<p>About this hub</p>${HOSTILE_HTML}`}::text))
			where owner_kind = 'page' and owner_id = ${page.id} and card_type = 'TextCard'`)
		const { body, text } = await get(`/pages/slug/${page.slug}`)
		expect(body.item.bodyText).toContain('Page body')
		expect(body.componentItems.find((card: any) => card.cardType === 'TextCard').config.bodyText).toContain('About this hub')
		expect(hostileMarkersIn(text)).toEqual([])
	})

	test('a no-access message is sent as text, without markup', async () => {
		await database.db.execute(sql`update no_access_messages set message = ${`Members only.${HOSTILE_HTML}`} where slug = 'default'`)
		const { body, text } = await get('/noaccesses?pageSize=100')
		const message = body.items.find((item: any) => item.slug === 'default').message
		expect(message).toMatch(/^Members only\./)
		expect(message).not.toContain('<')
		expect(hostileMarkersIn(text)).toEqual([])
	})

	test('an author biography, as the page body and in the details', async () => {
		const author = await one<{ id: number; slug: string }>(sql`select id, slug from authors order by id limit 1`)
		await database.db.execute(sql`update authors set biography = ${`<p>Writes about water.</p>${HOSTILE_HTML}`} where id = ${author.id}`)
		const { body, text } = await get(`/authors/slug/${author.slug}`)
		expect(body.item.bodyText).toContain('Writes about water.')
		expect(body.item.details.biography).toContain('Writes about water.')
		expect(hostileMarkersIn(text)).toEqual([])
	})

	test('a context’s description and body in a context search card, and a company’s description', async () => {
		const strategist = await issueAccessToken({ sub: 'demo|strategist', permissions: ROLE_PERMISSIONS.Strategy })
		const context = await one<{ id: number; slug: string }>(sql`select id, slug from contexts order by id limit 1`)
		await database.db.execute(sql`
			update contexts set html_description = ${`<p>Short.</p>${HOSTILE_HTML}`}, body_text = ${`<p>Long.</p>${HOSTILE_HTML}`} where id = ${context.id}`)
		const contextPage = await get(`/contexts/slug/${context.slug}`, strategist)
		expect(contextPage.body.item.description).toMatch(/^Short\./)
		expect(contextPage.body.item.bodyText).toContain('Long.')
		expect(hostileMarkersIn(contextPage.text)).toEqual([])

		const company = await one<{ id: number; slug: string }>(sql`select id, slug from companies order by id limit 1`)
		await database.db.execute(sql`update companies set description = ${`A water company.${HOSTILE_HTML}`}, body_text = ${`<p>About.</p>${HOSTILE_HTML}`} where id = ${company.id}`)
		const companyPage = await get(`/companies/slug/${company.slug}`, strategist)
		expect(companyPage.body.item.description).toMatch(/^A water company\./)
		expect(hostileMarkersIn(companyPage.text)).toEqual([])
	})
})

describe('the first paragraph a reader without access gets', () => {
	/** Body → the preview it must give: the first paragraph with text, whole, and nothing after it. */
	const CASES: [string, string, string | null][] = [
		['nested tags, inside a <div>', '<div class="intro"><p>First <strong>bold <em>and</em></strong> words.</p></div><p>Paid one.</p>', '<p>First <strong>bold <em>and</em></strong> words.</p>'],
		['a paragraph in a comment', '<!-- <p>Editor’s note, paid.</p> --><p>First words.</p><p>Paid one.</p>', '<p>First words.</p>'],
		['</p> inside an attribute value', '<p title="a </p> b">First words.</p><p>Paid one.</p>', '<p>First words.</p>'],
		['a block that closes the paragraph', '<p>First words.<div>Paid block.</div><p>Paid one.</p>', '<p>First words.</p>'],
		['paragraphs never closed', '<p>First words.<p>Paid one.<p>Paid two.', '<p>First words.</p>'],
		['an empty paragraph first', '<p> </p><p>First words.</p><p>Paid one.</p>', '<p>First words.</p>'],
		['upper-case tags with attributes', '<P CLASS="lead">First words.</P><p>Paid one.</p>', '<p>First words.</p>'],
		['hostile markup in the first paragraph', '<p>First <img src="x" onerror="alert(1)">words.</p><p>Paid one.</p>', '<p>First <img src="x">words.</p>'],
		['no paragraph at all', '<h2>Heading</h2><div>Paid text without paragraphs.</div><!-- <p>Paid note.</p> -->', null],
	]

	test('is the first paragraph on tricky HTML, and never more', async () => {
		const paid = await article(true)
		const previews: Record<string, string | null> = {}
		for (const [name, body] of CASES) {
			await database.db.execute(sql`update articles set body_text = ${body} where id = ${paid.id}`)
			changedBehindTheApi()
			const { body: response } = await get(`/articles/slug/${paid.slug}`)
			expect(response.item.bodyText).toBeNull()
			previews[name] = response.item.previewText
		}
		expect(previews).toEqual(Object.fromEntries(CASES.map(([name, , preview]) => [name, preview])))
		for (const preview of Object.values(previews)) expect(preview ?? '').not.toContain('Paid')
	})
})
