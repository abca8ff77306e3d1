/**
 * Document files (spec 002 §4 "Document access", §7):
 *
 *   GET  /documents/slug/{slug}/download[?isSample=true]   the file itself (a PDF; the tariff
 *        survey's data tables an xlsx), streamed from file storage (the local folder or the
 *        bucket), and an access record; 403 'Sorry, you do not have permission to download
 *        this file' without access; 404 for an unknown or unpublished document.
 *   GET  /documents/slug/draft/{slug}/download[?isSample=true]   a draft's file, with header
 *        `PreviewToken: <its preview secret>` (a wrong or missing secret: 404, as for the
 *        draft itself) and the same access rule as a published document's.
 *   POST /documents/slug/{slug}/access[?isSample=true]     the access record alone (hyperlink documents)
 *   GET  /download?internalFileName&publicFileName         a stored document file by its name in
 *        storage, with the same access rule; never a file outside the storage folder (400).
 *
 * Who may download is contract/documents.ts's `documentAccess`, the page's rule too.
 */
import { sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { DOCUMENT_MESSAGES, documentAccess, DocumentDownloadQuerySchema, FileDownloadQuerySchema, publicFileName } from '../../../contract/documents.ts'
import type { Db } from '../../db/client.ts'
import { contentTypeOf, writeDocumentFiles } from '../../files/document-files.ts'
import { fileStorageFromEnv, isSafeStoredName, storageNameOf, DOCUMENT_FILE_PREFIX, type StoredFile } from '../../files/storage.ts'
import { previewSecretOpens } from '../preview-secret.ts'
import type { ApiEnv } from '../context.ts'
import { itemResponse } from '../envelope.ts'
import { ApiError, badRequest, notFound } from '../errors.ts'
import { logger } from '../../logger.ts'

type DocumentRow = {
	slug: string
	name: string
	description: string | null
	document_type: string
	extension: string
	file_path: string | null
	sample_file_path: string | null
	is_hyperlink: boolean
	permission_levels: string[]
	sample_permission_levels: string[]
	publication_date: string | Date
	preview_secret: string | null
}

const DOCUMENT_COLUMNS = sql`slug, name, description, document_type, extension, file_path, sample_file_path, is_hyperlink, permission_levels, sample_permission_levels, publication_date, preview_secret`
export const FILE_NAME_MESSAGES = { invalid: 'Bad request: invalid file name' } as const

/** Whether this request's reader may have the full file (`sample` false) or the sample. */
function mayDownload(c: Context<ApiEnv>, row: DocumentRow, sample: boolean): boolean {
	const access = c.get('access')
	const hasSample = row.sample_file_path !== null
	const decision = documentAccess({
		signedIn: c.get('viewer') !== null,
		hasAccess: access.hasAny(row.permission_levels),
		hasSample,
		hasSampleAccess: hasSample && access.hasAny(row.sample_permission_levels),
		documentType: row.document_type,
	})
	return sample ? hasSample && access.hasAny(row.sample_permission_levels) : decision.state === 'download'
}

async function recordAccess(db: Db, c: Context<ApiEnv>, slug: string, sample: boolean) {
	await db.execute(sql`insert into access_log (user_id, entity, slug, is_sample) values (${c.get('viewer')?.userId ?? null}, 'documents', ${slug}, ${sample})`)
}

/**
 * The stored file of a document, written now if storage lost it (a new bucket, an emptied
 * folder). Storage that fails (a bucket refusing our keys, unreachable) answers 502
 * 'Download failed', logged, never a stack trace.
 */
async function storedFile(row: DocumentRow, name: string): Promise<StoredFile | null> {
	const storage = fileStorageFromEnv()
	try {
		const file = await storage.open(name)
		if (file) return file
		await writeDocumentFiles(storage, {
			name: row.name,
			description: row.description,
			documentType: row.document_type,
			publicationDate: new Date(row.publication_date),
			filePath: row.file_path,
			sampleFilePath: row.sample_file_path,
			extension: row.extension,
			isHyperlink: row.is_hyperlink,
		})
		return await storage.open(name)
	} catch (error) {
		logger.error({ err: error }, `[documents] file storage (${storage.kind}) failed for ${name}`)
		throw new ApiError(502, DOCUMENT_MESSAGES.failed)
	}
}

/** The stored file of a document, streamed as an attachment. */
async function sendFile(row: DocumentRow, sample: boolean, downloadName?: string): Promise<Response> {
	const filePath = sample ? row.sample_file_path : row.file_path
	if (!filePath || row.is_hyperlink) throw notFound(`file of document ${row.slug}`)
	const file = await storedFile(row, storageNameOf(filePath))
	if (!file) throw new ApiError(404, DOCUMENT_MESSAGES.failed)
	// A sample is always a PDF; the full edition is of the document's extension.
	const extension = sample ? 'pdf' : row.extension || 'pdf'
	const fileName = publicFileName(downloadName ?? (sample ? `${row.name} sample` : row.name), extension)
	return new Response(file.stream(), {
		headers: {
			'Content-Type': contentTypeOf(extension),
			...(file.size !== null ? { 'Content-Length': String(file.size) } : {}),
			'Content-Disposition': `attachment; filename="${fileName}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

async function publishedDocument(db: Db, slug: string): Promise<DocumentRow> {
	const { rows } = await db.execute<DocumentRow>(sql`select ${DOCUMENT_COLUMNS} from documents where slug = ${slug} and not is_draft`)
	if (!rows[0]) throw notFound(`document ${slug}`)
	return rows[0]
}

/** A draft, to the holder of its preview secret only; anyone else learns nothing (404). */
async function draftDocument(db: Db, c: Context<ApiEnv>, slug: string, presented: string): Promise<DocumentRow> {
	const { rows } = await db.execute<DocumentRow>(sql`select ${DOCUMENT_COLUMNS} from documents where slug = ${slug} and is_draft`)
	const row = rows[0]
	if (!(await previewSecretOpens(db, c, presented, row?.preview_secret)) || !row) throw notFound(`draft document ${slug}`)
	return row
}

/** The file of `row` if this reader may have it; the download recorded. */
async function download(db: Db, c: Context<ApiEnv>, row: DocumentRow, sample: boolean, downloadName?: string): Promise<Response> {
	if (!mayDownload(c, row, sample)) throw new ApiError(403, DOCUMENT_MESSAGES.noPermission)
	const response = await sendFile(row, sample, downloadName)
	await recordAccess(db, c, row.slug, sample)
	return response
}

const isSampleOf = (c: Context) => {
	const parsed = DocumentDownloadQuerySchema.safeParse(c.req.query())
	if (!parsed.success) throw badRequest('Bad request: isSample must be true or false')
	return parsed.data.isSample === 'true'
}

export const documentRoutes = (db: Db) =>
	new Hono<ApiEnv>()
		.get('/documents/slug/draft/:slug/download', async (c) => {
			const sample = isSampleOf(c)
			return download(db, c, await draftDocument(db, c, c.req.param('slug'), c.req.header('PreviewToken') ?? ''), sample)
		})
		.get('/documents/slug/:slug/download', async (c) => {
			const sample = isSampleOf(c)
			return download(db, c, await publishedDocument(db, c.req.param('slug')), sample)
		})
		.post('/documents/slug/:slug/access', async (c) => {
			const sample = isSampleOf(c)
			const row = await publishedDocument(db, c.req.param('slug'))
			if (!mayDownload(c, row, sample)) throw new ApiError(403, DOCUMENT_MESSAGES.noPermission)
			await recordAccess(db, c, row.slug, sample)
			return itemResponse(c, { url: row.is_hyperlink && !sample ? row.file_path : null })
		})
		.get('/download', async (c) => {
			const parsed = FileDownloadQuerySchema.safeParse(c.req.query())
			if (!parsed.success) throw badRequest(FILE_NAME_MESSAGES.invalid)
			const { internalFileName, publicFileName: wanted } = parsed.data
			// The path guard comes first: a name that leaves the storage is refused before any lookup.
			if (!isSafeStoredName(internalFileName)) throw badRequest(FILE_NAME_MESSAGES.invalid)
			const stored = `${DOCUMENT_FILE_PREFIX}${internalFileName}`
			const { rows } = await db.execute<DocumentRow>(sql`select ${DOCUMENT_COLUMNS} from documents where not is_draft and (file_path = ${stored} or sample_file_path = ${stored}) limit 1`)
			const row = rows[0]
			if (!row) throw notFound(internalFileName)
			return download(db, c, row, row.sample_file_path === stored, wanted?.replace(/\.[a-z0-9]+$/i, ''))
		})
