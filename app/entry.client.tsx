import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { cardTypesOnPage } from './components/cards/cards-on-page.ts'

// A page with cards loads their code first: a card still waiting for it when the page updates
// would lose its server HTML and be drawn again (components/cards/on-demand.tsx says more).
// Pages without cards do not load the card registry at all; if it cannot be fetched, the page
// hydrates anyway and each card fetches its code as it renders.
async function loadCards() {
	const types = cardTypesOnPage()
	if (types.size === 0) return
	const { loadPageCards } = await import('./components/cards/load-page-cards.ts')
	await loadPageCards(types)
}

void loadCards()
	.catch(() => undefined)
	.then(() => {
		startTransition(() => {
			hydrateRoot(
				document,
				<StrictMode>
					<RemixBrowser />
				</StrictMode>,
			)
		})
	})
