/**
 * The document pages' server side (app/lib/documents.server.ts): the paywall by permission
 * level (spec 002 §6: executive-trial decides the trial-style panel); a draft's page and its
 * download keep the preview secret, are never cached, and a refused download comes back to
 * the draft with 'Sorry, you do not have permission to download this file'.
 */
import { describe, expect, test } from 'vitest'
import { loader as draftLoader, action as draftAction } from '../../app/routes/documents.draft.$slug.tsx'
import { loader as draftDownload } from '../../app/routes/documents.draft.$slug.download.ts'
import { loader as documentLoader } from '../../app/routes/documents.$slug.tsx'
import { sql } from 'drizzle-orm'
import { DOCUMENT_MESSAGES } from '../../contract/documents.ts'
import { DEMO_DRAFT_DOCUMENT } from '../../backend/seed/demo-accounts.ts'
import { sessionCookieFor } from '../support/reader-session.ts'
import { useTestDatabase } from '../support/database.ts'
import { loaderArgs, thrown, unwrap } from '../support/site.ts'

const database = useTestDatabase()
const { slug, secret } = DEMO_DRAFT_DOCUMENT
const args = (path: string, cookie?: string, init: RequestInit = {}) => ({ ...loaderArgs(database.db, path, { slug }, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } }) })

describe('/documents/draft/{slug}', () => {
	test('with its secret: shown, never cached, its download carrying the secret', async () => {
		const { data, headers } = unwrap<{ document: { name: string }; downloadUrl: string; access: { state: string } }>(await draftLoader(args(`/documents/draft/${slug}?secret=${secret}`) as never))
		expect(data.document.name).toBe('Draft: Water for data centres')
		expect(headers.get('Cache-Control')).toBe('no-store')
		expect(data.access.state).toBe('paywall')
		const reader = await sessionCookieFor(database.db, 'free@example.com')
		const signedIn = unwrap<{ downloadUrl: string; access: { state: string; needsConfirmation: boolean } }>(await draftLoader(args(`/documents/draft/${slug}?secret=${secret}`, reader) as never)).data
		expect(signedIn.access).toMatchObject({ state: 'download', needsConfirmation: true })
		expect(signedIn.downloadUrl).toBe(`/documents/draft/${slug}/download?secret=${secret}`)
	})

	test('a wrong secret is not found', async () => {
		expect((await thrown(draftLoader(args(`/documents/draft/${slug}?secret=guess`) as never))).status).toBe(404)
	})

	test('the confirmation step continues to the draft download, secret kept', async () => {
		const reader = await sessionCookieFor(database.db, 'free@example.com')
		const body = new URLSearchParams({ intent: 'download', isSample: 'false' })
		const response = (await draftAction(args(`/documents/draft/${slug}?secret=${secret}`, reader, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }) as never)) as Response
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`/documents/draft/${slug}/download?secret=${secret}`)
	})

	test('the download: the PDF for a reader who may have it; a refusal back to the draft with the spec message', async () => {
		const reader = await sessionCookieFor(database.db, 'free@example.com')
		const file = (await draftDownload(args(`/documents/draft/${slug}/download?secret=${secret}`, reader) as never)) as Response
		expect(file.status).toBe(200)
		expect(file.headers.get('Content-Type')).toBe('application/pdf')
		expect(new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
		const refused = (await draftDownload(args(`/documents/draft/${slug}/download?secret=${secret}`) as never)) as Response
		expect(refused.headers.get('Location')).toBe(`/documents/draft/${slug}?secret=${secret}&downloadError=permission`)
		const page = unwrap<{ error: string | null }>(await draftLoader(args(`/documents/draft/${slug}?secret=${secret}&downloadError=permission`) as never)).data
		expect(page.error).toBe(DOCUMENT_MESSAGES.noPermission)
		const guessed = (await draftDownload(args(`/documents/draft/${slug}/download?secret=guess`, reader) as never)) as Response
		expect(guessed.headers.get('Location')).toBe(`/documents/draft/${slug}?secret=guess&downloadError=failed`)
	})
})

describe('the paywall by permission level', () => {
	type Page = { access: { state: string }; noAccess: { message: string; gate: { offerTrial: boolean; signedIn: boolean } } | null }
	const slugOf = async (where: ReturnType<typeof sql>) => (await database.db.execute<{ slug: string }>(sql`select slug from documents where not is_draft and ${where} order by id limit 1`)).rows[0]!.slug
	const open = async (slug: string, email?: string) => unwrap<Page>(await documentLoader({ ...loaderArgs(database.db, `/documents/${slug}`, { slug }, { headers: email ? { Cookie: await sessionCookieFor(database.db, email) } : {} }) } as never)).data

	test('a white paper asks a visitor only to sign in; a magazine shows the members no-access panel without a trial', async () => {
		expect((await open(await slugOf(sql`document_type = 'whitepaper' and not is_hyperlink`))).noAccess).toBeNull()
		const magazine = await open(await slugOf(sql`document_type = 'magazine'`), 'free@example.com')
		expect(magazine.access.state).toBe('paywall')
		expect(magazine.noAccess).toEqual({ message: 'This document is available exclusively to full members', gate: expect.objectContaining({ signedIn: true, offerTrial: false }) })
	})

	test('a document a trial opens (executive-trial) offers the trial to readers who may start one, not to those who may not', async () => {
		const newsletterPdf = await slugOf(sql`document_type = 'newsletter'`)
		expect((await open(newsletterPdf)).noAccess?.gate).toMatchObject({ signedIn: false, offerTrial: true })
		expect((await open(newsletterPdf, 'free@example.com')).noAccess?.gate.offerTrial).toBe(true)
		// A trial that ended 7 days ago: no second trial within 12 months.
		expect((await open(newsletterPdf, 'trial-expired@example.com')).noAccess?.gate.offerTrial).toBe(false)
	})
})
