import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
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

/**
 * The events for which React 18 hydrates the page at once, synchronously, when a reader
 * presses, clicks or types before hydration is done (react-dom's discrete replayable events).
 * While RemixBrowser still waits for the page's data to decode, that forced hydration cannot
 * finish: React throws "Root did not complete" (its error 345) and the page never hydrates.
 * On a slow phone a reader's tap during load met it on most loads.
 */
const HYDRATION_FORCING_EVENTS = [
	'mousedown',
	'mouseup',
	'touchcancel',
	'touchend',
	'touchstart',
	'auxclick',
	'dblclick',
	'pointercancel',
	'pointerdown',
	'pointerup',
	'dragend',
	'dragstart',
	'drop',
	'compositionend',
	'compositionstart',
	'keydown',
	'keypress',
	'keyup',
	'input',
	'textInput',
	'copy',
	'cut',
	'paste',
	'click',
	'change',
	'contextmenu',
	'reset',
	'submit',
]

/**
 * Until the page has hydrated these events do not reach React (nor any other listener): they
 * do what they do without scripts (links navigate, forms post, disclosures open), as React
 * itself lets an event through natively while the part it targets is not hydrated yet.
 */
const keepFromReact = (event: Event) => event.stopPropagation()

/** Hands the page's events to React once the whole tree has hydrated (its effects run last). */
function Hydrated({ children }: { children: ReactNode }) {
	useEffect(() => {
		for (const type of HYDRATION_FORCING_EVENTS) window.removeEventListener(type, keepFromReact, true)
	}, [])
	return children
}

void loadCards()
	.catch(() => undefined)
	.then(() => {
		for (const type of HYDRATION_FORCING_EVENTS) window.addEventListener(type, keepFromReact, true)
		startTransition(() => {
			hydrateRoot(
				document,
				<StrictMode>
					<Hydrated>
						<RemixBrowser />
					</Hydrated>
				</StrictMode>,
			)
		})
	})
