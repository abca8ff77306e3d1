/**
 * A document's PDF, made with pdf-lib: a title page and pages (a sample: the title page
 * and two pages marked as a sample). document-files.ts stores them.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib'

type PdfSource = { name: string; description: string | null; documentType: string; publicationDate: Date }

/** Pages after the title page: a full document, a sample. */
export const DOCUMENT_PAGES = { full: 4, sample: 2 } as const

/** pdf-lib's standard fonts speak WinAnsi: typographic characters outside it become plain ones. */
const winAnsi = (text: string) =>
	text
		.replace(/[‘’]/g, "'")
		.replace(/[“”]/g, '"')
		.replace(/[–—]/g, '-')
		.replace(/[^\x20-\x7e\xa0-\xff]/g, '')

function wrap(text: string, width: number, measure: (line: string) => number): string[] {
	const lines: string[] = []
	let line = ''
	for (const word of text.split(/\s+/)) {
		const next = line ? `${line} ${word}` : word
		if (measure(next) > width && line) {
			lines.push(line)
			line = word
		} else line = next
	}
	if (line) lines.push(line)
	return lines
}

export async function renderDocumentPdf(source: PdfSource, { sample }: { sample: boolean }): Promise<Uint8Array> {
	const pdf = await PDFDocument.create()
	pdf.setTitle(winAnsi(sample ? `${source.name} (sample)` : source.name))
	pdf.setAuthor('Global Water Intelligence')
	pdf.setCreationDate(source.publicationDate)
	pdf.setModificationDate(source.publicationDate)
	const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
	const regular = await pdf.embedFont(StandardFonts.Helvetica)
	const margin = 56
	const title = pdf.addPage([595, 842])
	const width = 595 - 2 * margin
	let y = 700
	for (const line of wrap(winAnsi(source.name), width, (text) => bold.widthOfTextAtSize(text, 26))) {
		title.drawText(line, { x: margin, y, size: 26, font: bold, color: rgb(0.04, 0.24, 0.42) })
		y -= 34
	}
	title.drawText(winAnsi(`Global Water Intelligence - ${source.publicationDate.toISOString().slice(0, 10)}`), { x: margin, y: y - 10, size: 12, font: regular })
	if (sample) title.drawText('SAMPLE', { x: margin, y: y - 40, size: 18, font: bold, color: rgb(0.7, 0.1, 0.1) })
	y -= 80
	for (const line of wrap(winAnsi(source.description ?? ''), width, (text) => regular.widthOfTextAtSize(text, 12))) {
		title.drawText(line, { x: margin, y, size: 12, font: regular })
		y -= 16
	}
	const pages = sample ? DOCUMENT_PAGES.sample : DOCUMENT_PAGES.full
	for (let number = 1; number <= pages; number++) {
		const page = pdf.addPage([595, 842])
		page.drawText(winAnsi(`${number}. ${source.name}`).slice(0, 80), { x: margin, y: 780, size: 14, font: bold })
		let lineY = 750
		const body = `${source.description ?? ''} This page ${sample ? 'is part of the free sample' : 'continues the analysis'}: market context, the projects and companies involved, and what to watch in the year ahead.`
		for (let paragraph = 0; paragraph < 6; paragraph++) {
			for (const line of wrap(winAnsi(body), width, (text) => regular.widthOfTextAtSize(text, 11))) {
				page.drawText(line, { x: margin, y: lineY, size: 11, font: regular })
				lineY -= 14
			}
			lineY -= 10
		}
		page.drawText(`Page ${number + 1}`, { x: margin, y: 40, size: 9, font: regular })
	}
	// A fixed id, so the same document renders to the same bytes.
	return pdf.save({ useObjectStreams: true })
}
