/**
 * Sessions where a browser matters: another site cannot sign a reader
 * out, a copy of the session cookie dies with the sign-in, and a return address never
 * takes the browser off the site.
 */
import { expect, test, type Page } from '@playwright/test'
import { signIn, signOut } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

const EVIL = 'http://evil.example'
const profileMenu = (page: Page) => page.locator('.profile-menu > summary')

test.beforeEach(async ({ page }) => {
	// Nothing leaves the machine: "another site" is served by the test itself.
	await page.route(`${EVIL}/**`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title><a href="${new URL('/logout', test.info().project.use.baseURL).href}">Sign out of the site</a>` }))
	await page.goto('/')
	await rejectCookies(page)
})

test('a link to /logout on another site does not sign the reader out', async ({ page }) => {
	await signIn(page, 'executive@example.com')
	await page.goto(`${EVIL}/`)
	await page.getByRole('link', { name: 'Sign out of the site' }).click()
	await expect(page.getByRole('heading', { name: 'Logging out...' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
	// Give a script every chance to press the button; it must not.
	await page.waitForTimeout(1_000)
	await expect(page).toHaveURL(/\/logout$/)
	await page.goto('/')
	await expect(profileMenu(page)).toBeVisible()
})

test('a copy of the session cookie taken before logout signs in no more', async ({ page, browser }) => {
	await signIn(page, 'executive@example.com')
	const copied = await page.context().cookies()
	await signOut(page)

	const elsewhere = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled })
	try {
		await elsewhere.addCookies(copied)
		const replay = await elsewhere.newPage()
		await replay.goto('/')
		await expect(replay.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
		await expect(replay.locator('.profile-menu > summary')).toHaveCount(0)
	} finally {
		await elsewhere.close()
	}
})

for (const bypass of ['/.//evil.example', '/..//evil.example', '/x/..//evil.example', '/%2e//evil.example', '/.\\/evil.example']) {
	test(`/ip-login?returnUrl=${bypass} stays on the site`, async ({ page, baseURL }) => {
		await page.goto(`/ip-login?returnUrl=${encodeURIComponent(bypass)}`)
		expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
	})
}
