/**
 * The menu as the browser gets it (lib/sent-as-text.ts): each item without the fields that
 * hold their usual value. Most of the menu's ~60 items are plain links with access, so those
 * fields were 7 kB of its 12.5 kB text, written into every page twice escaped (17 kB of a
 * signed-in article's 80 kB of HTML, issue 15). The browser puts them back before anything
 * reads the menu, so the header and footer get every field, exactly as the API sent it.
 */
import type { Menu, MenuItem } from '../../../contract/pages.ts'
import type { TextForm } from '~/lib/sent-as-text.ts'

/** The value an item's field has unless its text says otherwise (and pageLinks: none). */
const USUAL_ITEM_FIELDS = {
	menuItemType: 'PageLink',
	isExternal: false,
	hasAccess: true,
	displayWithStrategistTag: false,
	submenuNameOverride: null,
	placement: 'header',
} as const satisfies Partial<MenuItem>

type WrittenItem = Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'link'>

const isUsual = (field: string, value: unknown) => field in USUAL_ITEM_FIELDS && USUAL_ITEM_FIELDS[field as keyof typeof USUAL_ITEM_FIELDS] === value

function writeItem(item: MenuItem): WrittenItem {
	const written: Record<string, unknown> = {}
	for (const [field, value] of Object.entries(item)) {
		if (field === 'pageLinks') {
			if (item.pageLinks.length > 0) written.pageLinks = item.pageLinks.map(writeItem)
		} else if (!isUsual(field, value)) written[field] = value
	}
	return written as WrittenItem
}

function readItem(written: WrittenItem): MenuItem {
	return { ...USUAL_ITEM_FIELDS, ...written, pageLinks: (written.pageLinks ?? []).map(readItem) }
}

export const MENU_TEXT: TextForm<Menu> = {
	write: (menu) => ({ ...menu, menuItems: menu.menuItems.map(writeItem) }),
	read: (written) => {
		const menu = written as Omit<Menu, 'menuItems'> & { menuItems: WrittenItem[] }
		return { ...menu, menuItems: menu.menuItems.map(readItem) }
	},
}
