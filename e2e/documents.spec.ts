/**
 * Documents: a visitor meets the paywall; a signed-in reader confirms and downloads
 * a whitepaper, a real PDF; a draft downloads only with its preview secret.
 */
import fs from 'node:fs'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { DEMO_DRAFT_DOCUMENT } from '../backend/seed/demo-accounts.ts'
import ExcelJS from 'exceljs'
import { createAccount, newReader, signIn, signOut, signUp } from './support/sign-in.ts'
import { rejectCookies } from './support/consent.ts'

test.beforeEach(async ({ page }) => {
	await page.goto('/')
	await rejectCookies(page)
})

async function whitepaper(request: APIRequestContext): Promise<{ slug: string; name: string }> {
	const { items } = (await (await request.get('/api/documents?documentType=whitepaper&pageSize=20')).json()) as { items: { slug: string; name: string }[] }
	for (const item of items) {
		const { item: document } = (await (await request.get(`/api/documents/slug/${item.slug}`)).json()) as { item: { details: { isHyperlink: boolean } } }
		if (!document.details.isHyperlink) return item
	}
	throw new Error('no downloadable whitepaper in the seeded data')
}

test('a visitor meets the document paywall', async ({ page, request }) => {
	const document = await whitepaper(request)
	await page.goto(`/documents/${document.slug}`)
	await expect(page.getByRole('heading', { name: document.name, level: 1 })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Download this document with a free account' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0)
	// A free account is all it takes: no membership offered, and spec 000's sign-in prompt.
	const panel = page.locator('.paywall')
	await expect(panel.getByRole('link', { name: 'Join', exact: true })).toHaveCount(0)
	await expect(panel.getByText('Already have a free account or membership?')).toBeVisible()
	const login = new URL((await panel.getByRole('link', { name: 'Login', exact: true }).getAttribute('href'))!, 'http://site')
	expect(login.pathname).toBe('/login')
	expect(login.searchParams.get('returnUrl')).toBe(`/documents/${document.slug}`)
	// Create a free account leads through account creation back to the document, now downloadable.
	await panel.getByRole('link', { name: 'Create a free account' }).click()
	await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
	await createAccount(page, newReader('document-visitor'))
	await expect(page.getByRole('heading', { name: 'Welcome to Global Water Intelligence' })).toBeVisible()
	await page.getByRole('link', { name: "Let's get started" }).click()
	await expect(page).toHaveURL(new RegExp(`/documents/${document.slug}$`))
	await expect(page.getByRole('link', { name: 'Download' })).toBeVisible()
	await signOut(page)
	// The file itself is refused too.
	await page.goto(`/documents/${document.slug}/download`)
	await expect(page.getByText('Sorry, you do not have permission to download this file')).toBeVisible()
})

test('a signed-in reader confirms and downloads a whitepaper, and the PDF opens', async ({ page, request }) => {
	const document = await whitepaper(request)
	await signUp(page, newReader('reader'), `/documents/${document.slug}`)
	await page.getByRole('link', { name: 'Download' }).click()
	await expect(page.getByRole('heading', { name: 'Before you download' })).toBeVisible()
	await expect(page.getByText('By downloading this document you agree')).toBeVisible()
	const downloading = page.waitForEvent('download')
	await page.getByRole('button', { name: 'Continue to download' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/\.pdf$/)
	const bytes = fs.readFileSync(await download.path())
	expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
	const pdf = await PDFDocument.load(bytes)
	expect(pdf.getPageCount()).toBeGreaterThan(1)
	expect(pdf.getTitle()).toBeTruthy()
	// With scripts the page reports the outcome.
	if (test.info().project.name === 'chromium') await expect(page.getByText('Download successful')).toBeVisible()
})

test('a draft document: its secret shows it, a signed-in reader confirms and downloads it; a wrong secret finds nothing', async ({ page }) => {
	const { slug, secret } = DEMO_DRAFT_DOCUMENT
	const draftPage = `/documents/draft/${slug}?secret=${secret}`
	await page.goto(`/documents/draft/${slug}?secret=not-the-secret`)
	await expect(page.getByRole('heading', { name: 'Draft: Water for data centres' })).toHaveCount(0)
	// A visitor with the secret sees the draft and meets the paywall; the file is refused.
	await page.goto(draftPage)
	await expect(page.getByRole('heading', { name: 'Draft: Water for data centres', level: 1 })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Download this document with a free account' })).toBeVisible()
	await page.goto(`/documents/draft/${slug}/download?secret=${secret}`)
	await expect(page).toHaveURL(new RegExp(`/documents/draft/${slug}\\?secret=${secret}&downloadError=permission$`))
	await expect(page.getByText('Sorry, you do not have permission to download this file')).toBeVisible()

	await signUp(page, newReader('draft'), draftPage)
	await expect(page.getByRole('heading', { name: 'Draft: Water for data centres', level: 1 })).toBeVisible()
	await page.getByRole('link', { name: 'Download' }).click()
	await expect(page.getByRole('heading', { name: 'Before you download' })).toBeVisible()
	const downloading = page.waitForEvent('download')
	await page.getByRole('button', { name: 'Continue to download' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe('Draft-Water-for-data-centres.pdf')
	const pdf = await PDFDocument.load(fs.readFileSync(await download.path()))
	expect(pdf.getTitle()).toBe('Draft: Water for data centres')
})

test("a member downloads the tariff survey's data tables, and the workbook opens", async ({ page, request }) => {
	const { items } = (await (await request.get('/api/documents?documentType=tariffsurvey&pageSize=20')).json()) as { items: { slug: string; name: string }[] }
	const tables = items.find((item) => item.name.endsWith(': data tables'))
	if (!tables) throw new Error('no tariff survey data tables in the seeded data')
	await signIn(page, 'executive@example.com', undefined, `/documents/${tables.slug}`)
	await expect(page.getByRole('heading', { name: tables.name, level: 1 })).toBeVisible()
	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download', exact: true }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/data-tables\.xlsx$/)
	const workbook = new ExcelJS.Workbook()
	await workbook.xlsx.readFile((await download.path())!)
	expect(workbook.getWorksheet('Tariffs')!.rowCount).toBe(1 + 569)
})
