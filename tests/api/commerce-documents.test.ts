/** Document downloads (spec 002 §4, §7): the access rule, real PDFs (and the tariff survey's xlsx) from storage, access records, drafts with their secret, and the download path guard. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DOCUMENT_MESSAGES, documentAccess } from '../../contract/documents.ts'
import { DOCUMENT_PAGES } from '../../backend/files/document-pdf.ts'
import { createLocalStorage, resolveStoredPath } from '../../backend/files/local-storage.ts'
import ExcelJS from 'exceljs'
import { MARKETING_FIGURES } from '../../contract/commerce.ts'
import { TARIFF_SHEET, XLSX_CONTENT_TYPE } from '../../backend/files/tariff-survey-xlsx.ts'
import { DEMO_DRAFT_DOCUMENT } from '../../backend/seed/demo-accounts.ts'
import { tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()
const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'gwi-files-'))
beforeAll(() => {
	process.env.FILE_STORAGE_DIR = storage
})
afterAll(() => {
	delete process.env.FILE_STORAGE_DIR
	fs.rmSync(storage, { recursive: true, force: true })
})

const oneDocument = async (where: ReturnType<typeof sql>) => {
	const { rows } = await database.db.execute<{ slug: string; file_path: string; sample_file_path: string | null }>(
		sql`select slug, file_path, sample_file_path from documents where not is_draft and not is_hyperlink and extension = 'pdf' and ${where} order by id limit 1`,
	)
	return rows[0]!
}
const download = (url: string, token?: string) => api.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
async function pdfPages(response: Response) {
	expect(response.headers.get('Content-Type')).toBe('application/pdf')
	expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/)
	const bytes = new Uint8Array(await response.arrayBuffer())
	expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
	return (await PDFDocument.load(bytes)).getPageCount()
}

describe('who may download (contract/documents.ts)', () => {
	const rule = (input: Partial<Parameters<typeof documentAccess>[0]>) => documentAccess({ signedIn: true, hasAccess: true, hasSample: false, hasSampleAccess: false, documentType: 'whitepaper', ...input })
	test('visitors meet the paywall, or the sample state with sample access', () => {
		expect(rule({ signedIn: false }).state).toBe('paywall')
		expect(rule({ signedIn: false, documentType: 'tariffsurvey', hasSample: true, hasSampleAccess: true })).toEqual({ state: 'sample', needsConfirmation: false, showsPrivacyNotice: true })
	})
	test('signed-in whitepaper downloads and tariff survey / IDRA samples are confirmed first', () => {
		expect(rule({})).toEqual({ state: 'download', needsConfirmation: true, showsPrivacyNotice: true })
		expect(rule({ documentType: 'idra-handbook', hasAccess: false, hasSample: true, hasSampleAccess: true })).toMatchObject({ state: 'sample', needsConfirmation: true })
		expect(rule({ documentType: 'magazine' })).toEqual({ state: 'download', needsConfirmation: false, showsPrivacyNotice: false })
		expect(rule({ documentType: 'magazine', hasAccess: false })).toMatchObject({ state: 'paywall' })
	})
})

describe('GET /documents/slug/{slug}/download', () => {
	test('a visitor may not download a whitepaper; a free account gets a real PDF, and the download is recorded', async () => {
		const whitepaper = await oneDocument(sql`document_type = 'whitepaper'`)
		const visitor = await download(`/documents/slug/${whitepaper.slug}/download`)
		expect(visitor.status).toBe(403)
		expect((await visitor.json()).errors).toEqual([DOCUMENT_MESSAGES.noPermission])
		const free = await tokenFor(database.db, 'free@example.com')
		const response = await download(`/documents/slug/${whitepaper.slug}/download`, free)
		expect(response.status).toBe(200)
		expect(await pdfPages(response)).toBe(1 + DOCUMENT_PAGES.full)
		const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from access_log where slug = ${whitepaper.slug} and not is_sample`)
		expect(rows[0]!.n).toBe(1)
		// The file now lives in storage.
		expect(await createLocalStorage(storage).exists(whitepaper.file_path.replace('/files/', ''))).toBe(true)
	})

	test('a tariff survey: the sample for everyone, the full edition for members only', async () => {
		const survey = await oneDocument(sql`document_type = 'tariffsurvey' and sample_file_path is not null`)
		const sample = await download(`/documents/slug/${survey.slug}/download?isSample=true`)
		expect(sample.status).toBe(200)
		expect(await pdfPages(sample)).toBe(1 + DOCUMENT_PAGES.sample)
		expect((await download(`/documents/slug/${survey.slug}/download`, await tokenFor(database.db, 'free@example.com'))).status).toBe(403)
		const member = await download(`/documents/slug/${survey.slug}/download`, await tokenFor(database.db, 'executive@example.com'))
		expect(member.status).toBe(200)
		expect(await pdfPages(member)).toBe(1 + DOCUMENT_PAGES.full)
	})

	test('unknown documents and drafts are not found; a bad isSample is a 400', async () => {
		expect((await download('/documents/slug/no-such-document/download')).status).toBe(404)
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from documents where is_draft limit 1`)
		expect((await download(`/documents/slug/${rows[0]!.slug}/download`, await tokenFor(database.db, 'staff@example.com'))).status).toBe(404)
		expect((await download(`/documents/slug/x/download?isSample=maybe`)).status).toBe(400)
	})
})

describe('GET /download (the path guard)', () => {
	test('names that leave the storage folder are refused', () => {
		for (const name of ['../secrets/jwks.json', '../../etc/passwd', '/etc/passwd', 'samples/../../x.pdf', '..\\secrets\\jwks.json', 'a\0b', './x.pdf', 'C:/Windows/win.ini', '']) {
			expect(resolveStoredPath(storage, name), name).toBeNull()
		}
		expect(resolveStoredPath(storage, 'samples/x.pdf')).toBe(path.join(storage, 'samples', 'x.pdf'))
	})

	test('over HTTP: traversal is a 400, a stored document file is served under the access rule', async () => {
		fs.mkdirSync(path.join(storage, '..', 'outside'), { recursive: true })
		for (const name of ['../secrets/jwks.json', '%2e%2e%2fsecrets%2fjwks.json', '%2Fetc%2Fpasswd', 'samples%2F..%2F..%2Foutside']) {
			const response = await download(`/download?internalFileName=${name}&publicFileName=x.pdf`, await tokenFor(database.db, 'staff@example.com'))
			expect(response.status, name).toBe(400)
		}
		const whitepaper = await oneDocument(sql`document_type = 'whitepaper'`)
		const internal = encodeURIComponent(whitepaper.file_path.replace('/files/', ''))
		expect((await download(`/download?internalFileName=${internal}&publicFileName=paper.pdf`)).status).toBe(403)
		const response = await download(`/download?internalFileName=${internal}&publicFileName=paper.pdf`, await tokenFor(database.db, 'free@example.com'))
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="paper.pdf"')
		expect(await pdfPages(response)).toBe(1 + DOCUMENT_PAGES.full)
		expect((await download('/download?internalFileName=not-a-document.pdf', await tokenFor(database.db, 'free@example.com'))).status).toBe(404)
	})
})

describe('GET /documents/slug/{slug}: permission levels by slug (spec 002 §3)', () => {
	test('a newsletter PDF carries executive and executive-trial; a white paper none', async () => {
		const { rows } = await database.db.execute<{ slug: string; document_type: string }>(sql`select distinct on (document_type) slug, document_type from documents where not is_draft and document_type in ('newsletter', 'whitepaper') order by document_type, id`)
		const details = async (type: string) => ((await (await download(`/documents/slug/${rows.find((row) => row.document_type === type)!.slug}`)).json()) as { item: { details: Record<string, unknown> } }).item.details
		expect((await details('newsletter')).permissionLevels).toEqual([{ slug: 'executive' }, { slug: 'executive-trial' }])
		expect((await details('whitepaper')).permissionLevels).toEqual([])
	})
})

describe("the tariff survey's data tables (xlsx)", () => {
	test('members download a real workbook of 569 cities in 186 countries; free accounts are refused', async () => {
		const { rows } = await database.db.execute<{ slug: string }>(sql`select slug from documents where document_type = 'tariffsurvey' and extension = 'xlsx' and not is_draft order by id limit 1`)
		const slug = rows[0]!.slug
		expect((await download(`/documents/slug/${slug}/download`, await tokenFor(database.db, 'free@example.com'))).status).toBe(403)
		const response = await download(`/documents/slug/${slug}/download`, await tokenFor(database.db, 'executive@example.com'))
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe(XLSX_CONTENT_TYPE)
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[\w.-]+\.xlsx"$/)
		const workbook = new ExcelJS.Workbook()
		await workbook.xlsx.load(await response.arrayBuffer())
		const sheet = workbook.getWorksheet(TARIFF_SHEET)!
		expect(sheet.getRow(1).getCell(1).value).toBe('City')
		expect(sheet.rowCount).toBe(1 + MARKETING_FIGURES.tariffSurveyCities)
		const countries = new Set(sheet.getColumn(2).values.slice(2))
		expect(countries.size).toBe(MARKETING_FIGURES.tariffSurveyCountries)
		expect(typeof sheet.getRow(2).getCell(6).value).toBe('number')
	})
})

describe('draft documents (GET /documents/slug/draft/{slug}/download)', () => {
	const draftDownload = (slug: string, secret: string | null, token?: string) =>
		api.request(`/documents/slug/draft/${slug}/download`, { headers: { ...(secret !== null ? { PreviewToken: secret } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) } })

	test('with its secret, a reader who may have the document downloads the draft; without it, nothing is found', async () => {
		const { slug, secret } = DEMO_DRAFT_DOCUMENT
		const free = await tokenFor(database.db, 'free@example.com')
		expect((await draftDownload(slug, null, free)).status).toBe(404)
		expect((await draftDownload(slug, 'wrong-secret', free)).status).toBe(404)
		// The secret shows the draft; the file still obeys the access rule (a visitor meets the paywall).
		expect((await draftDownload(slug, secret)).status).toBe(403)
		const response = await draftDownload(slug, secret, free)
		expect(response.status).toBe(200)
		expect(await pdfPages(response)).toBe(1 + DOCUMENT_PAGES.full)
		// A published document's address never serves a draft.
		expect((await download(`/documents/slug/${slug}/download`, free)).status).toBe(404)
	})

	test("a members' draft needs the membership as well as the secret", async () => {
		const { rows } = await database.db.execute<{ slug: string; preview_secret: string }>(sql`select slug, preview_secret from documents where is_draft and document_type = 'marketreport' limit 1`)
		const { slug, preview_secret: secret } = rows[0]!
		expect((await draftDownload(slug, secret, await tokenFor(database.db, 'free@example.com'))).status).toBe(403)
		expect((await draftDownload(slug, secret, await tokenFor(database.db, 'strategist@example.com'))).status).toBe(200)
	})
})
