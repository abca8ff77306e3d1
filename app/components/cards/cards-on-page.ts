/**
 * Each list of cards on a page names their types in its HTML, so the browser can load their
 * renderers before it hydrates the page (load-page-cards.ts, on-demand.tsx says why): the grid
 * names the page's cards, a context its own.
 */
import type { Card } from '../../../contract/cards.ts'

/** The attribute a list of cards carries. */
export function cardTypesAttribute(cards: Card[]) {
	return { 'data-card-types': [...new Set(cards.map((card) => card.cardType))].join(' ') }
}

/** The types of the cards in this page's HTML (in the browser). */
export function cardTypesOnPage(): Set<string> {
	const lists = document.querySelectorAll<HTMLElement>('[data-card-types]')
	return new Set(Array.from(lists, (list) => (list.dataset.cardTypes ?? '').split(' ').filter(Boolean)).flat())
}
