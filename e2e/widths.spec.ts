/**
 * Tablet widths, with and without scripts: nothing scrolls sideways at 800 and 1024 px (the
 * phone's 375 px and the desktop's 1280 px are the page audit's). The shared header, signed out
 * and as the Strategist (a longer name and the profile menu), with each of the main menu's
 * lists open in turn; and the newsletter archive, whose grid of covers sits in a narrow centre
 * column beside a link card there.
 */
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './support/sign-in.ts'

const WIDTHS = [800, 1024]
/** A page with the shared header and nothing wide of its own. */
const HEADER_PAGE = '/memberships'
const ARCHIVE = '/pages/archive'

/** The page's scroll width, and the outermost elements that stick out past the window (for the message). */
async function sideways(page: Page) {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth
		const wide = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > width + 1)
		const outermost = wide.filter((element) => !wide.includes(element.parentElement!))
		const name = (element: Element) => `${element.tagName.toLowerCase()}${element.classList.length > 0 ? `.${[...element.classList].join('.')}` : ''}`
		return { scrollWidth: document.documentElement.scrollWidth, offenders: outermost.slice(0, 5).map(name).join(', ') }
	})
}

async function fits(page: Page, width: number, what: string) {
	const { scrollWidth, offenders } = await sideways(page)
	expect(scrollWidth, `${what} at ${width}px scrolls sideways (${offenders})`).toBeLessThanOrEqual(width)
}

/** The header page, then each of the main menu's lists opened and closed again (a <details>: no script needed). */
async function headerFits(page: Page, width: number) {
	await page.goto(HEADER_PAGE)
	await expect(page.locator('.site-header__bar')).toBeVisible()
	await fits(page, width, HEADER_PAGE)
	const lists = page.locator('.main-menu details.menu-list')
	const count = await lists.count()
	expect(count, 'the main menu has lists to open').toBeGreaterThan(0)
	for (let index = 0; index < count; index++) {
		const list = lists.nth(index)
		const summary = list.locator('> summary')
		await summary.click()
		await expect(list.locator('.menu-list__panel')).toBeVisible()
		await fits(page, width, `${HEADER_PAGE} with the menu list '${(await summary.innerText()).trim()}' open`)
		await summary.click()
		await expect(list.locator('.menu-list__panel')).toBeHidden()
	}
}

for (const width of WIDTHS) {
	test.describe(`at ${width}px`, () => {
		test.use({ viewport: { width, height: 900 } })

		test('a visitor: the header, its menu lists and the newsletter archive fit the window', async ({ page }) => {
			await headerFits(page, width)
			await page.goto(ARCHIVE)
			await expect(page.locator('.cover-grid').first()).toBeVisible()
			await fits(page, width, ARCHIVE)
			// The covers stay inside their card: a cover's right edge is within the card's.
			const overhang = await page.evaluate(() => {
				const card = document.querySelector('.card--covers')!.getBoundingClientRect()
				return Math.max(...[...document.querySelectorAll('.card--covers .cover')].map((cover) => cover.getBoundingClientRect().right - card.right))
			})
			expect(overhang, 'a cover runs out of its card').toBeLessThanOrEqual(0)
		})

		test('the Strategist: the header with the profile menu open, and the archive, fit the window', async ({ page }) => {
			await signIn(page, 'strategist@example.com', undefined, HEADER_PAGE)
			await headerFits(page, width)
			await page.locator('.profile-menu > summary').click()
			await expect(page.locator('.profile-menu__panel')).toBeVisible()
			await fits(page, width, `${HEADER_PAGE} with the profile menu open`)
			await page.goto(ARCHIVE)
			await expect(page.locator('.cover-grid').first()).toBeVisible()
			await fits(page, width, `${ARCHIVE} signed in`)
		})
	})
}
