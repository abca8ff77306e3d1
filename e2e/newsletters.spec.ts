/**
 * Newsletters (spec 002 §2-§4), with and without scripts: the latest issue for a visitor, a
 * trial member and an Executive; the full view and the PDF; staff export; drafts; the archive.
 */
import fs from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { strFromU8, unzipSync } from 'fflate'
import { draftNewsletter, legacyNewsletter } from './support/seeded-data.ts'
import { signIn } from './support/sign-in.ts'

async function openLatest(page: Page) {
	await page.goto('/pages/newsletters')
	await expect(page).toHaveURL(/\/newsletters\/[a-z0-9-]+$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	return new URL(page.url()).pathname.split('/').pop()!
}

test('a visitor reads the latest issue: a blurred placeholder and the upsell, none of its text', async ({ page, request }) => {
	const slug = await openLatest(page)
	await expect(page.locator('.newsletter__placeholder')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Start free trial' })).toBeVisible()
	await expect(page.locator('.nl-article__headline')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Save as PDF' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Export zip' })).toHaveCount(0)
	// The raw page carries none of the components.
	const html = await (await request.get(`/newsletters/${slug}/full`)).text()
	expect(html).not.toContain('nl-article__headline')
	expect(html).not.toContain('[First Name]')
	expect((await request.get(`/newsletters/${slug}/pdf`)).status()).toBe(403)
	const missing = await request.get('/newsletters/no-such-issue/pdf')
	expect([missing.status(), await missing.text()]).toEqual([404, 'Not found: newsletter no-such-issue'])
	expect((await request.get(`/newsletters/${slug}/export?format=zip`)).status()).toBe(403)
	expect((await request.get(`/newsletters/${slug}/export?format=docx`)).status()).toBe(400)
	// /newsletters alone is the latest issue too.
	await page.goto('/newsletters')
	await expect(page).toHaveURL(new RegExp(`/newsletters/${slug}$`))
})

test('a trial member reads the latest issue, greeted by name', async ({ page }) => {
	await signIn(page, 'trial@example.com')
	await openLatest(page)
	await expect(page.locator('.newsletter__placeholder')).toHaveCount(0)
	await expect(page.locator('.nl-article__headline').first()).toBeVisible()
	await expect(page.locator('.newsletter__body').first()).not.toContainText('[First Name]')
	// Every seeded issue opens with a greeting to '[First Name]'.
	await expect(page.locator('.nl2-text, .nl1-text').first()).toContainText('Tariq')
})

