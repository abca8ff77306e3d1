/**
 * The card grid of pages that may have no cards (entity pages, their slices): most event,
 * topic or project pages have none, so their scripts should not carry the grid, its error
 * boundary and the card registry (about 2.5 kB gzip of the 100 kB first-load budget). The same approach
 * as the card renderers (renderers.ts, docs/decisions/0020): in the browser the grid's module
 * is fetched the first time a page with cards renders one; the server renders it at once, from
 * the eager grid that EveryCardRenderer (renderers.server.tsx) provides through CardGridContext.
 *
 * On a page served with cards, the grid's code loads before the page hydrates
 * (load-page-cards.ts). After a client navigation the grid sits in its own <Suspense> and
 * shows a quiet placeholder while its code is on its way.
 */
import { createContext, memo, Suspense, useContext, type ComponentType } from 'react'
import type { Card } from '../../../contract/cards.ts'
import { onDemand } from './on-demand.tsx'

type CardGridComponent = ComponentType<{ cards: Card[] }>

export const CardGridLater = onDemand(async () => (await import('./CardGrid.tsx')).CardGrid)

/** Which grid cards lay out in: fetched on demand in the browser; the server provides the eager one. */
export const CardGridContext = createContext<CardGridComponent>(CardGridLater)

/**
 * Cards laid out by position (CardGrid), its code loaded only where there are cards. Memoised
 * on the cards: an update reaching a boundary still hydrating would make React drop the
 * server's HTML; the loader's cards stay the same array, so a re-render of the page does not.
 */
export const CardGridOnDemand = memo(function CardGridOnDemand({ cards }: { cards: Card[] }) {
	const Grid = useContext(CardGridContext)
	return (
		<Suspense fallback={<div className="card-layout" aria-busy="true" />}>
			<Grid cards={cards} />
		</Suspense>
	)
})
