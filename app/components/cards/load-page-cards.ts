import { CardGridLater } from './CardGridOnDemand.tsx'
import { CARD_RENDERERS_ON_DEMAND, isCardType } from './renderers.ts'

/**
 * Loads the code of the cards in this page's HTML (their types: cards-on-page.ts), and of
 * their grid, before the page hydrates (on-demand.tsx says why). Never fails: a card whose
 * code could not be fetched tries again when it renders, and shows the card error if that
 * fails too.
 */
export async function loadPageCards(types: Iterable<string>): Promise<void> {
	const renderers = [...types].filter(isCardType).map((type) => CARD_RENDERERS_ON_DEMAND[type])
	await Promise.allSettled([CardGridLater, ...renderers].map((component) => component.load()))
}
