/**
 * GET /menus/slug/{slug}: the header and footer of the page shell (spec 000 §2, §3).
 * Top-level items in order, page-link lists with their `pageLinks`; `hasAccess` tells the
 * site which items the viewer can open (the others may carry a Strategist tag).
 */
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { LRUCache } from 'lru-cache'
import type { Menu, MenuItem } from '../../contract/pages.ts'
import type { ApiEnv, Resource } from './context.ts'
import { UNKEPT } from './hot-data.ts'
import { itemResponse } from './envelope.ts'
import { notFound } from './errors.ts'

type MenuItemRow = {
	id: number
	parent_id: number | null
	name: string
	link: string | null
	menu_item_type: MenuItem['menuItemType']
	is_external: boolean
	required_permissions: string[]
	display_with_strategist_tag: boolean
	submenu_name_override: string | null
	placement: MenuItem['placement']
}

/** Our bound on the menus kept per stored menu: one per pattern of access, a handful in practice. */
const MAX_BUILT_MENUS = 64

export const menus: Resource = ({ db, hotData = UNKEPT }) => {
	/**
	 * Menus as readers get them, by the pattern of what they can open, kept with the stored
	 * menu they were built from (a reload builds afresh): a menu is built once per pattern of access.
	 */
	const built = new WeakMap<object, LRUCache<string, Menu>>()
	/** The menu and its items as stored, the same for every reader (null: no such menu); kept hot. */
	const readMenu = (slug: string) =>
		hotData.read(`menu:${slug}`, async () => {
			const { rows: found } = await db.execute<{ id: number; slug: string; name: string }>(sql`select id, slug, name from menus where slug = ${slug}`)
			const menu = found[0]
			if (!menu) return null
			const { rows } = await db.execute<MenuItemRow>(sql`
				select id, parent_id, name, link, menu_item_type, is_external, required_permissions,
					display_with_strategist_tag, submenu_name_override, placement
				from menu_items where menu_id = ${menu.id}
				order by case placement when 'header' then 0 else 1 end, sort_order, id`)
			return { menu, rows }
		})
	return new Hono<ApiEnv>().get('/slug/:slug', async (c) => {
		const slug = c.req.param('slug')
		const access = c.get('access')
		const stored = await readMenu(slug)
		if (!stored) throw notFound(`menu ${slug}`)
		const { menu, rows } = stored
		const opens = new Map(rows.map((row) => [row.id, access.hasAny(row.required_permissions)]))
		const pattern = rows.map((row) => (opens.get(row.id) ? '1' : '0')).join('')
		const byPattern = built.get(stored) ?? new LRUCache<string, Menu>({ max: MAX_BUILT_MENUS })
		built.set(stored, byPattern)
		let item = byPattern.get(pattern)
		if (!item) {
			const toItem = (row: MenuItemRow): MenuItem => ({
				id: row.id,
				name: row.name,
				link: row.link,
				menuItemType: row.menu_item_type,
				isExternal: row.is_external,
				hasAccess: opens.get(row.id) ?? false,
				displayWithStrategistTag: row.display_with_strategist_tag,
				submenuNameOverride: row.submenu_name_override,
				placement: row.placement,
				pageLinks: rows.filter((child) => child.parent_id === row.id).map(toItem),
			})
			item = { id: menu.id, slug: menu.slug, name: menu.name, menuItems: rows.filter((row) => row.parent_id === null).map(toItem) }
			byPattern.set(pattern, item)
		}
		return itemResponse(c, item)
	})
}
