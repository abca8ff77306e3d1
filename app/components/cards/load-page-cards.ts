import { cardTypesOnPage } from './cards-on-page.ts'
import { CardGridLater } from './CardGridOnDemand.tsx'
import { CARD_RENDERERS_ON_DEMAND, type CardType } from './renderers.ts'

/**
 * Loads the code of the cards in this page's HTML, and of their grid, before the page
 * hydrates (on-demand.tsx says why). Never fails: a card whose code could not be fetched
 * tries again when it renders, and shows the card error if that fails too.
 */
export async function loadPageCards(): Promise<void> {
	const renderers = [...cardTypesOnPage()].filter((type): type is CardType => Object.hasOwn(CARD_RENDERERS_ON_DEMAND, type)).map((type) => CARD_RENDERERS_ON_DEMAND[type])
	await Promise.allSettled([CardGridLater, ...renderers].map((component) => component.load()))
}
