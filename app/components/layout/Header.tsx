import { Form, Link, useLocation } from '@remix-run/react'
import { CountryPicker } from '~/components/CountryPicker.tsx'
import type { Menu, MenuItem } from '../../../contract/pages.ts'
import type { Capabilities } from '~/lib/capabilities.ts'
import { PRODUCT_NAME } from '../../../contract/constants.ts'
import { COUNTRY_PICKER_ACTION, type CountryPickerGroup } from '~/lib/country-picker.ts'
import { JOIN_LINKS, type JoinLink } from '../../../contract/membership.ts'
import { loginUrl } from '~/lib/return-url.ts'
import type { UserSummary } from '~/lib/user.server.ts'
import { Logo } from './Logo.tsx'
import { AnchorLink, isCurrentPage } from './anchor-navigation.tsx'
import { SameMarkup, type MarkupKey } from './same-markup.tsx'

/** The search box sends readers to site search for articles, sorted by relevance (spec 000 §2). */
const HEADER_SEARCH = { sortBy: 'Relevance', pageType: '/articles' } as const
/** Always in the header bar (spec 000 §2); on narrow screens they join the menu. */
const HEADER_LINKS = [
	{ to: '/events', label: 'Events' },
	{ to: '/pages/newsletters', label: 'Latest issue' },
]

/** Labels of the view switch in the profile menu (spec 000 §2 "switch screens"). */
export const VIEW_SWITCH = {
	toStrategist: { action: '/strategist-view', label: 'Switch to strategist view' },
	toExecutive: { action: '/executive-view', label: 'Switch to executive view' },
} as const

type HeaderProps = {
	menu: Menu | null
	user: UserSummary | null
	capabilities?: Capabilities | null
	strategistMode?: boolean
	/** Pre-expiry message shown in the profile menu within a month of the membership's end. */
	menuMessage?: string | null
	/** "Join or Renew" (null: a member, neither); Join when unknown. */
	joinLink?: JoinLink | null
	/** The menu country picker's lists (spec 000 §2); null when they could not be loaded. */
	countryPicker?: CountryPickerGroup[] | null
}

export function Header({ menu, user, capabilities = null, strategistMode = false, menuMessage = null, joinLink = JOIN_LINKS.join, countryPicker = null }: HeaderProps) {
	// Menus opened with <details> close again when the reader goes somewhere (keyed by navigation).
	const { pathname, search, key: navigationKey } = useLocation()
	// On /join a simplified logo-only header is shown.
	if (pathname === '/join' || pathname.startsWith('/join/')) {
		return (
			<header className="site-header site-header--simple">
				<div className="site-header__bar container">
					<Logo />
				</div>
			</header>
		)
	}
	const returnUrl = `${pathname}${search}`
	const headerItems = menu?.menuItems.filter((item) => item.placement === 'header') ?? []
	return (
		<header className="site-header">
			<div className="site-header__bar container">
				<Logo />
				{pathname === '/search' ? null : <HeaderSearch id="header-search" className="header-search" label="Site search" />}
				<nav className="header-actions" aria-label="Account">
					{HEADER_LINKS.map((link) => (
						<Link key={link.to} to={link.to} className="button button--ghost header-actions__wide">
							{link.label}
						</Link>
					))}
					{joinLink ? (
						<Link to={joinLink.to} className="button">
							{joinLink.label}
						</Link>
					) : null}
					{user ? (
						<details className="profile-menu" key={navigationKey}>
							<summary className="button button--ghost">{user.name}</summary>
							<div className="profile-menu__panel">
								{capabilities && capabilities.badges.length > 0 ? (
									<ul className="badges" aria-label="Memberships">
										{capabilities.badges.map((badge) => (
											<li key={badge} className={`badge badge--${badge.toLowerCase()}`}>
												{badge}
											</li>
										))}
									</ul>
								) : null}
								{menuMessage ? (
									<p className="profile-menu__notice">
										{menuMessage} <Link to="/memberships">Renew</Link>
									</p>
								) : null}
								<Link to="/profile">View Profile</Link>
								{capabilities?.canChangeScreenView ? <ViewSwitch strategistMode={strategistMode} /> : null}
								<Form method="post" action="/logout">
									<button type="submit" className="link-button">
										Logout
									</button>
								</Form>
							</div>
						</details>
					) : (
						<Link to={loginUrl(returnUrl)} className="button button--outline" reloadDocument>
							Login
						</Link>
					)}
				</nav>
			</div>
			{headerItems.length > 0 ? (
				<nav className="main-menu container" aria-label="Main">
					<SameMarkup
						as="ul"
						className="main-menu__list"
						markupKey={() => menuMarkupKey('main-menu', menu, countryPicker, pathname)}
						part={<MainMenuItems items={headerItems} countryPicker={countryPicker} pathname={pathname} />}
					/>
				</nav>
			) : null}
			<MobileMenu menu={menu} items={headerItems} countryPicker={countryPicker} pathname={pathname} key={navigationKey} />
		</header>
	)
}

