/**
 * The events page (spec 001 §2, §5) with and without scripts: featured GWI events, 'All
 * Events' with its total, the event type filter, and the date messages.
 */
import { expect, test } from '@playwright/test'

test('a reader filters events by type and sees the date rules', async ({ page, javaScriptEnabled }) => {
	const apply = async () => {
		if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click()
	}
	await page.goto('/events')
	await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'All Events' })).toBeVisible()
	const totalText = await page.locator('.table-results__count').textContent()
	const all = Number(totalText!.match(/Total (\d+) item\(s\)/)![1])
	const label = await page.getByRole('group', { name: 'Event type' }).locator('label', { hasText: 'Partner Event' }).textContent()
	const partners = Number(label!.match(/\((\d+)\)/)![1])
	await page
		.getByRole('group', { name: 'Event type' })
		.getByRole('checkbox', { name: /^Partner Event/ })
		.check()
	await apply()
	await expect(page.locator('.table-results__count')).toHaveText(`Total ${partners} item(s)`)
	expect(partners).toBeLessThanOrEqual(all)
	if (partners > 0) await expect(page.locator('.event-grid:not(.event-grid--featured) .event-card__label').first()).toHaveText('Partner Event')

	// A start date before today is refused with the spec's words, and not applied.
	await page.goto('/events?filters%5BStart%20date%5D=2001-01-01')
	await expect(page.getByText('Start date cannot be earlier than today')).toBeVisible()
	await expect(page.locator('.table-results__count')).toHaveText(`Total ${all} item(s)`)
	await page.goto('/events?filters%5BStart%20date%5D=2099-02-01&filters%5BEnd%20date%5D=2099-01-01')
	await expect(page.getByText('Start date must not exceed end date')).toHaveCount(2)
})
