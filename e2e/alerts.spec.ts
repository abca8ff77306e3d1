/**
 * Alerts, with and without scripts, each test with a member of its own: a member
 * saves a Project Tracker search, turns it into a weekly alert on /profile and pauses it there;
 * and the demo's whole story: a daily alert, a project in the search changes, staff send the
 * alerts from the demo mailbox, and the digest there shows that change and nothing else.
 * Every step a form post.
 */
import { expect, test } from '@playwright/test'
import { MAILBOX_MESSAGES } from '../contract/mailbox.ts'
import { signIn } from './support/sign-in.ts'
import { onSiteDatabase } from './support/site-database.ts'
import { newMember, saveSearch } from './support/tracker-searches.ts'

test('a member turns a saved tracker search into a weekly alert and pauses it on /profile', async ({ page, javaScriptEnabled }) => {
	test.slow()
	await newMember(page, 'alert-weekly', '/projecttracker')
	const name = `Desal alert ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now()}`
	await saveSearch(page, '/projecttracker?filters%5BProject%20category%5D=Desal', name)

	await page.goto('/profile')
	const alerts = page.locator('section[aria-labelledby="profile-alerts"]')
	await expect(alerts.getByRole('heading', { name: 'Alerts' })).toBeVisible()
	const item = alerts.locator('li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await item.getByRole('button', { name: `Weekly alert: ${name}` }).click()
	await expect(item.getByText('On, weekly')).toBeVisible()
	await item.getByRole('button', { name: `Pause: ${name}` }).click()
	await expect(item.getByText('Paused', { exact: true })).toBeVisible()
	await expect(item.getByRole('button', { name: `Weekly alert: ${name}` })).toBeVisible()
})

test('a daily alert’s next digest, sent from the demo mailbox, shows the project that changed and nothing else', async ({ page, javaScriptEnabled }) => {
	test.slow()
	// A country of its own per project (they run side by side), and one of its projects to change.
	const [project] = await onSiteDatabase<{ id: number; name: string; progress: string; country: string }>(
		`with countries as (select g.name, min(e.id) as first from projects e join geographies g on g.id = e.country_id
			where not e.is_archived and e.progress <> 'Contract awarded' group by g.name order by g.name offset $1 limit 1)
		select e.id, e.name, e.progress, c.name as country from countries c join projects e on e.id = c.first`,
		[javaScriptEnabled ? 0 : 1],
	)
	const reader = await newMember(page, 'alert-daily', '/projecttracker')
	const name = `Daily ${javaScriptEnabled ? 'js' : 'nojs'} ${Date.now()}`
	await saveSearch(page, `/projecttracker?filters%5BCountries%5D=${encodeURIComponent(project!.country)}`, name)
	await page.goto('/profile')
	const item = page.locator('section[aria-labelledby="profile-alerts"] li').filter({ has: page.getByRole('link', { name, exact: true }) })
	await item.getByRole('button', { name: `Daily alert: ${name}` }).click()
	await expect(item.getByText('On, daily')).toBeVisible()

	// The research team moves the project on (the triggers record what it was).
	await onSiteDatabase(`update projects set progress = 'Contract awarded', date_last_modified = now() where id = $1`, [project!.id])

	// Staff, in the same browser: the member's sign-in (the site's and the provider's) forgotten.
	await page.context().clearCookies()
	await signIn(page, 'staff@example.com', undefined, '/')
	await page.goto('/')
	// Staff find the mailbox in their profile menu.
	await page.locator('.profile-menu summary').click()
	await page.locator('.profile-menu').getByRole('link', { name: MAILBOX_MESSAGES.title }).click()
	await expect(page.getByRole('heading', { name: MAILBOX_MESSAGES.title, level: 1 })).toBeVisible()
	await page.getByRole('button', { name: MAILBOX_MESSAGES.sendAlerts }).click()
	// The button sends every demo account's alert, one by one, and the other project's test may be pressing it too.
	await expect(page.getByRole('status')).toContainText('sent', { timeout: 90_000 })
	const entry = page.locator('.mailbox-list li').filter({ hasText: reader.email })
	await expect(entry).toHaveCount(1)
	await entry.getByRole('link').click()
	await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
	const text = page.locator('.mailbox-text')
	await expect(text).toContainText(project!.name)
	await expect(text).toContainText(`Progress: ${project!.progress} → Contract awarded`)
	// One project row (its link), and the link to the whole search.
	expect((await text.innerText()).match(/\/projects\//g)).toHaveLength(1)
	// The email as sent, in a sandboxed frame under a policy of its own (its inlined styles apply, nothing runs).
	const frame = page.locator('iframe.mailbox-frame')
	await expect(frame).toHaveAttribute('sandbox', '')
	await expect(page.frameLocator('iframe.mailbox-frame').getByText(project!.name).first()).toBeVisible()
	const html = await page.request.get((await frame.getAttribute('src'))!)
	const policies = html.headersArray().filter((header) => header.name.toLowerCase() === 'content-security-policy')
	expect(policies.map((header) => header.value)).toEqual([expect.stringMatching(/default-src 'none'.*sandbox/)])
})

test('the demo mailbox is for staff: a member is refused', async ({ page }) => {
	await signIn(page, 'executive@example.com', undefined, '/')
	await page.goto('/')
	await expect(page.locator('.profile-menu a[href="/profile"]')).toHaveCount(1)
	await expect(page.locator('.profile-menu').getByRole('link', { name: MAILBOX_MESSAGES.title })).toHaveCount(0)
	const response = await page.goto('/mailbox')
	expect(response?.status()).toBe(403)
	// An email's own address refuses too, and never with the email's policy.
	const html = await page.request.get('/mailbox/0/html')
	expect(html.status()).toBe(403)
	expect(html.headers()['content-security-policy'] ?? '').not.toContain('sandbox')
})

test('a member at 375 px sees the Alerts section without sideways scroll', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await signIn(page, 'executive@example.com', undefined, '/profile')
	await page.goto('/profile')
	await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})

test('staff read the demo mailbox at 375 px without sideways scroll', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await signIn(page, 'staff@example.com', undefined, '/mailbox')
	await page.goto('/mailbox')
	await expect(page.getByRole('heading', { name: MAILBOX_MESSAGES.title, level: 1 })).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})