/** The header's search box; the mobile menu has its own (ids differ), since the bar's is hidden there. */
function HeaderSearch({ id, className, label }: { id: string; className: string; label: string }) {
	// Two search landmarks in one page: each is named (only one shows at a time).
	return (
		<Form method="get" action="/search" role="search" aria-label={label} className={className}>
			<label htmlFor={id} className="visually-hidden">
				Search {PRODUCT_NAME}
			</label>
			<input id={id} type="search" name="searchTerm" placeholder="Search articles" />
			<input type="hidden" name="sortBy" value={HEADER_SEARCH.sortBy} />
			<input type="hidden" name="filters[Page type]" value={HEADER_SEARCH.pageType} />
			<button type="submit">Search</button>
		</Form>
	)
}

/** Strategist-view switch: a form post (it changes a stored preference, so never a plain link). */
function ViewSwitch({ strategistMode }: { strategistMode: boolean }) {
	const target = strategistMode ? VIEW_SWITCH.toExecutive : VIEW_SWITCH.toStrategist
	return (
		<Form method="post" action={target.action}>
			<button type="submit" className="link-button">
				{target.label}
			</button>
		</Form>
	)
}

/**
 * The menu country picker (spec 000 §2) closes the list whose page is the geography index
 * (the Markets menu): choosing a country goes to /geographies/{code}.
 */
function MenuCountryPicker({ item, groups, id }: { item: MenuItem; groups: CountryPickerGroup[] | null; id: string }) {
	if (!groups || groups.length === 0 || item.link !== COUNTRY_PICKER_ACTION) return null
	return (
		<li className="menu-list__picker">
			<CountryPicker groups={groups} id={id} label={MENU_COUNTRY_PICKER_LABEL} />
		</li>
	)
}

/** Our wording: the menu picker's label ("Choose a country" is the geography page's). */
export const MENU_COUNTRY_PICKER_LABEL = 'Go to a country'

/**
 * The key of a menu part's kept HTML (SameMarkup): the menu as the reader gets it (names,
 * links, access), the picker's lists, and which of the menu's links are current here. None
 * without a menu (the shell when the menu could not be had).
 */
export function menuMarkupKey(part: string, menu: Menu | null, countryPicker: CountryPickerGroup[] | null, pathname: string): MarkupKey | null {
	if (!menu) return null
	return { part, values: [menu, countryPicker], detail: currentLinks(menu, pathname) }
}

/** Our bound: addresses whose current links are remembered per menu (three parts ask per page). */
const MAX_REMEMBERED_PATHS = 1_000
const currentLinksOf = new WeakMap<Menu, Map<string, string>>()

/** The ids of the menu's links that are the current page at `pathname`. */
function currentLinks(menu: Menu, pathname: string): string {
	let byPath = currentLinksOf.get(menu)
	if (!byPath) currentLinksOf.set(menu, (byPath = new Map()))
	let ids = byPath.get(pathname)
	if (ids === undefined) {
		const items = menu.menuItems.flatMap((item) => [item, ...item.pageLinks])
		ids = items
			.filter((item) => item.link !== null && !item.isExternal && isCurrentPage(item.link, pathname))
			.map((item) => item.id)
			.join(',')
		if (byPath.size >= MAX_REMEMBERED_PATHS) byPath.clear()
		byPath.set(pathname, ids)
	}
	return ids
}

/** The bar's menu entries. */
function MainMenuItems({ items, countryPicker, pathname }: { items: MenuItem[]; countryPicker: CountryPickerGroup[] | null; pathname: string }) {
	return items.map((item) => (
		<li key={item.id}>
			<MenuEntry item={item} countryPicker={countryPicker} pathname={pathname} />
		</li>
	))
}

