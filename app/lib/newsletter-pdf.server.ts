/**
 * The server-made PDF of a newsletter issue for members (spec 002 §2 "PDF printing"): the
 * full issue as text on A4 pages with pdf-lib, no browser involved. The page (full view)
 * prints through the print stylesheet; this is the download.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'
import { projectGroups, themeColourOf, unsupportedComponentMessage, type Newsletter, type NewsletterComponent } from '../../contract/newsletters.ts'
import { formatDate } from './format.ts'

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 50
const LINE_GAP = 1.35

/** HTML as paragraphs of plain text (the API's HTML; tags dropped, entities decoded). */
export function htmlToParagraphs(html: string): string[] {
	return html
		.replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/div|\/blockquote)\s*\/?>/gi, '\n')
		.replace(/<li[^>]*>/gi, '• ')
		.replace(/<[^>]+>/g, '')
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;|&apos;/g, "'")
		.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
		.split('\n')
		.map((line) => line.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
}

const hexColour = (hex: string) => rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255)

class Writer {
	private page: PDFPage
	private y: number
	constructor(
		private readonly doc: PDFDocument,
		private readonly fonts: { regular: PDFFont; bold: PDFFont },
	) {
		this.page = doc.addPage([A4.width, A4.height])
		this.y = A4.height - MARGIN
	}

	/** The standard fonts draw WinAnsi only: anything else becomes '?'. */
	private encodable(text: string, font: PDFFont) {
		return [...text].map((char) => {
			try {
				font.encodeText(char)
				return char
			} catch {
				return '?'
			}
		}).join('')
	}

	private lines(text: string, font: PDFFont, size: number, width: number) {
		const words = this.encodable(text, font).split(' ')
		const lines: string[] = []
		let line = ''
		for (const word of words) {
			const next = line ? `${line} ${word}` : word
			if (font.widthOfTextAtSize(next, size) > width && line) {
				lines.push(line)
				line = word
			} else line = next
		}
		if (line) lines.push(line)
		return lines
	}

	text(text: string, { size = 10.5, bold = false, colour = rgb(0.08, 0.13, 0.17), after = 6 } = {}) {
		const font = bold ? this.fonts.bold : this.fonts.regular
		for (const line of this.lines(text, font, size, A4.width - 2 * MARGIN)) {
			if (this.y - size < MARGIN) {
				this.page = this.doc.addPage([A4.width, A4.height])
				this.y = A4.height - MARGIN
			}
			this.y -= size
			this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: colour })
			this.y -= size * (LINE_GAP - 1)
		}
		this.y -= after
	}

	rule(colour: ReturnType<typeof rgb>) {
		this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width: A4.width - 2 * MARGIN, height: 3, color: colour })
		this.y -= 14
	}
}

export async function newsletterPdf({ newsletter, components }: { newsletter: Newsletter; components: NewsletterComponent[] }, personalise: (html: string) => string): Promise<Uint8Array> {
	const doc = await PDFDocument.create()
	doc.setTitle(newsletter.name)
	doc.setSubject(`${newsletter.definition.name}, ${newsletter.edition}`)
	doc.setCreator(newsletter.definition.name)
	const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
	const colour = hexColour(themeColourOf(newsletter.themeColour))
	const w = new Writer(doc, fonts)
	w.rule(colour)
	w.text(newsletter.definition.name.toUpperCase(), { size: 10, bold: true, colour })
	w.text(newsletter.name, { size: 20, bold: true })
	w.text(`${newsletter.edition} · ${formatDate(newsletter.published)}`, { size: 10, colour: rgb(0.32, 0.38, 0.43), after: 14 })
	for (const component of components) {
		switch (component.type) {
			case 'TextCard':
				for (const paragraph of htmlToParagraphs(personalise(component.bodyText))) w.text(paragraph)
				break
			case 'LinkCard':
				if (component.title) w.text(component.title, { size: 13, bold: true })
				if (component.description) w.text(component.description)
				if (component.linkText) w.text(component.linkText, { colour })
				break
			case 'ArticleListCard':
				if (component.name) w.text(component.name, { size: 14, bold: true, colour, after: 8 })
				for (const article of component.articles) {
					w.text(article.headline, { size: 12, bold: true, after: 3 })
					if (component.articleDisplayType !== 'HeadlineOnly' && article.standfirst && !article.bodyText) w.text(article.standfirst)
					if (article.bodyText) for (const paragraph of htmlToParagraphs(article.bodyText)) w.text(paragraph)
					w.text('', { after: 4 })
				}
				break
			case 'ProjectListCard':
				if (component.name) w.text(component.name, { size: 14, bold: true, colour, after: 8 })
				for (const group of projectGroups(component)) {
					w.text(group.label, { bold: true })
					for (const project of group.projects) w.text(`${project.name}${project.country ? ` — ${project.country}` : ''}: ${project.progress}${project.shortStatus ? `, ${project.shortStatus}` : ''}`, { after: 3 })
				}
				break
			case 'Unsupported':
				w.text(unsupportedComponentMessage(component.componentType), { colour: rgb(0.5, 0.5, 0.5) })
				break
			// Adverts are pictures and opportunity lists render nothing: neither belongs in the text PDF.
			case 'AdvertCard':
			case 'OpportunityListCard':
				break
		}
	}
	return doc.save()
}
