/**
 * One card's failure must not take its page down (spec 000 §8: 'An error occurred loading
 * this content. Click here to refresh the page.', the rest of the page renders).
 *
 * - Data: the API marks a card whose lists failed to load (`config.error`); CardView shows
 *   the message for it.
 * - Rendering on the server: React's server renderer has no error boundaries, but a
 *   component that throws inside <Suspense> makes it send that boundary's fallback instead
 *   and carry on with the page. The fallback here is the card's error message, so readers
 *   without scripts see it; the page itself still answers 200 (entry.server.tsx counts the
 *   failures contained this way, see ContainedFailures).
 * - Rendering in the browser: the browser retries a card the server could not render; the
 *   class boundary catches what still fails (and any later failure) and shows the message.
 *
 * On the server cards never suspend (every renderer is loaded, renderers.server.tsx; charts
 * load in an effect), so there the fallback only ever means failure. In the browser a card
 * suspends while its renderer's code loads (renderers.ts): while hydrating, React keeps the
 * server's HTML of this boundary until then; on a page reached by a client navigation the
 * card shows a quiet placeholder for that moment, not the error.
 */
import { useLocation } from '@remix-run/react'
import { Component, createContext, Suspense, useContext, type ReactNode } from 'react'
import { MESSAGES } from '../../../contract/constants.ts'
import { log } from '../../lib/log.ts'

/** Per server render: how many cards failed and were replaced by their error message. */
export type ContainedFailures = { count: number }
export const ContainedFailuresContext = createContext<ContainedFailures | null>(null)

/** The spec's card error; the link reloads the page. */
export function CardError() {
	const { pathname, search } = useLocation()
	return (
		<section className="card card--error" role="alert">
			{/* A plain link, not <Link>: the whole page is fetched again. */}
			<a href={`${pathname}${search}`} data-reload="">
				{MESSAGES.cardError}
			</a>
		</section>
	)
}

/**
 * On the server, the fallback of a card whose renderer threw: counted, then the message. In
 * the browser, a card whose renderer's code is on its way (the class boundary shows failures).
 */
function CardFallback() {
	const failures = useContext(ContainedFailuresContext)
	if (typeof document !== 'undefined') return <section className="card card--loading" aria-busy="true" />
	// Rendered once per failure on the server.
	if (failures) failures.count++
	return <CardError />
}

class CardErrorBoundary extends Component<{ cardId: number; children: ReactNode }, { failed: boolean }> {
	state = { failed: false }
	static getDerivedStateFromError() {
		return { failed: true }
	}
	componentDidCatch(error: unknown) {
		log.error({ err: error }, `[card ${this.props.cardId}]`)
	}
	render() {
		return this.state.failed ? <CardError /> : this.props.children
	}
}

export function CardBoundary({ cardId, children }: { cardId: number; children: ReactNode }) {
	return (
		<CardErrorBoundary cardId={cardId}>
			<Suspense fallback={<CardFallback />}>{children}</Suspense>
		</CardErrorBoundary>
	)
}
