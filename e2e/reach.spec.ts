/**
 * What a new reader trips over on a phone, with and without scripts: at 375 px
 * the search box and the Events and Latest issue links are in the menu, signed-in readers
 * keep their profile menu, and the profile's toggles are readable (WCAG AA contrast).
 */
import { expect, test, type Locator } from '@playwright/test'
import { signIn } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

const PHONE = { width: 375, height: 800 }
/** WCAG 2.1 AA for normal text. */
const AA_TEXT_CONTRAST = 4.5

test.beforeEach(async ({ page }) => {
	await page.setViewportSize(PHONE)
	await page.goto('/')
	await rejectCookies(page)
})

test('at 375 px the menu holds the search box, Events and Latest issue', async ({ page }) => {
	await page.goto('/articles')
	await expect(page.locator('#header-search')).toBeHidden()
	await page.getByRole('button', { name: 'Menu', exact: true }).click()
	const menu = page.getByRole('navigation', { name: 'Main' })
	await expect(menu.getByRole('link', { name: 'Events', exact: true })).toBeVisible()
	await expect(menu.getByRole('link', { name: 'Latest issue', exact: true })).toBeVisible()
	const search = menu.getByRole('searchbox', { name: 'Search Global Water Intelligence' })
	await expect(search).toBeVisible()
	await search.fill('desalination')
	await menu.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/\/search\?.*searchTerm=desalination/)
})

test('at 375 px a signed-in reader keeps the profile menu, and the profile toggles are readable', async ({ page }) => {
	await signIn(page, 'staff@example.com', undefined, '/profile')
	await expect(page.locator('.profile-menu > summary')).toBeVisible()
	await page.goto('/profile')
	const labels = page.locator('.toggle__switch')
	await expect(labels.first()).toBeVisible()
	for (const toggle of await labels.all()) {
		expect(await contrastOf(toggle.locator('.toggle__label'))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
		expect(await contrastOf(toggle.locator('.toggle__state'))).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST)
	}
})

/** The contrast ratio of an element's text colour on the first opaque background behind it. */
async function contrastOf(element: Locator): Promise<number> {
	return element.evaluate((node) => {
		const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number)
		const luminance = ([r, g, b]: number[]) => {
			const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
			return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
		}
		let background = [255, 255, 255]
		for (let at: Element | null = node; at; at = at.parentElement) {
			const colour = rgb(getComputedStyle(at).backgroundColor)
			if (colour.length === 3 || (colour.length === 4 && colour[3] === 1)) {
				background = colour.slice(0, 3)
				break
			}
		}
		const [lighter, darker] = [luminance(rgb(getComputedStyle(node).color)), luminance(background)].sort((a, b) => b - a)
		return (lighter + 0.05) / (darker + 0.05)
	})
}
