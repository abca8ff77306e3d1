import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from './components/ErrorBoundary.tsx'
import { AnalyticsHook } from './components/layout/AnalyticsHook.tsx'
import { CookieBanner } from './components/layout/CookieBanner.tsx'
import { Footer } from './components/layout/Footer.tsx'
import { Header } from './components/layout/Header.tsx'
import { hasContainerPadding } from './components/layout/padding.ts'
import { HomeDialog } from './components/membership/HomeDialog.tsx'
import { MembershipBanners } from './components/membership/MembershipBanners.tsx'
import { PreviewDataBanner } from './components/layout/PreviewDataBanner.tsx'
import { createApiClient } from './lib/api.server.ts'
import { loadCountryPicker } from './lib/country-picker.server.ts'
import { reuseLoaderHeaders, pageCacheHeaders } from './lib/http.server.ts'
import { headerJoinLink, membershipNotices, type MembershipNotices } from '../contract/membership.ts'
import { ZodWithoutEval } from './components/layout/ZodWithoutEval.tsx'
import { useNonce } from './lib/nonce.tsx'
import { readClosedNotices, readConsent } from './lib/preferences.server.ts'
import { getReader } from './lib/reader.server.ts'
import { errorMeta } from './lib/seo.ts'
import globalStyles from './styles/global.css?url'
import { log } from './lib/log.ts'

/**
 * A route without a `meta` of its own takes this one (Remix uses the nearest), so every error
 * page has a title: the unknown route's 404, and any route whose loader failed before it said more.
 */
export const meta: MetaFunction = ({ error }) => (error ? errorMeta(error) : [])

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: globalStyles },
]

/** Menu slugs of the seed (backend/seed/menus.ts): strategist mode shows the strategy menu (spec 000 §2, §4). */
export const MENU_SLUG = { main: 'main', strategy: 'strategy' } as const

const NO_NOTICES: MembershipNotices = { banners: [], dialog: null, menuMessage: null }

export async function loader({ request, context }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	// The menu country picker's lists (spec 000 §2) are the same for everyone: asked for at
	// once, not after the reader. The menu shows without them when they fail.
	const countryPickerLists = loadCountryPicker(api)
	const [reader, consent] = await Promise.all([getReader({ request, context, api }), readConsent(request)])
	const { user, profile, capabilities, strategistMode } = reader
	const menuSlug = strategistMode ? MENU_SLUG.strategy : MENU_SLUG.main
	const [menu, closed, countryPicker] = await Promise.all([
		// The shell must render even when the menu cannot be had: log it and show no menu.
		api.get('menus.bySlug', { params: { slug: menuSlug } }).then(
			(response) => response.item ?? null,
			(error: unknown) => {
				log.error({ err: error }, '[root] menu failed to load')
				return null
			},
		),
		readClosedNotices(request, user?.sub ?? null),
		countryPickerLists,
	])
	const notices = user ? membershipNotices({ roles: user.datedRoles, profile, closed, now: new Date() }) : NO_NOTICES
	// The trial-expired and membership-expired dialogs are home-page modals (spec 000 §2).
	const isHome = new URL(request.url).pathname === '/'
	return data(
		{
			menu,
			user,
			capabilities,
			strategistMode,
			notices: { ...notices, dialog: isHome ? notices.dialog : null },
			joinLink: headerJoinLink({ signedIn: user !== null, isMember: capabilities.badges.length > 0, showRenewalMessaging: profile?.showRenewalMessaging ?? false }),
			consent: { decided: consent !== null, analytics: consent?.analytics ?? false },
			countryPicker,
			// Spec 000 §6 "preview:data (toggle, banner)": the toggle is the profile's preference.
			previewingData: capabilities.canPreviewData && profile?.previewData === true,
		},
		// Signed-in readers (and their banners) are private; the cookie-consent banner varies by Cookie.
		{ headers: pageCacheHeaders(request, { personal: user !== null }) },
	)
}

export const headers = reuseLoaderHeaders

export type RootData = typeof loader

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	const rootData = useRouteLoaderData<RootData>('root')
	const location = useLocation()
	const padded = hasContainerPadding(location.pathname, new URLSearchParams(location.search))
	const returnUrl = `${location.pathname}${location.search}`
	const menu = rootData?.menu ?? null
	return (
		<html lang="en-GB">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
				{rootData?.consent.analytics ? <AnalyticsHook nonce={nonce} /> : null}
				<ZodWithoutEval nonce={nonce} />
			</head>
			<body>
				<a className="skip-link" href="#main">
					Skip to content
				</a>
				{rootData && !rootData.consent.decided && location.pathname !== '/consent' ? <CookieBanner returnUrl={returnUrl} /> : null}
				<Header
					menu={menu}
					user={rootData?.user ?? null}
					capabilities={rootData?.capabilities ?? null}
					strategistMode={rootData?.strategistMode ?? false}
					menuMessage={rootData?.notices.menuMessage ?? null}
					joinLink={rootData ? rootData.joinLink : undefined}
					countryPicker={rootData?.countryPicker ?? null}
				/>
				{rootData?.previewingData ? <PreviewDataBanner /> : null}
				{rootData ? <MembershipBanners banners={rootData.notices.banners} returnUrl={returnUrl} /> : null}
				{rootData?.notices.dialog ? <HomeDialog dialog={rootData.notices.dialog} returnUrl={returnUrl} /> : null}
				<main id="main" className={padded ? 'container' : 'full-bleed'}>
					{children}
				</main>
				<Footer menu={menu} />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