/** A menu entry: a page link, or a list of page links opened with <details> (no script needed). */
function MenuEntry({ item, countryPicker, pathname }: { item: MenuItem; countryPicker: CountryPickerGroup[] | null; pathname: string }) {
	if (item.menuItemType === 'PageLinkList') {
		return (
			<details className="menu-list">
				<summary>
					{item.name}
					<StrategistTag item={item} />
				</summary>
				<ul className="menu-list__panel">
					{item.pageLinks.map((child) => (
						<li key={child.id}>
							<MenuLink item={child} pathname={pathname} />
						</li>
					))}
					<MenuCountryPicker item={item} groups={countryPicker} id="menu-country-picker" />
				</ul>
			</details>
		)
	}
	return <MenuLink item={item} pathname={pathname} />
}

/**
 * A menu's link (an AnchorLink: menus repeat some 150 of them on every page). It is told the
 * page's path rather than reading the router, so the menus it is in can be kept (SameMarkup).
 */
export function MenuLink({ item, pathname }: { item: MenuItem; pathname: string }) {
	const label = item.submenuNameOverride ?? item.name
	if (!item.link) return <span>{label}</span>
	if (item.isExternal) {
		return (
			<a href={item.link} target="_blank" rel="noopener noreferrer">
				{label}
				<StrategistTag item={item} />
			</a>
		)
	}
	const current = isCurrentPage(item.link, pathname)
	return (
		<AnchorLink to={item.link} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
			{label}
			<StrategistTag item={item} />
		</AnchorLink>
	)
}

/** Items the reader cannot open may carry a Strategist tag (spec 000 §2). */
function StrategistTag({ item }: { item: MenuItem }) {
	if (item.hasAccess || !item.displayWithStrategistTag) return null
	return <span className="tag tag--strategist">Strategist</span>
}

/**
 * Narrow screens: the whole menu behind one <details>; each list is a nested <details>
 * whose summary goes in and whose "Back" closes it again — all without scripts. The bar's
 * search box and its Events and Latest issue buttons are hidden below 768 px, so the menu
 * carries them (spec 000 §2 header: search box, Events button, Latest issue button).
 */
function MobileMenu({ menu, items, countryPicker, pathname }: { menu: Menu | null; items: MenuItem[]; countryPicker: CountryPickerGroup[] | null; pathname: string }) {
	return (
		<details className="mobile-menu">
			<summary aria-label="Menu">
				<span aria-hidden="true">☰</span> Menu
			</summary>
			{pathname === '/search' ? null : <HeaderSearch id="mobile-menu-search" className="mobile-menu__search" label="Site search in the menu" />}
			<SameMarkup
				as="ul"
				className="mobile-menu__list"
				markupKey={() => menuMarkupKey('mobile-menu', menu, countryPicker, pathname)}
				part={<MobileMenuItems items={items} countryPicker={countryPicker} pathname={pathname} />}
			/>
		</details>
	)
}

/** The narrow screens' menu entries, then the bar's own buttons (AnchorLinks, as the menu's: SameMarkup). */
function MobileMenuItems({ items, countryPicker, pathname }: { items: MenuItem[]; countryPicker: CountryPickerGroup[] | null; pathname: string }) {
	// A link only inside a closed list is not reachable at a glance, so only the top level counts.
	const topLevelLinks = new Set(items.filter((item) => item.menuItemType !== 'PageLinkList').map((item) => item.link))
	return (
		<>
			{items.map((item) =>
				item.menuItemType === 'PageLinkList' ? (
					<li key={item.id}>
						<details className="mobile-menu__sub">
							<summary>{item.name} ›</summary>
							<ul>
								{item.pageLinks.map((child) => (
									<li key={child.id}>
										<MenuLink item={child} pathname={pathname} />
									</li>
								))}
								<MenuCountryPicker item={item} groups={countryPicker} id="mobile-menu-country-picker" />
							</ul>
						</details>
					</li>
				) : (
					<li key={item.id}>
						<MenuLink item={item} pathname={pathname} />
					</li>
				),
			)}
			{/* The bar's own buttons, at the top level as in the bar, unless the menu's top level has them. */}
			{HEADER_LINKS.filter((link) => !topLevelLinks.has(link.to)).map((link) => (
				<li key={link.to} className="mobile-menu__extra">
					<AnchorLink to={link.to}>{link.label}</AnchorLink>
				</li>
			))}
		</>
	)
}
