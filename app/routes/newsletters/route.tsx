/**
 * The newsletter layout (spec 002 §2): the newsletters' own header and an outlet keyed by
 * pathname, so moving between issues starts each one afresh.
 */
import type { LinksFunction } from '@remix-run/node'
import { Link, Outlet, useLocation, useNavigation } from '@remix-run/react'
import { NEWSLETTER_MESSAGES } from '../../../contract/newsletters.ts'
import { GeneralErrorBoundary } from '~/components/ErrorBoundary.tsx'
import { ARCHIVE_PATH, LATEST_PATH } from '~/components/newsletters/paths.ts'
import newsletterStyles from './newsletter.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: newsletterStyles }]


export default function NewsletterLayout() {
	const { pathname } = useLocation()
	const navigation = useNavigation()
	// "Loading shows 'Loading...'": while scripts fetch the next issue (without them the browser shows its own progress).
	const loading = navigation.state === 'loading' && navigation.location.pathname.startsWith('/newsletters/')
	return (
		<div className="newsletters-layout">
			<header className="newsletters-layout__header no-print">
				<p className="newsletters-layout__name">Newsletters</p>
				<nav aria-label="Newsletters">
					<Link to={LATEST_PATH}>Latest issue</Link>
					<Link to={ARCHIVE_PATH}>Archive</Link>
				</nav>
			</header>
			{loading ? (
				<p role="status" className="newsletters-layout__loading">
					{NEWSLETTER_MESSAGES.loading}
				</p>
			) : null}
			<Outlet key={pathname} />
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
