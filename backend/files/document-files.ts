/**
 * The document files of the catalogue, written into file storage by the seed on first start
 * (and by a download that finds its file missing): real PDFs (document-pdf.ts: a title page
 * and pages; samples marked as such) and the tariff survey's data tables as real xlsx
 * workbooks (tariff-survey-xlsx.ts). A file already stored is left alone.
 */
import { renderDocumentPdf } from './document-pdf.ts'
import { isSafeStoredName, storageNameOf, type FileStorage } from './stored-name.ts'
import { renderTariffSurveyXlsx, XLSX_CONTENT_TYPE } from './tariff-survey-xlsx.ts'

export type DocumentFileSource = { name: string; description: string | null; documentType: string; publicationDate: Date; filePath: string | null; sampleFilePath: string | null; extension: string; isHyperlink: boolean }

export const PDF_CONTENT_TYPE = 'application/pdf'
/** The content type a document's file is served with, by its extension. */
export const DOCUMENT_CONTENT_TYPES: Record<string, string> = { pdf: PDF_CONTENT_TYPE, xlsx: XLSX_CONTENT_TYPE }
export const contentTypeOf = (extension: string) => DOCUMENT_CONTENT_TYPES[extension] ?? 'application/octet-stream'

/** The bytes of one of the document's files, or null for a kind of file we do not make. */
async function renderDocumentFile(source: DocumentFileSource, sample: boolean): Promise<{ bytes: Uint8Array; contentType: string } | null> {
	// A sample is always a PDF (the title page and sample pages), whatever the full edition is.
	if (sample || source.extension === 'pdf') return { bytes: await renderDocumentPdf(source, { sample }), contentType: PDF_CONTENT_TYPE }
	if (source.extension === 'xlsx' && source.documentType === 'tariffsurvey') return { bytes: await renderTariffSurveyXlsx(source), contentType: XLSX_CONTENT_TYPE }
	return null
}

/** Writes the document's files (full and sample) into `storage` unless there; returns how many were written. */
export async function writeDocumentFiles(storage: FileStorage, source: DocumentFileSource): Promise<number> {
	if (source.isHyperlink) return 0
	let written = 0
	for (const [filePath, sample] of [
		[source.filePath, false],
		[source.sampleFilePath, true],
	] as const) {
		if (!filePath) continue
		const name = storageNameOf(filePath)
		if (!isSafeStoredName(name) || (await storage.exists(name))) continue
		const file = await renderDocumentFile(source, sample)
		if (!file) continue
		await storage.put(name, file.bytes, file.contentType)
		written++
	}
	return written
}
