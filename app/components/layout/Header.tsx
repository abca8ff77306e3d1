import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { CountryPicker } from '~/components/CountryPicker.tsx'
import type { Menu, MenuItem } from '../../../contract/pages.ts'
import type { Capabilities } from '~/lib/capabilities.ts'
import { MAILBOX_TITLE, PRODUCT_NAME } from '../../../contract/constants.ts'
import { COUNTRY_PICKER_ACTION, type CountryPickerGroup } from '~/lib/country-picker.ts'
import { JOIN_LINKS, type JoinLink } from '../../../contract/membership.ts'
import { loginUrl } from '~/lib/return-url.ts'
import type { UserSummary } from '~/lib/user.server.ts'
import { useJoinHref } from '../membership/join-link.ts'
import { Logo } from './Logo.tsx'

/** The search box sends readers to site search for articles, sorted by relevance (spec 000 §2). */
const HEADER_SEARCH = { sortBy: 'Relevance', pageType: '/articles' } as const
/** The main menu's id: the narrow screens' Menu button opens it. */
const MAIN_MENU_ID = 'main-menu'
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
								{/* Staff's way to the demo's mailbox: every email the demo site sent. */}
								{capabilities?.canReadMailbox ? <Link to="/mailbox">{MAILBOX_TITLE}</Link> : null}
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
			{/* Narrow screens: the menu opens over the page (a popover needs no script); wide ones show it in place. */}
			<button type="button" className="menu-button" {...{ popovertarget: MAIN_MENU_ID }}>
				<span aria-hidden="true">☰</span> Menu
			</button>
			{/* Keyed by navigation: the menu and its lists close again when the reader goes somewhere. */}
			<nav id={MAIN_MENU_ID} className="main-menu container" aria-label="Main" {...{ popover: 'auto' }} key={navigationKey}>
				<button type="button" className="main-menu__close button button--ghost" {...{ popovertarget: MAIN_MENU_ID, popovertargetaction: 'hide' }}>
					Close
				</button>
				{pathname === '/search' ? null : <HeaderSearch id="main-menu-search" className="main-menu__search" label="Site search in the menu" />}
				<ul className="main-menu__list">
					{headerItems.map((item) => (
						<li key={item.id}>
							<MenuEntry item={item} countryPicker={countryPicker} />
						</li>
					))}
					{/* The bar's own buttons, hidden there on narrow screens, unless the menu's top level has them. */}
					{HEADER_LINKS.filter((link) => !headerItems.some((item) => item.menuItemType !== 'PageLinkList' && item.link === link.to)).map((link) => (
						<li key={link.to} className="main-menu__extra">
							<Link to={link.to}>{link.label}</Link>
						</li>
					))}
				</ul>
			</nav>
		</header>
	)
}

/** The header's search box; the menu has its own for narrow screens (ids differ), since the bar's is hidden there. */
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

/** A menu entry: a page link, or a list of page links opened with <details> (no script needed). */
function MenuEntry({ item, countryPicker }: { item: MenuItem; countryPicker: CountryPickerGroup[] | null }) {
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
							<MenuLink item={child} />
						</li>
					))}
					<MenuCountryPicker item={item} groups={countryPicker} id="menu-country-picker" />
				</ul>
			</details>
		)
	}
	return <MenuLink item={item} />
}

/** A menu's link: the current page (or a page below it) is marked. */
export function MenuLink({ item }: { item: MenuItem }) {
	const joinHref = useJoinHref()
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
	// The menus hold over a hundred links on every page; asking the server for each one's route
	// as the page hydrates (Remix's route discovery) is a long task for pages a reader rarely opens
	// from there, so a menu link's route is fetched when it is followed.
	if (item.link.includes('?')) {
		// A link with a query (the footer's '/join?joinType=gwi-trial') names one state of a page:
		// NavLink compares only paths, and would mark it and the page's own link both as current.
		return (
			<Link to={joinHref(item.link)} discover="none">
				{label}
				<StrategistTag item={item} />
			</Link>
		)
	}
	return (
		// The home page is not "below" every page.
		<NavLink to={joinHref(item.link)} end={item.link === '/'} discover="none">
			{label}
			<StrategistTag item={item} />
		</NavLink>
	)
}

/** Items the reader cannot open may carry a Strategist tag (spec 000 §2). */
function StrategistTag({ item }: { item: MenuItem }) {
	if (item.hasAccess || !item.displayWithStrategistTag) return null
	return <span className="tag tag--strategist">Strategist</span>
}
