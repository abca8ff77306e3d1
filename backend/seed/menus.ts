/** The main (executive) menu, the strategy menu and the footer columns. */
import { menuItems, menus } from '../db/schema.ts'
import { insertAll, type SeedContext } from './util.ts'

type Item = {
	name: string
	link?: string
	external?: boolean
	required?: string[]
	strategist?: boolean
	submenuNameOverride?: string
	children?: Item[]
}

const EXEC_PLUS = ['read:executive', 'read:strategy', 'read:strategy-beta']
const STRATEGY = ['read:strategy', 'read:strategy-beta']

const COMPANIES: Item = { name: 'Companies', link: '/companies', required: EXEC_PLUS, strategist: true }
const DATA: Item = { name: 'Data', link: '/data', required: ['read:strategy-beta'], strategist: true }
const DESAL_DATA: Item = { name: 'Desalination data', link: '/desaldata', required: ['read:desal-beta'], strategist: true }
const UTILITIES: Item = { name: 'Utilities', link: '/utilities', required: STRATEGY, strategist: true }
const MERGERS: Item = { name: 'Mergers & acquisitions', link: '/mergers', required: STRATEGY, strategist: true }

const NEWS: Item = {
	name: 'News',
	link: '/articles',
	submenuNameOverride: 'All news',
	children: [
		{ name: 'Latest news', link: '/articles' },
		{ name: 'Analysis', link: '/article-types/analysis' },
		{ name: 'Deals', link: '/article-types/deal' },
		{ name: 'Interviews', link: '/article-types/interview' },
		{ name: 'Project updates', link: '/article-types/project-update' },
		{ name: 'Tariff Survey', link: '/article-types/tariff-survey' },
		{ name: 'Quarterly Review', link: '/article-types/quarterly-review' },
	],
}

const MARKETS: Item = {
	name: 'Markets',
	link: '/geographies',
	children: [
		{ name: 'Middle East/Africa', link: '/geographies/xa' },
		{ name: 'Europe', link: '/geographies/xb' },
		{ name: 'North America', link: '/geographies/xc' },
		{ name: 'Latin America', link: '/geographies/xd' },
		{ name: 'Asia-Pacific', link: '/geographies/xe' },
		{ name: 'All technologies', link: '/technologies' },
		{ name: 'All industries', link: '/industries' },
	],
}

const RESOURCES: Item = {
	name: 'Resources',
	children: [
		{ name: 'Newsletters', link: '/pages/newsletters' },
		{ name: 'Archive', link: '/pages/archive' },
		{ name: 'Documents', link: '/search?filters[Page type]=/documents' },
		{ name: 'Partner content', link: '/pages/partner-content-hub' },
		{ name: 'Authors', link: '/authors' },
		{ name: 'DesalData', link: 'https://www.desaldata.example', external: true },
	],
}

const MAIN_HEADER: Item[] = [
	NEWS,
	{ name: 'Market Maps', link: '/article-types/market-map' },
	{ name: 'Comment', link: '/article-types/comment' },
	{ name: 'Project Tracker', link: '/projecttracker' },
	MARKETS,
	{ name: 'Intelligence', children: [COMPANIES, UTILITIES, MERGERS, DATA, DESAL_DATA] },
	{ name: 'Events', link: '/events' },
	RESOURCES,
	{ name: 'Water Intelligence Academy', link: 'https://academy.globalwaterintel.example', external: true },
]

const STRATEGY_HEADER: Item[] = [
	{ name: 'Data', link: '/data', required: ['read:strategy-beta'], strategist: true, children: [DATA, DESAL_DATA, { name: 'Forecast definitions', link: '/forecast-definitions', required: ['read:strategy-beta'] }, { name: 'Resources', link: '/resources', required: ['read:strategy-beta'] }] },
	COMPANIES,
	UTILITIES,
	MERGERS,
	{ name: 'Project Tracker', link: '/projecttracker' },
	{
		name: 'Sectors',
		children: [
			{ name: 'Applications', link: '/applications', required: STRATEGY },
			{ name: 'Industrial subsectors', link: '/industrial-subsectors', required: STRATEGY },
			{ name: 'Technology types', link: '/technology-types', required: STRATEGY },
			{ name: 'Industries', link: '/industries' },
			{ name: 'Technologies', link: '/technologies' },
		],
	},
	MARKETS,
	NEWS,
	{ name: 'Market Maps', link: '/article-types/market-map' },
	{ name: 'Events', link: '/events' },
	RESOURCES,
]

const FOOTER: Item[] = [
	{
		name: 'About us',
		children: [
			{ name: 'About GWI', link: '/pages/about-us' },
			{ name: 'Our authors', link: '/authors' },
			{ name: 'Advertise', link: '/advertise' },
			{ name: 'Careers', link: 'https://careers.globalwaterintel.example', external: true },
		],
	},
	{
		name: 'Products',
		children: [
			{ name: 'Memberships', link: '/memberships' },
			{ name: 'Start a free trial', link: '/join?joinType=gwi-trial' },
			{ name: 'Project Tracker', link: '/projecttracker' },
			{ name: 'Opportunity Exchange', link: '/opportunityexchange' },
			{ name: 'Newsletters', link: '/pages/newsletters' },
			{ name: 'Events', link: '/events' },
		],
	},
	{
		name: 'Help',
		children: [
			{ name: 'Join', link: '/join' },
			{ name: 'Privacy policy', link: '/pages/privacypolicy' },
			{ name: 'Terms and conditions', link: '/pages/terms' },
			{ name: 'Cookie policy', link: '/pages/cookiepolicy' },
			{ name: 'Contact us', link: 'mailto:subscriptions@globalwaterintel.example', external: true },
		],
	},
]

export async function seedMenus(ctx: SeedContext) {
	const menuRows = [
		{ id: 1, slug: 'main', name: 'Main menu' },
		{ id: 2, slug: 'strategy', name: 'Strategy menu' },
	]
	await insertAll(ctx.db, menus, menuRows)
	const rows: (typeof menuItems.$inferInsert)[] = []
	const add = (menuId: number, item: Item, placement: 'header' | 'footer', sortOrder: number, parentId: number | null) => {
		const id = rows.length + 1
		rows.push({
			id,
			menuId,
			parentId,
			name: item.name,
			link: item.link ?? null,
			menuItemType: item.children && parentId === null ? 'PageLinkList' : 'PageLink',
			isExternal: item.external ?? false,
			requiredPermissions: item.required ?? [],
			displayWithStrategistTag: item.strategist ?? false,
			submenuNameOverride: item.submenuNameOverride ?? null,
			placement,
			sortOrder,
		})
		if (parentId === null) item.children?.forEach((child, i) => add(menuId, child, placement, i, id))
	}
	for (const menu of menuRows) {
		const header = menu.slug === 'main' ? MAIN_HEADER : STRATEGY_HEADER
		header.forEach((item, i) => add(menu.id, item, 'header', i, null))
		FOOTER.forEach((item, i) => add(menu.id, item, 'footer', i, null))
	}
	await insertAll(ctx.db, menuItems, rows)
}
