/**
 * Menus and CMS pages (spec 000 §2, §3, §7): GET /menus/slug/{slug}, GET /pages/slug/{slug}.
 */
import { z } from 'zod'
import { SeoPropertiesSchema } from './common.ts'
import { integerParam, pageNumParam } from './query.ts'

export type MenuItem = {
	id: number
	name: string
	link: string | null
	menuItemType: 'PageLink' | 'PageLinkList'
	isExternal: boolean
	hasAccess: boolean
	displayWithStrategistTag: boolean
	submenuNameOverride: string | null
	/** Header menu or a footer column. */
	placement: 'header' | 'footer'
	pageLinks: MenuItem[]
}
export const MenuItemSchema: z.ZodType<MenuItem> = z.object({
	id: z.number(),
	name: z.string(),
	link: z.string().nullable(),
	menuItemType: z.enum(['PageLink', 'PageLinkList']),
	isExternal: z.boolean(),
	hasAccess: z.boolean(),
	displayWithStrategistTag: z.boolean(),
	submenuNameOverride: z.string().nullable(),
	placement: z.enum(['header', 'footer']),
	get pageLinks() {
		return z.array(MenuItemSchema)
	},
})

export const MenuSchema = z.object({ id: z.number(), slug: z.string(), name: z.string(), menuItems: z.array(MenuItemSchema) })
export type Menu = z.infer<typeof MenuSchema>

export const SliceSchema = z.object({
	name: z.string(),
	slug: z.string(),
	hasAccess: z.boolean(),
	visibility: z.enum(['standard', 'expanded', 'hidden']),
	permissionLevels: z.array(z.object({ slug: z.string() })),
})
export type Slice = z.infer<typeof SliceSchema>

export const PageSchema = z.object({
	id: z.number(),
	name: z.string(),
	slug: z.string(),
	headline: z.string().nullable(),
	description: z.string().nullable(),
	bodyText: z.string().nullable(),
	bannerImage: z.string().nullable(),
	thumbnail: z.string().nullable(),
	publicationDate: z.string(),
	hasAccess: z.boolean(),
	seoProperties: SeoPropertiesSchema,
	slices: z.array(SliceSchema),
})
export type Page = z.infer<typeof PageSchema>

/** GET /sitemap: the sitemap files (GET /sitemap/{type} pages each). */
export const SitemapTypeSchema = z.object({ type: z.string(), count: z.number(), lastmod: z.string().nullable() })
export type SitemapType = z.infer<typeof SitemapTypeSchema>

/** sitemaps.org allows 50,000 URLs a file; our choice is 10,000 (the API's largest page for sitemaps). */
export const SITEMAP_MAX_URLS = 10_000

/** GET /sitemap/{type}: pages of up to SITEMAP_MAX_URLS URLs (all of them by default). */
export const SitemapEntriesQuerySchema = z.object({ pageNum: pageNumParam, pageSize: integerParam(SITEMAP_MAX_URLS, { max: SITEMAP_MAX_URLS }) })

/** GET /sitemap/{type}: one URL of a sitemap. */
export const SitemapEntrySchema = z.object({ loc: z.string(), lastmod: z.string().nullable() })
export type SitemapEntry = z.infer<typeof SitemapEntrySchema>
