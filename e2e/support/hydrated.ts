import { expect, type Locator } from '@playwright/test'

/**
 * How long a page's code loaded on demand (a card's, Highcharts' 300 kB) may take to arrive
 * and run: a guard against a page that never hydrates, generous because CI machines are busy.
 */
export const SCRIPT_LOAD_MS = 30_000

/**
 * Waits until React has hydrated this element (it has attached its props to the node). A link
 * clicked before then is an ordinary link and loads the page; a card's code loads on demand, so
 * the page's network going quiet does not mean its links have hydrated.
 */
export async function hydrated(element: Locator): Promise<void> {
	await expect
		.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
			timeout: SCRIPT_LOAD_MS,
		})
		.toBe(true)
}
