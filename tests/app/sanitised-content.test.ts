/**
 * Hostile HTML stored in the content store never reaches a page: the article,
 * custom, author and project pages, over the real API and test database, neither in their
 * loaders' data nor in the HTML the real site renders (which also carries that data).
 */
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { loader as articleLoader } from '../../app/routes/articles.$slug/route.tsx'
import { loader as authorLoader } from '../../app/routes/authors.$slug.tsx'
import { loader as pageLoader } from '../../app/routes/pages.$slug/route.tsx'
import { loader as projectLoader } from '../../app/routes/projects.$slug/route.tsx'
import { useTestDatabase } from '../support/database.ts'
import { HOSTILE_HTML, hostileMarkersIn, scriptMarkersIn } from '../support/hostile-html.ts'
import { useRenderedSite } from '../support/rendered-site.ts'
import { loaderArgs, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const site = useRenderedSite(database)

/** The page as a browser gets it: it renders, and none of the hostile markup runs in it. */
async function expectSafePage(path: string, text: string) {
	const { status, html } = await site.render(path)
	expect(status).toBe(200)
	expect(html).toContain(text)
	expect(scriptMarkersIn(html)).toEqual([])
}

type Loader = (args: ReturnType<typeof loaderArgs>) => Promise<unknown>
const load = async (loader: Loader, path: string, slug: string) => unwrap<any>(await loader(loaderArgs(database.db, path, { slug }))).data

const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute<T & Record<string, unknown>>(query)).rows[0] as T

describe('hostile HTML in the content store never reaches a page', () => {
	test('the article page: a free article’s body, and the first paragraph a visitor gets of a paid one', async () => {
		const pick = (condition: ReturnType<typeof sql>) =>
			one<{ id: number; slug: string }>(sql`
				select a.id, a.slug from articles a join article_types t on t.id = a.article_type_id
				where not a.is_draft and t.slug <> 'market-map' and ${condition} order by a.publication_date desc limit 1`)
		const free = await pick(sql`a.permission_levels = '{}'`)
		const paid = await pick(sql`'read:executive' = any(a.permission_levels)`)
		await database.db.execute(sql`update articles set body_text = ${`<p>Opening words ${HOSTILE_HTML}</p><p>Later words.</p>`} where id in (${free.id}, ${paid.id})`)

		const readable = ((await load(articleLoader, `/articles/${free.slug}`, free.slug)).page as any)
		expect(readable.article.bodyText).toContain('Later words.')
		expect(hostileMarkersIn(JSON.stringify(readable))).toEqual([])
		await expectSafePage(`/articles/${free.slug}`, 'Later words.')

		const gated = ((await load(articleLoader, `/articles/${paid.slug}`, paid.slug)).page as any)
		expect(gated.article.previewText).toContain('Opening words')
		expect(gated.article.previewText).not.toContain('Later words.')
		expect(hostileMarkersIn(JSON.stringify(gated))).toEqual([])
		await expectSafePage(`/articles/${paid.slug}`, 'Opening words')
	})

	test('a custom page: its body and its text card', async () => {
		const page = await one<{ id: number }>(sql`select id from pages where slug = 'desalination-hub'`)
		await database.db.execute(sql`update pages set body_text = ${`<p>Page body</p>${HOSTILE_HTML}`} where id = ${page.id}`)
		await database.db.execute(sql`
			update cards set config = jsonb_set(config, '{bodyText}', to_jsonb(${`<p>About this hub</p>${HOSTILE_HTML}`}::text))
			where owner_kind = 'page' and owner_id = ${page.id} and card_type = 'TextCard'`)
		const data = await load(pageLoader, '/pages/desalination-hub', 'desalination-hub')
		expect(data.page.bodyText).toContain('Page body')
		expect(hostileMarkersIn(JSON.stringify(data))).toEqual([])

		await expectSafePage('/pages/desalination-hub', '<p>About this hub</p>')
	})

	test('an author page: the biography', async () => {
		const author = await one<{ id: number; slug: string }>(sql`select id, slug from authors order by id limit 1`)
		await database.db.execute(sql`update authors set biography = ${`<p>Writes about water.</p>${HOSTILE_HTML}`} where id = ${author.id}`)
		const data = await load(authorLoader, `/authors/${author.slug}`, author.slug)
		expect(data.entity.bodyText).toContain('Writes about water.')
		expect(hostileMarkersIn(JSON.stringify(data))).toEqual([])
		await expectSafePage(`/authors/${author.slug}`, 'Writes about water.')
	})

	test('a project page a visitor may not open: the no-access message', async () => {
		await database.db.execute(sql`update no_access_messages set message = ${`Members only.${HOSTILE_HTML}`}`)
		const project = await one<{ slug: string }>(sql`select slug from projects order by id limit 1`)
		const data = await load(projectLoader, `/projects/${project.slug}`, project.slug)
		expect(data.noAccessMessage).toMatch(/^Members only\./)
		expect(hostileMarkersIn(JSON.stringify(data))).toEqual([])
		await expectSafePage(`/projects/${project.slug}`, 'Members only.')
	})
})
