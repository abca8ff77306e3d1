import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from './components/ErrorBoundary.tsx'
import { Footer } from './components/layout/Footer.tsx'
import { Header } from './components/layout/Header.tsx'
import { hasContainerPadding } from './components/layout/padding.ts'
import type { Menu } from './lib/api-types.ts'
import { createApiClient } from './lib/api.server.ts'
import { reuseLoaderHeaders, pageCacheHeaders } from './lib/http.server.ts'
import { useNonce } from './lib/nonce.tsx'
import { getUserSummary } from './lib/user.server.ts'
import globalStyles from './styles/global.css?url'

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	{ rel: 'stylesheet', href: globalStyles },
]

/** Which menu the header shows; strategist mode (spec 000 §4) arrives with sign-in. */
const MAIN_MENU = 'main'

export async function loader({ request, context }: LoaderFunctionArgs) {
	const api = createApiClient({ request, context })
	const [user, menu] = await Promise.all([
		getUserSummary(request),
		// The shell must render even when the menu cannot be had: log it and show no menu.
		api.get<Menu>(`/menus/slug/${MAIN_MENU}`).then(
			(response) => response.item ?? null,
			(error: unknown) => {
				console.error('[root] menu failed to load:', error instanceof Error ? error.message : error)
				return null
			},
		),
	])
	return data({ menu, user }, { headers: pageCacheHeaders(request) })
}

export const headers = reuseLoaderHeaders

export type RootData = typeof loader

export function Layout({ children }: { children: ReactNode }) {
	const nonce = useNonce()
	const rootData = useRouteLoaderData<RootData>('root')
	const location = useLocation()
	const padded = hasContainerPadding(location.pathname, new URLSearchParams(location.search))
	return (
		<html lang="en-GB">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<Meta />
				<Links />
			</head>
			<body>
				<a className="skip-link" href="#main">
					Skip to content
				</a>
				<Header menu={rootData?.menu ?? null} user={rootData?.user ?? null} />
				<main id="main" className={padded ? 'container' : 'full-bleed'}>
					{children}
				</main>
				<Footer menu={rootData?.menu ?? null} />
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
