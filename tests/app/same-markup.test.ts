/**
 * The menus' kept HTML (app/components/layout/same-markup.tsx): what the server sends from
 * its kept copy must be exactly what React renders in place, for every reader and page, or
 * the browser would hydrate markup that is not its own; and a changed menu must never be
 * answered with the HTML of the menu before it.
 */
import { createElement, Fragment, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom/server'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { Footer } from '../../app/components/layout/Footer.tsx'
import { Header } from '../../app/components/layout/Header.tsx'
import { MENU_TEXT } from '../../app/components/layout/menu-text.ts'
import { MarkupCacheContext } from '../../app/components/layout/same-markup.tsx'
import { keepMarkup } from '../../app/lib/markup-cache.server.ts'
import { asText, fromText, type SentAsText } from '../../app/lib/sent-as-text.ts'
import { loader as rootLoader } from '../../app/root.tsx'
import { ArticleView } from '../../app/routes/articles.$slug/ArticleView.tsx'
import type { ArticlePageData } from '../../app/routes/articles.$slug/data.server.ts'
import { loader as articleLoader } from '../../app/routes/articles.$slug/route.tsx'
import type { Menu, MenuItem } from '../../contract/pages.ts'
import { latestArticleSlug, useTestDatabase } from '../support/database.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { loaderArgs, unwrap } from '../support/site.ts'

const database = useTestDatabase()

type RootData = Awaited<ReturnType<typeof rootLoader>>['data']

/** Pages whose menu links are current in different ways: none, a top-level link, a list's link, the picker's list. */
const PATHS = ['/', '/articles/some-article', '/companies', '/projecttracker', '/geographies/xa', '/pages/newsletters']
const READERS = [null, 'free@example.com', 'executive@example.com', 'strategist@example.com'] as const

const readerData = new Map<string | null, RootData>()

beforeAll(async () => {
	for (const email of READERS) {
		const cookie = email ? await sessionCookieFor(database.db, email) : null
		const args = loaderArgs(database.db, '/', {}, cookie ? { headers: { Cookie: cookie } } : {})
		readerData.set(email, unwrap<RootData>(await rootLoader(args)).data)
	}
})

/** The header and footer as the page renders them at `path`, with the kept HTML or without; the menu is the data's unless given. */
function renderShell(data: RootData, path: string, kept: boolean, menu = fromText(data.menu, MENU_TEXT)) {
	const shell: ReactElement = createElement(
		Fragment,
		null,
		createElement(Header, { menu, user: data.user, capabilities: data.capabilities, strategistMode: data.strategistMode, countryPicker: fromText(data.countryPicker) }),
		createElement(Footer, { menu }),
	)
	return renderAt(shell, path, kept)
}

async function renderAt(element: ReactElement, path: string, kept: boolean) {
	const handler = createStaticHandler([{ path: '*', element }])
	const context = (await handler.query(new Request(`http://localhost${path}`))) as StaticHandlerContext
	const page = createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false })
	return renderToString(kept ? createElement(MarkupCacheContext.Provider, { value: keepMarkup }, page) : page)
}

