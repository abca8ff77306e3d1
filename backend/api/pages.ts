/**
 * GET /pages/slug/{slug}: a custom page (home, policies, hubs...) with its cards resolved
 * (componentItems) and its slices. A page with permission levels the viewer lacks comes
 * without body and cards. The page's own query (pageNum, publishedFrom, publishedTo,
 * partner-company, a card's page) is passed on to its cards.
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Card } from '../../contract/cards.ts'
import type { SeoProperties } from '../../contract/common.ts'
import type { Page } from '../../contract/pages.ts'
import { loadCards, loadSlices } from './cards.ts'
import type { ApiEnv, Resource } from './context.ts'
import { pageResponse } from './envelope.ts'
import { notFound } from './errors.ts'
import { plainText, safeHtml } from './content-html.ts'
import { readPublicRows } from './hot-data.ts'
import { iso } from './sql.ts'

type PageRow = {
	id: number
	slug: string
	name: string
	headline: string | null
	description: string | null
	body_text: string | null
	banner_image: string | null
	thumbnail: string | null
	permission_levels: string[]
	seo: SeoProperties | null
	publication_date: string
}

export const pages: Resource = ({ db }) =>
	new Hono<ApiEnv>().get('/slug/:slug', async (c) => {
		const slug = c.req.param('slug')
		const access = c.get('access')
		const rows = await readPublicRows<PageRow>(
			db,
			'page',
			() => sql`
			select id, slug, name, headline, description, body_text, banner_image, thumbnail, permission_levels, seo, publication_date
			from pages where slug = ${slug}`,
		)
		const row = rows[0]
		if (!row) throw notFound(`page ${slug}`)
		const hasAccess = access.hasAny(row.permission_levels)
		const owner = { kind: 'page' as const, id: row.id }
		const slices = await loadSlices(db, access, owner)
		// The page's query reaches its cards: their date filters, pages and the partner filter.
		const params = new URL(c.req.url).searchParams
		const cards: Card[] = hasAccess ? await loadCards({ db, access, params }, owner, slices) : []
		const page: Page = {
			id: row.id,
			name: row.name,
			slug: row.slug,
			headline: row.headline,
			description: plainText(row.description),
			bodyText: hasAccess ? safeHtml(row.body_text) : null,
			bannerImage: row.banner_image,
			thumbnail: row.thumbnail,
			publicationDate: iso(row.publication_date)!,
			hasAccess,
			seoProperties: {
				title: row.seo?.title ?? row.headline ?? row.name,
				description: plainText(row.seo?.description ?? row.description),
				keywords: row.seo?.keywords ?? null,
			},
			slices: slices.slices,
		}
		return pageResponse(c, page, cards, { pageType: 'Page', pageName: row.name, slug: row.slug })
	})