test("a trial member is refused an issue from before the trial's window, its full view, PDF and archive view, saying why", async ({ page }) => {
	const monthsAgo = new Date(Date.now() - 62 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
	const { items } = (await (await page.request.get(`/api/newsletters?pageSize=1&publishedTo=${monthsAgo}`)).json()) as { items: { slug: string }[] }
	const slug = items[0]!.slug
	await signIn(page, 'trial@example.com', undefined, `/newsletters/${slug}`)
	for (const path of [`/newsletters/${slug}`, `/newsletters/${slug}/full`, `/newsletters/archive/${slug}`]) {
		await page.goto(path)
		await expect(page.getByText('Sorry, this content is not included in your free trial.')).toBeVisible()
		await expect(page.locator('.nl-article__headline')).toHaveCount(0)
	}
	expect((await page.request.get(`/newsletters/${slug}/pdf`)).status()).toBe(403)
})

test('an Executive opens the full view and downloads the PDF', async ({ page }) => {
	await signIn(page, 'executive@example.com')
	const slug = await openLatest(page)
	await page.getByRole('link', { name: 'Full view' }).click()
	await expect(page).toHaveURL(new RegExp(`/newsletters/${slug}/full$`))
	await expect(page.locator('.nl-article__body').first()).toBeVisible()
	await expect(page.getByRole('link', { name: 'Save as PDF' })).toHaveAttribute('href', `/newsletters/${slug}/full?print=true`)
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download PDF' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(`${slug}.pdf`)
	const bytes = await fs.readFile((await download.path())!)
	expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
	// Staff-only: no export for an Executive.
	await page.goto(`/newsletters/${slug}`)
	await expect(page.getByRole('link', { name: 'Export zip' })).toHaveCount(0)
	await expect(page.locator('article.newsletter--v2')).toHaveClass(/newsletter--theme-[a-z]+/)

	// The older presentation has its own renderer.
	const legacy = await legacyNewsletter()
	await page.goto(`/newsletters/${legacy}`)
	await expect(page.locator('article.newsletter--legacy')).toBeVisible()
	await expect(page.locator('.nl1-band').first()).toBeVisible()
	await expect(page.locator('.nl-article__headline').first()).toBeVisible()
})

test('print=true prints the full view by itself when scripts run', async ({ page }, testInfo) => {
	test.skip(testInfo.project.name === 'no-js', 'printing by itself needs scripts; without them the link still opens the print-ready page')
	await page.addInitScript(() => {
		;(window as unknown as { printed: number }).printed = 0
		window.print = () => {
			;(window as unknown as { printed: number }).printed++
		}
	})
	await signIn(page, 'executive@example.com')
	const slug = await openLatest(page)
	await page.goto(`/newsletters/${slug}/full?print=true`)
	await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
})

test('staff export the zip of the latest issue; the archive and draft views have no export', async ({ page }, testInfo) => {
	await signIn(page, 'staff@example.com')
	const slug = await openLatest(page)
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Export zip' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(`${slug}.zip`)
	const files = unzipSync(new Uint8Array(await fs.readFile((await download.path())!)))
	const template = strFromU8(files['template.html'])
	expect(template).toContain('*|FNAME|*')
	for (const [, src] of template.matchAll(/<img[^>]*src="([^"]+)"/g)) expect(files[src], src).toBeDefined()

	// Export HTML: a download of the email version (with scripts also copied to the clipboard, or the alert says why not).
	const alerts: string[] = []
	page.on('dialog', (dialog) => {
		alerts.push(dialog.message())
		void dialog.accept()
	})
	const htmlDownloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Export HTML' }).click()
	const html = await fs.readFile((await (await htmlDownloading).path())!, 'utf8')
	expect(html).toContain('*|FNAME|*')
	expect(html).toMatch(/<table[^>]*width="700"/)
	// With scripts one alert says whether the copy worked; without them there is none.
	if (testInfo.project.name === 'no-js') expect(alerts).toEqual([])
	else await expect.poll(() => alerts).toEqual([expect.stringMatching(/^(HTML copied to clipboard\.|Failed to copy HTML to clipboard\.)$/)])

	await page.goto(`/newsletters/archive/${slug}`)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Export zip' })).toHaveCount(0)

	const draft = await draftNewsletter()
	const response = await page.goto(`/newsletters/draft/${draft.slug}?secret=${draft.secret}`)
	expect(response?.headers()['cache-control']).toBe('no-store')
	expect(response?.headers()['x-robots-tag']).toContain('noindex')
	await expect(page.locator('.newsletter__edition')).toContainText('Draft')
	await expect(page.getByRole('link', { name: 'Export zip' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Full view' }).click()
	await expect(page).toHaveURL(new RegExp(`/newsletters/draft/${draft.slug}/full\\?secret=`))
	expect((await page.goto(`/newsletters/draft/${draft.slug}?secret=wrong`))?.status()).toBe(404)
})

test('the archive filters issues by date and opens one in its archive view', async ({ page }) => {
	await page.goto('/pages/archive')
	const card = page.locator('.card--newsletters')
	const count = card.locator('.card__count')
	await expect(count).toBeVisible()
	const before = await count.textContent()
	await card.getByLabel('Published from').fill('2026-01-01')
	await card.getByLabel('Published to').fill('2026-01-31')
	await card.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(/publishedFrom=2026-01-01/)
	await expect(page).toHaveURL(/publishedTo=2026-01-31/)
	await expect(count).not.toHaveText(before ?? '')
	await expect(count).toHaveText(/^\d+ of \d+ results$/)
	for (const date of await card.locator('.cover time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))) {
		expect(date >= '2026-01-01' && date < '2026-02-01', date).toBe(true)
	}
	await card.locator('.cover__link').first().click()
	await expect(page).toHaveURL(/\/newsletters\/archive\/[a-z0-9-]+$/)
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