describe('the menus kept as HTML', () => {
	test('are the very markup React renders in place, for every reader and page, the first time and when kept', async () => {
		for (const email of READERS) {
			const data = readerData.get(email)!
			expect(fromText(data.menu)?.menuItems.length).toBeGreaterThan(0)
			for (const path of PATHS) {
				const inPlace = await renderShell(data, path, false)
				expect(await renderShell(data, path, true), `${email ?? 'visitor'} at ${path}`).toBe(inPlace)
				expect(await renderShell(data, path, true), `${email ?? 'visitor'} at ${path}, kept`).toBe(inPlace)
			}
		}
	})

	test('mark the current page as it changes', async () => {
		const data = readerData.get('executive@example.com')!
		const companies = await renderShell(data, '/companies', true)
		const home = await renderShell(data, '/', true)
		expect(companies).toMatch(/<a href="\/companies" data-link="" class="active" aria-current="page">/)
		expect(home).not.toMatch(/<a href="\/companies"[^>]*aria-current/)
	})

	test('follow a changed menu: an equal menu shares the kept HTML, a changed one never gets the old', async () => {
		const data = readerData.get('executive@example.com')!
		const menu = fromText(data.menu)!
		const renamed: Menu = structuredClone(menu)
		const first = renamed.menuItems.find((item) => item.placement === 'header' && item.menuItemType !== 'PageLinkList')!
		first.name = 'A renamed menu entry'
		const before = await renderShell(data, '/', true)
		const after = await renderShell({ ...data, menu: asText(renamed) }, '/', true)
		expect(before).not.toContain('A renamed menu entry')
		expect(after).toContain('A renamed menu entry')
		expect(after).toBe(await renderShell({ ...data, menu: asText(renamed) }, '/', false))
		// A copy equal to the first menu (as an answer over HTTP would be) renders as the first.
		expect(await renderShell({ ...data, menu: asText(structuredClone(menu)) }, '/', true)).toBe(before)
	})

	test("reach the browser without their items' usual values, which it puts back: the same menu, the same markup", async () => {
		for (const email of READERS) {
			const data = readerData.get(email)!
			const served = fromText(data.menu, MENU_TEXT)!
			// As the browser reads it: parsed from the text, not the server's kept value.
			const read = MENU_TEXT.read(JSON.parse(data.menu!))
			expect(read, email ?? 'visitor').toEqual(served)
			expect(data.menu!.length).toBeLessThan(JSON.stringify(served).length * 0.6)
			expect(await renderShell(data, '/companies', false, read)).toBe(await renderShell(data, '/companies', false))
		}
		// Every field that differs from its usual value is sent, on items and their links alike.
		const link: MenuItem = { id: 2, name: 'Plain', link: '/plain', menuItemType: 'PageLink', isExternal: false, hasAccess: true, displayWithStrategistTag: false, submenuNameOverride: null, placement: 'header', pageLinks: [] }
		const list: MenuItem = { id: 1, name: 'List', link: null, menuItemType: 'PageLinkList', isExternal: true, hasAccess: false, displayWithStrategistTag: true, submenuNameOverride: 'More', placement: 'footer', pageLinks: [link, { ...link, id: 3, hasAccess: false }] }
		const unusual: Menu = structuredClone({ id: 9, slug: 'unusual', name: 'Unusual', menuItems: [list, link] })
		expect(MENU_TEXT.read(JSON.parse(JSON.stringify(MENU_TEXT.write(unusual))))).toEqual(unusual)
	})

	test('differ by access: the Strategist tag shows only to readers who cannot open the entry', async () => {
		const visitor = await renderShell(readerData.get(null)!, '/', true)
		const strategist = await renderShell(readerData.get('strategist@example.com')!, '/', true)
		expect(visitor).toContain('tag--strategist')
		expect(strategist).not.toContain('tag--strategist')
	})
})

describe("an article's lists kept as HTML", () => {
	async function articlePage(slug: string, email: string | null) {
		const cookie = email ? await sessionCookieFor(database.db, email) : null
		const args = loaderArgs(database.db, `/articles/${slug}`, { slug }, cookie ? { headers: { Cookie: cookie } } : {})
		return fromText(unwrap<{ page: SentAsText<ArticlePageData> }>(await articleLoader(args)).data.page)
	}
	const renderArticle = (page: ArticlePageData, path: string, kept: boolean) => renderAt(createElement(ArticleView, { page }), path, kept)

	test('are the very markup React renders in place, for readers with different access, and follow the lists', async () => {
		const slugs = (await database.db.execute<{ slug: string }>(sql`select slug from articles where not is_draft and publication_date <= now() order by publication_date desc limit 3`)).rows.map((row) => row.slug)
		const htmls = new Set<string>()
		for (const slug of slugs)
			for (const email of [null, 'free@example.com', 'executive@example.com']) {
				const page = await articlePage(slug, email)
				const inPlace = await renderArticle(page, `/articles/${slug}`, false)
				expect(await renderArticle(page, `/articles/${slug}`, true), `${slug} for ${email ?? 'a visitor'}`).toBe(inPlace)
				expect(await renderArticle(page, `/articles/${slug}`, true), `${slug} for ${email ?? 'a visitor'}, kept`).toBe(inPlace)
				htmls.add(inPlace)
			}
		expect(htmls.size).toBeGreaterThanOrEqual(slugs.length)
	})

	test('a failed list links to the address being read, whatever address was kept before', async () => {
		const slug = await latestArticleSlug(database.db)
		const page = await articlePage(slug, null)
		const failed: ArticlePageData = { ...page, moreOfType: { articles: [], failed: true } }
		const first = await renderArticle(failed, `/articles/${slug}?from=one`, true)
		const second = await renderArticle(failed, `/articles/${slug}?from=two`, true)
		expect(first).toContain(`href="/articles/${slug}?from=one"`)
		expect(second).toContain(`href="/articles/${slug}?from=two"`)
		expect(second).toBe(await renderArticle(failed, `/articles/${slug}?from=two`, false))
	})
})
