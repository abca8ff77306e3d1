/**
 * Membership and commerce, with and without scripts: a new free account starts
 * a trial and fills in the preferences; another buys Executive through the embedded
 * payment sandbox and reads a members-only article.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { ArticleSummary } from '../contract/articles.ts'
import { newReader, signUp } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

test.beforeEach(async ({ page }) => {
	await page.goto('/')
	await rejectCookies(page)
})

async function membersOnlyArticle(request: APIRequestContext) {
	const { items } = (await (await request.get('/api/articles?pageSize=100')).json()) as { items: ArticleSummary[] }
	const article = items.find((item) => !item.hasAccess)
	if (!article) throw new Error('no members-only article in the seeded data')
	return article
}

test('a free account starts a free trial and tells us about its interests', async ({ page }) => {
	await signUp(page, newReader('trial'), '/memberships')
	await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Try it free for 2 weeks' })).toBeVisible()
	await page.getByRole('button', { name: 'Start free trial' }).last().click()

	await expect(page).toHaveURL(/\/join\?joinType=gwi-trial&isRefreshed=true$/)
	await expect(page.getByRole('heading', { name: 'Your free trial has started' })).toBeVisible()
	const form = page.locator('form#about-you')
	await form.getByRole('button', { name: 'Submit' }).click()
	await expect(form.getByText('Please select how you found us')).toBeVisible()
	await form.getByLabel('How did you find us?').selectOption('Other')
	await form.getByRole('button', { name: 'Submit' }).click()
	await expect(form.getByText('Please specify how you found us')).toBeVisible()
	await form.getByLabel('If other, please specify').fill('A water conference in Singapore')
	await form.getByLabel('Desalination').check()
	await form.getByLabel('Project updates').check()
	await form.getByRole('button', { name: 'Submit' }).click()
	await expect(page.getByText('Thank you for telling us about your interests.')).toBeVisible()
	await expect(page.getByRole('link', { name: "Let's get started" })).toBeVisible()

	// The new role is in the reader's session at once: the trial's days show on the profile.
	await page.goto('/profile')
	await expect(page.getByText('Executive - Trial')).toBeVisible()
	// No second trial within 12 months.
	await page.goto('/memberships')
	await expect(page.getByText('You have requested a trial in the last 12 months.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Start free trial' })).toHaveCount(0)
})

test('a free account buys Executive through the embedded checkout (a declined card first, then one that pays) and reads a members-only article', async ({ page, request }) => {
	const article = await membersOnlyArticle(request)
	await signUp(page, newReader('buyer'), '/memberships')
	await page.getByRole('link', { name: 'Buy now' }).first().click()
	await expect(page.getByRole('heading', { name: 'Buy your membership' })).toBeVisible()
	await expect(page.getByText('£1,295 per year')).toBeVisible()

	// An organisation must give its VAT number and headquarters address.
	const form = page.locator('form.commerce-form')
	await form.getByLabel('An organisation').check()
	await form.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(form.getByText('Please enter your organisation’s name').first()).toBeVisible()
	await form.getByLabel('Organisation name').fill('Riverside Water Ltd')
	await form.getByLabel('VAT number').fill('GB123456789')
	await form.getByLabel('Address line 1', { exact: true }).fill('1 Weir Lane')
	await form.getByLabel('Town or city').fill('Oxford')
	await form.getByLabel('Postcode').fill('OX1 1AA')
	await form.getByLabel('Country').fill('United Kingdom')
	await form.getByRole('button', { name: 'Continue to payment' }).click()

	await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
	await expect(page.getByText('Riverside Water Ltd')).toBeVisible()
	const paymentPage = page.url()
	// With the order not yet paid, /join waits for the membership and, without scripts too,
	// reloads itself after the spec's pause.
	const waiting = await page.goto('/join?joinType=gwi-membership')
	await expect(page.getByRole('status')).toHaveText('Activating your membership...')
	expect(waiting?.headers()['refresh']).toBe('5; url=/join?joinType=gwi-membership&attempt=1')
	await page.goto(paymentPage)
	await page.getByLabel('Card number').fill('4000 0000 0000 0002')
	await page.getByRole('button', { name: /^Pay / }).click()
	// Declined: the page comes back (not a resubmittable post) saying so, and nothing was activated.
	await expect(page.getByRole('alert')).toHaveText('Your card was declined and no payment was taken. Please try again with another card.')
	expect(page.url()).toBe(paymentPage)
	await page.reload()
	await expect(page.getByRole('alert')).toHaveText('Your card was declined and no payment was taken. Please try again with another card.')
	await page.goto(`/articles/${article.slug}`)
	await expect(page.getByRole('heading', { name: 'This article is available exclusively to full members' })).toBeVisible()
	// Tried again from the same order.
	await page.goto(paymentPage)
	await page.getByLabel('Card number').fill('4242 4242 4242 4242')
	await page.getByRole('button', { name: /^Pay / }).click()

	await expect(page).toHaveURL(/\/join\?joinType=gwi-membership&isRefreshed=true$/)
	await expect(page.getByRole('heading', { name: 'Welcome to your Executive membership' })).toBeVisible()

	await page.goto(`/articles/${article.slug}`)
	await expect(page.getByRole('heading', { name: 'This article is available exclusively to full members' })).toHaveCount(0)
	await expect(page.locator('.article__body')).toBeVisible()
	// Nothing left to buy.
	await page.goto('/memberships')
	await expect(page.getByRole('link', { name: 'Buy now' })).toHaveCount(0)
})

test('visitors see the plans, and /join sends them home', async ({ page }) => {
	await page.goto('/memberships')
	for (const name of ['Executive', 'Executive Multi-office', 'Strategist']) await expect(page.getByRole('heading', { name, exact: true })).toBeVisible()
	await expect(page.getByText('£1,295', { exact: false }).first()).toBeVisible()
	await page.getByRole('link', { name: 'Technology' }).click()
	await expect(page).toHaveURL(/tab=technology/)
	await expect(page.getByRole('region', { name: 'Technology' })).toBeVisible()
	await page.goto('/join?joinType=gwi-trial')
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/advertise')
	await expect(page.getByRole('heading', { name: 'Advertise with Global Water Intelligence' })).toBeVisible()
	await expect(page.getByText('390,000+')).toBeVisible()
})
